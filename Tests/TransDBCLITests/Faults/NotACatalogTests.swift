import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

extension Faults {
    /// `--db` naming a file that is not a catalog this transdb can use: every command, reading or
    /// writing, is exit 78 naming the file, and the file keeps every byte (an empty file is not
    /// turned into a catalog, a newer catalog is not downgraded, a damaged one is not "repaired").
    @Suite("Faults: files that are not catalogs")
    struct NotACatalogTests {
        /// A file that is not a usable catalog.
        enum Foreign: String, CaseIterable, Sendable, CustomTestStringConvertible {
            case empty = "an empty file"
            case truncated = "the first 4096 bytes of a catalog"
            case garbage = "8 KB of random bytes"
            case otherApplication = "another application's SQLite database"
            case otherApplicationWithID = "an SQLite database with another application id"
            case newerSchema = "a catalog with PRAGMA user_version = 99"

            var testDescription: String { rawValue }

            /// What the one-line error says besides the path.
            var fragment: String {
                switch self {
                case .empty: "is not a transdb catalog: the file is empty"
                case .truncated: "is not a transdb catalog"
                case .garbage: "is not a transdb catalog: it is not an SQLite database"
                case .otherApplication: "without transdb's application id"
                case .otherApplicationWithID: "the SQLite database of another application (application id 1234)"
                case .newerSchema: "was written by a newer transdb (schema 99"
                }
            }

            /// Writes the file at `path`; `catalog` is a real, seeded catalog.
            func make(at path: String, from catalog: String) throws {
                switch self {
                case .empty:
                    FileManager.default.createFile(atPath: path, contents: Data())
                case .truncated:
                    let bytes = try #require(Faults.bytes(catalog))
                    try #require(bytes.count > 8192)
                    try bytes.prefix(4096).write(to: URL(fileURLWithPath: path))
                case .garbage:
                    var random = Faults.SplitMix64(seed: 42)
                    let bytes = (0..<8192).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                    try Data(bytes).write(to: URL(fileURLWithPath: path))
                case .otherApplication:
                    try sqlite3(path, "CREATE TABLE note(id INTEGER PRIMARY KEY, body TEXT); INSERT INTO note(body) VALUES ('hello');")
                case .otherApplicationWithID:
                    try sqlite3(
                        path,
                        "PRAGMA journal_mode = WAL; PRAGMA application_id = 1234; CREATE TABLE preset(name TEXT); INSERT INTO preset VALUES ('zoom');"
                    )
                case .newerSchema:
                    try FileManager.default.copyItem(atPath: catalog, toPath: path)
                    try sqlite3(path, "PRAGMA user_version = 99")
                }
            }
        }

        /// Reading and writing commands, with a bundle file `team.json` to import.
        static let commands: [[String]] = [
            ["list", "libraries"],
            ["list", "presets", "--format", "json"],
            ["show", "preset", "motion/zoom"],
            ["resolve", "--op", "present", "--from", "Feed", "--to", "Detail"],
            ["eval", "motion/zoom", "--at", "0.1"],
            ["export", "--library", "motion"],
            ["query", "SELECT 1"],
            ["check"],
            ["add", "delegate", "Main"],
            ["add", "preset", "fadeIn", "--kind", "fade"],
            ["rm", "preset", "motion/zoom"],
            ["import", "team.json"],
            ["init"],
            ["init", "--empty"],
        ]

        @Test("every command is exit 78 naming the file, which keeps every byte", arguments: Foreign.allCases)
        func refused(_ foreign: Foreign) throws {
            let cli = try CLIFixture.initialized()
            defer { cli.remove() }
            try #"{"transdb": 1, "library": {"name": "team"}, "delegates": [{"name": "Main"}]}"#
                .write(toFile: cli.runner.file("team.json"), atomically: true, encoding: .utf8)
            let path = cli.runner.file("foreign.sqlite")
            try foreign.make(at: path, from: cli.db)
            let bytes = try #require(Faults.bytes(path))
            #expect(Faults.sideFiles(path).isEmpty)
            for command in Self.commands {
                let result = try cli.runner.run(command + ["--db", path])
                expectError(result, exitCode: 78, mentioning: ["'\(path)'", foreign.fragment])
                #expect(Faults.bytes(path) == bytes, "`\(command.joined(separator: " "))` changed the file")
            }
            if foreign == .empty {
                #expect(Faults.bytes(path)?.count == 0)
                #expect(Faults.sideFiles(path).isEmpty, "left beside the empty file: \(Faults.sideFiles(path))")
            }
            // The catalog the fixture made is untouched by all of this, and still sound.
            #expect(try Faults.integrityCheck(cli.db) == "ok")
        }

        @Test("a catalog with a damaged page: check lists what SQLite finds (exit 65), a command reading it says damaged (exit 74)")
        func damagedPage() throws {
            let cli = try CLIFixture.initialized()
            defer { cli.remove() }
            let root = try cli(["query", "SELECT rootpage FROM sqlite_schema WHERE name = 'preset'", "--format", "json"]).jsonArray()
            let page = try #require(root.first?["rootpage"] as? Int)
            // Every page is 4096 bytes; a b-tree page whose header is all 0xFF is unreadable.
            let handle = try #require(FileHandle(forUpdatingAtPath: cli.db))
            try handle.seek(toOffset: UInt64((page - 1) * 4096))
            try handle.write(contentsOf: Data(repeating: 0xFF, count: 8))
            try handle.close()
            let bytes = try #require(Faults.bytes(cli.db))

            let checked = try cli(["check"])
            #expect(checked.exitCode == 65)
            #expect(checked.stdoutLines.contains("  Page \(page): btreeInitPage() returns error code 11"), "\(checked)")
            #expect(checked.stdoutLines.contains("  SQLite stopped reading the file: database disk image is malformed"), "\(checked)")
            expectError(
                try cli(["list", "presets"]), exitCode: 74,
                mentioning: ["the catalog '\(cli.db)' is damaged (database disk image is malformed)", "transdb check --db"])
            #expect(Faults.bytes(cli.db) == bytes)

            // The schema's own page (page 1, past the header): opening fails, and check says why.
            let schema = try #require(FileHandle(forUpdatingAtPath: cli.db))
            try schema.seek(toOffset: 100)
            try schema.write(contentsOf: Data(repeating: 0xFF, count: 8))
            try schema.close()
            let unreadable = try cli(["check"])
            #expect(unreadable.exitCode == 65)
            #expect(
                unreadable.stdoutLines == [
                    "catalog \(cli.db)", "integrity_check: 1 problem", "  SQLite cannot read the catalog's schema: database disk image is malformed",
                ], "\(unreadable)")
        }
    }
}
