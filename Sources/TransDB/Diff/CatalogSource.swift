import Foundation
import TransDBCore

/// Libraries read from a file given on the command line: a transdb catalog (an SQLite file) or
/// a bundle file (JSON, one library). What `diff` and `merge` compare.
public struct CatalogSource: Sendable {
    /// The file's path, as given.
    public var path: String
    /// The file's libraries, by name.
    public var bundles: [LibraryBundle]
    /// Whether the file is a bundle file (one library) rather than a catalog.
    public var isBundleFile: Bool

    /// Creates a source from its parts.
    public init(path: String, bundles: [LibraryBundle], isBundleFile: Bool) {
        self.path = path
        self.bundles = bundles
        self.isBundleFile = isBundleFile
    }

    /// Reads the file at `path`: a file starting with SQLite's header (`SQLite format 3\0`) is
    /// opened read-only as a catalog, a `*.tokens.json` (or `*.tokens`) file as design tokens, any
    /// other file as a bundle.
    ///
    /// - Throws: ``CatalogError``: `.missingInput` when there is no such file, `.notACatalog` or
    ///   `.newerSchema` for an SQLite file that is not a catalog this transdb reads,
    ///   `.invalidBundle` for a bundle that is not valid, `.io` when the file cannot be read.
    ///
    /// A bundle file is read as `import` reads one (``InputFile``): a regular file of at most
    /// `maximumSize` bytes. `progress`, when given, counts its bytes.
    public init(path: String, maximumSize: Int = BundleFormat.defaultMaximumSize, progress: WorkProgress? = nil) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CatalogError.missingInput(path: path)
        }
        if isDirectory.boolValue { throw CatalogError.notACatalog(path: path, reason: "it is a directory, not a catalog or bundle file") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CatalogError.io(path: path, reason: "the file cannot be opened for reading")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        if header.elementsEqual(Array("SQLite format 3\u{0}".utf8)) {
            self.init(path: path, bundles: try Catalog(path: path, mode: .readOnly).bundles(progress: progress), isBundleFile: false)
            return
        }
        let bytes = try InputFile.read(path, maximumSize: maximumSize, progress: progress)
        progress.begin("checking \(path)")
        // A design-token file (by its name, as `import` tells) stands for the libraries it holds,
        // tokens of other tools in the default library, as `import` would make them.
        if ImportFormat.isTokenFile(path) {
            self.init(path: path, bundles: try DTCGFormat.decode(bytes, file: path, defaultLibrary: Library.defaultName).bundles, isBundleFile: true)
            return
        }
        let bundle = try ImportFormat.suggestingDTCG("a design-token (DTCG) file is compared when its name ends in .tokens.json") {
            try BundleFormat.decode(bytes, file: path)
        }
        self.init(path: path, bundles: [bundle], isBundleFile: true)
    }
}

extension CatalogSource {
    /// The libraries of an open catalog; `progress`, when given, counts the entries read.
    ///
    /// - Throws: ``CatalogError`` when the catalog cannot be read.
    public init(_ catalog: Catalog, progress: WorkProgress? = nil) throws {
        self.init(path: catalog.path, bundles: try catalog.bundles(progress: progress), isBundleFile: false)
    }
}
