import Foundation
import Testing
import TransDB
import TransDBTestSupport
@testable import TransDBCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the fault tests need from outside `transdb`: other programs, file bytes, big bundles.
extension Faults {
    /// What a program run by ``tool(_:_:stdin:timeout:)`` did.
    struct ToolResult: CustomStringConvertible {
        var termination: ChildProcess.Termination
        var stdout: String
        var stderr: String

        var description: String { "\(termination)\n--- stdout ---\n\(stdout)--- stderr ---\n\(stderr)" }
    }

    /// Runs `program` (a path, or a name looked up in `PATH` through `/usr/bin/env`) to completion.
    ///
    /// - Parameters:
    ///   - program: The program.
    ///   - arguments: Its arguments.
    ///   - timeout: Seconds after which it is killed.
    /// - Returns: How it ended and what it printed.
    /// - Throws: The error launching it or reading its output.
    static func tool(_ program: String, _ arguments: [String], timeout: Double = 60) throws -> ToolResult {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("transdb-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }
        let (executable, fullArguments) = program.hasPrefix("/") ? (program, arguments) : ("/usr/bin/env", [program] + arguments)
        let child = try ChildProcess(executable, fullArguments, stdout: out, stderr: err)
        child.wait(timeout: timeout)
        return ToolResult(
            termination: child.termination,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// `PRAGMA integrity_check` of the catalog at `path`, as `/usr/bin/sqlite3` prints it: `ok`
    /// for a sound file.
    static func integrityCheck(_ path: String) throws -> String {
        let result = try tool("/usr/bin/sqlite3", [path, "PRAGMA integrity_check"])
        return (result.termination == .exited(0) ? result.stdout : "\(result)").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The file's bytes, or `nil` when it cannot be read.
    static func bytes(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    /// The SQLite side files of `path` that exist: `-wal`, `-shm`, `-journal`.
    static func sideFiles(_ path: String) -> [String] {
        ["-wal", "-shm", "-journal"].map { path + $0 }.filter { FileManager.default.fileExists(atPath: $0) }
    }

    /// Writes a generated library of `presets` presets and `mappings` route mappings
    /// (``BundleGenerator``) as a bundle file at `path`.
    static func writeGeneratedBundle(presets: Int, mappings: Int, to path: String) throws {
        let bundle = try BundleGenerator.library(presets: presets, mappings: mappings)
        try BundleFormat.encode(bundle).write(toFile: path, atomically: false, encoding: .utf8)
    }

    /// Whether the test process runs as root (mounting, `setpriv`).
    static var isRoot: Bool { getuid() == 0 }

    /// Seconds since `start`.
    static func seconds(since start: Date) -> Double { Date().timeIntervalSince(start) }

    /// `value` with three decimals, for the figures a test prints.
    static func format(_ value: Double) -> String { String(format: "%.3f", value) }

    /// Expects that stderr holds no control character other than its final line break: a quoted
    /// hostile value must not reach the terminal as escape sequences or bells.
    static func expectPrintable(_ stderr: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let controls = String(stderr.dropLast(stderr.hasSuffix("\n") ? 1 : 0)).unicodeScalars.filter {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
        }
        #expect(
            controls.isEmpty,
            "stderr holds raw control characters \(controls.map { String(format: "U+%04X", $0.value) }): \(stderr.debugDescription)",
            sourceLocation: sourceLocation)
    }
}

extension Faults {
    /// Runs `program` in `runner`'s environment and working directory, as the runner runs
    /// `transdb`: for `setpriv … transdb …` and `bash -c 'ulimit …; exec transdb …'`.
    ///
    /// - Returns: The run; a process killed by a signal has the signal's number as exit code.
    static func run(_ program: String, _ arguments: [String], like runner: TransDBRunner) throws -> TransDBRunner.Result {
        var other = try TransDBRunner(binary: program, timeout: runner.timeout)
        defer { other.remove() }
        other.environment = runner.environment
        other.workingDirectory = runner.workingDirectory
        return try other.run(arguments)
    }
}
