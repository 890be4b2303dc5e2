import Foundation
import TransDB
import TransDBCore
import TransDBKit
import TransDBTestSupport

/// Paths of the package and the default library, loaded every way an app can load it.
enum KitFixture {
    /// The package's root, found from this file.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `seed/NAME.json`: the default library's bundle files, which the binary embeds.
    static func seedFiles() throws -> [URL] {
        let directory = root.appendingPathComponent("seed")
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
            .map { directory.appendingPathComponent($0) }
    }

    /// The default library read by TransDBKit from its bundle files, as an app reads resources.
    static func tablesFromBundles() throws -> CatalogTables {
        try CatalogTables(bundles: try seedFiles().map { (file: "seed/\($0.lastPathComponent)", data: try Data(contentsOf: $0)) })
    }

    /// The default library read by transdb's own bundle reader, references qualified.
    static func bundlesFromTransDB() throws -> [LibraryBundle] {
        try seedFiles().map { try BundleFormat.decode(Array(try Data(contentsOf: $0)), file: "seed/\($0.lastPathComponent)").qualified() }
    }

    /// Runs `transdb` in a fresh sandbox on a catalog holding the default library (made by
    /// `init` first, so that the command's own output is all there is).
    static func cli(_ arguments: [String], stdin: String? = nil) throws -> TransDBRunner.Result {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        let db = runner.file("catalog.sqlite")
        let created = try runner.run(["init", "--db", db])
        guard created.exitCode == 0 else { return created }
        return try runner.run(arguments + ["--db", db], stdin: stdin)
    }

    /// Every description emptied: generated tables leave descriptions out.
    static func withoutDescriptions(_ tables: CatalogTables) -> CatalogTables {
        var copy = tables
        copy.curves = copy.curves.map {
            var entry = $0; entry.description = ""; return entry
        }
        copy.presets = copy.presets.map {
            var entry = $0; entry.description = ""; return entry
        }
        copy.delegates = copy.delegates.map {
            var entry = $0; entry.description = ""; return entry
        }
        copy.screens = copy.screens.map {
            var entry = $0; entry.description = ""; return entry
        }
        copy.containers = copy.containers.map {
            var entry = $0; entry.description = ""; return entry
        }
        return copy
    }
}
