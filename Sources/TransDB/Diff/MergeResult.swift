import TransDBCore
/// The outcome of ``ThreeWayMerge/merge(base:ours:theirs:policy:)``.
public struct MergeResult: Hashable, Sendable {
    /// Every library after the merge, by name. A conflict left unresolved keeps our value here,
    /// so that the value is complete, but then the result must not be written.
    public var merged: [LibraryBundle]
    /// Every conflict, resolved or not, in entry order; the catalog-wide ones (dangling
    /// references, route ties) last.
    public var conflicts: [MergeConflict]
    /// What the merge changes in our libraries: ours → ``merged``.
    public var changes: CatalogDiff
    /// The merged libraries that differ from ours, by name: what to write.
    public var changedLibraries: [LibraryBundle]
    /// The names of our libraries that the merge removes.
    public var removedLibraries: [String]

    /// Creates a result.
    public init(
        merged: [LibraryBundle], conflicts: [MergeConflict], changes: CatalogDiff, changedLibraries: [LibraryBundle],
        removedLibraries: [String]
    ) {
        self.merged = merged
        self.conflicts = conflicts
        self.changes = changes
        self.changedLibraries = changedLibraries
        self.removedLibraries = removedLibraries
    }

    /// The conflicts no side was taken for.
    public var unresolved: [MergeConflict] { conflicts.filter { $0.resolution == nil } }

    /// Whether ``merged`` may be written: every conflict was resolved.
    public var isWritable: Bool { unresolved.isEmpty }
}
