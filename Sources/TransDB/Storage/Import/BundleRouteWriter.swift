import GRDB
import GRDBSQLite
import TransDBCore

/// Writes a library's `routes` array straight from the `route` table: the bytes
/// ``BundleFormat/encode(_:)`` writes for them, without a value per route.
///
/// Every name a route can show is escaped once, into a fragment of the output that also holds
/// the text around it. Routes are read as ids, each turned into a key that packs the ranks of
/// its delegate, operation and screens in the canonical order (see
/// ``LibraryBundle/canonicalized()``), radix-sorted, and written as eight copies of fragments.
struct BundleRouteWriter {
    private let db: Database
    private let libraryID: Int64
    /// Whether the library's routes are a small part of the catalog's, read through the route
    /// key's index with only the screens and presets they name (``init(db:library:libraryID:)``).
    private let isSmallPart: Bool
    /// Ranks in name order: the library's delegates from 0, every screen from 1 (0 is `*`).
    private let delegateRank: IDMap
    private let screenRank: IDMap
    /// Every preset from 1 (0 is no preset).
    private let presetSlot: IDMap
    private let delegateBits: Int
    private let presetCount: Int
    private let screenBits: Int
    private var fragments = Fragments()
    private let delegateBase: Int, operationBase: Int, fromBase: Int, toBase: Int, presetBase: Int, interactionBase: Int
    /// `\n    }` after a route, and `,\n` between two.
    private let closing: Int, separator: Int

    /// Reads the names routes of `library` can show.
    init(db: Database, library: String, libraryID: Int64) throws {
        self.db = db
        self.libraryID = libraryID
        // A library with most of the catalog's routes reads whole tables, which is twice as fast
        // as walking an index; one of many libraries reads only its own, or exporting each of
        // ten thousand libraries would read every table ten thousand times.
        let isSmallPart = try !CatalogReader.holdsMostRoutes(libraryID: libraryID, db)
        self.isSmallPart = isSmallPart
        let arguments: StatementArguments = isSmallPart ? [libraryID] : []
        // Only the entries the library's routes name through `columns`, when it is a small part.
        func named(_ alias: String, by columns: String...) -> String {
            guard isSmallPart else { return "" }
            return " WHERE \(alias).id IN (" + columns.map { "SELECT \($0) FROM route WHERE \(CatalogReader.libraryRoutes)" }.joined(separator: " UNION ") + ")"
        }
        // A reference to the library's own entry is written bare, any other as `library/name`.
        func shown(_ row: Row) -> String {
            QualifiedName(library: row[1], name: row[2]).local(in: library).description
        }
        // UTF-8 byte order is Unicode scalar order, the order canonicalized() sorts names in.
        func sorted(_ entries: [(id: Int64, name: String)]) -> [(id: Int64, name: String)] {
            entries.map { (entry: $0, key: Array($0.name.utf8)) }.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map(\.entry)
        }
        let delegates = sorted(
            try Row.fetchAll(db, sql: "SELECT id, name FROM delegate WHERE library_id = ?", arguments: [libraryID])
                .map { (id: $0[0] as Int64, name: $0[1] as String) })
        let screens = sorted(
            try Row.fetchAll(
                db, sql: "SELECT s.id, l.name, s.name FROM screen s JOIN library l ON l.id = s.library_id" + named("s", by: "from_screen_id", "to_screen_id"),
                arguments: arguments
            ).map { (id: $0[0] as Int64, name: shown($0)) })
        let presets = try Row.fetchAll(
            db, sql: "SELECT p.id, l.name, p.name FROM preset p JOIN library l ON l.id = p.library_id" + named("p", by: "preset_id", "interaction_id"),
            arguments: arguments
        ).map { (id: $0[0] as Int64, name: shown($0)) }
        presetCount = presets.count
        delegateRank = IDMap(delegates.enumerated().map { (id: $1.id, value: $0) })
        screenRank = IDMap(screens.enumerated().map { (id: $1.id, value: $0 + 1) })
        presetSlot = IDMap(presets.enumerated().map { (id: $1.id, value: $0 + 1) })
        delegateBits = Self.bits(delegates.count - 1)
        screenBits = Self.bits(screens.count)

        let open = "    {\n      \"delegate\": "
        delegateBase = fragments.count
        for delegate in delegates { fragments.add(open, Self.quoted(delegate.name), ",\n      \"op\": \"") }
        operationBase = fragments.count
        for operation in TransitionOperation.allCases { fragments.add(operation.rawValue, "\",\n      \"from\": ") }
        fromBase = fragments.count
        fragments.add(Self.quoted("*"), ",\n      \"to\": ")
        for screen in screens { fragments.add(Self.quoted(screen.name), ",\n      \"to\": ") }
        toBase = fragments.count
        fragments.add(Self.quoted("*"), ",\n      \"preset\": ")
        for screen in screens { fragments.add(Self.quoted(screen.name), ",\n      \"preset\": ") }
        presetBase = fragments.count
        fragments.add("null")
        for preset in presets { fragments.add(Self.quoted(preset.name)) }
        interactionBase = fragments.count
        fragments.add()
        for preset in presets { fragments.add(",\n      \"interaction\": ", Self.quoted(preset.name)) }
        closing = fragments.count
        fragments.add("\n    }")
        separator = fragments.count
        fragments.add(",\n")
    }

    /// Whether a route's key fits in 64 bits; when it does not (millions of delegates and
    /// screens), the caller writes the routes the slow way.
    var canWrite: Bool { delegateBits + Self.operationBits + 2 * screenBits <= 64 && presetCount < 1 << 32 - 1 }

    /// Writes the routes array and what ends the document after it; `progress` counts the routes.
    func write(to output: inout ChunkedOutput, progress: WorkProgress? = nil) throws {
        var routes = try sortKeys()
        progress.begin("writing routes", total: Int64(routes.count))
        routes.stableRadixSort(keyBits: delegateBits + Self.operationBits + 2 * screenBits)
        guard !routes.isEmpty else {
            try output.append("[]\n}\n")
            return
        }
        try output.append("[\n")
        let screenMask = UInt64(1) << screenBits - 1
        let operationShift = 2 * screenBits
        let delegateShift = operationShift + Self.operationBits
        let longest = fragments.longest * 8
        let (delegateBase, operationBase, fromBase, toBase) = (delegateBase, operationBase, fromBase, toBase)
        let (presetBase, interactionBase, closing, separator) = (presetBase, interactionBase, closing, separator)
        try fragments.bytes.withUnsafeBytes { bytes in
            try fragments.offsets.withUnsafeBufferPointer { offsets in
                guard let base = bytes.baseAddress else { return }
                func put(_ fragment: Int, _ output: inout ChunkedOutput) {
                    let start = offsets[fragment]
                    output.appendReserved(base + start, offsets[fragment + 1] - start)
                }
                for (index, route) in routes.enumerated() {
                    try output.reserve(longest)
                    if index > 0 { put(separator, &output) }
                    let key = route.key
                    put(delegateBase + Int(key >> UInt64(delegateShift)), &output)
                    put(operationBase + Int((key >> UInt64(operationShift)) & 7), &output)
                    put(fromBase + Int((key >> UInt64(screenBits)) & screenMask), &output)
                    put(toBase + Int(key & screenMask), &output)
                    put(presetBase + Int(route.value >> 32), &output)
                    put(interactionBase + Int(route.value & 0xFFFF_FFFF), &output)
                    put(closing, &output)
                    progress.advance()
                }
            }
        }
        try output.append("\n  ]\n}\n")
    }

    /// Every route of the library as its sort key (delegate, operation, from, to ranks) and its
    /// preset and interaction slots, in row id order.
    private func sortKeys() throws -> [KeyedValue] {
        let statement = try db.makeStatement(
            sql: "SELECT delegate_id, operation, from_screen_id, to_screen_id, preset_id, interaction_id FROM route"
                + (isSmallPart ? " WHERE \(CatalogReader.libraryRoutes) ORDER BY id" : ""))
        if isSmallPart { try statement.setArguments([libraryID]) }
        let raw = statement.sqliteStatement
        defer { sqlite3_reset(raw) }
        // Like the reader's LEFT JOINs, an id that names nothing reads as `*` or no preset.
        @inline(__always) func number(_ column: Int32, _ map: IDMap) -> UInt64 {
            let id = sqlite3_column_int64(raw, column)
            // NULL reads as 0, and only then is it worth asking which of the two it was.
            if id == 0 && sqlite3_column_type(raw, column) == SQLITE_NULL { return 0 }
            return UInt64(map[id] ?? 0)
        }
        // The operation's place in allCases; like the reader, an unknown spelling (which the
        // schema's CHECK refuses) reads as `present`.
        let spellings = TransitionOperation.allCases.map { Array($0.rawValue.utf8) }
        @inline(__always) func operationRank(_ text: UnsafePointer<UInt8>?, _ count: Int32) -> UInt64 {
            guard let text else { return 0 }
            let spelled = UnsafeBufferPointer(start: text, count: Int(count))
            for rank in spellings.indices where spellings[rank].elementsEqual(spelled) { return UInt64(rank) }
            return 0
        }
        // Routes in row id order, which the sort keeps among equal keys: for a library with most
        // of the routes, the whole table (a scan is twice as fast as an index walk with a table
        // lookup per row), else its own through the index.
        var routes: [KeyedValue] = []
        while true {
            let status = sqlite3_step(raw)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: status), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            guard let delegate = delegateRank[sqlite3_column_int64(raw, 0)] else { continue }
            let operation = operationRank(sqlite3_column_text(raw, 1), sqlite3_column_bytes(raw, 1))
            var key = UInt64(delegate) << UInt64(Self.operationBits) | operation
            key = key << UInt64(screenBits) | number(2, screenRank)
            key = key << UInt64(screenBits) | number(3, screenRank)
            routes.append(KeyedValue(key: key, value: number(4, presetSlot) << 32 | number(5, presetSlot)))
        }
        return routes
    }

    private static let operationBits = 3


    /// How many bits hold `value` (0 for 0 or less).
    private static func bits(_ value: Int) -> Int { value <= 0 ? 0 : Int.bitWidth - value.leadingZeroBitCount }

    private static func quoted(_ name: String) -> String {
        var bytes: [UInt8] = []
        JSONBytes.appendQuoted(name, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Byte strings stored end to end and found by number.
private struct Fragments {
    var bytes: [UInt8] = []
    var offsets: [Int] = [0]
    var longest = 0

    var count: Int { offsets.count - 1 }

    mutating func add(_ parts: String...) {
        for part in parts { bytes.append(contentsOf: part.utf8) }
        longest = max(longest, bytes.count - offsets[offsets.count - 1])
        offsets.append(bytes.count)
    }
}
