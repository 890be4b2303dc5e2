import Foundation
import TransDBResources
import TransDBCore

/// The seed bundles, re-exported for the library and its tests.
enum TransDBResourcesSeeds {
    static var files: [EmbeddedResources.File] { EmbeddedResources.seeds }
}

extension Catalog {
    /// The names of the seed files compiled into this binary, in load order.
    public static var seedFileNames: [String] { EmbeddedResources.seeds.map(\.name) }

    /// The names of the migration files compiled into this binary, in order.
    public static var migrationFileNames: [String] { EmbeddedResources.migrations.map(\.name) }
}

extension Catalog {
    /// Reads one bundle file's library into the catalog, in one transaction.
    ///
    /// - Parameters:
    ///   - data: The file's contents.
    ///   - file: The file's name, used in errors.
    /// - Throws: ``CatalogError/invalidBundle(file:path:reason:)`` naming the JSON path; the
    ///   catalog is unchanged.
    public func importBundle(_ data: [UInt8], file: String) throws {
        _ = try importBundles([(try BundleFormat.decode(data, file: file), file)], policy: .fail)
    }
}
