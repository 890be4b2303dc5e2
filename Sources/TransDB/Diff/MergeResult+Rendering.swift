import TransDBCore
extension MergeResult {
    /// The conflicts as a table with a header (`conflict, field, base, ours, theirs, taken,
    /// reason`; `(absent)` is an entry one side does not have, `-` null or unresolved); the
    /// empty string when there are none.
    public var conflictTable: String {
        guard !conflicts.isEmpty else { return "" }
        let rows = conflicts.map { conflict -> [String] in
            [
                Table.printable("\(conflict.kind.rawValue) \(conflict.qualifiedName)"), Table.printable(conflict.field ?? "-"),
                MergeConflict.shown(conflict.base), MergeConflict.shown(conflict.ours), MergeConflict.shown(conflict.theirs),
                conflict.resolution?.rawValue ?? "-",
                Table.printable(conflict.reason.phrase + (conflict.detail.map { ": \($0)" } ?? "")),
            ]
        }
        return Table(header: ["conflict", "field", "base", "ours", "theirs", "taken", "reason"], rows: rows).rendered
    }

    /// The conflicts as records (``MergeConflict/record``), for scripts.
    public var conflictListing: Listing {
        Listing(
            records: conflicts.map(\.record), columns: MergeConflict.recordKeys, tableColumns: ["kind", "library", "name", "field", "base", "ours", "theirs", "resolution"])
    }
}
