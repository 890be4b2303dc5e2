import Foundation
import GRDB

extension Catalog {
    /// Where this catalog's lookup store is (or would be): beside it, as SQLite's `-wal`.
    var lookupStorePath: String { LookupStore.path(forCatalog: path) }

    /// Writes the lookup store of the catalog as it is now, for `resolve --batch`. A store is a
    /// cache: a catalog in memory has none, and one that cannot be written (a directory this
    /// process cannot write) only means batches read the catalog itself.
    ///
    /// - Parameter shouldStop: Asked as the build goes; `true` abandons it.
    /// - Returns: Whether a store was written.
    @discardableResult
    func refreshLookupStore(shouldStop: @escaping () -> Bool = { false }) -> Bool {
        // The file goes beside the catalog: without the right to write there, nothing is built.
        guard isOnDisk, access((path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent, W_OK | X_OK) == 0
        else { return false }
        do {
            try read { db in try LookupStoreBuilder.build(db, to: lookupStorePath, shouldStop: shouldStop) }
            return true
        } catch {
            return false
        }
    }

    /// The lookup store beside the catalog, if there is one of this format (built at any stamp).
    func openLookupStore() -> LookupStore? {
        isOnDisk ? LookupStore.open(lookupStorePath) : nil
    }

    /// The stamp of the catalog as `db` reads it, `nil` for a schema before 9.
    static func lookupStamp(_ db: Database) -> Int64? {
        try? Int64.fetchOne(db, sql: "SELECT stamp FROM lookup_stamp WHERE id = 1")
    }
}
