import TransDBCore

/// What `transdb import` reads.
public enum ImportFormat: String, CaseIterable, Sendable {
    /// transdb's own bundle format: one library a file.
    case bundle
    /// W3C design tokens (DTCG): transdb's libraries, and tokens of other tools as one library.
    case dtcg

    /// Whether `file` has an extension the DTCG format gives its files (`.tokens`, `.tokens.json`,
    /// in any case).
    static func isTokenFile(_ file: String) -> Bool {
        let name = file.lowercased()
        return name.hasSuffix(".tokens") || name.hasSuffix(".tokens.json")
    }

    /// What `import` reads when no format is given: DTCG when every file is a token file
    /// (``isTokenFile(_:)``), a bundle otherwise (standard input included).
    public static func inferred(from files: [String]) -> ImportFormat {
        !files.isEmpty && files.allSatisfy(isTokenFile) ? .dtcg : .bundle
    }

    /// Reads the files to import, each whole and checked, in order.
    ///
    /// - Parameters:
    ///   - files: The files.
    ///   - library: For a bundle, the name to import it under (one file); for DTCG, the library
    ///     that tokens outside transdb's libraries go to (default ``Library/defaultName``). DTCG
    ///     files are read together as one set of tokens (an alias may name a token of another).
    ///   - maximumSize: The largest file accepted, in bytes.
    /// - Returns: The libraries read, and notes on what DTCG files had that was skipped or
    ///   ignored, each starting with the file's name.
    /// - Throws: ``CatalogError`` for a file that is missing, too large or invalid;
    ///   ``ModelError`` for an invalid library name.
    ///   - progress: Counts the bytes read, file by file, when given.
    ///   - standardInput: What `-` among `files` stands for: standard input, read by the caller
    ///     (at most `maximumSize` + 1 bytes).
    public func read(
        _ files: [String], library: String?, maximumSize: Int, progress: WorkProgress? = nil,
        standardInput: (() throws -> [UInt8])? = nil
    ) throws -> (inputs: [BundleInput], notes: [String]) {
        var inputs: [BundleInput] = []
        var notes: [String] = []
        // DTCG files are read as one set of tokens, once all are read.
        var tokenFiles: [(bytes: [UInt8], file: String)] = []
        for file in files {
            // `-` is standard input, named so in errors.
            let stdin = try file == "-" ? standardInput.map { try $0() } : nil
            if stdin != nil && files.filter({ $0 == "-" }).count > 1 {
                throw CatalogError.invalidBundle(file: "-", path: "$", reason: "standard input can be read only once; give '-' once")
            }
            if let stdin, stdin.count > maximumSize { throw InputFile.tooLarge("standard input", maximumSize: maximumSize) }
            switch self {
            case .bundle:
                // Read a chunk at a time: a bundle may hold a million routes.
                var input = try Self.suggestingDTCG {
                    if let stdin {
                        try BundleFormat.input(decoding: stdin, file: "standard input")
                    } else {
                        try BundleFormat.read(contentsOf: file, maximumSize: maximumSize, progress: progress)
                    }
                }
                if let library { input = input.renamed(to: try Name.validated(library, field: "library name")) }
                inputs.append(input)
            case .dtcg:
                let file = stdin == nil ? file : "standard input"
                tokenFiles.append((try stdin ?? InputFile.read(file, maximumSize: maximumSize, progress: progress), file))
            }
        }
        if !tokenFiles.isEmpty {
            let decoded = try DTCGFormat.decode(
                tokenFiles, defaultLibrary: try Name.validated(library ?? Library.defaultName, field: "library name"))
            let source = tokenFiles.map(\.file).joined(separator: " + ")
            inputs += decoded.bundles.map { BundleInput(bundle: $0, file: source) }
            notes += decoded.notes.map { "\(source): \($0)" }
            if let library, !decoded.bundles.contains(where: { $0.library.name == library }) {
                let names = decoded.bundles.map(\.library.name).joined(separator: ", ")
                notes.append(
                    "\(source): --library \(library) names where tokens of other tools go, and there are none: "
                        + (names.isEmpty ? "nothing was read" : "transdb's libraries keep their names (\(names))"))
            }
        }
        return (inputs, notes)
    }

    /// `read()`, with `hint` added when the file is refused for a top-level key a bundle does not
    /// have (`$schema`, a token group): design-token files are the usual cause.
    static func suggestingDTCG<Value>(
        _ hint: String = "a design-token (DTCG) file is imported with --format dtcg", _ read: () throws -> Value
    ) throws -> Value {
        do {
            return try read()
        } catch let CatalogError.invalidBundle(file, path, reason) where isTopLevel(path) && reason.hasPrefix("unknown field") {
            throw CatalogError.invalidBundle(file: file, path: path, reason: reason + "; " + hint)
        }
    }

    /// Whether `path` is one step below the root: `$.motion`, or `$["core/motion"]` for a key
    /// that is written in brackets (``JSONCursor/member(_:)``).
    private static func isTopLevel(_ path: String) -> Bool {
        if path.hasPrefix("$."), !path.dropFirst(2).contains(where: { $0 == "." || $0 == "[" }) { return true }
        guard path.hasPrefix("$[\""), path.hasSuffix("\"]"),
            case let .string(key)? = try? StrictJSON.parse(Array(path.dropFirst(2).dropLast(1).utf8))
        else { return false }
        return JSONCursor.member(key) == String(path.dropFirst(1))
    }
}
