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
    /// `kill -9` in the middle of a large import: the import is one transaction, so whatever the
    /// moment, the catalog is sound and holds either nothing of the import or all of it.
    /// `Scripts/soak-kill.sh` does the same for as many iterations as asked.
    @Suite("Faults: SIGKILL during an import")
    struct KillTests {
        // Big enough that the import takes seconds and writes megabytes (an import of 1,000
        // presets and 10,000 mappings takes about 1.7 s in a debug build); Scripts/soak-kill.sh
        // uses twice as many.
        static let presets = 1_000
        static let mappings = 10_000
        /// How many kills must land while the import is running.
        static let kills = 30

        @Test("an import killed with SIGKILL at 30 random moments leaves a sound catalog equal to before or after the import")
        func killLoop() throws {
            let runner = try TransDBRunner()
            defer { runner.remove() }
            let bundle = runner.file("generated.json")
            try Faults.writeGeneratedBundle(presets: Self.presets, mappings: Self.mappings, to: bundle)
            let base = runner.file("base.sqlite")
            let created = try runner.run(["init", "--db", base])
            try #require(created.exitCode == 0, "\(created)")
            let before = try libraries(runner, base)

            // The import run to completion: how long it takes, and the catalog it leaves.
            let reference = runner.file("reference.sqlite")
            try FileManager.default.copyItem(atPath: base, toPath: reference)
            let start = Date()
            let completed = try runner.run(["import", bundle, "--db", reference])
            let duration = Faults.seconds(since: start)
            try #require(completed.exitCode == 0, "\(completed)")
            let after = try libraries(runner, reference)
            let exported = try runner.run(["export", "--library", "generated", "--db", reference])
            try #require(exported.exitCode == 0 && exported.stdout.count > 500_000, "\(exported.exitCode) \(exported.stderr)")

            let seed = ProcessInfo.processInfo.environment["TRANSDB_KILL_SEED"].flatMap { UInt64($0) } ?? 0x5472_4442
            var random = Faults.SplitMix64(seed: seed)
            let catalog = runner.file("catalog.sqlite")
            // The import keeps its pages in memory and writes them, commits and checkpoints in
            // its last few percent; every third kill aims at the last tenth of the typical
            // duration, which imports that finish before their kill keep up to date.
            var typical = duration
            var (attempts, killed, finished, sawBefore, sawAfter, killedAfter) = (0, 0, 0, 0, 0, 0)
            let loopStart = Date()
            while killed < Self.kills && attempts < 2 * Self.kills {
                attempts += 1
                for path in [catalog] + Faults.sideFiles(catalog) { try? FileManager.default.removeItem(atPath: path) }
                try FileManager.default.copyItem(atPath: base, toPath: catalog)
                let delay = typical * (attempts % 3 == 0 ? 0.9 + 0.1 * random.unit() : random.unit())
                let context =
                    "attempt \(attempts) (TRANSDB_KILL_SEED=\(seed)): SIGKILL \(Faults.format(delay)) s into an import of about \(Faults.format(typical)) s"

                let child = try ChildProcess(
                    runner.binary, ["import", bundle, "--db", catalog], environment: runner.environment, directory: runner.workingDirectory)
                defer { child.stop() }
                if child.exits(within: delay) {
                    typical = Faults.seconds(since: child.started)
                } else {
                    child.signal(SIGKILL)
                }
                child.wait(timeout: 120)
                switch child.termination {
                case .signalled(SIGKILL): killed += 1
                case .exited(0): finished += 1
                case let other: Issue.record("\(context): the import ended by itself with \(other)")
                }

                // transdb opens the catalog first, recovering whatever the killed process left.
                let listed = try runner.run(["list", "libraries", "--format", "json", "--db", catalog])
                #expect(listed.exitCode == 0 && listed.stderr.isEmpty, "\(context): \(listed)")
                #expect(try Faults.integrityCheck(catalog) == "ok", "\(context)")
                let checked = try runner.run(["check", "--db", catalog])
                #expect(checked.exitCode == 0 && checked.stdout.contains("foreign_key_check: ok"), "\(context): \(checked)")
                if listed.stdout == before {
                    sawBefore += 1
                } else if listed.stdout == after {
                    sawAfter += 1
                    // An import that finished is the ordinary path; one that was killed and
                    // still left the library is compared entry by entry.
                    guard child.termination == .signalled(SIGKILL) else { continue }
                    killedAfter += 1
                    let again = try runner.run(["export", "--library", "generated", "--db", catalog])
                    #expect(again.exitCode == 0 && again.stdout == exported.stdout, "\(context): the library differs from the imported one")
                } else {
                    Issue.record("\(context): the catalog is neither as before nor as after the import:\n\(listed.stdout)")
                }
            }
            print(
                "kill loop: \(killed) kills landed and \(finished) imports finished first in \(attempts) attempts, "
                    + "\(Faults.format(Faults.seconds(since: loopStart))) s; the import took \(Faults.format(duration)) s, at the end \(Faults.format(typical)) s; "
                    + "catalog as before: \(sawBefore), as after: \(sawAfter) (\(killedAfter) of them killed after the commit); seed \(seed)"
            )
            #expect(killed >= Self.kills, "only \(killed) of \(attempts) kills landed while the import ran")
        }

        /// `list libraries --format json` of the catalog at `path`.
        private func libraries(_ runner: TransDBRunner, _ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String
        {
            let result = try runner.run(["list", "libraries", "--format", "json", "--db", path])
            try #require(result.exitCode == 0, "\(result)", sourceLocation: sourceLocation)
            return result.stdout
        }
    }
}
