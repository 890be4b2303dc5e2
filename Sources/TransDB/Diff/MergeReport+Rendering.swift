import TransDBCore

/// How `transdb merge` prints its report.
///
/// - `table`: for a merge that was not refused, the ``MergeReport/summary`` line (the counts),
///   the conflicts it took a side on, if any, as ``MergeResult/conflictTable``, then a blank
///   line and the changes as `diff` prints them (sampled, or all of them); for a refused merge,
///   only the conflicts.
/// - `json`: `{"conflicts": [...], "changes": [...], "writable": true|false}`, each conflict
///   ``MergeConflict/record``, each change as ``CatalogDiff/jsonDocument`` has it.
/// - `ndjson`: a line per conflict, as its `csv` row (`"change": "conflict"`), then a line per
///   change as `diff --format ndjson` writes it; `writable` is the exit status.
/// - `csv`: one row per conflict, then the changes' ``CatalogDiff/listing``, in the columns
///   `change, kind, library, name, field, old, new, base, reason, resolution`: a conflict's
///   `change` is `conflict`, its `old` ours, its `new` theirs; a change has the last three empty.
extension MergeReport: Renderable {
    public var jsonDocument: JSONValue {
        .object([
            ("conflicts", .array(result.conflicts.map { .object($0.record) })), ("changes", .array(result.changes.entries.map(\.record))),
            ("writable", .bool(result.isWritable)),
        ])
    }

    public func forEachJSONLine(_ body: (JSONValue) throws -> Void) rethrows {
        for conflict in result.conflicts { try body(.object(Self.row(conflict))) }
        for change in result.changes.entries { try body(change.record) }
    }

    public var csvColumns: [String] { result.changes.csvColumns + ["base", "reason", "resolution"] }

    public func forEachCSVRecord(_ body: ([(String, JSONValue)]) throws -> Void) rethrows {
        for conflict in result.conflicts { try body(Self.row(conflict)) }
        try result.changes.forEachCSVRecord { record in
            try body(record + [("base", .null), ("reason", .null), ("resolution", .null)])
        }
    }

    public var tableText: [TextBlock] {
        let conflicts = result.conflictTable
        guard result.isWritable else { return [.text(conflicts)] }
        let (shown, cut) = result.changes.sample(tableSample)
        let changes = CatalogDiff.changeTable(shown).rendered
        let text = [summary + (conflicts.isEmpty ? "" : "\n" + conflicts), changes].filter { !$0.isEmpty }.joined(separator: "\n")
        // Every line ends with a newline, the summary alone (`nothing to merge`) too.
        return [.text(text.hasSuffix("\n") ? text : text + "\n"), .text(ReportSample.more(cut, hint: Self.moreHint))]
    }

    /// A conflict as a row of `csv` and a line of `ndjson`: its `old` ours, its `new` theirs.
    private static func row(_ conflict: MergeConflict) -> [(String, JSONValue)] {
        [
            ("change", .string("conflict")), ("kind", .string(conflict.kind.rawValue)), ("library", .string(conflict.library)),
            ("name", .string(conflict.name)), ("field", .string(conflict.field)), ("old", conflict.ours ?? .null),
            ("new", conflict.theirs ?? .null), ("base", conflict.base ?? .null), ("reason", .string(conflict.reason.rawValue)),
            ("resolution", conflict.resolution.map { .string($0.rawValue) } ?? .null),
        ]
    }

    /// What the sampled table says about the entries it leaves out (merge prints table or json).
    static let moreHint = "--all lists every entry; --format json lists them for scripts"
}
