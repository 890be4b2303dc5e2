import TransDBCore

/// An import's report as `transdb import` prints it.
///
/// - `table`: `imported: added 1 library, 6 curves; 0 changed; 0 unchanged` (or
///   `dry run, nothing written: …`), then the entries that are not unchanged, grouped by action:
///   a sample of each action (``ReportSample``) with a line per action saying how many more
///   there are and how to see them, or every entry.
/// - `json`: every entry as ``ImportReport/listing`` has it; `ndjson`, `csv`: the same records
///   a line or a row each, written a slice at a time (an import may have a million routes).
public struct ImportOutput: Sendable {
    /// The report.
    public var report: ImportReport
    /// Whether the import was a dry run, which changed nothing.
    public var dryRun: Bool
    /// Which entries `table` lists.
    public var tableSample: ReportSample

    /// The output of `report`; `listsAll` lists every entry in `table` (`--all`).
    public init(_ report: ImportReport, dryRun: Bool, listsAll: Bool = false) {
        self.report = report
        self.dryRun = dryRun
        self.tableSample = listsAll ? .all : .sample
    }

    /// How many entries are made into records at a time for `ndjson` and `csv`: a million at
    /// once would take gigabytes.
    private static let sliceSize = 10_000

    /// What the table says after a sample that left entries out.
    static let moreHint = "--report table --all lists every entry; --report json, ndjson or csv lists them for scripts"
}

extension ImportOutput: Renderable {
    public var jsonDocument: JSONValue { report.listing.jsonDocument }

    public var jsonIsArrayOfLines: Bool { true }

    public func forEachJSONLine(_ body: (JSONValue) throws -> Void) rethrows {
        try report.forEachSlice(of: Self.sliceSize) { slice in try ImportReport.listing(slice).forEachJSONLine(body) }
    }

    public var csvColumns: [String] { ImportReport.listing([]).csvColumns }

    public func forEachCSVRecord(_ body: ([(String, JSONValue)]) throws -> Void) rethrows {
        try report.forEachSlice(of: Self.sliceSize) { slice in try ImportReport.listing(slice).forEachCSVRecord(body) }
    }

    public var tableText: [TextBlock] {
        let sample = report.sample(tableSample)
        return [
            .text((dryRun ? "dry run, nothing written: " : "imported: ") + report.summary + "\n"),
            // Nothing to list: the summary says so, and no empty table follows it.
            sample.entries.isEmpty ? .text("") : .records(ImportReport.listing(sample.entries)),
            .text(ReportSample.more(sample.cut.map { ($0.action.rawValue, $0.count) }, hint: Self.moreHint)),
        ]
    }
}
