import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

/// `export -o PATH` writes to what PATH is without replacing it: a regular file atomically (its
/// mode kept), through a link, a device node or a FIFO, and refuses what it must not write.
@Suite("transdb export -o")
struct ExportOutputTests {
    static func fileType(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    static func status(_ path: String) -> stat {
        var status = stat()
        _ = lstat(path, &status)
        return status
    }

    @Test("a device node stays a device node: /dev/full fails with exit 74, /dev/null takes the bytes", .enabled(if: getuid() == 0))
    func deviceNodes() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let full = cli.runner.file("full")
        let null = cli.runner.file("null")
        // Linux dev_t for small numbers: major << 8 | minor (1, 7 is /dev/full; 1, 3 is /dev/null).
        #expect(mknod(full, S_IFCHR | 0o666, dev_t((1 << 8) | 7)) == 0)
        #expect(mknod(null, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)

        expectError(
            try cli(["export", "--library", "demo", "-o", full]), exitCode: 74,
            mentioning: ["cannot write '\(full)': No space left on device"])
        #expect(Self.fileType(full) == S_IFCHR)
        let written = try cli(["export", "--library", "demo", "-o", null])
        #expect(written.exitCode == 0)
        #expect(written.stderr == "wrote 1 library to \(null)\n")
        #expect(Self.fileType(null) == S_IFCHR)
        #expect(!FileManager.default.fileExists(atPath: null + ".transdb-tmp"))
    }

    @Test("a symbolic link stays a link and its target is written; a dangling link is refused")
    func symbolicLinks() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let target = cli.runner.file("target.json")
        let link = cli.runner.file("link.json")
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.json")

        expectSuccessWithNote(try cli(["export", "--library", "demo", "-o", link]))
        #expect(Self.fileType(link) == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("{\n  \"transdb\": 1,"))

        let dangling = cli.runner.file("dangling.json")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "missing/nowhere.json")
        expectError(
            try cli(["export", "--library", "demo", "-o", dangling]), exitCode: 73,
            mentioning: ["a symbolic link to a file that does not exist"])
    }

    @Test("a hard link keeps its links; a 600 file stays 600; a new file appears complete")
    func regularFiles() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let first = cli.runner.file("a.json")
        let second = cli.runner.file("b.json")
        try Data("old".utf8).write(to: URL(fileURLWithPath: first))
        #expect(link(first, second) == 0)
        expectSuccessWithNote(try cli(["export", "--library", "demo", "-o", first]))
        #expect(Self.status(first).st_nlink == 2)
        #expect(try String(contentsOfFile: second, encoding: .utf8).hasPrefix("{"))

        let secret = cli.runner.file("secret.json")
        try Data("old".utf8).write(to: URL(fileURLWithPath: secret))
        #expect(chmod(secret, 0o600) == 0)
        expectSuccessWithNote(try cli(["export", "--library", "demo", "-o", secret]))
        #expect(Self.status(secret).st_mode & 0o777 == 0o600)
        #expect(try String(contentsOfFile: secret, encoding: .utf8).hasPrefix("{"))
    }

    @Test("a FIFO is written through to its reader")
    func fifo() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let pipe = cli.runner.file("pipe")
        let copy = cli.runner.file("copy.json")
        #expect(mkfifo(pipe, 0o600) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat \"$0\" > \"$1\"", pipe, copy]
        try reader.run()
        expectSuccessWithNote(try cli(["export", "--library", "demo", "-o", pipe]))
        reader.waitUntilExit()
        #expect(Self.fileType(pipe) == S_IFIFO)
        let expected = try cli(["export", "--library", "demo"]).stdout
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == expected)
    }

    @Test("-o - writes to standard output; a directory for one document is refused with exit 73")
    func standardOutputAndDirectory() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let dash = try cli(["export", "--library", "demo", "-o", "-"])
        expectSuccess(dash)
        #expect(dash.stdout == (try cli(["export", "--library", "demo"])).stdout)
        expectError(
            try cli(["export", "--format", "css", "-o", cli.runner.workingDirectory]), exitCode: 73,
            mentioning: ["will not write '\(cli.runner.workingDirectory)': it is a directory"])
    }

    @Test("a missing directory is an I/O error naming the file, not the catalog")
    func missingDirectory() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let path = cli.runner.file("nowhere/x.json")
        let result = try cli(["export", "--library", "demo", "-o", path])
        expectError(result, exitCode: 74, mentioning: ["cannot write '\(path)': No such file or directory"])
        #expect(!result.stderr.contains("catalog"))
    }

    /// Exit 0, nothing on stdout, and the one note saying where the library went.
    func expectSuccessWithNote(_ result: TransDBRunner.Result, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.exitCode == 0, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stdout == "", "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("wrote 1 library to "), "\(result)", sourceLocation: sourceLocation)
    }
}
