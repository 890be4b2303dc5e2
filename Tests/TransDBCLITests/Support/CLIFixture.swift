import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

/// A sandboxed `transdb` with a catalog at ``db``, made by `transdb init` (seeded, or `--empty`).
///
/// Every command run through ``callAsFunction(_:environment:)`` gets `--db` appended, which
/// ArgumentParser accepts after the positional arguments of every subcommand.
struct CLIFixture {
    let runner: TransDBRunner
    let db: String

    /// A fresh sandbox whose catalog was created by `transdb init --db catalog.sqlite`.
    ///
    /// - Parameter empty: Pass `--empty`: the schema only, no library.
    static func initialized(empty: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws -> CLIFixture {
        let runner = try TransDBRunner()
        let db = runner.file("catalog.sqlite")
        let result = try runner.run(["init", "--db", db] + (empty ? ["--empty"] : []))
        try #require(result.exitCode == 0, "transdb init failed: \(result)", sourceLocation: sourceLocation)
        return CLIFixture(runner: runner, db: db)
    }

    /// Runs `transdb ARGUMENTS --db CATALOG`.
    @discardableResult
    func callAsFunction(_ arguments: [String], environment: [String: String] = [:]) throws -> TransDBRunner.Result {
        try runner.run(arguments + ["--db", db], environment: environment)
    }

    /// Runs the setup commands, each of which must succeed.
    func setUp(_ commands: [[String]], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for command in commands {
            let result = try self(command)
            try #require(
                result.exitCode == 0, "setup `\(command.joined(separator: " "))` failed: \(result)", sourceLocation: sourceLocation)
        }
    }

    /// What the catalog holds, as `list --format json` prints it: libraries (with the count of
    /// every kind of entry) and every entry of every kind. Compared before and after a failing
    /// write to show that it changed nothing; the listings are compared rather than the file's
    /// bytes because opening a WAL catalog may touch the file.
    func state(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        try ["libraries", "curves", "durations", "presets", "screens", "containers", "delegates", "routes"].map { kind in
            let result = try self(["list", kind, "--format", "json"])
            try #require(result.exitCode == 0, "list \(kind) failed: \(result)", sourceLocation: sourceLocation)
            return result.stdout
        }
    }

    /// Removes the sandbox.
    func remove() { runner.remove() }
}

/// Expects a failure reported as transdb reports every error: `code`, nothing on stdout, and
/// exactly one line on stderr starting with `transdb: error: ` that contains every fragment.
func expectError(
    _ result: TransDBRunner.Result, exitCode code: Int32, mentioning fragments: [String],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(result.exitCode == code, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stdout == "", "\(result)", sourceLocation: sourceLocation)
    #expect(result.stderrLines.count == 1, "not one line: \(result)", sourceLocation: sourceLocation)
    #expect(result.stderr.hasPrefix("transdb: error: "), "\(result)", sourceLocation: sourceLocation)
    #expect(result.stderr.hasSuffix("\n"), "\(result)", sourceLocation: sourceLocation)
    for fragment in fragments {
        #expect(result.stderr.contains(fragment), "stderr does not mention \(fragment): \(result)", sourceLocation: sourceLocation)
    }
}

/// Expects a success: exit 0 and nothing on stderr.
func expectSuccess(_ result: TransDBRunner.Result, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.exitCode == 0, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stderr == "", "\(result)", sourceLocation: sourceLocation)
}

/// `preview -o PATH` succeeded and said where it wrote the page, and only that.
func expectPreviewWritten(_ result: TransDBRunner.Result, to path: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.exitCode == 0, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stdout == "", "\(result)", sourceLocation: sourceLocation)
    #expect(result.stderr == "wrote the preview page to \(path)\n", "\(result)", sourceLocation: sourceLocation)
}

/// Whether a value decoded by `JSONSerialization` is JSON `null`.
func isNull(_ value: Any?) -> Bool {
    value is NSNull
}

/// The top-level keys of a pretty-printed JSON object, in the order they are printed.
func topLevelKeys(ofPrettyJSON text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> String? in
        guard line.hasPrefix("  \""), !line.hasPrefix("   ") else { return nil }
        let rest = line.dropFirst(3)
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }
}

/// The `library/name` of every entry in a `list --format json` array.
func qualifiedNames(_ entries: [[String: Any]]) -> [String] {
    entries.map { "\($0["library"] as? String ?? "?")/\($0["name"] as? String ?? "?")" }
}

/// Runs `/usr/bin/sqlite3 PATH SQL`, which must succeed.
func sqlite3(_ path: String, _ sql: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [path, sql]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "sqlite3 \(path) '\(sql)' failed", sourceLocation: sourceLocation)
}
