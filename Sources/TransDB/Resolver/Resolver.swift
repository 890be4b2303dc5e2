import GRDB
import TransDBCore

/// UIKit's delegate lookup (``TransitionLookup``) over a catalog on disk.
public struct Resolver: Sendable {
    /// A request: the operation and the route, as names.
    public typealias Request = LookupRequest

    let catalog: Catalog
    let readsLookupStore: Bool

    /// A resolver over `catalog`.
    ///
    /// - Parameter readsLookupStore: Read the lookup store beside the catalog when it describes
    ///   the catalog as it is (the answers are the same): a single lookup then prepares one
    ///   statement instead of seven (screens, delegate, its mappings' shape, route probes, preset,
    ///   views), one of them the preset's query of thirteen joins.
    public init(catalog: Catalog, readsLookupStore: Bool = false) {
        self.catalog = catalog
        self.readsLookupStore = readsLookupStore
    }

    /// Resolves one request, with its explanation.
    ///
    /// - Parameter strict: Refuse screens and containers that are not in the catalog instead of
    ///   treating them, as UIKit would, as controllers without a delegate.
    /// - Throws: ``ModelError``, ``LookupError``, or ``CatalogError`` when the catalog cannot be read.
    public func resolve(_ request: Request, strict: Bool = false) throws -> Resolution {
        let store = readsLookupStore ? catalog.openLookupStore() : nil
        return try catalog.read { db in
            if let store, LookupStamp.current(db) == store.stamp {
                do {
                    return try Self.resolve(request, strict: strict, source: StoreLookupSource(store, db), db)
                } catch LookupStoreError.damaged {
                    // Damaged after it was built: the catalog answers.
                }
            }
            return try Self.resolve(request, strict: strict, source: CatalogLookupSource(db), db)
        }
    }

    private static func resolve(_ request: Request, strict: Bool, source: any LookupSource, _ db: Database) throws -> Resolution {
        var lookup = TransitionLookup(source: source)
        var resolution = try lookup.resolve(request, strict: strict)
        try ReducedMotion.apply(to: &resolution, source: ConnectionPresetSource(db: db))
        return resolution
    }
}
