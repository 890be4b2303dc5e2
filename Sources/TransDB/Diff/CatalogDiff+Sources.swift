import TransDBCore

extension CatalogDiff {
    /// Compares two catalogs or bundle files, `new` against `old`. A bundle file stands for its
    /// one library: when either side is a bundle file, only the libraries of the bundle files
    /// are compared.
    public static func compare(_ old: CatalogSource, _ new: CatalogSource) -> CatalogDiff {
        let bundleFiles = [old, new].filter(\.isBundleFile)
        let scope = bundleFiles.isEmpty ? nil : Set(bundleFiles.flatMap(\.bundles).map(\.library.name))
        return compare(old.bundles(named: scope), new.bundles(named: scope))
    }
}
