import Foundation
import GRDB
import TransDBCore

extension Catalog {
    /// Where this catalog's lookup store is (or would be): beside it, as SQLite's `-wal`.
    var lookupStorePath: String { LookupStore.path(forCatalog: path) }

    /// Writes the lookup store of the catalog as it is now, for `resolve --batch`, unless the
    /// one beside it already is. Call it after a bulk write (`import`, `merge`) once the bulk's
    /// inputs are released: a batch that finds no store for the catalog builds one itself, but
    /// answers from the catalog until then.
    ///
    /// A store is a cache: a catalog in memory has none, and one that cannot be written (a
    /// directory this process cannot write) only means batches read the catalog itself.
    ///
    /// - Parameter progress: Told when the store is written.
    /// - Returns: Whether the catalog has a store of its current state.
    @discardableResult
    public func refreshLookupStore(progress: WorkProgress? = nil) -> Bool {
        // The file goes beside the catalog: without the right to write there, nothing is built.
        let directory = (path as NSString).deletingLastPathComponent
        guard isOnDisk, access(directory.isEmpty ? "." : directory, W_OK | X_OK) == 0 else { return false }
        do {
            return try read { db in
                if let stamp = LookupStamp.current(db), openLookupStore()?.stamp == stamp { return true }
                progress.begin("writing the lookup store")
                try LookupStoreBuilder.build(db, to: lookupStorePath)
                return true
            }
        } catch {
            return false
        }
    }

    /// The lookup store beside the catalog, if there is one of this format (built at any stamp).
    func openLookupStore() -> LookupStore? {
        isOnDisk ? LookupStore.open(lookupStorePath) : nil
    }
}
