import GRDB

/// `transdb resolve --batch`: requests in, one answer per line out, the same bytes as resolving
/// each request alone and printing `Resolution.record` as compact JSON (without `explanation`
/// unless asked), a line that cannot be answered getting `{"line", "error"}` in its place.
///
/// Input arrives in chunks of any size; the lines of one chunk are answered in one read of the
/// catalog. What was read of screens, containers, delegates and presets is kept across chunks
/// until the catalog changes (`PRAGMA data_version`, and the connection's own change count), so
/// a request usually costs one probe of the route index (``QuickLookup``). Requests it cannot
/// answer that way, and every request when the explanation is asked for, go through the
/// resolver's own lookup.
public struct BatchResolver {
    let catalog: Catalog
    let strict: Bool
    let explain: Bool
    private var reader = BatchRequestReader()
    private var cache: ResolveCache
    /// The catalog's state when the cache was filled.
    private var dataVersion: [Int64]?
    /// The start of a line whose end has not arrived yet.
    private var pending: [UInt8] = []
    private var configured = false

    /// How many lines were answered with an error.
    public private(set) var failedLines = 0

    /// A batch over `catalog`.
    ///
    /// - Parameters:
    ///   - strict: Refuse screens and containers that are not in the catalog (see ``Resolver``).
    ///   - explain: Add each answer's `explanation`.
    public init(catalog: Catalog, strict: Bool, explain: Bool) {
        self.catalog = catalog
        self.strict = strict
        self.explain = explain
        cache = ResolveCache(strict: strict)
    }

    /// Answers the lines `input` completes, appending the answers to `output`; a last line
    /// without its newline waits for the next chunk or ``finish(into:)``.
    ///
    /// - Throws: ``CatalogError`` when the catalog cannot be read at all.
    public mutating func feed(_ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) throws {
        if !configured {
            configured = true
            // Room for the pages of the route index that the batch touches, up to a catalog of
            // several million mappings, so that each is read from the file once (the default
            // 2 MiB cache re-reads most probes' leaf pages). Memory grows only as pages are used.
            try Catalog.mapErrors(path: catalog.path) {
                try catalog.queue.inDatabase { db in try db.execute(sql: "PRAGMA cache_size = -65536") }
            }
        }
        guard let lastNewline = input.lastIndex(of: UInt8(ascii: "\n")) else {
            pending.append(contentsOf: input)
            return
        }
        let complete = UnsafeBufferPointer(rebasing: input[...lastNewline])
        try answer(complete, into: &output)
        pending.append(contentsOf: input[(lastNewline + 1)...])
    }

    /// Answers the last line when the input did not end with a newline.
    ///
    /// - Throws: ``CatalogError`` when the catalog cannot be read at all.
    public mutating func finish(into output: inout [UInt8]) throws {
        guard !pending.isEmpty else { return }
        pending.append(UInt8(ascii: "\n"))
        let last = pending
        pending = []
        try last.withUnsafeBufferPointer { try answer(UnsafeBufferPointer(rebasing: $0[...]), into: &output) }
    }

    /// Answers `lines` (each ending with a newline; the first continuing `pending`) in one read.
    private mutating func answer(_ lines: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) throws {
        try catalog.read { db in
            // data_version counts other connections' commits, the change count this one's.
            let version = [try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0, Int64(db.totalChangesCount)]
            if version != dataVersion {
                cache.removeAll()
                dataVersion = version
            }
            // The lookup holds the only copy of the cache while it runs (no copy on first write).
            var quick = QuickLookup(db: db, cache: cache, probe: RouteProbe(db))
            cache = ResolveCache(strict: strict)
            defer { cache = quick.cache }
            var start = lines.startIndex
            while let newline = lines[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = UnsafeBufferPointer(rebasing: lines[start..<newline])
                start = newline + 1
                if pending.isEmpty {
                    try answer(line, quick: &quick, db: db, into: &output)
                } else {
                    pending.append(contentsOf: line)
                    let joined = pending
                    pending = []
                    try joined.withUnsafeBufferPointer { try answer($0, quick: &quick, db: db, into: &output) }
                }
            }
        }
    }

    /// Answers one line; only a ``CatalogError`` becomes the line's answer, as it always has.
    private mutating func answer(_ line: UnsafeBufferPointer<UInt8>, quick: inout QuickLookup, db: Database, into output: inout [UInt8])
        throws
    {
        do {
            guard let request = try reader.request(utf8: line) else { return }
            if !explain && quick.answer(request, into: &output) { return }
            let resolution = try Catalog.mapErrors(path: catalog.path) { try Resolver.resolve(request, strict: strict, in: db) }
            let record = resolution.record(curveExpression: { quick.cache.curveExpression($0, db) }, includeExplanation: explain)
            output.append(contentsOf: JSONValue.object(record).compact.utf8)
        } catch let error as CatalogError {
            failedLines += 1
            output.append(
                contentsOf: JSONValue.object([("line", .integer(Int64(reader.lineNumber))), ("error", .string(error.description))]).compact
                    .utf8)
        }
        output.append(UInt8(ascii: "\n"))
    }
}
