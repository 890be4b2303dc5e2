import Foundation
import TransDBCore

/// Reading a file that came from elsewhere: only regular files, and only up to a size limit,
/// checked before anything is read.
public enum InputFile {
    /// The contents of the regular file at `path`.
    ///
    /// - Throws: ``CatalogError/missingInput(path:)``, or ``CatalogError/invalidBundle(file:path:reason:)``
    ///   for a directory, a FIFO, a device or a file over `maximumSize` bytes.
    ///
    /// `progress`, when given, counts the bytes read in a phase `reading PATH`.
    public static func read(_ path: String, maximumSize: Int, progress: WorkProgress? = nil) throws -> [UInt8] {
        let (handle, size) = try checked(path, maximumSize: maximumSize)
        defer { try? handle.close() }
        guard let progress else {
            // Read at most one byte past the limit, in case the file grew since it was measured.
            let data = (try? handle.read(upToCount: maximumSize + 1)) ?? Data()
            guard data.count <= maximumSize else { throw tooLarge(path, maximumSize: maximumSize) }
            return [UInt8](data)
        }
        progress.begin("reading \(path)", total: Int64(size), unit: .bytes)
        let stream = Stream(handle: handle, maximumSize: maximumSize, progress: progress)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while case let count = chunk.withUnsafeMutableBytes({ stream.read(into: $0) }), count > 0 { bytes += chunk[..<count] }
        guard !stream.overflowed else { throw tooLarge(path, maximumSize: maximumSize) }
        return bytes
    }

    /// The regular file at `path`, opened for reading in chunks (see ``Stream``), after the
    /// same checks as ``read(_:maximumSize:)``.
    /// `progress`, when given, counts the bytes read in a phase `reading PATH`.
    static func open(_ path: String, maximumSize: Int, progress: WorkProgress? = nil) throws -> Stream {
        let (handle, size) = try checked(path, maximumSize: maximumSize)
        progress.begin("reading \(path)", total: Int64(size), unit: .bytes)
        return Stream(handle: handle, maximumSize: maximumSize, progress: progress)
    }

    /// The checks of ``read(_:maximumSize:progress:)`` (a regular file, within the limit), without
    /// reading it.
    static func check(_ path: String, maximumSize: Int) throws {
        let (handle, _) = try checked(path, maximumSize: maximumSize)
        try? handle.close()
    }

    /// The error for a file that grew past the limit while it was read.
    static func tooLarge(_ path: String, maximumSize: Int) -> CatalogError {
        .invalidBundle(file: path, path: "$", reason: "the file is larger than the limit of \(maximumSize) bytes; raise it with --max-size")
    }

    /// A file read a chunk at a time, never more than one byte past the limit.
    final class Stream: JSONByteSource {
        private let handle: FileHandle
        private let maximumSize: Int
        private var total = 0
        /// Whether the file turned out larger than the limit (it grew after it was measured).
        private(set) var overflowed = false

        private let progress: WorkProgress?

        init(handle: FileHandle, maximumSize: Int, progress: WorkProgress?) {
            self.handle = handle
            self.maximumSize = maximumSize
            self.progress = progress
        }

        deinit { try? handle.close() }

        func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
            let wanted = min(buffer.count, maximumSize + 1 - total)
            guard wanted > 0, let data = try? handle.read(upToCount: wanted), !data.isEmpty else { return 0 }
            total += data.count
            progress?.update(completed: Int64(total))
            if total > maximumSize {
                overflowed = true
                return 0
            }
            return data.copyBytes(to: buffer)
        }
    }

    /// The file opened for reading, and its size.
    private static func checked(_ path: String, maximumSize: Int) throws -> (FileHandle, Int) {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw CatalogError.missingInput(path: path)
        }
        let type = attributes[.type] as? FileAttributeType
        guard type == .typeRegular || type == .typeSymbolicLink else {
            throw CatalogError.invalidBundle(file: path, path: "$", reason: "not a regular file: \(describe(type))")
        }
        // Follow a symbolic link once, and check what it points to.
        let resolved = (path as NSString).resolvingSymlinksInPath
        let target = try? FileManager.default.attributesOfItem(atPath: resolved)
        guard (target?[.type] as? FileAttributeType) == .typeRegular else {
            // A link that names no path, such as process substitution's /dev/fd/63 (a link to
            // "pipe:[…]"), is told by what the system finds at its end.
            var status = stat()
            if type == .typeSymbolicLink, stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFIFO {
                throw CatalogError.invalidBundle(
                    file: path, path: "$", reason: "not a regular file: it leads to a pipe; pipe the content to '-' (standard input) instead")
            }
            throw CatalogError.invalidBundle(
                file: path, path: "$", reason: "not a regular file: a symbolic link to \(describe(target?[.type] as? FileAttributeType))")
        }
        let size = (target?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maximumSize else {
            throw CatalogError.invalidBundle(
                file: path, path: "$", reason: "the file has \(size) bytes, more than the limit of \(maximumSize); raise it with --max-size"
            )
        }
        guard let handle = FileHandle(forReadingAtPath: resolved) else { throw CatalogError.missingInput(path: path) }
        return (handle, size)
    }

    /// What a file that is not a regular file is, in words.
    private static func describe(_ type: FileAttributeType?) -> String {
        switch type {
        case .typeDirectory?: "it is a directory; give the bundle files in it"
        case .typeCharacterSpecial?: "it is a character device"
        case .typeBlockSpecial?: "it is a block device"
        case .typeSocket?: "it is a socket"
        case .typeSymbolicLink?: "a symbolic link"
        case nil: "a file that does not exist"
        default: "it is a FIFO or another special file; use '-' to read standard input"
        }
    }
}
