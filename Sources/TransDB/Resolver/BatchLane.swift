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
    /// The lines of a chunk read and not yet answered.
    private var readAhead: [ReadLine] = []
    private var writer: ResolutionWriter
    private var curveExpressions = CurveExpressions()
    /// The catalog's state when the lookup started remembering.
    private var dataVersion: [Int64]?
    /// The catalog's lookup stamp in that state.
    private var stamp: Int64?

    /// How many lines this lane answered with an error.
    private(set) var failedLines = 0

    /// The input's format once this lane has read its first line.
    var format: BatchRequestReader.Format? { reader.format }

    /// How many entries each of the lookup's memos holds: lanes share the batch's memory.
    private let memoLimit: Int

    /// What the batch's lanes read and write once for all of them.
    private let shelf: BatchShelf

    init(catalog: Catalog, store: LookupStore?, shelf: BatchShelf, strict: Bool, explain: Bool, reduceMotion: Bool, of laneCount: Int) {
        self.catalog = catalog
        self.store = store
        self.shelf = shelf
        self.strict = strict
        self.explain = explain
        self.reduceMotion = reduceMotion
        self.memoLimit = (1 << 16) / laneCount
        // The presets' records are in their boxes; the writer keeps only those of boxes without one.
        self.writer = ResolutionWriter(recordLimit: BatchResolver.presetLimit)
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
        try catalog.read { db in
            try begin(db)
            try answer(lines, firstLine: firstLine, format: format, db: db, into: &output)
        }
    }

    /// Answers the pieces of `lines` it takes from `pieces` until none is left, each into its
    /// share, in one read of the catalog.
    mutating func answer(
        _ lines: UnsafeBufferPointer<UInt8>, pieces: BatchPieces, format: BatchRequestReader.Format?,
        into shares: UnsafeMutableBufferPointer<[UInt8]>
    ) throws {
        try catalog.read { db in
            try begin(db)
            while let piece = pieces.take() {
                shares[piece].removeAll(keepingCapacity: true)
                try answer(
                    UnsafeBufferPointer(rebasing: lines[pieces.ranges[piece]]), firstLine: pieces.firstLines[piece], format: format, db: db,
                    into: &shares[piece])
            }
        }
    }

    /// Starts a read of the catalog: what the lookup remembers is kept while the catalog is
    /// unchanged.
    private mutating func begin(_ db: Database) throws {
        let version = try Catalog.dataVersion(db)
        if version != dataVersion || lookup == nil {
            stamp = LookupStamp.current(db)
            readsStore = store != nil && stamp == store?.stamp
            restart(db)
            dataVersion = version
        } else {
            let source = source(db)
            lookup?.source = source
        }
    }

    private mutating func answer(
        _ lines: UnsafeBufferPointer<UInt8>, firstLine: Int, format: BatchRequestReader.Format?, db: Database, into output: inout [UInt8]
    ) throws {
        reader.continue(at: firstLine, format: format)
        var start = lines.startIndex
        while start < lines.endIndex {
            readAhead.removeAll(keepingCapacity: true)
            while readAhead.count < Self.readAheadCount, let newline = lines[start...].firstIndex(of: UInt8(ascii: "\n")) {
                try read(UnsafeBufferPointer(rebasing: lines[start..<newline]))
                start = newline + 1
            }
            if readAhead.isEmpty { break }
            for index in readAhead.indices {
                prefetch(after: index)
                try answer(readAhead[index], db: db, into: &output)
            }
        }
    }

    /// How many lines are read before the first of them is answered.
    private static let readAheadCount = 64

    /// A line read, before it is answered.
    private struct ReadLine {
        /// Its number in the input.
        var number: Int
        /// Its request (`nil` for a CSV header), or why it has none.
        var request: Result<LookupRequest?, RefusedLine>
        /// The store's groups of its screens, once asked for.
        var screenGroups: (from: Int, to: Int)?
    }

    /// Why a line has no request, as its answer says.
    private struct RefusedLine: Error { var message: String }

    /// Reads `line` into `readAhead`: a request the model refuses becomes the line's answer.
    private mutating func read(_ line: UnsafeBufferPointer<UInt8>) throws {
        let request: Result<LookupRequest?, RefusedLine>
        do {
            var read = try reader.request(utf8: line)
            if reduceMotion { read?.reduceMotion = true }
            request = .success(read)
        } catch let error as ModelError {
            request = .failure(RefusedLine(message: error.description))
        }
        readAhead.append(ReadLine(number: reader.lineNumber, request: request))
    }

    /// Asks the processor for what the store will read two and one lines after `index`: the
    /// start of their screens' groups, then their entries. An answer takes microseconds and a
    /// read of memory a tenth of one, so two lines ahead is enough to hide it.
    private mutating func prefetch(after index: Int) {
        guard readsStore, let store else { return }
        if index + 2 < readAhead.count, case let .success(request?) = readAhead[index + 2].request {
            let groups = (from: store.screenGroup(reference: request.from), to: store.screenGroup(reference: request.to))
            store.prefetchStart(ofScreenGroup: groups.from)
            store.prefetchStart(ofScreenGroup: groups.to)
            readAhead[index + 2].screenGroups = groups
        }
        if index + 1 < readAhead.count, let groups = readAhead[index + 1].screenGroups {
            store.prefetchEntries(ofScreenGroup: groups.from)
            store.prefetchEntries(ofScreenGroup: groups.to)
        }
    }

    /// A new lookup, remembering nothing yet.
    private mutating func restart(_ db: Database) {
        sourceMemo = SourceMemo()
        // Before the source, which writes presets' records with the curves' expressions.
        curveExpressions = CurveExpressions()
        lookup = TransitionLookup(source: source(db), memoLimit: memoLimit, presetMemoLimit: BatchResolver.presetLimit)
        writer.forget()
    }

    /// What the lookup reads in the read that gave `db`.
    private func source(_ db: Database) -> any LookupSource {
        let curveExpressions = curveExpressions
        let presets = BatchPresets(shelf: shelf, stamp: stamp) { preset in
            ResolutionWriter.record(of: preset, curveExpression: { curveExpressions.expression(of: $0, db) })
        }
        if readsStore, let store {
            var source = StoreLookupSource(store, db)
            source.batch = presets
            return source
        }
        var source = CatalogLookupSource(db, memo: sourceMemo)
        source.batch = presets
        return source
    }

    /// Answers one line: a request the model or the lookup refuses becomes the line's answer; a
    /// catalog that cannot be read ends the batch.
    private mutating func answer(_ line: ReadLine, db: Database, into output: inout [UInt8]) throws {
        do {
            guard let request = try line.request.get() else { return }
            guard var resolution = try resolve(request, db) else { return }
            try ReducedMotion.apply(to: &resolution, source: ConnectionPresetSource(db: db))
            // The writer asks for a curve's expression only the first time it writes a preset.
            let curveExpressions = curveExpressions
            writer.write(
                resolution, curveExpression: { curveExpressions.expression(of: $0, db) }, includeExplanation: explain, into: &output)
            return
        } catch let refused as RefusedLine {
            failed(refused.message, line: line.number, into: &output)
        } catch let error as ModelError {
            failed(error.description, line: line.number, into: &output)
        } catch let error as LookupError {
            failed(error.description, line: line.number, into: &output)
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

    private mutating func failed(_ message: String, line: Int, into output: inout [UInt8]) {
        failedLines += 1
        output.append(
            // Escaped as every other error is printed, so a name in it cannot reorder the line.
            contentsOf: JSONValue.object([("line", .integer(Int64(line))), ("error", .string(Table.oneLine(message)))]).compact
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
