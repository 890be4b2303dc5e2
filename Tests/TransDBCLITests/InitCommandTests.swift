import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

@Suite("transdb init")
struct InitCommandTests {
    /// The libraries of the default library, in the order `init` prints them.
    static let seededLibraries = ["articles", "coreanimation", "demo", "material", "motion", "samples", "swiftui", "uikit"]

    @Test("creates the catalog and prints its libraries")
    func createsCatalog() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        let db = runner.file("new.sqlite")

        let result = try runner.run(["init", "--db", db])

        expectSuccess(result)
        let lines = result.stdoutLines
        #expect(lines.first == "created catalog '\(db)' (schema 10) with the default library:")
        let printed = lines.dropFirst().map { $0.split(separator: " ", omittingEmptySubsequences: true).first.map(String.init) }
        #expect(printed == Self.seededLibraries)
        #expect(lines.contains { $0.hasPrefix("  demo ") && $0.hasSuffix("9 screens, 3 containers, 6 delegates, 17 routes") })
        #expect(lines.contains { $0.hasPrefix("  uikit ") && $0.hasSuffix("6 curves, 7 presets") })
        #expect(lines.contains { $0.hasPrefix("  articles ") && $0.hasSuffix("1 preset, 10 screens, 1 container, 5 delegates, 11 routes") })
        #expect(FileManager.default.fileExists(atPath: db))

        let libraries = try runner.run(["list", "libraries", "--format", "json", "--db", db])
        expectSuccess(libraries)
        #expect(try libraries.jsonArray().compactMap { $0["name"] as? String } == Self.seededLibraries)
    }

    @Test("a second init says the catalog exists, exits 0 and changes nothing")
    func secondInitIsANoOp() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        try cli.setUp([["add", "curve", "mine", "linear"]])
        let before = try cli.state()

        let result = try cli.runner.run(["init", "--db", cli.db])

        expectSuccess(result)
        #expect(result.stdout == "catalog '\(cli.db)' already exists (schema 10); nothing changed\n")
        #expect(try cli.state() == before)
    }

    @Test("without --db it creates ./transdb.sqlite in the working directory")
    func defaultPath() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }

        let result = try runner.run(["init"])

        expectSuccess(result)
        #expect(result.stdoutLines.first == "created catalog 'transdb.sqlite' (schema 10) with the default library:")
        #expect(FileManager.default.fileExists(atPath: runner.file("transdb.sqlite")))
        // The catalog just made is the nearest one: found without --db.
        let presets = try runner.run(["list", "presets", "--format", "json"])
        expectSuccess(presets)
        #expect(try qualifiedNames(presets.jsonArray()).contains("uikit/coverVertical"))
    }

    @Test("--empty creates the schema without a library")
    func empty() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        let db = runner.file("empty.sqlite")

        let result = try runner.run(["init", "--db", db, "--empty"])

        expectSuccess(result)
        #expect(result.stdout == "created catalog '\(db)' (schema 10) with no library\n")
        let libraries = try runner.run(["list", "libraries", "--format", "json", "--db", db])
        expectSuccess(libraries)
        #expect(try libraries.jsonArray().isEmpty)
    }

    @Test("an empty file is refused with exit 78 and stays empty")
    func emptyFile() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        let db = runner.file("zero.sqlite")
        try #require(FileManager.default.createFile(atPath: db, contents: Data()))

        let result = try runner.run(["init", "--db", db])

        expectError(result, exitCode: 78, mentioning: ["'\(db)'", "not a transdb catalog", "empty"])
        let attributes = try FileManager.default.attributesOfItem(atPath: db)
        #expect((attributes[.size] as? NSNumber)?.intValue == 0)
        #expect(!FileManager.default.fileExists(atPath: db + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: db + "-shm"))
    }

    @Test("a text file is refused with exit 78 and left as it was")
    func textFile() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        let db = runner.file("notes.txt")
        let text = Data("these are my notes, not a catalog\n".utf8)
        try #require(FileManager.default.createFile(atPath: db, contents: text))

        let result = try runner.run(["init", "--db", db])

        expectError(result, exitCode: 78, mentioning: ["'\(db)'", "not an SQLite database"])
        #expect(FileManager.default.contents(atPath: db) == text)
    }

    @Test("another application's SQLite database is refused with exit 78")
    func foreignDatabase() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        let db = runner.file("other.sqlite")
        try sqlite3(db, "create table t(x)")
        let bytes = FileManager.default.contents(atPath: db)

        let result = try runner.run(["init", "--db", db])

        expectError(result, exitCode: 78, mentioning: ["'\(db)'", "application id"])
        #expect(FileManager.default.contents(atPath: db) == bytes)
    }

    @Test("a catalog in a missing directory cannot be created: exit 77")
    func missingDirectory() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        let db = runner.file("no/such/dir/catalog.sqlite")

        let result = try runner.run(["init", "--db", db])

        expectError(result, exitCode: 77, mentioning: ["'\(db)'", "does not exist"])
        #expect(!FileManager.default.fileExists(atPath: db))
    }
}
