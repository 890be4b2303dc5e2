import TransDBCore

extension Catalog {
    /// Merges their libraries into this catalog (see ``ThreeWayMerge``) and, unless `dryRun`,
    /// writes the result in one transaction: the changed libraries, then the removed ones
    /// emptied and dropped. A result with unresolved conflicts is never written.
    ///
    /// - Parameters:
    ///   - theirs: Their catalog or bundle file. A bundle file stands for its one library: the
    ///     base is then narrowed to it, and our other libraries are left alone.
    ///   - base: The common ancestor, or `nil` for a two-way merge.
    ///   - policy: Which side a conflict takes.
    ///   - dryRun: Work out the result and write nothing.
    ///   - progress: Counts the work, phase by phase, when given.
    /// - Returns: What the merge did; ``MergeReport/refusal`` says when it was refused.
    /// - Throws: ``CatalogError`` when the catalog cannot be read or written.
    public func merge(
        _ theirs: consuming CatalogSource, base: consuming CatalogSource?, policy: MergePolicy, dryRun: Bool, progress: WorkProgress? = nil
    ) throws -> MergeReport {
        let scope = theirs.isBundleFile ? Set(theirs.bundles.map(\.library.name)) : nil
        let ours = try bundles(progress: progress)
        let ourLibraries = ours.map(\.library)
        // Each side's only copy is handed to the merge (a catalog of a million routes is not held twice).
        var baseBundles = (consume base)?.bundles
        if let scope { baseBundles?.removeAll { !scope.contains($0.library.name) } }
        let result = ThreeWayMerge.merge(
            base: consume baseBundles, ours: consume ours, theirs: (consume theirs).bundles, policy: policy, progress: progress)
        let report = MergeReport(result: result, policy: policy, catalog: path, dryRun: dryRun)
        guard result.isWritable, !dryRun, !result.changes.isEmpty else { return report }
        let emptied = ourLibraries.filter { result.removedLibraries.contains($0.name) }.map { LibraryBundle(library: $0) }
        try transaction(commit: true) { db in
            _ = try Self.synchronize(result.changedLibraries + emptied, progress: progress, db)
            for name in result.removedLibraries { _ = try removeLibrary(name, dryRun: false, db) }
            progress.begin("committing")
        }
        return report
    }
}
