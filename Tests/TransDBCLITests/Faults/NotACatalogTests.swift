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
    }
}
