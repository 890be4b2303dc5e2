import Foundation
import TransDBCore

/// What `transdb lint` looks at: the entries (``LintCatalog``), the libraries whose findings are
/// reported, and for entries read from bundle files, the file and line each starts on.
public struct LintInput: Sendable {
    public var catalog: LintCatalog
    /// The libraries reported on; `nil` for every library.
    public var reported: Set<String>?
    /// Where each entry read from a bundle file is: the file as given and its 1-based line.
    public var places: [LintLocation: (file: String, line: Int)]
    /// The file each reported library was read from, as given (a catalog's path too), for the
    /// findings no line locates.
    public var files: [String: String]

    /// Every library of `bundles`, reported on, read from `file` when given.
    public init(bundles: [LibraryBundle], file: String? = nil) throws {
        catalog = try Self.catalog(bundles)
        reported = nil
        places = [:]
        files = file.map { file in Dictionary(bundles.map { ($0.library.name, file) }, uniquingKeysWith: { first, _ in first }) } ?? [:]
    }

    /// The files given (bundle files, or catalogs), reported on, with the libraries they refer to
    /// read from `catalog` (a library in a file replaces the catalog's of the same name).
    ///
    /// - Throws: ``CatalogError`` for a file that cannot be read or is not valid, naming it.
    ///
    /// `-` among `files` is a bundle read from `standardInput`, when given.
    public init(files: [String], catalog: Catalog?, standardInput: (() throws -> [UInt8])? = nil) throws {
        var bundles: [LibraryBundle] = []
        var places: [LintLocation: (file: String, line: Int)] = [:]
        var libraryFiles: [String: String] = [:]
        var reported: Set<String> = []
        // Design-token files given together are one set of tokens, as `import` reads them: one
        // file's aliases may name another's tokens.
        let tokenFiles = files.filter { $0 != "-" && ImportFormat.isTokenFile($0) }
        let tokenSet: CatalogSource? =
            tokenFiles.count > 1
            ? CatalogSource(
                path: tokenFiles.joined(separator: " + "),
                bundles: try DTCGFormat.decode(
                    tokenFiles.map { (try InputFile.read($0, maximumSize: BundleFormat.defaultMaximumSize), $0) },
                    defaultLibrary: Library.defaultName
                ).bundles, isBundleFile: true)
            : nil
        for path in files {
            if let tokenSet, tokenFiles.contains(path) {
                guard path == tokenFiles.first else { continue }
                for bundle in tokenSet.bundles where !reported.contains(bundle.library.name) {
                    reported.insert(bundle.library.name)
                    libraryFiles[bundle.library.name] = tokenSet.path
                    bundles.append(bundle)
                }
                continue
            }
            let stdin = try path == "-" ? standardInput.map { try $0() } : nil
            let source = try stdin.map { try CatalogSource(standardInput: $0) } ?? CatalogSource(path: path)
            for bundle in source.bundles {
                if reported.contains(bundle.library.name) {
                    // The same file however it is spelt (`./a.json`, `a.json`) is one file given twice.
                    let first = libraryFiles[bundle.library.name] ?? path
                    let same = URL(fileURLWithPath: first).standardizedFileURL.path == URL(fileURLWithPath: path).standardizedFileURL.path
                    throw LintInputError.libraryTwice(name: bundle.library.name, files: same ? [path, path] : [first, path])
                }
                reported.insert(bundle.library.name)
                libraryFiles[bundle.library.name] = path
                bundles.append(bundle)
            }
            guard source.isBundleFile, let bundle = source.bundles.first else { continue }
            let index = BundleLineIndex(try stdin ?? InputFile.read(path, maximumSize: BundleFormat.defaultMaximumSize))
            for (location, line) in Self.lines(of: bundle, index) { places[location] = (path, line) }
        }
        // The libraries the files refer to, from the catalog, until none is missing.
        var needed = Set(bundles.flatMap(\.referencedLibraries)).subtracting(reported)
        var loaded = reported
        while let name = needed.first, let catalog {
            needed.remove(name)
            loaded.insert(name)
            guard let bundle = try? catalog.bundle(library: name) else { continue }
            bundles.append(bundle)
            needed.formUnion(bundle.referencedLibraries.subtracting(loaded))
        }
        self.catalog = try Self.catalog(LibraryBundle.resolvingReferences(bundles), files: libraryFiles)
        self.reported = reported
        self.places = places
        self.files = libraryFiles
    }

    /// The findings of `linter` on the libraries reported on.
    public func lint(_ linter: Linter, progress: WorkProgress? = nil) -> [LintFinding] {
        linter.lint(catalog, progress: progress).filter { reported?.contains($0.location.library) ?? true }
    }

    /// The bundles as one catalog, references qualified and mirrors derived from their sources.
    private static func catalog(_ bundles: [LibraryBundle], files: [String: String] = [:]) throws -> LintCatalog {
        let qualified = bundles.map { $0.qualified() }
        var presets = qualified.flatMap(\.presets)
        let byName = Dictionary(presets.map { ($0.qualifiedName, $0) }, uniquingKeysWith: { a, _ in a })
        presets = try presets.map { preset in
            guard let source = preset.mirrorOf, let original = byName[source] else { return preset }
            return try preset.mirroring(original)
        }
        let curves = qualified.flatMap(\.curves)
        let catalog = LintCatalog(
            libraries: qualified.map(\.library), curves: curves, presets: presets, screens: qualified.flatMap(\.screens),
            containers: qualified.flatMap(\.containers), delegates: qualified.flatMap(\.delegates), routes: qualified.flatMap(\.routes))
        try checkReferences(catalog, files: files)
        return catalog
    }

    /// Refuses references to entries that are in neither the files nor the catalog, as `import`
    /// does: lint judges a catalog that could exist.
    private static func checkReferences(_ catalog: LintCatalog, files: [String: String]) throws {
        let names: [EntityKind: Set<QualifiedName>] = [
            .curve: Set(catalog.curves.map(\.qualifiedName)), .preset: Set(catalog.presets.map(\.qualifiedName)),
            .screen: Set(catalog.screens.map(\.qualifiedName)), .delegate: Set(catalog.delegates.map(\.qualifiedName)),
        ]
        var missing: [String] = []
        // The files of the entries that refer to missing ones, in the order first met.
        var users: [String] = []
        func check(_ kind: EntityKind, _ name: QualifiedName?, _ user: @autoclosure () -> String, library: String) {
            guard let name, names[kind]?.contains(name) != true else { return }
            let entry = "\(kind.rawValue) \(name)"
            if !missing.contains(where: { $0.hasPrefix(entry + " (") }) { missing.append("\(entry) (used by \(user()))") }
            if let file = files[library], !users.contains(file) { users.append(file) }
        }
        func curve(_ reference: CurveReference?) -> QualifiedName? {
            guard case let .named(name)? = reference else { return nil }
            return name
        }
        for preset in catalog.presets {
            let user = "preset \(preset.qualifiedName)"
            check(.curve, curve(preset.curve), user, library: preset.library)
            check(.curve, curve(preset.interaction?.completionCurve), user, library: preset.library)
            for reference in [preset.reverse, preset.mirrorOf, preset.reducedMotion] { check(.preset, reference, user, library: preset.library) }
        }
        for screen in catalog.screens { check(.delegate, screen.delegate, "screen \(screen.qualifiedName)", library: screen.library) }
        for container in catalog.containers {
            check(.delegate, container.delegate, "container \(container.qualifiedName)", library: container.library)
        }
        for route in catalog.routes {
            let user = "route \(LintLocation.route(route).fullyQualifiedName)"
            let library = route.delegate.library ?? ""
            check(.delegate, route.delegate, user, library: library)
            for side in [route.from, route.to] {
                if case let .screen(name) = side { check(.screen, name, user, library: library) }
            }
            check(.preset, route.preset, user, library: library)
            check(.preset, route.interaction, user, library: library)
        }
        guard missing.isEmpty else {
            // Without files (a catalog linted alone) the references are the catalog's own.
            if users.isEmpty { throw CatalogError.missingReferences(missing) }
            throw LintInputError.missingReferences(missing, files: users)
        }
    }

    /// The line of each entry of `bundle`, in file order.
    private static func lines(of bundle: LibraryBundle, _ index: BundleLineIndex) -> [(LintLocation, Int)] {
        let library = bundle.library.name
        let named = bundle.qualified()
        var result: [(LintLocation, Int)] = []
        if let line = index.keys["library"] { result.append((LintLocation(library: library, kind: .library, name: library), line)) }
        func add(_ section: String, _ locations: [LintLocation]) {
            for (location, line) in zip(locations, index.lines[section] ?? []) { result.append((location, line)) }
        }
        add("curves", named.curves.map { .entry(.curve, $0.qualifiedName) })
        add("presets", named.presets.map { .entry(.preset, $0.qualifiedName) })
        add("delegates", named.delegates.map { .entry(.delegate, $0.qualifiedName) })
        add("screens", named.screens.map { .entry(.screen, $0.qualifiedName) })
        add("containers", named.containers.map { .entry(.container, $0.qualifiedName) })
        add("routes", named.routes.map { LintLocation.route($0) })
        return result
    }
}

extension Catalog {
    /// Every library of the catalog, for `transdb lint`; `progress`, when given, counts the
    /// entries read.
    ///
    /// - Throws: ``CatalogError`` when the catalog cannot be read.
    public func lintInput(progress: WorkProgress? = nil) throws -> LintInput {
        try LintInput(bundles: bundles(progress: progress), file: path)
    }
}
