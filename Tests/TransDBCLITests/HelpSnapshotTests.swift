import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

/// The help text, compared with files under `Snapshots/`; run with `TRANSDB_RECORD_SNAPSHOTS=1`
/// to re-record them after an intended change.
@Suite("Help snapshots")
struct HelpSnapshotTests {
    /// `Tests/TransDBCLITests/Snapshots`, found from this file: the snapshots are not a resource
    /// of the test bundle, so that re-recording writes to the source tree.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    @Test("help text", arguments: [
        (["--help"], "transdb-help.txt"),
        (["resolve", "--help"], "transdb-resolve-help.txt"),
        (["generate", "swift", "--help"], "transdb-generate-swift-help.txt"),
        (["lint", "--help"], "transdb-lint-help.txt"),
    ])
    func help(arguments: [String], snapshot: String) throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }

        let result = try runner.run(arguments)

        expectSuccess(result)
        try expectSnapshot(result.stdout, named: snapshot)
    }

    @Test("--version prints the version")
    func version() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }

        let result = try runner.run(["--version"])

        expectSuccess(result)
        #expect(result.stdout == "0.1.0\n")
    }

    /// Compares `text` with the snapshot file `name`, or records it when
    /// `TRANSDB_RECORD_SNAPSHOTS=1`.
    private func expectSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = Self.directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["TRANSDB_RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("no snapshot \(url.path); record it with TRANSDB_RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        #expect(text == expected, "differs from \(url.path); re-record with TRANSDB_RECORD_SNAPSHOTS=1 if intended", sourceLocation: sourceLocation)
    }
}
