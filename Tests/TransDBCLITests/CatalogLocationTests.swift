import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

/// Which catalog a command uses: `--db`, else `$TRANSDB_DB`, else the nearest `transdb.sqlite`
/// in the working directory or a parent, else the per-user catalog.
@Suite("Catalog location")
struct CatalogLocationTests {
    /// Makes an empty catalog at `path` holding one library named `marker`.
    private func makeCatalog(_ runner: TransDBRunner, at path: String, marker: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let created = try runner.run(["init", "--empty", "--db", path])
        try #require(created.exitCode == 0, "\(created)")
        let added = try runner.run(["add", "library", marker, "--db", path])
        try #require(added.exitCode == 0, "\(added)")
    }

    /// The libraries of the catalog the command found.
    private func libraries(
        _ runner: TransDBRunner, _ extra: [String] = [], environment: [String: String] = [:], in directory: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        let result = try runner.run(["list", "libraries", "--format", "json"] + extra, environment: environment, in: directory)
        try #require(result.exitCode == 0, "\(result)", sourceLocation: sourceLocation)
        return try result.jsonArray().compactMap { $0["name"] as? String }
    }

    /// Fails when a `transdb.sqlite` above the sandbox would be found before the per-user catalog.
    private func requireNoCatalogAbove(_ runner: TransDBRunner) throws {
        var directory = URL(fileURLWithPath: runner.sandbox.path).deletingLastPathComponent()
        while true {
            let candidate = directory.appendingPathComponent("transdb.sqlite").path
            try #require(!FileManager.default.fileExists(atPath: candidate), "a stray \(candidate) would be found by every test")
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { return }
            directory = parent
        }
    }

    @Test("--db beats TRANSDB_DB beats the nearest transdb.sqlite beats the per-user catalog")
    func precedence() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        try requireNoCatalogAbove(runner)
        let project = runner.file("project")
        let nested = (project as NSString).appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(atPath: nested, withIntermediateDirectories: true)
        try makeCatalog(runner, at: runner.file("given.sqlite"), marker: "given")
        try makeCatalog(runner, at: runner.file("env.sqlite"), marker: "env")
        try makeCatalog(runner, at: (project as NSString).appendingPathComponent("transdb.sqlite"), marker: "nearest")
        try makeCatalog(runner, at: runner.userCatalog, marker: "user")
        let environment = ["TRANSDB_DB": runner.file("env.sqlite")]

        #expect(try libraries(runner, ["--db", runner.file("given.sqlite")], environment: environment, in: nested) == ["given"])
        #expect(try libraries(runner, environment: environment, in: nested) == ["env"])
        #expect(try libraries(runner, in: nested) == ["nearest"])
        #expect(try libraries(runner, in: project) == ["nearest"])
        #expect(try libraries(runner, environment: ["TRANSDB_DB": ""], in: nested) == ["nearest"], "an empty TRANSDB_DB is unset")
        #expect(try libraries(runner, in: runner.workingDirectory) == ["user"])
    }

    @Test("--db and TRANSDB_DB are relative to the working directory")
    func relativePaths() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        try makeCatalog(runner, at: runner.file("rel.sqlite"), marker: "relative")

        #expect(try libraries(runner, ["--db", "rel.sqlite"]) == ["relative"])
        #expect(try libraries(runner, environment: ["TRANSDB_DB": "rel.sqlite"]) == ["relative"])
    }

    @Test("with no catalog anywhere, the per-user catalog is created under $XDG_DATA_HOME with the default library")
    func createsUserCatalog() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        try requireNoCatalogAbove(runner)
        #expect(!FileManager.default.fileExists(atPath: runner.userCatalog))

        let result = try runner.run(["list", "presets", "--format", "json"])

        #expect(result.exitCode == 0)
        #expect(
            result.stderr == "transdb: created the per-user catalog '\(runner.userCatalog)' with the default library\n",
            "said once, by the first command")
        #expect(FileManager.default.fileExists(atPath: runner.userCatalog))
        #expect(try qualifiedNames(result.jsonArray()).contains("uikit/coverVertical"))
        // The second run uses the catalog the first one made.
        let resolved = try runner.run(["resolve", "--op", "present", "--from", "Feed", "--to", "Detail", "--format", "json"])
        expectSuccess(resolved)
        #expect((try resolved.jsonObject()["animator"] as? [String: Any])?["name"] as? String == "zoom")
        let added = try runner.run(["add", "curve", "mine", "linear"])
        expectSuccess(added)
        #expect(try runner.run(["list", "curves", "--library", "local", "--format", "json"]).jsonArray().count == 1)
    }

    @Test("without XDG_DATA_HOME the per-user catalog is under $HOME/.local/share")
    func homeFallback() throws {
        var runner = try TransDBRunner()
        defer { runner.remove() }
        try requireNoCatalogAbove(runner)
        runner.environment["XDG_DATA_HOME"] = nil

        let result = try runner.run(["list", "curves", "--library", "uikit", "--format", "json"])

        #expect(result.exitCode == 0)
        #expect(result.stderr.hasPrefix("transdb: created the per-user catalog"))
        #expect(try !result.jsonArray().isEmpty)
        #expect(
            FileManager.default.fileExists(atPath: (runner.home as NSString).appendingPathComponent(".local/share/transdb/transdb.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: runner.userCatalog))
    }

    @Test("a relative XDG_DATA_HOME is ignored, as the XDG spec says")
    func relativeXDG() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        try requireNoCatalogAbove(runner)

        let result = try runner.run(["list", "libraries", "--format", "json"], environment: ["XDG_DATA_HOME": "relative/data"])

        #expect(result.exitCode == 0)
        #expect(
            FileManager.default.fileExists(atPath: (runner.home as NSString).appendingPathComponent(".local/share/transdb/transdb.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: runner.file("relative/data")))
    }

    @Test("a missing catalog named by --db or TRANSDB_DB is not created: exit 66")
    func missingNamedCatalog() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        let missing = runner.file("missing.sqlite")

        expectError(
            try runner.run(["list", "presets", "--db", missing]), exitCode: 66,
            mentioning: ["'\(missing)'", "transdb init --db \(missing)"])
        expectError(
            try runner.run(["add", "curve", "c", "linear"], environment: ["TRANSDB_DB": missing]), exitCode: 66,
            mentioning: ["'\(missing)'"])
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(!FileManager.default.fileExists(atPath: runner.userCatalog), "no fallback to the per-user catalog")
    }

    @Test("init follows TRANSDB_DB, so the next command finds the catalog it made")
    func initFollowsEnvironment() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        let path = runner.file("x.sqlite")

        let created = try runner.run(["init", "--empty"], environment: ["TRANSDB_DB": path])
        expectSuccess(created)
        #expect(created.stdout == "created catalog '\(path)' (schema 10) with no library\n")
        #expect(!FileManager.default.fileExists(atPath: runner.file("transdb.sqlite")))
        let listed = try runner.run(["list", "libraries", "--format", "json"], environment: ["TRANSDB_DB": path])
        expectSuccess(listed)
        #expect(listed.stdout == "[]\n")
    }
}
