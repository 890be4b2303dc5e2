import GRDB
import TransDBCore

/// One connection's share of a ``BatchResolver``: its own lookup, with what it remembers, and
/// its own writer. Lanes share nothing, so that several answer at once.
struct BatchLane {
    let catalog: Catalog
    let strict: Bool
    let explain: Bool
    /// Every request is asked with Reduce Motion on.
    let reduceMotion: Bool
    private var reader = BatchRequestReader()
    private var lookup: TransitionLookup?
    /// The lookup store beside the catalog, read while the catalog's stamp is the store's.
    private var store: LookupStore?
    /// Whether the lookup reads `store` (else the catalog).
    private(set) var readsStore = false
    private var sourceMemo = SourceMemo()
    private var writer: ResolutionWriter
    private var curveExpressions = CurveExpressions()
    /// The catalog's state when the lookup started remembering.
    private var dataVersion: [Int64]?

    /// How many lines this lane answered with an error.
    private(set) var failedLines = 0

    /// The input's format once this lane has read its first line.
    var format: BatchRequestReader.Format? { reader.format }

    /// How many entries each of the lookup's memos holds: lanes share the batch's memory.
    private let memoLimit: Int

    init(catalog: Catalog, store: LookupStore?, strict: Bool, explain: Bool, reduceMotion: Bool, of laneCount: Int) {
        self.catalog = catalog
        self.store = store
        self.strict = strict
        self.explain = explain
        self.reduceMotion = reduceMotion
        self.memoLimit = (1 << 16) / laneCount
        self.writer = ResolutionWriter(recordLimit: memoLimit)
    }

    /// Reads `store` from the next read on, while the catalog's stamp is the store's.
    mutating func adopt(_ store: LookupStore) {
        self.store = store
        lookup = nil
    }

    /// Answers `lines` (each ending with a newline, the first being line `firstLine` of the
    /// input, read as `format`) in one read of the catalog.
    mutating func answer(
        _ lines: UnsafeBufferPointer<UInt8>, firstLine: Int, format: BatchRequestReader.Format?, into output: inout [UInt8]
    ) throws {
        reader.continue(at: firstLine, format: format)
        try catalog.read { db in
            let version = try Catalog.dataVersion(db)
            if version != dataVersion || lookup == nil {
                readsStore = store != nil && LookupStamp.current(db) == store?.stamp
                restart(db)
                dataVersion = version
            } else {
                let source = source(db)
                lookup?.source = source
            }
            var start = lines.startIndex
            while let newline = lines[start...].firstIndex(of: UInt8(ascii: "\n")) {
                try answer(UnsafeBufferPointer(rebasing: lines[start..<newline]), db: db, into: &output)
                start = newline + 1
            }
        }
    }

    /// A new lookup, remembering nothing yet.
    private mutating func restart(_ db: Database) {
        sourceMemo = SourceMemo()
        lookup = TransitionLookup(source: source(db), memoLimit: memoLimit)
        writer.forget()
        curveExpressions = CurveExpressions()
    }

    /// What the lookup reads in the read that gave `db`.
    private func source(_ db: Database) -> any LookupSource {
        if readsStore, let store { StoreLookupSource(store, db) } else { CatalogLookupSource(db, memo: sourceMemo) }
    }

    /// Answers one line: a request the model or the lookup refuses becomes the line's answer; a
    /// catalog that cannot be read ends the batch.
    private mutating func answer(_ line: UnsafeBufferPointer<UInt8>, db: Database, into output: inout [UInt8]) throws {
        do {
            guard var request = try reader.request(utf8: line) else { return }
            if reduceMotion { request.reduceMotion = true }
            guard var resolution = try resolve(request, db) else { return }
            try ReducedMotion.apply(to: &resolution, source: ConnectionPresetSource(db: db))
            // The writer asks for a curve's expression only the first time it writes a preset.
            let curveExpressions = curveExpressions
            writer.write(
                resolution, curveExpression: { curveExpressions.expression(of: $0, db) }, includeExplanation: explain, into: &output)
            return
        } catch let error as ModelError {
            failed(error.description, into: &output)
        } catch let error as LookupError {
            failed(error.description, into: &output)
        }
    }

    private mutating func resolve(_ request: LookupRequest, _ db: Database) throws -> Resolution? {
        let (strict, explain) = (self.strict, self.explain)
        do {
            return try lookup?.resolve(request, strict: strict, explain: explain)
        } catch LookupStoreError.damaged {
            // The store was damaged after it was built: the catalog answers from here on.
            (store, readsStore) = (nil, false)
            restart(db)
            return try lookup?.resolve(request, strict: strict, explain: explain)
        }
    }

    private mutating func failed(_ message: String, into output: inout [UInt8]) {
        failedLines += 1
        output.append(
            // Escaped as every other error is printed, so a name in it cannot reorder the line.
            contentsOf: JSONValue.object([("line", .integer(Int64(reader.lineNumber))), ("error", .string(Table.oneLine(message)))]).compact
                .utf8)
        output.append(UInt8(ascii: "\n"))
    }
}

/// The expressions of the curves presets name, each read once: presets share few curves. A
/// reference, so that the writer's callback can fill it.
private final class CurveExpressions {
    private var known: [CurveReference: String] = [:]

    /// A curve's expression, or the reference as written when it cannot be read: what
    /// `transdb resolve` prints.
    func expression(of reference: CurveReference, _ db: Database) -> String {
        if let expression = known[reference] { return expression }
        let expression = (try? CatalogReader(db: db).expression(of: reference)) ?? reference.description
        if known.count >= 1 << 12 { known.removeAll() }
        known[reference] = expression
        return expression
    }
}
