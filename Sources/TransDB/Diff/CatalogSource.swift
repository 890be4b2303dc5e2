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
    /// `maximumSize` bytes. `progress`, when given, counts its bytes. `-` is a bundle read from
    /// `standardInput`, when given. A design-token file's tokens of other tools go to
    /// `tokensLibrary`, as `import --library` puts them.
    public init(
        path: String, maximumSize: Int = BundleFormat.defaultMaximumSize, progress: WorkProgress? = nil,
        standardInput: (() throws -> [UInt8])? = nil, tokensLibrary: String = Library.defaultName
    ) throws {
        if path == "-", let standardInput {
            try self.init(standardInput: try standardInput(), maximumSize: maximumSize)
            return
        }
        if try Self.isCatalog(path) {
            self.init(path: path, bundles: try Catalog(path: path, mode: .readOnly).bundles(progress: progress), isBundleFile: false)
            return
        }
        let bytes = try InputFile.read(path, maximumSize: maximumSize, progress: progress)
        progress.begin("checking \(path)")
        // A design-token file (by its name, as `import` tells) stands for the libraries it holds,
        // tokens of other tools in the default library, as `import` would make them.
        if ImportFormat.isTokenFile(path) {
            self.init(path: path, bundles: try DTCGFormat.decode(bytes, file: path, defaultLibrary: tokensLibrary).bundles, isBundleFile: true)
            return
        }
        let bundle = try ImportFormat.suggestingDTCG("a design-token (DTCG) file is read as one when its name ends in .tokens.json") {
            try BundleFormat.decode(bytes, file: path)
        }
        self.init(path: path, bundles: [bundle], isBundleFile: true)
    }
}

extension CatalogSource {
    /// What ``init(path:maximumSize:progress:standardInput:)`` checks before it reads anything:
    /// a command comparing several files refuses a missing or oversized one before it spends
    /// time reading the others (a catalog of a million routes takes seconds).
    ///
    /// - Throws: ``CatalogError`` as that initializer does.
    public static func check(path: String, maximumSize: Int) throws {
        guard path != "-", try !isCatalog(path) else { return }
        try InputFile.check(path, maximumSize: maximumSize)
    }

    /// Whether `path` is an SQLite file (to open as a catalog) rather than a bundle or token
    /// file; a missing file, a directory, or a file named as a catalog that is not one is refused.
    private static func isCatalog(_ path: String) throws -> Bool {
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
        if header.elementsEqual(Self.catalogHeader) { return true }
        // Named as a catalog but not one (an empty or damaged file): said as `--db` says it, not
        // as JSON that does not parse.
        if Self.catalogExtensions.contains(where: { path.lowercased().hasSuffix($0) }) {
            throw CatalogError.notACatalog(path: path, reason: header.isEmpty ? "the file is empty" : "it is not an SQLite database")
        }
        return false
    }

    /// The first bytes of every SQLite file.
    private static let catalogHeader = Array("SQLite format 3\u{0}".utf8)
    /// The endings of catalog files' names.
    private static let catalogExtensions = [".sqlite", ".sqlite3", ".db"]

    /// The bundle `bytes`, read from standard input (`-`) and named so in errors. A catalog is
    /// refused: SQLite opens files, not streams.
    ///
    /// - Throws: ``CatalogError/invalidBundle(file:path:reason:)``.
    public init(standardInput bytes: [UInt8], maximumSize: Int = BundleFormat.defaultMaximumSize) throws {
        let file = "standard input"
        guard bytes.count <= maximumSize else { throw InputFile.tooLarge(file, maximumSize: maximumSize) }
        if bytes.starts(with: Self.catalogHeader) {
            throw CatalogError.invalidBundle(file: file, path: "$", reason: "a catalog cannot be read from standard input; give its path")
        }
        let bundle = try ImportFormat.suggestingDTCG("design tokens are read from a file whose name ends in .tokens.json") {
            try BundleFormat.decode(bytes, file: file)
        }
        self.init(path: file, bundles: [bundle], isBundleFile: true)
    }

    /// The libraries of an open catalog; `progress`, when given, counts the entries read.
    ///
    /// - Throws: ``CatalogError`` when the catalog cannot be read.
    public init(_ catalog: Catalog, progress: WorkProgress? = nil) throws {
        self.init(path: catalog.path, bundles: try catalog.bundles(progress: progress), isBundleFile: false)
    }
}
