import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Faults {
    /// A catalog its user cannot write: root's catalog read by `nobody` (through `setpriv`).
    /// Every write is exit 77 naming the catalog and leaves the file alone; every read works,
    /// also of a WAL catalog in a directory the user cannot write, with or without another
    /// process's `-wal` and `-shm` files beside it.
    @Suite("Faults: a catalog the user cannot write")
    struct ReadOnlyTests {
        /// `nobody`.
        static let uid = 65534

        /// A seeded catalog in a directory tree of 0755 directories and 0644 files owned by root,
        /// and a way to run `transdb` in it as `nobody`; `nil` (with the reason printed) when
        /// this machine cannot switch users.
        struct Setup {
            let cli: CLIFixture

            init?() throws {
                guard Faults.isRoot, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
                    print("skipped: running as another user needs root and /usr/bin/setpriv (uid \(getuid()))")
                    return nil
                }
                cli = try CLIFixture.initialized()
                for directory in [cli.runner.sandbox.path, cli.runner.workingDirectory] {
                    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory)
                }
                try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: cli.db)
                let probe = try nobody(["--version"])
                guard probe.exitCode == 0 else {
                    cli.remove()
                    print("skipped: nobody cannot run \(cli.runner.binary): \(probe)")
                    return nil
                }
            }

            /// Runs `transdb ARGUMENTS` as `nobody`.
            func nobody(_ arguments: [String]) throws -> TransDBRunner.Result {
                try Faults.run(
                    "/usr/bin/setpriv", ["--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", cli.runner.binary] + arguments,
                    like: cli.runner)
            }
        }

        /// Commands that write, with a bundle file `team.json` to import.
        static let writes: [[String]] = [
            ["add", "library", "team"],
            ["add", "curve", "snappy", "cubic-bezier(0.2, 0, 0, 1)"],
            ["add", "preset", "fadeIn", "--kind", "fade"],
            ["add", "delegate", "Main"],
            ["add", "screen", "Home"],
            ["rm", "preset", "material/fade"],
            ["release", "delegate", "demo/DetailTransitions"],
            ["import", "team.json"],
        ]

        /// Commands that only read.
        static let reads: [[String]] = [
            ["list", "presets", "--format", "json"],
            ["list", "libraries"],
            ["show", "preset", "motion/zoom"],
            ["show", "curve", "material/emphasized"],
            ["resolve", "--op", "present", "--from", "Feed", "--to", "Detail", "--explain"],
            ["eval", "motion/zoom", "--at", "0.1", "--at", "0.3", "--format", "json"],
            ["eval", "--op", "present", "--from", "Home", "--to", "Settings", "--gesture", "update 0.3@0.1, release@0.2", "--at", "0.15"],
            ["sample", "material/emphasized", "--format", "csv"],
            ["export", "--library", "motion"],
            ["query", "SELECT kind, count(*) AS n FROM preset GROUP BY kind ORDER BY kind", "--format", "csv"],
            ["check"],
        ]

        @Test(
            "as nobody, every write is exit 77 naming the catalog and leaves its bytes alone; every dry run and read prints what root's does"
        )
        func notWritable() throws {
            guard let setup = try Setup() else { return }
            let cli = setup.cli
            defer { cli.remove() }
            let bundle = cli.runner.file("team.json")
            try #"{"transdb": 1, "library": {"name": "team"}, "delegates": [{"name": "Main"}]}"#.write(
                toFile: bundle, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: bundle)
            let bytes = Faults.bytes(cli.db)
            for command in Self.writes {
                let result = try setup.nobody(command + ["--db", cli.db])
                expectError(result, exitCode: 77, mentioning: ["'\(cli.db)'"])
            }
            #expect(Faults.bytes(cli.db) == bytes)
            #expect(Faults.sideFiles(cli.db).isEmpty, "left behind: \(Faults.sideFiles(cli.db))")
            // A dry run needs no right to write: it says what root's would, and writes nothing.
            for command in Self.writes {
                let asRoot = try cli(command + ["--dry-run"])
                try #require(asRoot.exitCode == 0, "\(asRoot)")
                let asNobody = try setup.nobody(command + ["--dry-run", "--db", cli.db])
                #expect(asNobody == asRoot, "`\(command.joined(separator: " ")) --dry-run` as nobody: \(asNobody)")
            }
            #expect(Faults.bytes(cli.db) == bytes)
            #expect(Faults.sideFiles(cli.db).isEmpty, "left behind: \(Faults.sideFiles(cli.db))")
            for command in Self.reads {
                let asRoot = try cli(command)
                try #require(asRoot.exitCode == 0, "\(asRoot)")
                let asNobody = try setup.nobody(command + ["--db", cli.db])
                #expect(asNobody == asRoot, "`\(command.joined(separator: " "))` as nobody: \(asNobody)")
            }
            #expect(Faults.bytes(cli.db) == bytes)
            // A write that would change nothing is refused all the same, so that the exit does
            // not depend on what the file holds or what other processes left beside it; `init`
            // of a catalog that exists only checks it.
            let own = cli.runner.file("demo.json")
            #expect(try cli(["export", "--library", "demo", "-o", own]).exitCode == 0)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: own)
            expectError(try setup.nobody(["import", own, "--db", cli.db]), exitCode: 77, mentioning: ["this user cannot write the file"])
            let initialized = try setup.nobody(["init", "--db", cli.db])
            expectSuccess(initialized)
            #expect(initialized.stdout == "catalog '\(cli.db)' already exists (schema 10); nothing changed\n")
            #expect(Faults.bytes(cli.db) == bytes)
        }

        @Test("a WAL catalog in a directory nobody cannot write opens for reading, alone and beside a writer's -wal and -shm")
        func walInReadOnlyDirectory() throws {
            guard let setup = try Setup() else { return }
            let cli = setup.cli
            defer { cli.remove() }
            let header = try #require(Faults.bytes(cli.db))
            try #require(header.count > 100 && header[18] == 2 && header[19] == 2, "the catalog is not in WAL mode")
            try #require(Faults.sideFiles(cli.db).isEmpty)
            let listing = ["list", "delegates", "--library", "demo", "--format", "json"]
            let alone = try setup.nobody(listing + ["--db", cli.db])
            #expect(alone.exitCode == 0 && alone.stderr.isEmpty, "\(alone)")
            let before = try alone.jsonArray().count

            // Another process (root's sqlite3) has the catalog open with a committed change that
            // is still only in the -wal file, which nobody can read but not write.
            let input = Pipe()
            let writer = try ChildProcess("/usr/bin/sqlite3", [cli.db], stdin: input)
            defer {
                try? input.fileHandleForWriting.close()
                writer.stop()
            }
            let ready = cli.runner.file("ready")
            input.fileHandleForWriting.write(
                Data(
                    """
                    PRAGMA wal_autocheckpoint = 0;
                    INSERT INTO delegate(library_id, name) SELECT id, 'FromWAL' FROM library WHERE name = 'demo';
                    .shell touch '\(ready)'

                    """.utf8))
            let deadline = Date().addingTimeInterval(20)
            while !FileManager.default.fileExists(atPath: ready) && writer.isRunning && Date() < deadline { usleep(10_000) }
            try #require(FileManager.default.fileExists(atPath: ready), "sqlite3 did not write")
            try #require(Faults.sideFiles(cli.db).count == 2, "expected -wal and -shm: \(Faults.sideFiles(cli.db))")

            let beside = try setup.nobody(listing + ["--db", cli.db])
            #expect(beside.exitCode == 0 && beside.stderr.isEmpty, "\(beside)")
            let names = try beside.jsonArray().compactMap { $0["name"] as? String }
            #expect(names.count == before + 1 && names.contains("FromWAL"), "\(names)")
            expectError(try setup.nobody(["add", "delegate", "Denied", "--db", cli.db]), exitCode: 77, mentioning: ["'\(cli.db)'"])
            let exported = try setup.nobody(["export", "--library", "demo", "--db", cli.db])
            #expect(exported.exitCode == 0 && exported.stdout.contains("FromWAL"), "\(exported)")

            input.fileHandleForWriting.write(Data(".quit\n".utf8))
            try? input.fileHandleForWriting.close()
            #expect(writer.wait(timeout: 10))
        }
    }
}
