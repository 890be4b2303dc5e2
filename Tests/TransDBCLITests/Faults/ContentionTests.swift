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
    /// Several processes writing at once: with the default busy timeout every write waits its
    /// turn; a write lock held longer than `--busy-timeout` is exit 75, promptly.
    @Suite("Faults: processes contending for the write lock")
    struct ContentionTests {
        static let writers = 4
        static let addsPerWriter = 200

        @Test("4 processes each adding 200 delegates at once: all 800 are stored, none is reported busy")
        func concurrentWriters() throws {
            let cli = try CLIFixture.initialized()
            defer { cli.remove() }
            // Each writer is one shell running `transdb add` 200 times, noting every failure.
            let script = """
                i=0
                while [ "$i" -lt \(Self.addsPerWriter) ]; do
                  "$0" add delegate "D$1-$i" --db "$2" >/dev/null 2>>"$3" || echo "D$1-$i exit $?" >>"$3"
                  i=$((i + 1))
                done
                """
            let errors = (0..<Self.writers).map { cli.runner.file("writer-\($0).err") }
            let start = Date()
            let shells = try (0..<Self.writers).map { writer in
                try ChildProcess(
                    "/bin/sh", ["-c", script, cli.runner.binary, "\(writer)", cli.db, errors[writer]],
                    environment: cli.runner.environment, directory: cli.runner.workingDirectory)
            }
            defer { shells.forEach { $0.stop() } }
            for shell in shells {
                #expect(shell.wait(timeout: 150), "a writer did not finish within 150 s")
                #expect(shell.termination == .exited(0))
            }
            let elapsed = Faults.seconds(since: start)
            for (writer, path) in errors.enumerated() {
                let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                #expect(text.isEmpty, "writer \(writer) reported failures:\n\(text)")
            }

            let listed = try cli(["list", "delegates", "--library", "local", "--format", "json"])
            try #require(listed.exitCode == 0, "\(listed)")
            let names = Set(try listed.jsonArray().compactMap { $0["name"] as? String })
            let expected = Set((0..<Self.writers).flatMap { p in (0..<Self.addsPerWriter).map { "D\(p)-\($0)" } })
            #expect(
                names == expected,
                "missing: \(expected.subtracting(names).sorted().prefix(20)); unexpected: \(names.subtracting(expected).sorted().prefix(20))"
            )
            #expect(try Faults.integrityCheck(cli.db) == "ok")
            let launches = Self.writers * Self.addsPerWriter
            print(
                "contention: \(launches) adds by \(Self.writers) processes at once in \(Faults.format(elapsed)) s "
                    + "(\(Faults.format(elapsed * 1000 / Double(launches))) ms per add overall)")
        }

        @Test("a write lock held by sqlite3: --busy-timeout 0.2 is exit 75 within a bounded time, reads go on, the default timeout waits")
        func heldLock() throws {
            let cli = try CLIFixture.initialized()
            defer { cli.remove() }
            let before = try cli.state()
            let locked = cli.runner.file("locked")
            // sqlite3 reads its script from a pipe: it takes the write lock, says so, and then
            // waits for more input, holding the lock until the test writes ROLLBACK.
            let input = Pipe()
            let holder = try ChildProcess("/usr/bin/sqlite3", [cli.db], stdin: input)
            defer {
                try? input.fileHandleForWriting.close()
                holder.stop()
            }
            input.fileHandleForWriting.write(
                Data("BEGIN IMMEDIATE;\nINSERT INTO library(name) VALUES ('held');\n.shell touch '\(locked)'\n".utf8))
            let deadline = Date().addingTimeInterval(20)
            while !FileManager.default.fileExists(atPath: locked) && holder.isRunning && Date() < deadline { usleep(10_000) }
            try #require(FileManager.default.fileExists(atPath: locked), "sqlite3 did not take the write lock")

            let start = Date()
            let busy = try cli(["add", "delegate", "Late", "--busy-timeout", "0.2"])
            let waited = Faults.seconds(since: start)
            expectError(busy, exitCode: 75, mentioning: [cli.db, "busy", "--busy-timeout"])
            #expect(waited >= 0.2, "gave up after \(Faults.format(waited)) s, before the busy timeout")
            #expect(waited < 3, "took \(Faults.format(waited)) s to give up with --busy-timeout 0.2")
            // Readers are not blocked by a writer, and do not see its uncommitted change.
            #expect(try cli.state() == before)
            // A dry run writes nothing: past the busy timeout it runs on a copy of the last commit.
            let dryRun = try cli(["add", "delegate", "Late", "--busy-timeout", "0.2", "--dry-run"])
            expectSuccess(dryRun)
            #expect(dryRun.stdout == "would add delegate local/Late\n")
            #expect(try cli.state() == before)

            // With the default timeout (5 s) a write waits for the lock to be released.
            let waiter = cli.runner.file("waiter.err")
            FileManager.default.createFile(atPath: waiter, contents: nil)
            let waiterErr = try FileHandle(forWritingTo: URL(fileURLWithPath: waiter))
            defer { try? waiterErr.close() }
            let patient = try ChildProcess(
                cli.runner.binary, ["add", "delegate", "Patient", "--db", cli.db], environment: cli.runner.environment,
                directory: cli.runner.workingDirectory, stderr: waiterErr)
            defer { patient.stop() }
            usleep(500_000)
            #expect(patient.isRunning, "the write did not wait for the lock")
            input.fileHandleForWriting.write(Data("ROLLBACK;\n.quit\n".utf8))
            try? input.fileHandleForWriting.close()
            #expect(holder.wait(timeout: 10))
            #expect(patient.wait(timeout: 10))
            #expect(
                patient.termination == .exited(0), "\(patient.termination): \((try? String(contentsOfFile: waiter, encoding: .utf8)) ?? "")"
            )
            print("held lock: --busy-timeout 0.2 gave up after \(Faults.format(waited)) s")

            let delegates = try cli(["list", "delegates", "--library", "local", "--format", "json"]).jsonArray()
            #expect(delegates.compactMap { $0["name"] as? String } == ["Patient"])
            #expect(!(try cli(["list", "libraries", "--format", "json"]).stdout.contains("\"held\"")))
        }
    }
}
