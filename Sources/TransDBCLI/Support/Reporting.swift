import ArgumentParser
import Foundation
import TransDB
import TransDBCore

/// Where commands write: results to stdout, errors and notes to stderr.
enum Output {
    /// Writes `text` to stdout. A failed write (a full disk, `ulimit -f`) is reported as one line
    /// and exit 74, where Foundation's `FileHandle.write` would trap; the command's work is done by
    /// the time it prints.
    static func print(_ text: String) {
        do {
            try writeAll(Array(text.utf8))
        } catch {
            note("transdb: error: " + oneLine(String(describing: error)))
            exit(74)
        }
    }

    /// Writes `value` to stdout in `format`, a piece at a time. A table printed to a terminal
    /// is narrowed to its width unless `wide` is set; piped output is always complete.
    static func print(_ value: some Renderable, as format: OutputFormat, wide: Bool = false) {
        if format == .table, !wide, Terminal.isInteractive {
            TableRenderer(maximumWidth: Terminal.columns).render(value) { print($0) }
        } else {
            format.renderer.render(value) { print($0) }
        }
    }

    static func line(_ text: String) {
        print(text + "\n")
    }

    /// Writes `bytes` to stdout as they are, however many `write` calls that takes.
    static func writeAll(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try OutputFile.writeAll($0, to: STDOUT_FILENO, path: "standard output") }
    }

    /// Ends stdout early, so that whoever reads it sees its end while the command finishes other
    /// work: it is pointed at `/dev/null`, where a stray write cannot fail.
    static func endStandardOutput() {
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard null >= 0 else { return }
        dup2(null, STDOUT_FILENO)
        close(null)
    }

    static func note(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Whether `--quiet` was given: ``inform(_:)`` prints nothing.
    nonisolated(unsafe) static var isQuiet = false

    /// Writes a note that is not an error (what was written where, what a file had that was
    /// skipped) to stderr, unless `--quiet`.
    static func inform(_ text: String) {
        if !isQuiet { note(text) }
    }
}

/// Where commands read stdin in bulk.
enum Input {
    /// Reads what stdin has, up to `buffer.count` bytes; 0 at the end of the input.
    static func readChunk(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let count = read(STDIN_FILENO, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw OutputFileError.readFailed(path: "standard input", reason: String(cString: strerror(errno))) }
        }
    }

    /// The size of stdin when it is a regular file (`< requests.ndjson`), else `nil`.
    static var regularFileSize: Int64? {
        var status = stat()
        guard fstat(STDIN_FILENO, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(status.st_size)
    }

    /// What `-` stands for among a command's files: stdin read to its end when it is asked for,
    /// at most `maximumSize` + 1 bytes (so that the reader can refuse a larger input).
    static func standardInput(maximumSize: Int, progress: WorkProgress? = nil) -> () throws -> [UInt8] {
        {
            progress.begin("reading standard input", unit: .bytes)
            return try readAll(limit: maximumSize + 1, progress: progress)
        }
    }

    /// Reads stdin to its end, or to `limit` bytes.
    static func readAll(limit: Int, progress: WorkProgress? = nil) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while bytes.count < limit {
            let count = try buffer.withUnsafeMutableBytes {
                try readChunk(into: UnsafeMutableRawBufferPointer(rebasing: $0[..<min($0.count, limit - bytes.count)]))
            }
            if count == 0 { break }
            bytes += buffer[..<count]
            progress.advance(by: Int64(count))
        }
        return bytes
    }
}

/// A failure the CLI reports as one line and an exit code, as documented in the README
/// (sysexits.h values).
protocol ReportedError: Error, CustomStringConvertible {
    var exitCode: Int32 { get }
}

extension ModelError: ReportedError {
    var exitCode: Int32 { 65 }
}

extension CurveExpressionError: ReportedError {
    var exitCode: Int32 { 65 }
}

extension LookupError: ReportedError {
    var exitCode: Int32 {
        switch self {
        case .notFound, .noRoute: 66
        case .ambiguous, .noContainer, .severalContainers: 65
        }
    }
}

extension CatalogError: ReportedError {
    var exitCode: Int32 {
        switch self {
        case .notACatalog, .newerSchema: 78
        case .notWritable: 77
        case .busy: 75
        case .io, .damaged: 74
        case .missingCatalog, .missingInput: 66
        case .alreadyExists, .inUse, .routeTie, .routeExists, .constraintViolated, .unknownPresetKind, .failedChecks,
            .libraryImportedTwice, .invalidBundle, .missingReferences, .importConflicts:
            65
        }
    }
}

extension OutputFileError: ReportedError {
    var exitCode: Int32 {
        switch self {
        case .readFailed, .writeFailed: 74
        case .refused: 73
        }
    }
}

extension LintInputError: ReportedError {
    var exitCode: Int32 { 65 }
}

extension QueryError: ReportedError {
    var exitCode: Int32 { 65 }
}

extension MergeError: ReportedError {
    var exitCode: Int32 { 65 }
}

extension ExportError: ReportedError {
    var exitCode: Int32 { 65 }
}

extension BatchResolveError: ReportedError {
    var exitCode: Int32 { 65 }
}

/// Runs a command's work, printing a failure as one line on stderr and exiting with its code.
func reporting(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as any ReportedError {
        Output.note("transdb: error: " + oneLine(error.description))
        throw ExitCode(error.exitCode)
    }
}

/// `text` as one line (``Table/oneLine(_:)``).
func oneLine(_ text: String) -> String { Table.oneLine(text) }

extension DiffError: ReportedError {
    // As for a library in neither side: a name not found.
    var exitCode: Int32 { 66 }
}
