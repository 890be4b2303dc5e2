import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

/// `transdb query` reads and never writes; `transdb check` reports what SQLite's checks find.
@Suite("transdb query and check")
struct QueryCheckCommandTests {
    @Test("a read returns rows in every format")
    func reads() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let json = try cli([
            "query",
            "SELECT name, duration FROM preset WHERE library_id = (SELECT id FROM library WHERE name = 'uikit') ORDER BY name LIMIT 2",
            "--format", "json",
        ])
        expectSuccess(json)
        let rows = try json.jsonArray()
        #expect(rows.map { $0["name"] as? String } == ["coverVertical", "crossDissolve"])
        #expect(rows.map { $0["duration"] as? Double } == [0.4, 0.4])
        let csv = try cli(["query", "SELECT count(*) AS n FROM route", "--format", "csv"])
        #expect(csv.stdout == "n\r\n28\r\n")
    }

    static let writes: [String] = [
        "DELETE FROM preset",
        "UPDATE preset SET duration = 1",
        "INSERT INTO library (name) VALUES ('x')",
        "WITH x AS (SELECT 1) INSERT INTO library (name) SELECT 'x' FROM x",
        "DROP TABLE preset",
        "CREATE TABLE t (x)",
        "CREATE TEMP TABLE t (x)",
        "ATTACH 'other.sqlite' AS other",
        "PRAGMA user_version = 5",
        "PRAGMA journal_mode = DELETE",
        "PRAGMA foreign_keys = OFF",
        "PRAGMA writable_schema = ON",
        "VACUUM",
        "VACUUM INTO 'copy.sqlite'",
        "SELECT load_extension('libevil')",
        "SELECT 1; DELETE FROM route",
        "REINDEX",
        "ANALYZE",
        "BEGIN IMMEDIATE",
        "REPLACE INTO library (id, name) VALUES (1, 'x')",
    ]

    @Test("statements that would write are refused with one line, exit 65, and the catalog unchanged", arguments: writes)
    func refusesWrites(_ sql: String) throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let before = try cli.state()
        let result = try cli(["query", sql])
        expectError(result, exitCode: 65, mentioning: ["invalid query", "transdb query only reads"])
        #expect(try cli.state() == before)
        #expect(!FileManager.default.fileExists(atPath: cli.runner.file("copy.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: cli.runner.file("other.sqlite")))
        let check = try cli(["check"])
        expectSuccess(check)
    }

    @Test("check reports ok, and a foreign-key violation made behind transdb's back")
    func check() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let ok = try cli(["check"])
        expectSuccess(ok)
        #expect(ok.stdoutLines == ["catalog \(cli.db), schema 10", "integrity_check: ok", "foreign_key_check: ok"])
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [cli.db, "PRAGMA foreign_keys = OFF; UPDATE route SET delegate_id = 999 WHERE id = 1;"]
        try sqlite.run()
        sqlite.waitUntilExit()
        #expect(sqlite.terminationStatus == 0)
        let bad = try cli(["check"])
        #expect(bad.exitCode == 65)
        #expect(bad.stdoutLines.contains("foreign_key_check: 1 problem"))
        #expect(bad.stdoutLines.contains("  route row 1 refers to a missing delegate"))
        #expect(bad.stderrLines == ["transdb: error: the catalog '\(cli.db)' failed its checks; restore it from an export or a backup"])
    }

    @Test("repeated column names become unique keys; an empty query is refused")
    func duplicateColumnsAndEmptyQuery() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let json = try cli(["query", "select 1 as a, 2 as a, 3 as a", "--format", "json"])
        expectSuccess(json)
        #expect(json.stdout == "[\n  {\n    \"a\": 1,\n    \"a_2\": 2,\n    \"a_3\": 3\n  }\n]\n")
        for sql in ["", "  ", "/* only a comment */"] {
            expectError(try cli(["query", sql]), exitCode: 65, mentioning: ["the query is empty"])
        }
    }

    @Test("text holding U+0000 comes out whole, escaped in JSON")
    func nulInText() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let json = try cli(["query", "select char(0) || 'a' as s, 'é' || char(0) as t", "--format", "ndjson"])
        expectSuccess(json)
        #expect(json.stdout == #"{"s":"\u0000a","t":"é\u0000"}"# + "\n")
    }

    @Test("a query that never ends stops at --timeout with one line and exit 65; --timeout must be a number of seconds")
    func timeout() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"
        let stopped = try cli(["query", endless, "--timeout", "0.2"])
        expectError(stopped, exitCode: 65, mentioning: ["ran longer than 0.2 s and was stopped", "--timeout more seconds (0: no limit)"])
        let quick = try cli(["query", "select 41 + 1 as n", "--timeout", "0.2", "--format", "csv"])
        expectSuccess(quick)
        #expect(quick.stdout == "n\r\n42\r\n")
        for value in ["-1", "nan", "inf", "1e11", "1e300"] {
            expectError(try cli(["query", "select 1", "--timeout", value]), exitCode: 64, mentioning: ["--timeout must be a number of seconds"])
        }
    }
}
