import TransDBCore

/// What `transdb merge` did: the ``MergeResult``, the policy that resolved its conflicts, and
/// whether it was written.
public struct MergeReport: Hashable, Sendable {
    /// The merge.
    public var result: MergeResult
    /// The policy that resolved the conflicts.
    public var policy: MergePolicy
    /// The path of the catalog merged into.
    public var catalog: String
    /// Whether the merge was worked out only, and nothing written.
    public var dryRun: Bool
    /// Which changes `table` lists.
    public var tableSample = ReportSample.sample

    /// Why the merge was not written, when conflicts were left unresolved; `nil` otherwise.
    public var refusal: MergeError? {
        result.isWritable ? nil : .unresolvedConflicts(result.unresolved)
    }

    /// `merged into 'transdb.sqlite': 2 added, 1 changed; 1 conflict taken from theirs`,
    /// `dry run, nothing written: …` or `nothing to merge`.
    public var summary: String {
        let resolved = result.conflicts.count
        let conflicts = resolved == 0 ? "" : "; \(resolved) conflict\(resolved == 1 ? "" : "s") taken from \(policy.rawValue)"
        if result.changes.isEmpty { return "nothing to merge" + conflicts }
        return (dryRun ? "dry run, nothing written: " : "merged into '\(catalog)': ") + result.changes.summary + conflicts
    }
}
