import Foundation
import GRDB
import GRDBSQLite
import TransDBCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a ``LookupStore`` of a catalog as one read of it sees it: the stamp and every row come
/// from the same snapshot, so the file describes exactly the state its stamp names.
///
/// Its memory stays a fraction of the catalog's size: each table of entries is read twice (once
/// to measure its groups, once to write each entry in its place) and written to the file as soon
/// as it is complete; the small sections follow, then the header, at the start.
struct LookupStoreBuilder {
    private let db: Database
    private let file: StoreFile
    private let presetPiece: Int
    /// The sections not written yet, kept until the end (the delegates' shapes are known last).
    private var sections: [[UInt8]] = Array(repeating: [], count: LookupStoreLayout.Section.allCases.count)
    private var libraryOrdinals: [Int64: Int] = [:]
    private var delegateOrdinals: [Int64: Int] = [:]
    /// By ordinal: what each delegate's entry holds, and which route keys its mappings have.
    private var delegates: [(library: Int, released: Bool, name: [UInt8])] = []
    private var delegateShapes: [UInt16] = []
    /// Screens' catalog ids, ascending, and their store ids at the same index: routes find their
    /// screens by binary search (two arrays take a fraction of a dictionary's memory).
    private var screenRowIDs = RowIDs()
    private var screenIDs: [UInt32] = []
    private var containerIDs: [Int64: UInt32] = [:]

    /// Why a build stopped without a file.
    enum Stop: Error {
        /// The catalog has no `lookup_stamp` (a schema before 9, opened read-only).
        case noStamp
        /// A section would not fit the format's 32-bit offsets, or an id its encoding.
        case tooLarge
        /// A row refers to one the read did not find (a catalog written with foreign keys off).
        case inconsistent
    }

    /// Builds the store of the catalog `db` reads and writes it to `path` atomically (a file
    /// beside it, renamed over it).
    ///
    /// - Throws: ``Stop``; what reading the catalog or writing the file throws.
    /// - Parameter presetPiece: Preset entries go to the file in pieces of about this many bytes.
    static func build(_ db: Database, to path: String, presetPiece: Int = 1 << 20) throws {
        guard let stamp = LookupStamp.current(db) else { throw Stop.noStamp }
        StoreFile.removeAbandoned(besides: path)
        let file = try StoreFile(replacing: path)
        var kept = false
        defer { if !kept { file.discard() } }
        var builder = LookupStoreBuilder(db: db, file: file, presetPiece: presetPiece)
        try builder.readLibraries()
        try builder.readDelegates()
        try builder.readNamed(screens: true)
        try builder.readNamed(screens: false)
        try builder.readContainerOrder()
        try builder.readRoutes()
        try builder.readPresets()
        try builder.writeDelegates()
        try builder.finish(stamp: stamp)
        kept = true
    }

    private init(db: Database, file: StoreFile, presetPiece: Int) {
        self.db = db
        self.file = file
        self.presetPiece = presetPiece
    }

    // MARK: Reading the catalog

    private mutating func readLibraries() throws {
        var count: UInt32 = 0
        sections[LookupStoreLayout.Section.libraries.rawValue] = [0, 0, 0, 0]
        try Self.each("SELECT id, name FROM library ORDER BY id", db) { statement in
            libraryOrdinals[sqlite3_column_int64(statement, 0)] = Int(count)
            try Self.appendName(Self.bytes(statement, 1), to: &sections[LookupStoreLayout.Section.libraries.rawValue])
            count += 1
        }
        withUnsafeBytes(of: count.littleEndian) { sections[LookupStoreLayout.Section.libraries.rawValue].replaceSubrange(0..<4, with: $0) }
    }

    /// The delegates by id: their entries are written once the routes have told their shapes.
    private mutating func readDelegates() throws {
        try Self.each("SELECT id, library_id, name, released FROM delegate ORDER BY id", db) { statement in
            delegateOrdinals[sqlite3_column_int64(statement, 0)] = delegates.count
            delegates.append(
                (library: try libraryOrdinal(sqlite3_column_int64(statement, 1)), released: sqlite3_column_int64(statement, 3) != 0,
                 name: Array(Self.bytes(statement, 2))))
        }
        delegateShapes = Array(repeating: 0, count: delegates.count)
    }

    /// Screens (or containers), grouped by name; each one's id is its entry's offset + 1.
    private mutating func readNamed(screens: Bool) throws {
        let table = screens ? "screen" : "container"
        var entries = GroupedTable(count: try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0)
        let sql =
            screens
            ? "SELECT id, library_id, name, delegate_id, modal_style, presentation_style FROM screen ORDER BY id"
            : "SELECT id, library_id, name, delegate_id, kind FROM container ORDER BY id"
        let modalStyles = ModalTransitionStyle.allCases.map(\.rawValue)
        let presentationStyles = ModalPresentationStyle.allCases.map(\.rawValue)
        let kinds = ContainerKind.allCases.map(\.rawValue)
        var rowIDs = RowIDs()
        var ids: [UInt32] = []
        for placing in [false, true] {
            try Self.each(sql, db) { statement in
                let library = try libraryOrdinal(sqlite3_column_int64(statement, 1))
                let delegate = try sqlite3_column_type(statement, 3) == SQLITE_NULL ? 0 : UInt64(delegateOrdinal(sqlite3_column_int64(statement, 3)) + 1)
                let flags: UInt8
                if screens {
                    let modal = modalStyles.firstIndex(of: Self.text(statement, 4)) ?? 0
                    let presentation = presentationStyles.firstIndex(of: Self.text(statement, 5)) ?? 0
                    flags = UInt8(modal | presentation << 2)
                } else {
                    flags = UInt8(kinds.firstIndex(of: Self.text(statement, 4)) ?? 0)
                }
                let name = Self.bytes(statement, 2)
                let id = try entries.add(hash: StoreHash.bytes(name)) { entry in
                    Varint.append(delegate, to: &entry)
                    Varint.append(UInt64(library), to: &entry)
                    entry.append(flags)
                    try Self.appendName(name, to: &entry)
                }
                if placing {
                    rowIDs.append(sqlite3_column_int64(statement, 0))
                    ids.append(id)
                }
            }
            if !placing { try entries.startPlacing() }
        }
        let (index, bytes) = entries.finish()
        sections[(screens ? LookupStoreLayout.Section.screenGroups : .containerGroups).rawValue] = index
        try file.write(bytes, as: screens ? .screenEntries : .containerEntries)
        if screens {
            (screenRowIDs, screenIDs) = (rowIDs, ids)
        } else {
            containerIDs = Dictionary(uniqueKeysWithValues: zip((0..<ids.count).map { rowIDs[$0] }, ids))
        }
    }

    /// Containers in the order `containers(kind:limit:)` lists them: by `library/name`, as SQLite
    /// compares text.
    private mutating func readContainerOrder() throws {
        var order: [UInt32] = []
        try Self.each("SELECT e.id FROM container e JOIN library l ON l.id = e.library_id ORDER BY l.name || '/' || e.name", db) { statement in
            guard let id = containerIDs[sqlite3_column_int64(statement, 0)] else { throw Stop.inconsistent }
            order.append(id)
        }
        sections[LookupStoreLayout.Section.containersByName.rawValue] = Self.littleEndianBytes(order)
    }

    private mutating func readRoutes() throws {
        var entries = GroupedTable(count: try Int.fetchOne(db, sql: "SELECT count(*) FROM route") ?? 0)
        let operations = TransitionOperation.allCases.map(\.rawValue)
        for placing in [false, true] {
            try Self.each(
                "SELECT id, delegate_id, operation, from_screen_id, to_screen_id, preset_id, interaction_id FROM route ORDER BY id", db
            ) { statement in
                let delegate = try delegateOrdinal(sqlite3_column_int64(statement, 1))
                guard let operation = operations.firstIndex(of: Self.text(statement, 2)) else { throw Stop.inconsistent }
                let from = try screenSide(statement, 3)
                let to = try screenSide(statement, 4)
                if placing {
                    var shape: RouteKeyProbes.Shape = .any
                    if from == 0 { shape.insert(.fromWildcard) }
                    if to == 0 { shape.insert(.toWildcard) }
                    delegateShapes[delegate] |= LookupStoreLayout.shapeBits(shape, operation: operation)
                }
                let key = LookupStoreLayout.routeKey(delegate: delegate, operation: operation)
                let preset = try Self.optionalID(statement, 5)
                let interaction = try Self.optionalID(statement, 6)
                _ = try entries.add(hash: StoreHash.route(key, from: from, to: to)) { entry in
                    Varint.append(key, to: &entry)
                    Varint.append(from, to: &entry)
                    Varint.append(to, to: &entry)
                    Varint.append(Varint.zigzag(sqlite3_column_int64(statement, 0)), to: &entry)
                    Varint.append(preset, to: &entry)
                    Varint.append(interaction, to: &entry)
                }
            }
            if !placing { try entries.startPlacing() }
        }
        let (index, bytes) = entries.finish()
        sections[LookupStoreLayout.Section.routeGroups.rawValue] = index
        try file.write(bytes, as: .routeEntries)
    }

    /// Each preset's row and its views' rows as the catalog's queries read them, by id.
    private mutating func readPresets() throws {
        var index: [UInt8] = []
        var entries: [UInt8] = []
        var written = 0
        var entry: [UInt8] = []
        var viewRows: [UInt8] = []
        // Kept, as its handle is finalized with it.
        let viewStatement = try db.makeStatement(sql: CatalogReader.viewRowsByPreset)
        let views = viewStatement.sqliteStatement
        var viewsLeft = try Self.step(views, db)
        defer { withExtendedLifetime(viewStatement) {} }
        try Self.each(CatalogReader.presetRowsByID, db) { statement in
            let id = sqlite3_column_int64(statement, 0)
            entry.removeAll(keepingCapacity: true)
            viewRows.removeAll(keepingCapacity: true)
            StoredRow.append(statement, to: &entry)
            var viewCount: UInt64 = 0
            while viewsLeft, sqlite3_column_int64(views, 0) <= id {
                // A view of a preset that is not there (foreign keys off) is met by no preset's query.
                if sqlite3_column_int64(views, 0) == id {
                    StoredRow.append(views, to: &viewRows)
                    viewCount += 1
                }
                viewsLeft = try Self.step(views, db)
            }
            Varint.append(viewCount, to: &entry)
            entry += viewRows
            withUnsafeBytes(of: id.littleEndian) { index += $0 }
            try Self.appendOffset(written + entries.count, to: &index)
            withUnsafeBytes(of: entry.withUnsafeBytes { GroupedEntries.check($0) }.littleEndian) { entries += $0 }
            entries += entry
            // To the file a piece at a time: a catalog of a million presets has hundreds of megabytes.
            if entries.count >= presetPiece {
                try file.append(entries, to: .presetEntries)
                written += entries.count
                entries.removeAll(keepingCapacity: true)
            }
        }
        guard written + entries.count < Int(UInt32.max) else { throw Stop.tooLarge }
        sections[LookupStoreLayout.Section.presetIndex.rawValue] = index
        try file.append(entries, to: .presetEntries)
    }

    /// Each delegate's entry, with the shape of its mappings, and where it starts.
    private mutating func writeDelegates() throws {
        var offsets: [UInt8] = []
        var entries: [UInt8] = []
        for (delegate, shape) in zip(delegates, delegateShapes) {
            try Self.appendOffset(entries.count, to: &offsets)
            Varint.append(UInt64(delegate.library), to: &entries)
            entries.append(delegate.released ? 1 : 0)
            withUnsafeBytes(of: shape.littleEndian) { entries += $0 }
            try delegate.name.withUnsafeBytes { try Self.appendName($0, to: &entries) }
        }
        sections[LookupStoreLayout.Section.delegateOffsets.rawValue] = offsets
        sections[LookupStoreLayout.Section.delegateEntries.rawValue] = entries
    }

    // MARK: Ids

    private func libraryOrdinal(_ id: Int64) throws -> Int {
        guard let ordinal = libraryOrdinals[id] else { throw Stop.inconsistent }
        return ordinal
    }

    private func delegateOrdinal(_ id: Int64) throws -> Int {
        guard let ordinal = delegateOrdinals[id] else { throw Stop.inconsistent }
        return ordinal
    }

    /// A route side's store id, 0 for the wildcard.
    private func screenSide(_ statement: OpaquePointer, _ column: Int32) throws -> UInt64 {
        guard sqlite3_column_type(statement, column) != SQLITE_NULL else { return 0 }
        guard let index = screenRowIDs.index(of: sqlite3_column_int64(statement, column)) else { throw Stop.inconsistent }
        return UInt64(screenIDs[index])
    }

    private static func optionalID(_ statement: OpaquePointer, _ column: Int32) throws -> UInt64 {
        guard sqlite3_column_type(statement, column) != SQLITE_NULL else { return 0 }
        let id = sqlite3_column_int64(statement, column)
        // The one id whose zigzag leaves no room for `nil`.
        guard id != .min else { throw Stop.tooLarge }
        return Varint.optional(id)
    }

    // MARK: Bytes

    /// Steps `sql`, calling `body` with each row.
    private static func each(_ sql: String, _ db: Database, _ body: (OpaquePointer) throws -> Void) throws {
        let statement = try db.makeStatement(sql: sql)
        // The handle is finalized with its statement: kept until the last row.
        try withExtendedLifetime(statement) {
            let handle = statement.sqliteStatement
            while try step(handle, db) { try body(handle) }
        }
    }

    /// Steps `statement` once: whether it is on a row.
    private static func step(_ statement: OpaquePointer, _ db: Database) throws -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }

    private static func bytes(_ statement: OpaquePointer, _ column: Int32) -> UnsafeRawBufferPointer {
        guard let text = sqlite3_column_text(statement, column) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, column)))
    }

    private static func text(_ statement: OpaquePointer, _ column: Int32) -> String {
        String(decoding: bytes(statement, column), as: UTF8.self)
    }

    private static func appendName(_ name: UnsafeRawBufferPointer, to bytes: inout [UInt8]) throws {
        guard name.count <= Int(UInt16.max) else { throw Stop.tooLarge }
        withUnsafeBytes(of: UInt16(name.count).littleEndian) { bytes += $0 }
        bytes += name
    }

    private static func appendOffset(_ offset: Int, to bytes: inout [UInt8]) throws {
        guard offset < Int(UInt32.max) else { throw Stop.tooLarge }
        withUnsafeBytes(of: UInt32(offset).littleEndian) { bytes += $0 }
    }

    private static func littleEndianBytes<Value: FixedWidthInteger>(_ values: [Value]) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(values.count * Value.bitWidth / 8)
        for value in values { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        return bytes
    }

    // MARK: The file

    /// The sections still in memory, then the header, which says where each section is; the
    /// file then replaces the store there was.
    private mutating func finish(stamp: Int64) throws {
        func bytes(_ section: LookupStoreLayout.Section) -> UnsafeRawBufferPointer {
            sections[section.rawValue].withUnsafeBytes { UnsafeRawBufferPointer($0) }
        }
        sections[LookupStoreLayout.Section.pageChecks.rawValue] = LookupStoreLayout.pageChecks(LookupStoreLayout.pagedSections.map(bytes))
        for section in LookupStoreLayout.Section.allCases where !file.has(section) { try file.write(sections[section.rawValue], as: section) }
        try file.finish(stamp: stamp, check: LookupStoreLayout.check(LookupStoreLayout.checkedWhole.map(bytes)))
    }
}

/// The file a build writes: a temporary one beside the store, sections appended after room for
/// the header, the header written last, then renamed over the store.
private final class StoreFile {
    private let path: String
    private let temporary: String
    private let descriptor: Int32
    private var places: [LookupStoreLayout.Section: (offset: UInt64, length: UInt64)] = [:]
    private var end = UInt64(LookupStoreLayout.headerSize)

    init(replacing path: String) throws {
        self.path = path
        temporary = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        #if canImport(Glibc)
            descriptor = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        #else
            descriptor = Darwin.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        #endif
        guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary]) }
    }

    deinit { close(descriptor) }

    func has(_ section: LookupStoreLayout.Section) -> Bool { places[section] != nil }

    func write(_ bytes: [UInt8], as section: LookupStoreLayout.Section) throws {
        try bytes.withUnsafeBytes { try write($0, at: end) }
        places[section] = (end, UInt64(bytes.count))
        end += UInt64(bytes.count)
    }

    /// Adds `bytes` to the end of `section`, written in pieces: it must be the last one written.
    func append(_ bytes: [UInt8], to section: LookupStoreLayout.Section) throws {
        let place = places[section] ?? (end, 0)
        precondition(place.offset + place.length == end, "a section written in pieces is the last one written")
        try bytes.withUnsafeBytes { try write($0, at: end) }
        places[section] = (place.offset, place.length + UInt64(bytes.count))
        end += UInt64(bytes.count)
    }

    func finish(stamp: Int64, check: UInt64) throws {
        var header = LookupStoreLayout.magic
        withUnsafeBytes(of: stamp.littleEndian) { header += $0 }
        withUnsafeBytes(of: LookupStoreLayout.formatVersion.littleEndian) { header += $0 }
        withUnsafeBytes(of: UInt32(LookupStoreLayout.Section.allCases.count).littleEndian) { header += $0 }
        withUnsafeBytes(of: check.littleEndian) { header += $0 }
        for section in LookupStoreLayout.Section.allCases {
            let place = places[section] ?? (end, 0)
            withUnsafeBytes(of: place.offset.littleEndian) { header += $0 }
            withUnsafeBytes(of: place.length.littleEndian) { header += $0 }
        }
        try header.withUnsafeBytes { try write($0, at: 0) }
        guard fsync(descriptor) == 0, rename(temporary, path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }

    /// Removes the temporary file of a build that did not finish.
    func discard() { unlink(temporary) }

    /// Removes the temporary files beside the store at `path` that builds of processes no longer
    /// running left behind (killed while they built). A file whose process runs, or whose name
    /// this process did not write, is kept; a failure only leaves the file.
    static func removeAbandoned(besides path: String) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let prefix = url.lastPathComponent + "."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            // `<store>.<pid>.<n>.tmp`, as `init(replacing:)` names it.
            let middle = name.dropFirst(prefix.count).dropLast(".tmp".count).split(separator: ".", omittingEmptySubsequences: false)
            guard middle.count == 2, let pid = pid_t(middle[0]), pid > 0, UInt32(middle[1]) != nil else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(directory + "/" + name) }
        }
    }

    private func write(_ bytes: UnsafeRawBufferPointer, at offset: UInt64) throws {
        guard let start = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let count = pwrite(descriptor, start + done, bytes.count - done, off_t(offset) + off_t(done))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary]) }
            done += count
        }
    }
}

/// Entries laid out group by group (``GroupedEntries``), from two passes over the same rows in
/// the same order: the first measures each group, the second writes each entry in its place
/// (entries of one key keep their order).
private struct GroupedTable {
    private let groupCount: Int
    /// Each group's size in the first pass; where its next entry goes in the second.
    private var next: [Int]
    private var groupStarts: [Int] = []
    private var entries: [UInt8] = []
    private var scratch: [UInt8] = []
    private var length: [UInt8] = []
    private var placing = false

    init(count: Int) {
        groupCount = GroupedEntries.groupCount(for: count)
        next = Array(repeating: GroupedEntries.checkSize, count: groupCount)
    }

    /// Measures (first pass) or writes (second pass) the entry of `hash` that `body` writes,
    /// after the tag and length this adds; returns its id (its offset + 1) in the second pass.
    mutating func add(hash: UInt64, _ body: (inout [UInt8]) throws -> Void) throws -> UInt32 {
        scratch.removeAll(keepingCapacity: true)
        try body(&scratch)
        length.removeAll(keepingCapacity: true)
        length.append(GroupedEntries.tag(hash))
        Varint.append(UInt64(scratch.count), to: &length)
        let group = GroupedEntries.group(hash, count: groupCount)
        let place = next[group]
        next[group] += length.count + scratch.count
        guard placing else {
            guard next[group] < Int(UInt32.max) else { throw LookupStoreBuilder.Stop.tooLarge }
            return 0
        }
        entries.replaceSubrange(place..<(place + length.count), with: length)
        entries.replaceSubrange((place + length.count)..<next[group], with: scratch)
        return UInt32(place + 1)
    }

    /// Ends the first pass: each group's place is known.
    mutating func startPlacing() throws {
        groupStarts = [0]
        for size in next { groupStarts.append(groupStarts[groupStarts.count - 1] + size) }
        guard groupStarts[groupCount] < Int(UInt32.max) else { throw LookupStoreBuilder.Stop.tooLarge }
        next = groupStarts.dropLast().map { $0 + GroupedEntries.checkSize }
        entries = [UInt8](repeating: 0, count: groupStarts[groupCount])
        placing = true
    }

    /// The groups' starts (`u32` each, and the end) and the entries, each group after its check.
    consuming func finish() -> (index: [UInt8], entries: [UInt8]) {
        var index: [UInt8] = []
        index.reserveCapacity(groupStarts.count * 4)
        for start in groupStarts { withUnsafeBytes(of: UInt32(start).littleEndian) { index += $0 } }
        let (starts, count) = (groupStarts, groupCount)
        entries.withUnsafeMutableBytes { bytes in
            for group in 0..<count {
                let entries = UnsafeRawBufferPointer(rebasing: bytes[(starts[group] + GroupedEntries.checkSize)..<starts[group + 1]])
                bytes.storeBytes(of: GroupedEntries.check(entries).littleEndian, toByteOffset: starts[group], as: UInt16.self)
            }
        }
        return (index, entries)
    }
}

/// Row ids read in ascending order, and where each is among them. Rows numbered without gaps
/// (the usual catalog) take no memory: only a first id and a count, until a gap appears.
private struct RowIDs {
    private var first: Int64 = 0
    private var count = 0
    /// Every id, once there is a gap.
    private var all: [Int64]?

    mutating func append(_ id: Int64) {
        if all == nil, count == 0 || id == first &+ Int64(count) {
            if count == 0 { first = id }
        } else {
            if all == nil { all = (0..<count).map { first + Int64($0) } }
            all?.append(id)
        }
        count += 1
    }

    subscript(index: Int) -> Int64 { all?[index] ?? first + Int64(index) }

    /// The index of `id`, `nil` when it is not among them.
    func index(of id: Int64) -> Int? {
        guard let all else {
            let index = id &- first
            return index >= 0 && index < Int64(count) ? Int(index) : nil
        }
        var low = 0
        var high = all.count
        while low < high {
            let middle = (low + high) / 2
            if all[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < all.count && all[low] == id ? low : nil
    }
}
