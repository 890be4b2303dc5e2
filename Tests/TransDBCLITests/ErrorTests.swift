import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

/// Every error is one line on stderr, `transdb: error: …`, naming the value, with the exit code
/// the README documents; a failing write leaves the catalog as it was.
@Suite("Errors")
struct ErrorTests {
    /// A command that fails on a seeded catalog, and how.
    struct Failure: Sendable, CustomTestStringConvertible {
        var title: String
        var setup: [[String]] = []
        var arguments: [String]
        var exitCode: Int32
        var fragments: [String]

        var testDescription: String { title }
    }

    /// Failing writes: each must report one line and change nothing.
    static let failingWrites: [Failure] = [
        Failure(
            title: "an invalid curve expression names the column",
            arguments: ["add", "curve", "bad", "cubic-bezier(0.1, 0.2, 0.3)"], exitCode: 65,
            fragments: ["'cubic-bezier(0.1, 0.2, 0.3)'", "column 27"]),
        Failure(
            title: "an invalid inline curve in add preset names the column",
            arguments: ["add", "preset", "p", "--kind", "fade", "--curve", "cubic-bezier(1, 2"], exitCode: 65,
            fragments: ["'cubic-bezier(1, 2'", "column 18"]),
        Failure(
            title: "a duplicate curve name",
            setup: [["add", "curve", "dup", "linear"]],
            arguments: ["add", "curve", "dup", "steps(3)"], exitCode: 65, fragments: ["'local/dup'", "already exists"]),
        Failure(
            title: "a duplicate preset name in a seeded library",
            arguments: ["add", "preset", "zoom", "--kind", "zoom", "--library", "motion"], exitCode: 65,
            fragments: ["'motion/zoom'", "already exists"]),
        Failure(
            title: "an unknown preset in add route, with a suggestion",
            arguments: ["add", "route", "--op", "present", "--from", "Feed", "--to", "Profile", "--preset", "motion/zom"],
            exitCode: 66, fragments: ["'motion/zom'", "did you mean", "zoom"]),
        Failure(
            title: "an unknown screen in add route",
            arguments: ["add", "route", "--op", "present", "--from", "Feed", "--to", "Nowhere", "--preset", "motion/zoom"],
            exitCode: 66, fragments: ["'Nowhere'"]),
        Failure(
            title: "a route that ties with an existing one",
            arguments: [
                "add", "route", "--op", "present", "--from", "Feed", "--to", "*", "--preset", "motion/fade", "--delegate",
                "demo/DetailTransitions",
            ],
            exitCode: 65, fragments: ["present demo/Feed → *", "ties with", "#2", "demo/Feed → demo/Detail"]),
        Failure(
            title: "a route that already exists",
            arguments: ["add", "route", "--op", "present", "--from", "Feed", "--to", "Detail", "--preset", "motion/fade"],
            exitCode: 65, fragments: ["present demo/Feed → demo/Detail", "already exists", "#1"]),
        Failure(
            title: "a dismiss route with a destination",
            arguments: ["add", "route", "--op", "dismiss", "--from", "Detail", "--to", "Feed", "--preset", "motion/zoom"],
            exitCode: 65, fragments: ["'Detail → Feed'", "'*'"]),
        Failure(
            title: "a push route without --container when there are two navigation containers",
            arguments: ["add", "route", "--op", "push", "--from", "Feed", "--to", "Detail", "--preset", "motion/zoom"],
            exitCode: 65, fragments: ["'push Feed → Detail'", "--container"]),
        Failure(
            title: "a route on a screen without a delegate, with an unknown preset: no delegate is created",
            arguments: ["add", "route", "--op", "present", "--from", "Feed", "--to", "Profile", "--preset", "nosuch"],
            exitCode: 66, fragments: ["'nosuch'"]),
        Failure(
            title: "rm of a curve in use names its users",
            arguments: ["rm", "curve", "motion/standard"], exitCode: 65,
            fragments: ["'motion/standard'", "still used by", "preset motion/fade"]),
        Failure(
            title: "an invalid track override",
            arguments: ["add", "preset", "p", "--kind", "zoom", "--set", "from.start.alpha=2"], exitCode: 65,
            fragments: ["'from.start.alpha=2'"]),
        Failure(
            title: "a name with a slash in it",
            arguments: ["add", "screen", "a/b/c"], exitCode: 65, fragments: ["'a/b/c'"]),
        Failure(
            title: "names are NFC-normalised: a decomposed é duplicates a composed one",
            setup: [["add", "screen", "Cafe\u{301}"]],
            arguments: ["add", "screen", "Caf\u{e9}"], exitCode: 65, fragments: ["'local/Caf\u{e9}'", "already exists"]),
        Failure(
            title: "a name longer than 128 characters",
            arguments: ["add", "screen", String(repeating: "b", count: 129)], exitCode: 65, fragments: ["at most 128"]),
        Failure(
            title: "a line break in a name is shown as \\n, keeping the error on one line",
            arguments: ["add", "curve", "a\nb", "linear"], exitCode: 65, fragments: ["'a\\nb'"]),
        Failure(
            title: "a screen with an unknown delegate",
            arguments: ["add", "screen", "New", "--delegate", "Nobody"], exitCode: 66, fragments: ["'Nobody'"]),
        Failure(
            title: "release of an unknown delegate",
            arguments: ["release", "delegate", "Nobody"], exitCode: 66, fragments: ["'Nobody'"]),
    ]

    @Test("a failing write reports one line, exits with its code and leaves the catalog unchanged", arguments: failingWrites)
    func failingWrite(_ failure: Failure) throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        try cli.setUp(failure.setup)
        let before = try cli.state()

        let result = try cli(failure.arguments)

        expectError(result, exitCode: failure.exitCode, mentioning: failure.fragments)
        #expect(try cli.state() == before, "the catalog changed")
    }

    /// Bad arguments: exit 64, before the catalog is opened.
    static let usageErrors: [Failure] = [
        Failure(
            title: "an unknown --op value",
            arguments: ["resolve", "--op", "bogus", "--from", "Feed", "--to", "Detail"], exitCode: 64, fragments: ["'bogus'"]),
        Failure(
            title: "resolve without --to",
            arguments: ["resolve", "--op", "present", "--from", "Feed"], exitCode: 64, fragments: ["--to"]),
        Failure(
            title: "add route without --to",
            arguments: ["add", "route", "--op", "present", "--from", "Feed", "--preset", "motion/zoom"], exitCode: 64,
            fragments: ["--to"]),
        Failure(
            title: "add route with both --preset and --nil",
            arguments: ["add", "route", "--op", "present", "--from", "Feed", "--to", "Detail", "--preset", "motion/zoom", "--nil"],
            exitCode: 64, fragments: ["--preset", "--nil"]),
        Failure(
            title: "add route with neither --preset nor --nil",
            arguments: ["add", "route", "--op", "present", "--from", "Feed", "--to", "Detail"], exitCode: 64,
            fragments: ["--preset", "--nil"]),
        Failure(
            title: "--interaction with --nil",
            arguments: ["add", "route", "--op", "present", "--from", "Feed", "--to", "Detail", "--nil", "--interaction", "motion/zoom"],
            exitCode: 64, fragments: ["--interaction"]),
        Failure(
            title: "--container on a present",
            arguments: ["resolve", "--op", "present", "--from", "Feed", "--to", "Detail", "--container", "MainNav"], exitCode: 64,
            fragments: ["--container"]),
        Failure(
            title: "an unknown preset kind",
            arguments: ["add", "preset", "p", "--kind", "wobble"], exitCode: 64, fragments: ["'wobble'"]),
        Failure(
            title: "an unknown list kind",
            arguments: ["list", "gadgets"], exitCode: 64, fragments: ["'gadgets'"]),
        Failure(
            title: "rm route by name",
            arguments: ["rm", "route", "abc"], exitCode: 64, fragments: ["'abc'"]),
        Failure(
            title: "an out-of-range --busy-timeout",
            arguments: ["list", "presets", "--busy-timeout", "99999"], exitCode: 64, fragments: ["99999"]),
    ]

    @Test("bad arguments exit 64 and name the value, before the catalog is opened", arguments: usageErrors)
    func usageErrorExitCode(_ failure: Failure) throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        // A missing catalog would be exit 66: exit 64 shows that the arguments were refused first.
        let missing = runner.file("missing.sqlite")

        let result = try runner.run(failure.arguments + ["--db", missing])

        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stdout == "", "\(result)")
        for fragment in failure.fragments {
            #expect(result.stderr.contains(fragment), "stderr does not mention \(fragment): \(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test("a write refused for bad arguments leaves the catalog unchanged")
    func usageErrorLeavesCatalogUnchanged() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let before = try cli.state()

        for failure in Self.usageErrors where ["add", "rm"].contains(failure.arguments[0]) {
            let result = try cli(failure.arguments)
            #expect(result.exitCode == 64, "\(failure.title): \(result)")
            #expect(try cli.state() == before, "\(failure.title) changed the catalog")
        }
    }

    /// The README's "Exit codes" section: "Errors are one line on stderr, `transdb: error: …`" —
    /// usage errors (64) included.
    @Test("bad arguments are reported like every other error: one line, `transdb: error: …`", arguments: usageErrors)
    func usageErrorFormat(_ failure: Failure) throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }

        let result = try runner.run(failure.arguments + ["--db", runner.file("unused.sqlite")])

        expectError(result, exitCode: 64, mentioning: failure.fragments)
    }

    @Test("an unknown subcommand exits 64")
    func unknownSubcommand() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }

        let result = try runner.run(["frobnicate"])

        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stderr.contains("'frobnicate'"))
    }

    @Test("an unknown name in a read exits 66: show preset nosuch")
    func unknownPreset() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        expectError(try cli(["show", "preset", "nosuch"]), exitCode: 66, mentioning: ["no preset named 'nosuch'"])
    }

    @Test("--db naming a missing file exits 66 and creates nothing")
    func missingCatalog() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        let missing = runner.file("missing.sqlite")

        for arguments in [["list", "presets"], ["add", "curve", "c", "linear"], ["resolve", "--op", "present", "--from", "A", "--to", "B"]] {
            expectError(
                try runner.run(arguments + ["--db", missing]), exitCode: 66,
                mentioning: ["no catalog at '\(missing)'", "transdb init --db \(missing)"])
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test("import and merge into a missing catalog say so before reading the file, whatever the file holds")
    func missingCatalogBeforeFile() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        let missing = runner.file("missing.sqlite")
        let bundle = runner.file("bad.json")
        try Data("{\"transdb\": 1, \"library\": 7}".utf8).write(to: URL(fileURLWithPath: bundle))

        for arguments in [["import", bundle], ["merge", bundle], ["import", runner.file("absent.json")]] {
            expectError(
                try runner.run(arguments + ["--db", missing]), exitCode: 66,
                mentioning: ["no catalog at '\(missing)'", "transdb init --db \(missing)"])
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test("another application's SQLite database exits 78 and is not modified")
    func foreignDatabase() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        let db = runner.file("other.sqlite")
        try sqlite3(db, "create table t(x)")
        let bytes = try #require(FileManager.default.contents(atPath: db))

        for arguments in [["list", "presets"], ["add", "curve", "c", "linear"], ["show", "curve", "c"], ["rm", "curve", "c"]] {
            expectError(
                try runner.run(arguments + ["--db", db]), exitCode: 78, mentioning: ["'\(db)'", "is not a transdb catalog"])
        }
        #expect(FileManager.default.contents(atPath: db) == bytes)
    }

    @Test("a catalog from a newer transdb (user_version 99) exits 78 and its bytes are unchanged")
    func newerSchema() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        try sqlite3(cli.db, "PRAGMA user_version=99")
        let bytes = try #require(FileManager.default.contents(atPath: cli.db))

        let commands: [[String]] = [
            ["list", "presets"], ["add", "curve", "c", "linear"], ["rm", "route", "1"],
            ["resolve", "--op", "present", "--from", "Feed", "--to", "Detail"], ["release", "delegate", "demo/DetailTransitions"],
        ]
        for arguments in commands {
            expectError(try cli(arguments), exitCode: 78, mentioning: ["'\(cli.db)'", "newer transdb", "schema 99", "not modified"])
        }
        expectError(try cli.runner.run(["init", "--db", cli.db]), exitCode: 78, mentioning: ["'\(cli.db)'", "schema 99"])
        #expect(FileManager.default.contents(atPath: cli.db) == bytes)
    }

    @Test("a write while another process holds the write lock exits 75 after --busy-timeout; reads still work")
    func busy() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let before = try cli.state()

        // sqlite3 holds the write lock until it is told to roll back.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        holder.arguments = [cli.db]
        let input = Pipe()
        let output = Pipe()
        holder.standardInput = input
        holder.standardOutput = output
        holder.standardError = FileHandle.nullDevice
        try holder.run()
        defer {
            try? input.fileHandleForWriting.write(contentsOf: Data("ROLLBACK;\n.quit\n".utf8))
            try? input.fileHandleForWriting.close()
            holder.waitUntilExit()
        }
        try input.fileHandleForWriting.write(contentsOf: Data("BEGIN IMMEDIATE;\nSELECT 'locked';\n".utf8))
        let answer = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        try #require(answer.hasPrefix("locked"), "sqlite3 did not take the lock: \(answer)")

        let start = Date()
        let result = try cli(["add", "curve", "c", "linear", "--busy-timeout", "0.5"])
        let waited = Date().timeIntervalSince(start)

        expectError(result, exitCode: 75, mentioning: ["'\(cli.db)'", "busy", "--busy-timeout"])
        #expect(waited >= 0.4, "gave up after \(waited) s, before the busy timeout")
        #expect(try cli.state() == before, "reads work while the lock is held, and nothing changed")
    }

    @Test("a directory or a text file given as the catalog exits 78")
    func notAFile() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        let text = runner.file("notes.txt")
        try #require(FileManager.default.createFile(atPath: text, contents: Data("hello\n".utf8)))

        expectError(
            try runner.run(["list", "presets", "--db", runner.workingDirectory]), exitCode: 78,
            mentioning: ["'\(runner.workingDirectory)'", "directory"])
        expectError(
            try runner.run(["add", "curve", "c", "linear", "--db", text]), exitCode: 78,
            mentioning: ["'\(text)'", "not an SQLite database"])
        #expect(FileManager.default.contents(atPath: text) == Data("hello\n".utf8))
    }
}
