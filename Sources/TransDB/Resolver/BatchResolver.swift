import GRDB
import TransDBCore

/// `transdb resolve --batch`: requests in, one answer per line out, the same bytes as resolving
/// each request alone and printing `Resolution.record` as compact JSON (without `explanation`
/// unless asked), a line that cannot be answered getting `{"line", "error"}` in its place.
///
/// Every request goes through the one lookup (``TransitionLookup``). Input arrives in chunks of
/// any size; the lines of one chunk are answered in one read of the catalog, and what the lookup
/// remembers is kept across chunks until the catalog changes (`PRAGMA data_version`, and the
/// connection's own change count).
public struct BatchResolver {
    let catalog: Catalog
    let strict: Bool
    let explain: Bool
    private var reader = BatchRequestReader()
    private var lookup: TransitionLookup?
    private var sourceMemo = SourceMemo()
    private var writer = ResolutionWriter()
    private var curveExpressions = CurveExpressions()
    /// The catalog's state when the lookup started remembering.
    private var dataVersion: [Int64]?
    /// The start of a line whose end has not arrived yet.
    private var pending: [UInt8] = []
    private var configured = false

    /// How many lines were answered with an error.
    public private(set) var failedLines = 0

    /// Why the batch as a whole failed, once every line is answered: some lines were answered
    /// with an error. `nil` when every line was resolved.
    public var failure: BatchResolveError? { failedLines > 0 ? .unresolvedLines(count: failedLines) : nil }

    /// A batch over `catalog`.
    ///
    /// - Parameters:
    ///   - strict: Refuse screens and containers that are not in the catalog (see ``Resolver``).
    ///   - explain: Add each answer's `explanation`.
    public init(catalog: Catalog, strict: Bool, explain: Bool) {
        self.catalog = catalog
        self.strict = strict
        self.explain = explain
    }

    /// Answers the lines `input` completes, appending the answers to `output`; a last line
    /// without its newline waits for the next chunk or ``finish(into:)``.
    ///
    /// - Throws: ``CatalogError`` when the catalog cannot be read at all.
    public mutating func feed(_ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) throws {
        if !configured {
            configured = true
            try catalog.useLargePageCache()
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
            let version = try Catalog.dataVersion(db)
            if version != dataVersion || lookup == nil {
                sourceMemo = SourceMemo()
                lookup = TransitionLookup(source: CatalogLookupSource(db, memo: sourceMemo))
                writer.forget()
                curveExpressions = CurveExpressions()
                dataVersion = version
            } else {
                lookup?.source = CatalogLookupSource(db, memo: sourceMemo)
            }
            var start = lines.startIndex
            while let newline = lines[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = UnsafeBufferPointer(rebasing: lines[start..<newline])
                start = newline + 1
                if pending.isEmpty {
                    try answer(line, db: db, into: &output)
                } else {
                    pending.append(contentsOf: line)
                    let joined = pending
                    pending = []
                    try joined.withUnsafeBufferPointer { try answer($0, db: db, into: &output) }
                }
            }
        }
    }

    /// Answers one line: a request the model or the lookup refuses becomes the line's answer; a
    /// catalog that cannot be read ends the batch.
    private mutating func answer(_ line: UnsafeBufferPointer<UInt8>, db: Database, into output: inout [UInt8]) throws {
        do {
            guard let request = try reader.request(utf8: line) else { return }
            let (strict, explain) = (self.strict, self.explain)
            guard let resolution = try lookup?.resolve(request, strict: strict, explain: explain) else { return }
            // The writer asks for a curve's expression only the first time it writes a preset.
            let curveExpressions = curveExpressions
            writer.write(resolution, curveExpression: { curveExpressions.expression(of: $0, db) }, includeExplanation: explain, into: &output)
            return
        } catch let error as ModelError {
            failed(error.description, into: &output)
        } catch let error as LookupError {
            failed(error.description, into: &output)
        }
    }

    private mutating func failed(_ message: String, into output: inout [UInt8]) {
        failedLines += 1
        output.append(
            contentsOf: JSONValue.object([("line", .integer(Int64(reader.lineNumber))), ("error", .string(message))]).compact.utf8)
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
