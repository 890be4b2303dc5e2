import Foundation
import TransDB
import TransDBCore

/// A file `export -o`, standard output or standard input could not be written or read.
enum OutputFileError: Error, Equatable, CustomStringConvertible {
    /// Reading standard input failed: exit 74.
    case readFailed(path: String, reason: String)
    /// Writing failed (a full disk, `ulimit -f`, a closed pipe): exit 74.
    case writeFailed(path: String, reason: String)
    /// The path is something transdb does not write to (a directory, a socket, a dangling link): exit 73.
    case refused(path: String, reason: String)

    var description: String {
        switch self {
        case let .readFailed(path, reason): "cannot read \(path): \(reason)"
        case let .writeFailed(path, reason): "cannot write '\(path)': \(reason)"
        case let .refused(path, reason): "will not write '\(path)': \(reason)"
        }
    }
}

/// Where `export` writes, a chunk at a time: standard output, or a file.
///
/// A regular file (new, or replacing one with a single link) appears only once it is complete: it
/// is written beside the path and renamed over it, keeping an existing file's mode and owner. A
/// regular file with several hard links, a character device (`/dev/null`, a terminal) or a FIFO is
/// written through, as a shell's `>` does, so the link, the device node or the pipe stays what it
/// is. A symbolic link is followed and its target written by the same rules. Anything else is
/// refused. A failed write is ``OutputFileError/writeFailed(path:reason:)``, exit 74, never a crash.
enum OutputFile {
    /// Writes each chunk `body` produces to standard output.
    static func standardOutput(_ body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        try body { try writeAll($0, to: STDOUT_FILENO, path: "standard output") }
    }

    /// Writes each chunk `body` produces to `path` (`-` is standard output), by the rules above.
    static func write(_ path: String, _ body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        if path == "-" { return try standardOutput(body) }
        var status = stat()
        guard lstat(path, &status) == 0 else {
            guard errno == ENOENT else { throw OutputFileError.refused(path: path, reason: reason(errno)) }
            return try replacing(path, keeping: nil, body)
        }
        switch status.st_mode & S_IFMT {
        case S_IFLNK:
            guard let target = realpath(path, nil) else {
                throw OutputFileError.refused(path: path, reason: "it is a symbolic link to a file that does not exist")
            }
            defer { free(target) }
            var targetStatus = stat()
            guard stat(path, &targetStatus) == 0, (targetStatus.st_mode & S_IFMT) != S_IFLNK else {
                throw OutputFileError.refused(path: path, reason: "its symbolic link cannot be followed")
            }
            let resolved = String(cString: target)
            if (targetStatus.st_mode & S_IFMT) == S_IFREG && targetStatus.st_nlink == 1 {
                return try replacing(resolved, keeping: targetStatus, reportingAs: path, body)
            }
            return try throughTarget(path, status: targetStatus, body)
        case S_IFREG where status.st_nlink == 1:
            return try replacing(path, keeping: status, body)
        default:
            return try throughTarget(path, status: status, body)
        }
    }

    /// Writes through a file that must stay what it is: a regular file with several links, a
    /// character device or a FIFO; refuses the rest.
    private static func throughTarget(_ path: String, status: stat, _ body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws
    {
        let flags: Int32
        switch status.st_mode & S_IFMT {
        case S_IFREG: flags = O_WRONLY | O_TRUNC | O_CLOEXEC
        case S_IFCHR, S_IFIFO: flags = O_WRONLY | O_CLOEXEC
        case S_IFDIR:
            throw OutputFileError.refused(
                path: path, reason: "it is a directory; give the path of a file to write")
        case S_IFSOCK: throw OutputFileError.refused(path: path, reason: "it is a socket")
        case S_IFBLK: throw OutputFileError.refused(path: path, reason: "it is a block device")
        default: throw OutputFileError.refused(path: path, reason: "it is not a regular file")
        }
        let descriptor = open(path, flags)
        guard descriptor >= 0 else { throw OutputFileError.writeFailed(path: path, reason: reason(errno)) }
        do {
            try body { try writeAll($0, to: descriptor, path: path) }
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw OutputFileError.writeFailed(path: path, reason: reason(errno)) }
    }

    /// Writes to a temporary file beside `path`, renamed over it when `body` returns, with the
    /// mode and owner of the file it replaces (`keeping`); on any failure the temporary file is
    /// removed and `path` untouched.
    private static func replacing(
        _ path: String, keeping existing: stat?, reportingAs shown: String? = nil,
        _ body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        let shown = shown ?? path
        let temporary = path + ".transdb-tmp"
        try Interruption.removing(temporary) {
            try write(temporary, replacing: path, keeping: existing, reportingAs: shown, body)
        }
    }

    private static func write(
        _ temporary: String, replacing path: String, keeping existing: stat?, reportingAs shown: String,
        _ body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, existing.map { $0.st_mode & 0o7777 } ?? 0o666)
        guard descriptor >= 0 else { throw OutputFileError.writeFailed(path: shown, reason: reason(errno)) }
        do {
            if let existing {
                // The umask applied to open's mode; the replaced file's mode and owner are kept exactly.
                _ = fchown(descriptor, existing.st_uid, existing.st_gid)
                guard fchmod(descriptor, existing.st_mode & 0o7777) == 0 else {
                    throw OutputFileError.writeFailed(path: shown, reason: reason(errno))
                }
            }
            try body { try writeAll($0, to: descriptor, path: shown) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        // close(2) reports write errors some file systems (NFS) hold back until then.
        guard close(descriptor) == 0 else {
            let failure = reason(errno)
            unlink(temporary)
            throw OutputFileError.writeFailed(path: shown, reason: failure)
        }
        // rename(2) replaces the destination atomically.
        guard rename(temporary, path) == 0 else {
            let failure = reason(errno)
            unlink(temporary)
            throw OutputFileError.writeFailed(path: shown, reason: failure)
        }
    }

    /// Writes all of `bytes`, retrying short writes and interruptions.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws {
        guard var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let written = Foundation.write(descriptor, next, left)
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputFileError.writeFailed(path: path, reason: reason(errno))
            }
            next += written
            left -= written
        }
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
