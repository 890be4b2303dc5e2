import TransDBCore

extension CatalogDiff {
    /// Compares two catalogs or bundle files, `new` against `old`. A bundle file stands for its
    /// one library: when either side is a bundle file, only the libraries of the bundle files
    /// are compared.
    ///
    /// - Parameters:
    ///   - libraries: When given, only these libraries are compared.
    ///   - progress: Counts the entries compared, when given.
    public static func compare(
        _ old: consuming CatalogSource, _ new: consuming CatalogSource, libraries: Set<String>? = nil, progress: WorkProgress? = nil
    ) -> CatalogDiff {
        var scope: Set<String>?
        if old.isBundleFile { scope = Set(old.bundles.map(\.library.name)) }
        if new.isBundleFile { scope = (scope ?? []).union(new.bundles.map(\.library.name)) }
        if let libraries { scope = scope.map { $0.intersection(libraries) } ?? libraries }
        // Each side's only copy is handed on (a catalog of a million routes is not held twice).
        var before = (consume old).bundles
        var after = (consume new).bundles
        if let scope {
            before.removeAll { !scope.contains($0.library.name) }
            after.removeAll { !scope.contains($0.library.name) }
        }
        return compare(consume before, consume after, progress: progress)
    }
}
