import TransDBCore
/// How a merge is printed.
///
/// - `table`: the conflicts, if any, as a table with a header
///   (`conflict, field, base, ours, theirs, taken, reason`; `(absent)` is an entry one side does
///   not have, `-` null or unresolved), then a blank line and the changes as
///   ``CatalogDiff/rendered(as:)`` prints them.
/// - `json`: `{"conflicts": [...], "changes": [...], "writable": true|false}`, each conflict
///   ``MergeConflict/record``, each change as in ``CatalogDiff/rendered(as:)``.
extension MergeResult {
    /// The conflicts as a table with a header; the empty string when there are none.
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
            records: conflicts.map(\.record), tableColumns: ["kind", "library", "name", "field", "base", "ours", "theirs", "resolution"])
    }

    /// The result in `format`: `table` or `json` (`ndjson` and `csv` print `json` compacted and
    /// the changes' CSV listing).
    public func rendered(as format: OutputFormat) -> String {
        let document = JSONValue.object([
            ("conflicts", .array(conflicts.map { .object($0.record) })), ("changes", .array(changes.entries.map(\.record))),
            ("writable", .bool(isWritable)),
        ])
        switch format {
        case .json: return document.pretty + "\n"
        case .ndjson: return document.compact + "\n"
        case .csv: return changes.listing.rendered(as: .csv)
        case .table:
            let parts = [conflictTable, changes.rendered(as: .table)].filter { !$0.isEmpty }
            return parts.joined(separator: "\n")
        }
    }
}
