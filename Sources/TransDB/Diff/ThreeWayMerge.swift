import TransDBCore
/// Brings another team's changes into a catalog, entry by entry and field by field.
///
/// The merge works on ``LibraryBundle`` values matched by library, kind and name (routes by
/// delegate, operation, from and to), not on SQLite rows: catalogs are created independently,
/// so the same preset has unrelated integer primary keys in each, and SQLite's session
/// extension — whose changesets identify rows by primary key — would pair unrelated rows.
/// Comparing entries by name also gives conflicts people can read (`preset motion/zoom
/// duration`), and the result is written with ``Catalog/synchronize(_:dryRun:)`` in one
/// transaction.
public enum ThreeWayMerge {
    /// Merges their libraries into ours.
    ///
    /// With a base (the libraries both sides started from), a change made on one side only is
    /// taken, the same change on both sides is taken once, and a field changed differently on
    /// both sides is a conflict; an entry added on one side is added, deleted on one side and
    /// unchanged on the other is deleted, deleted on one side and changed on the other is a
    /// conflict. A library the base does not have is merged as if without a base. Without a
    /// base (two-way), entries only in theirs are added, entries only in ours are kept, and
    /// every field that differs is a conflict.
    ///
    /// The policy resolves field and entry conflicts; with ``MergePolicy/fail`` they stay
    /// unresolved (``MergeResult/isWritable`` is false). Whatever the policy, the merged catalog
    /// must hold together: a reference to an entry it does not have (a route whose preset was
    /// deleted), an interaction preset without interaction settings or two routes that tie are
    /// conflicts no policy resolves.
    ///
    /// - Parameters:
    ///   - base: The common ancestor's libraries, or `nil` for a two-way merge.
    ///   - ours: Our libraries (the catalog merged into).
    ///   - theirs: Their libraries. A library they do not have counts as deleted by them only
    ///     when the base has it.
    ///   - policy: Which side a conflict takes.
    ///   - progress: Counts the libraries merged, then the entries compared, when given.
    /// - Returns: The merged libraries, the conflicts, and the changes to ours.
    public static func merge(
        base: consuming [LibraryBundle]?, ours: consuming [LibraryBundle], theirs: consuming [LibraryBundle], policy: MergePolicy,
        progress: WorkProgress? = nil
    ) -> MergeResult {
        let hasBase = base != nil
        // Each side is handed over and made comparable where it is (see `CatalogDiff.compare`).
        let index = ReferenceIndex(((copy base) ?? []) + ours + theirs)
        func byName(_ bundles: consuming [LibraryBundle]) -> [String: LibraryBundle] {
            Dictionary(
                LibraryBundle.comparable(consume bundles, index: index).map { ($0.library.name, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let b = byName((consume base) ?? [])
        let o = byName(consume ours)
        let t = byName(consume theirs)
        var merger = EntryMerger(policy: policy, hasBase: hasBase)
        var merged: [LibraryBundle] = []
        let names = Set(b.keys).union(o.keys).union(t.keys).sorted(by: { EntryKey(name: $0) < EntryKey(name: $1) })
        progress.begin("merging libraries", total: Int64(names.count))
        for name in names {
            if let library = merger.library(name, base: b[name], ours: o[name], theirs: t[name]) { merged.append(library) }
            progress.advance()
        }
        let conflicts = merger.conflicts + MergeConsistency(merged: merged, ours: o, theirs: t).conflicts()
        let ourLibraries = o.values.sorted { EntryKey(name: $0.library.name) < EntryKey(name: $1.library.name) }
        let mergedNames = Set(merged.map(\.library.name))
        return MergeResult(
            merged: merged, conflicts: conflicts, changes: CatalogDiff.compare(comparable: ourLibraries, merged, progress: progress),
            changedLibraries: merged.filter { o[$0.library.name] != $0 },
            removedLibraries: ourLibraries.map(\.library.name).filter { !mergedNames.contains($0) })
    }
}
