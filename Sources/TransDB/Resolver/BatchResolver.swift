import Foundation
import TransDBCore

/// `transdb resolve --batch`: requests in, one answer per line out, the same bytes as resolving
/// each request alone and printing `Resolution.record` as compact JSON (without `explanation`
/// unless asked), a line that cannot be answered getting `{"line", "error"}` in its place.
///
/// Every request goes through the one lookup (``TransitionLookup``), which reads the lookup store
/// beside the catalog (``LookupStore``) while the store describes the catalog as it is, and the
/// catalog itself otherwise; without such a store, one is built on another thread and read from
/// the next chunk after it is ready (``completeStoreBuild()`` lets it finish after the last).
/// Input arrives in chunks of any size. The complete lines of a chunk are shared among lanes, one
/// connection each, which answer at once on as many cores (a catalog on disk; an in-memory one has
/// one lane), each in one read of the catalog; their answers are joined in input order. What a
/// lane's lookup remembers is kept across chunks until the catalog changes (`PRAGMA
/// data_version`, and the connection's own change count); the presets lanes read are shared
/// (``BatchShelf``).
public struct BatchResolver {
    private let catalog: Catalog
    private let strict: Bool
    private let explain: Bool
    private let reduceMotion: Bool
    private let laneLimit: Int
    /// Below this many bytes of complete lines, one lane answers them all: a request arriving
    /// alone on a pipe is answered at once, without waking other threads.
    private let minimumShare: Int
    private var lanes: [BatchLane] = []
    /// The input's format, known once its first line has been read.
    private var format: BatchRequestReader.Format?
    /// How many lines have been answered.
    private var linesRead = 0
    /// The start of a line whose end has not arrived yet.
    private var pending: [UInt8] = []
    /// Each lane's answers to its share of a chunk.
    private var shares: [[UInt8]] = []
    /// The lookup store being built, when there was none for the catalog as it is.
    private var storeBuild: LookupStoreBuild?
    /// How many presets, each with its record, the lanes' shelf keeps, and each lane's own
    /// memos: a preset is about 1,100 bytes with its tracks and its record 200 to 400, where a
    /// screen's entry is tens, so that a batch over a catalog of hundreds of thousands of presets
    /// stays under 100 MB, while the 10,000 the benchmark's catalogs play are all kept.
    static let presetLimit = 1 << 14
    /// The presets the lanes share, with their records.
    private let shelf = BatchShelf(limit: presetLimit)

    /// How many connections answer (once the first lines have been fed).
    var laneCount: Int { lanes.count }

    /// How many lanes read the lookup store in their last read.
    var lanesReadingStore: Int { lanes.count { $0.readsStore } }

    /// How many lines were answered with an error.
    public var failedLines: Int { lanes.reduce(0) { $0 + $1.failedLines } }

    /// Why the batch as a whole failed, once every line is answered: some lines were answered
    /// with an error. `nil` when every line was resolved.
    public var failure: BatchResolveError? { failedLines > 0 ? .unresolvedLines(count: failedLines) : nil }

    /// The most lanes a batch opens unless told: each adds a connection and what it remembers
    /// (2–7 MB on the benchmark's catalogs of a million mappings, which stay under 100 MB with
    /// four).
    public static let defaultLaneLimit = 4

    /// A batch over `catalog`.
    ///
    /// - Parameters:
    ///   - strict: Refuse screens and containers that are not in the catalog (see ``Resolver``).
    ///   - explain: Add each answer's `explanation`.
    ///   - reduceMotion: Answer every request as with Reduce Motion on (as if each line asked).
    ///   - lanes: At most this many connections answer at once (default: one per core, at most
    ///     ``defaultLaneLimit``).
    public init(catalog: Catalog, strict: Bool, explain: Bool, reduceMotion: Bool = false, lanes: Int? = nil) {
        self.init(catalog: catalog, strict: strict, explain: explain, reduceMotion: reduceMotion, lanes: lanes, minimumShare: 1 << 14)
    }

    /// A batch that shares even a few bytes of lines among its lanes, for tests.
    init(catalog: Catalog, strict: Bool, explain: Bool, reduceMotion: Bool = false, lanes: Int?, minimumShare: Int) {
        self.catalog = catalog
        self.strict = strict
        self.explain = explain
        self.reduceMotion = reduceMotion
        self.laneLimit = max(1, lanes ?? min(ProcessInfo.processInfo.activeProcessorCount, Self.defaultLaneLimit))
        self.minimumShare = minimumShare
    }

    /// Answers the lines `input` completes, appending the answers to `output`; a last line
    /// without its newline waits for the next chunk or ``finish(into:)``.
    ///
    /// - Throws: ``CatalogError`` when the catalog cannot be read at all.
    public mutating func feed(_ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) throws {
        guard let lastNewline = input.lastIndex(of: UInt8(ascii: "\n")) else {
            pending.append(contentsOf: input)
            return
        }
        if pending.isEmpty {
            try answer(UnsafeBufferPointer(rebasing: input[...lastNewline]), into: &output)
        } else {
            pending.append(contentsOf: input[...lastNewline])
            let lines = pending
            pending = []
            try lines.withUnsafeBufferPointer { try answer($0, into: &output) }
        }
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
        try last.withUnsafeBufferPointer { try answer($0, into: &output) }
    }

    /// Whether a lookup store is being built for the catalog, which had none as it is.
    public var isBuildingStore: Bool { storeBuild != nil }

    /// Waits for the lookup store this batch started building, when there was none for the
    /// catalog as it is, to be written: the next batch then reads it. Call it once the answers
    /// are out; a batch of a few lines would otherwise start a build, stop it, and never gain.
    public mutating func completeStoreBuild() {
        storeBuild?.wait()
        storeBuild = nil
    }

    /// Answers `lines`, each ending with a newline.
    private mutating func answer(_ lines: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) throws {
        if lanes.isEmpty { try openLanes() }
        if let store = storeBuild?.take() {
            storeBuild = nil
            for index in lanes.indices { if let copy = index == 0 ? store : store.copy() { lanes[index].adopt(copy) } }
        }
        // Until the first line has told the format, one lane reads alone.
        if format == nil || lines.count < minimumShare || lanes.count == 1 {
            try lanes[0].answer(lines, firstLine: linesRead + 1, format: format, into: &output)
            format = format ?? lanes[0].format
            linesRead += Self.newlines(in: lines)
        } else {
            let pieces = BatchPieces(lines, firstLine: linesRead + 1, count: lanes.count * Self.piecesPerLane)
            try answerAtOnce(lines, pieces: pieces, into: &output)
            linesRead += pieces.lineCount
        }
    }

    /// How many pieces a chunk is cut into per lane: enough that the lanes end a chunk at about
    /// the same time, few enough that taking one costs nothing beside answering it.
    private static let piecesPerLane = 8

    /// The lanes answer the pieces of `lines`, each on a thread of its own; the answers are
    /// appended in order.
    private mutating func answerAtOnce(_ lines: UnsafeBufferPointer<UInt8>, pieces: BatchPieces, into output: inout [UInt8]) throws {
        if shares.count < pieces.ranges.count { shares = Array(repeating: [], count: pieces.ranges.count) }
        var failures: [(any Error)?] = Array(repeating: nil, count: lanes.count)
        let format = self.format
        lanes.withUnsafeMutableBufferPointer { lanes in
            shares.withUnsafeMutableBufferPointer { shares in
                failures.withUnsafeMutableBufferPointer { failures in
                    // Each thread touches only its own lane and failure slot, and the shares of
                    // the pieces it takes.
                    nonisolated(unsafe) let (lanes, shares, failures, lines) = (lanes, shares, failures, lines)
                    DispatchQueue.concurrentPerform(iterations: lanes.count) { index in
                        do {
                            try lanes[index].answer(lines, pieces: pieces, format: format, into: shares)
                        } catch {
                            failures[index] = error
                        }
                    }
                }
            }
        }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
        for share in shares.prefix(pieces.ranges.count) { output.append(contentsOf: share) }
    }

    /// Opens the lanes: this catalog's connection, and one more read-only connection to its
    /// file per further lane. A connection that cannot be opened only means fewer lanes.
    private mutating func openLanes() throws {
        let store = catalog.openLookupStore()
        let stamp = catalog.isOnDisk ? try catalog.read { db in LookupStamp.current(db) } : nil
        // No store for the catalog as it is: the lanes read the catalog while one is built.
        if stamp != nil, stamp != store?.stamp { storeBuild = LookupStoreBuild(catalogPath: catalog.path) }
        let cacheKiB = Catalog.batchPageCacheKiB(connections: laneLimit)
        try catalog.setPageCache(kibibytes: cacheKiB)
        lanes = [BatchLane(catalog: catalog, store: store, shelf: shelf, strict: strict, explain: explain, reduceMotion: reduceMotion, of: laneLimit)]
        guard laneLimit > 1, catalog.isOnDisk else { return }
        for _ in 1..<laneLimit {
            guard let other = try? Catalog(path: catalog.path, mode: .readOnly), (try? other.setPageCache(kibibytes: cacheKiB)) != nil
            else { break }
            lanes.append(
                BatchLane(catalog: other, store: store?.copy(), shelf: shelf, strict: strict, explain: explain, reduceMotion: reduceMotion, of: laneLimit))
        }
    }

    private static func newlines(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte == UInt8(ascii: "\n") { count += 1 }
        return count
    }
}
