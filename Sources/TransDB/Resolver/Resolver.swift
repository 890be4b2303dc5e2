import GRDB
import TransDBCore

/// UIKit's delegate lookup (``TransitionLookup``) over a catalog on disk.
public struct Resolver: Sendable {
    /// A request: the operation and the route, as names.
    public typealias Request = LookupRequest

    let catalog: Catalog

    /// A resolver over `catalog`.
    public init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// Resolves one request, with its explanation.
    ///
    /// - Parameter strict: Refuse screens and containers that are not in the catalog instead of
    ///   treating them, as UIKit would, as controllers without a delegate.
    /// - Throws: ``ModelError``, ``LookupError``, or ``CatalogError`` when the catalog cannot be read.
    public func resolve(_ request: Request, strict: Bool = false) throws -> Resolution {
        try catalog.read { db in
            var lookup = TransitionLookup(source: CatalogLookupSource(db))
            var resolution = try lookup.resolve(request, strict: strict)
            try ReducedMotion.apply(to: &resolution, source: ConnectionPresetSource(db: db))
            return resolution
        }
    }
}
