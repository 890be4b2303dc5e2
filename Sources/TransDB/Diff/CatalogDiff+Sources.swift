import TransDBCore

extension CatalogDiff {
    /// Compares two catalogs or bundle files, `new` against `old`. A bundle file stands for its
    /// one library: when either side is a bundle file, only the libraries of the bundle files
    /// are compared.
    ///
    /// - Parameters:
    ///   - libraries: When given, only these libraries are compared.
    ///   - progress: Counts the entries compared, when given.
    public static func compare(_ old: CatalogSource, _ new: CatalogSource, libraries: Set<String>? = nil, progress: WorkProgress? = nil)
        -> CatalogDiff
    {
        let bundleFiles = [old, new].filter(\.isBundleFile)
        var scope = bundleFiles.isEmpty ? nil : Set(bundleFiles.flatMap(\.bundles).map(\.library.name))
        if let libraries { scope = scope.map { $0.intersection(libraries) } ?? libraries }
        return compare(old.bundles(named: scope), new.bundles(named: scope), progress: progress)
    }
}
