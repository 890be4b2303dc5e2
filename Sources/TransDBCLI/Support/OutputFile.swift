import Foundation
import TransDB
import TransDBCore

/// Where `export` writes, a chunk at a time: standard output, or a file that appears only once it
/// is complete. A failed write (a full disk, `ulimit -f`) is ``CatalogError/io(path:reason:)``,
/// exit 74, never a crash.
enum OutputFile {
    /// Writes each chunk `body` produces to standard output.
    static func standardOutput(_ body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        try body { try writeAll($0, to: STDOUT_FILENO, path: "standard output", failure: "cannot write") }
    }

    /// Writes each chunk `body` produces to a temporary file beside `path`, renamed to `path`
    /// when `body` returns; on any failure the temporary file is removed and `path` untouched.
    static func replacing(_ path: String, _ body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        let temporary = path + ".transdb-tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw CatalogError.io(path: path, reason: "cannot write the file: \(reason(errno))") }
        do {
            try body { try writeAll($0, to: descriptor, path: path, failure: "cannot write the file") }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        // close(2) reports write errors some file systems (NFS) hold back until then.
        guard close(descriptor) == 0 else {
            let failure = reason(errno)
            unlink(temporary)
            throw CatalogError.io(path: path, reason: "cannot write the file: \(failure)")
        }
        // rename(2) replaces the destination atomically.
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CatalogError.io(path: path, reason: "cannot replace the file")
        }
    }

    /// Writes all of `bytes`, retrying short writes and interruptions.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String, failure: String) throws {
        guard var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let written = write(descriptor, next, left)
            if written < 0 {
                if errno == EINTR { continue }
                throw CatalogError.io(path: path, reason: "\(failure): \(reason(errno))")
            }
            next += written
            left -= written
        }
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
