import Foundation

/// Reading a file that came from elsewhere: only regular files, and only up to a size limit,
/// checked before anything is read.
public enum InputFile {
    /// The contents of the regular file at `path`.
    ///
    /// - Throws: ``CatalogError/missingInput(path:)``, or ``CatalogError/invalidBundle(file:path:reason:)``
    ///   for a directory, a FIFO, a device or a file over `maximumSize` bytes.
    public static func read(_ path: String, maximumSize: Int) throws -> [UInt8] {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw CatalogError.missingInput(path: path)
        }
        let type = attributes[.type] as? FileAttributeType
        guard type == .typeRegular || type == .typeSymbolicLink else {
            throw CatalogError.invalidBundle(file: path, path: "$", reason: "not a regular file (\(type?.rawValue ?? "unknown type"))")
        }
        // Follow a symbolic link once, and check what it points to.
        let resolved = (path as NSString).resolvingSymlinksInPath
        let target = try? FileManager.default.attributesOfItem(atPath: resolved)
        guard (target?[.type] as? FileAttributeType) == .typeRegular else {
            throw CatalogError.invalidBundle(file: path, path: "$", reason: "not a regular file")
        }
        let size = (target?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maximumSize else {
            throw CatalogError.invalidBundle(
                file: path, path: "$", reason: "the file has \(size) bytes, more than the limit of \(maximumSize); raise it with --max-size")
        }
        guard let handle = FileHandle(forReadingAtPath: resolved) else { throw CatalogError.missingInput(path: path) }
        defer { try? handle.close() }
        // Read at most one byte past the limit, in case the file grew since it was measured.
        let data = (try? handle.read(upToCount: maximumSize + 1)) ?? Data()
        guard data.count <= maximumSize else {
            throw CatalogError.invalidBundle(file: path, path: "$", reason: "the file is larger than the limit of \(maximumSize) bytes; raise it with --max-size")
        }
        return [UInt8](data)
    }
}

extension LibraryBundle {
    /// The same library under another name: entries move with it; references to its own
    /// entries stay relative.
    public func renamed(to name: String) -> LibraryBundle {
        var copy = self
        copy.library.name = name
        for i in copy.curves.indices { copy.curves[i].library = name }
        for i in copy.presets.indices { copy.presets[i].library = name }
        for i in copy.delegates.indices { copy.delegates[i].library = name }
        for i in copy.screens.indices { copy.screens[i].library = name }
        for i in copy.containers.indices { copy.containers[i].library = name }
        return copy
    }
}
