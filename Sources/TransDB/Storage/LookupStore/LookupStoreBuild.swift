import Foundation

/// A lookup store built on another thread while a batch answers from the catalog itself: a
/// batch that outlasts the build switches to the store (the answers are the same); one that
/// ends first waits for it once its answers are out (``wait()``), so that the next batch reads it.
final class LookupStoreBuild: @unchecked Sendable {
    private let lock = NSLock()
    private var built: LookupStore?
    private let group = DispatchGroup()

    /// Starts building the store of the catalog at `catalogPath`, on a connection of its own.
    init(catalogPath: String) {
        group.enter()
        DispatchQueue.global(qos: .utility).async { [self] in
            defer { group.leave() }
            guard let catalog = try? Catalog(path: catalogPath, mode: .readOnly), catalog.refreshLookupStore(),
                let store = catalog.openLookupStore()
            else { return }
            lock.withLock { built = store }
        }
    }

    /// The store once it is built, once; `nil` before and after.
    func take() -> LookupStore? {
        lock.withLock {
            defer { built = nil }
            return built
        }
    }

    /// Waits until the build has ended, written or not.
    func wait() { group.wait() }
}
