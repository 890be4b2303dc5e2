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
    /// Running out of space: a full file system (a 1 MB tmpfs) and a file-size limit
    /// (`ulimit -f`). Either way the write is exit 74 naming the catalog, the catalog is as it
    /// was, and it is usable once there is room again.
    @Suite("Faults: disk full and file-size limit")
    struct DiskFullTests {
        @Test("importing into a catalog on a full 1 MB tmpfs: exit 74 naming the catalog; unchanged, sound and usable after")
        func fullFileSystem() throws {
            let runner = try TransDBRunner()
            defer { runner.remove() }
            let mountPoint = runner.sandbox.file("tmpfs")
            try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
            guard Faults.isRoot else {
                print("skipped: mounting a tmpfs needs root (uid \(getuid()))")
                return
            }
            let mounted = try Faults.tool("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint])
            guard mounted.termination == .exited(0) else {
                print("skipped: cannot mount a tmpfs here: \(mounted.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
                return
            }
            defer {
                if (try? Faults.tool("umount", [mountPoint]))?.termination != .exited(0) {
                    _ = try? Faults.tool("umount", ["-l", mountPoint])
                }
            }

            let db = (mountPoint as NSString).appendingPathComponent("catalog.sqlite")
            let cli = CLIFixture(runner: runner, db: db)
            expectSuccess(try runner.run(["init", "--empty", "--db", db]))
            try cli.setUp([
                ["add", "curve", "snappy", "cubic-bezier(0.2, 0, 0, 1)", "--library", "team"],
                ["add", "preset", "fadeIn", "--kind", "fade", "--duration", "0.3", "--curve", "team/snappy", "--library", "team"],
                ["add", "delegate", "Main", "--library", "team"],
            ])
            let before = try cli.state()
            let exported = try cli(["export", "--library", "team"])
            try #require(exported.exitCode == 0, "\(exported)")

            // A filler file takes all but 256 KB, so the import runs out of room quickly.
            let filler = (mountPoint as NSString).appendingPathComponent("filler")
            let free = try Self.freeBytes(mountPoint)
            try #require(free > 300_000, "only \(free) bytes free after init")
            try Self.writeFiller(filler, bytes: free - 256 * 1024)
            let bundle = runner.file("big.json")
            try Faults.writeGeneratedBundle(presets: 1_000, mappings: 10_000, to: bundle)
            let start = Date()
            let full = try cli(["import", bundle])
            expectError(full, exitCode: 74, mentioning: ["'\(db)'"])
            print("disk full: import refused after \(Faults.format(Faults.seconds(since: start))) s: \(full.stderr)", terminator: "")

            #expect(try cli.state() == before)
            #expect(try cli(["export", "--library", "team"]).stdout == exported.stdout)
            try FileManager.default.removeItem(atPath: filler)
            expectSuccess(try cli(["add", "delegate", "AfterFull", "--library", "team"]))
            #expect(try Faults.integrityCheck(db) == "ok")
            let delegates = try cli(["list", "delegates", "--library", "team", "--format", "json"]).jsonArray()
            #expect(delegates.compactMap { $0["name"] as? String }.sorted() == ["AfterFull", "Main"])
        }

        @Test("an import under `ulimit -f 200`: not killed by SIGXFSZ but exit 74 naming the catalog; unchanged and sound after")
        func fileSizeLimit() throws {
            let cli = try CLIFixture.initialized()
            defer { cli.remove() }
            let before = try cli.state()
            let bundle = cli.runner.file("big.json")
            try Faults.writeGeneratedBundle(presets: 1_000, mappings: 10_000, to: bundle)
            // 200 blocks of 1 KB: the catalog (about 160 KB) fits, the import's writes do not.
            let limited = try Faults.run(
                "/bin/bash", ["-c", "ulimit -f 200 && exec \"$0\" \"$@\"", cli.runner.binary, "import", bundle, "--db", cli.db],
                like: cli.runner)
            #expect(limited.exitCode != SIGXFSZ, "transdb was killed by SIGXFSZ (File size limit exceeded): \(limited)")
            expectError(limited, exitCode: 74, mentioning: ["'\(cli.db)'"])
            print("ulimit -f 200: \(limited.description.replacingOccurrences(of: "\n", with: " | "))")
            #expect(try cli.state() == before)
            #expect(try Faults.integrityCheck(cli.db) == "ok")
            expectSuccess(try cli(["add", "delegate", "AfterLimit"]))
        }

        @Test("an export under `ulimit -f` or to a full stdout: exit 74, one line; -o leaves neither the file nor its temporary file")
        func exportFileSizeLimit() throws {
            let cli = try CLIFixture.initialized()
            defer { cli.remove() }
            let bundle = cli.runner.file("big.json")
            try Faults.writeGeneratedBundle(presets: 1_000, mappings: 10_000, to: bundle)
            expectSuccess(try cli(["import", bundle]))
            let out = cli.runner.file("out.json")
            // 100 blocks of 1 KB: the export (more than a megabyte) does not fit.
            let limited = try Faults.run(
                "/bin/bash",
                ["-c", "ulimit -f 100 && exec \"$0\" \"$@\"", cli.runner.binary, "export", "--library", "generated", "-o", out, "--db", cli.db],
                like: cli.runner)
            #expect(limited.exitCode != SIGXFSZ, "transdb was killed by SIGXFSZ (File size limit exceeded): \(limited)")
            expectError(limited, exitCode: 74, mentioning: ["'\(out)'"])
            #expect(!FileManager.default.fileExists(atPath: out))
            #expect(!FileManager.default.fileExists(atPath: out + ".transdb-tmp"))
            guard FileManager.default.fileExists(atPath: "/dev/full") else {
                print("skipped: no /dev/full")
                return
            }
            let full = try Faults.run(
                "/bin/bash", ["-c", "exec \"$0\" \"$@\" > /dev/full", cli.runner.binary, "export", "--library", "generated", "--db", cli.db],
                like: cli.runner)
            expectError(full, exitCode: 74, mentioning: ["standard output", "No space left on device"])
        }

        @Test("every command's output to a full stdout is one line and exit 74, not a trap", arguments: [
            ["list", "presets", "--format", "json"], ["resolve", "--op", "present", "--from", "Feed", "--to", "Detail"],
            ["show", "preset", "uikit/crossDissolve"], ["add", "delegate", "Full"],
        ])
        func fullStandardOutput(_ arguments: [String]) throws {
            guard FileManager.default.fileExists(atPath: "/dev/full") else {
                print("skipped: no /dev/full")
                return
            }
            let cli = try CLIFixture.initialized()
            defer { cli.remove() }
            let full = try Faults.run(
                "/bin/bash", ["-c", "exec \"$0\" \"$@\" > /dev/full", cli.runner.binary] + arguments + ["--db", cli.db], like: cli.runner)
            expectError(full, exitCode: 74, mentioning: ["standard output", "No space left on device"])
        }

        /// The bytes free for an unprivileged writer on the file system holding `path`.
        private static func freeBytes(_ path: String) throws -> Int {
            var info = statvfs()
            try #require(statvfs(path, &info) == 0, "statvfs \(path) failed")
            return Int(info.f_bavail) * Int(info.f_frsize)
        }

        /// Writes `bytes` bytes of data (not a hole: tmpfs does not count holes) to `path`.
        private static func writeFiller(_ path: String, bytes: Int) throws {
            FileManager.default.createFile(atPath: path, contents: nil)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            let chunk = Data(repeating: 0x2E, count: 64 * 1024)
            var left = bytes
            while left > 0 {
                try handle.write(contentsOf: chunk.prefix(left))
                left -= min(left, chunk.count)
            }
        }
    }
}
