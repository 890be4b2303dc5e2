import TransDBCore

/// An import's report as `transdb import` prints it.
///
/// - `table`: `imported: 3 added, 1 changed` (or `dry run, nothing written: would be …`), then
///   the entries that are not unchanged — the first ``tableLimit`` of them, and a line saying
///   how many more there are.
/// - `json`: every entry as ``ImportReport/listing`` has it; `ndjson`, `csv`: the same records
///   a line or a row each, written a slice at a time (an import may have a million routes).
public struct ImportOutput: Sendable {
    /// The report.
    public var report: ImportReport
    /// Whether the import was a dry run, which changed nothing.
    public var dryRun: Bool
    /// The most entries `table` lists.
    public var tableLimit: Int

    /// The output of `report`.
    public init(_ report: ImportReport, dryRun: Bool, tableLimit: Int = 200) {
        self.report = report
        self.dryRun = dryRun
        self.tableLimit = tableLimit
    }

    /// How many entries are made into records at a time for `ndjson` and `csv`: a million at
    /// once would take gigabytes.
    private static let sliceSize = 10_000
}

extension ImportOutput: Renderable {
    public var jsonDocument: JSONValue { report.listing.jsonDocument }

    public func forEachJSONLine(_ body: (JSONValue) throws -> Void) rethrows {
        try report.forEachSlice(of: Self.sliceSize) { slice in try ImportReport.listing(slice).forEachJSONLine(body) }
    }

    public var csvColumns: [String] { ImportReport.listing([]).csvColumns }

    public func forEachCSVRecord(_ body: ([(String, JSONValue)]) throws -> Void) rethrows {
        try report.forEachSlice(of: Self.sliceSize) { slice in try ImportReport.listing(slice).forEachCSVRecord(body) }
    }

    public var tableText: [TextBlock] {
        let changes = report.changes(limit: tableLimit)
        let more = changes.count > tableLimit ? "… and \(changes.count - tableLimit) more (--report json lists every entry)\n" : ""
        return [
            .text((dryRun ? "dry run, nothing written: would be " : "imported: ") + report.summary + "\n"),
            // Nothing changed: the summary says so, and no empty table follows it.
            changes.entries.isEmpty ? .text("") : .records(ImportReport.listing(changes.entries)), .text(more),
        ]
    }
}
