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
struct LookupStoreBuilder {
    private let db: Database
    /// Asked every few thousand rows: a build nobody waits for any more stops early.
    private let shouldStop: () -> Bool
    private var sections: [[UInt8]] = Array(repeating: [], count: LookupStoreLayout.Section.allCases.count)
    private var libraryOrdinals: [Int64: Int] = [:]
    private var delegateOrdinals: [Int64: Int] = [:]
    private var delegateShapes: [UInt16] = []
    /// Screens' catalog ids, ascending, and their store ids at the same index: routes find their
    /// screens by binary search (two arrays take a fraction of a dictionary's memory).
    private var screenRowIDs: [Int64] = []
    private var screenIDs: [UInt32] = []
    private var containerIDs: [Int64: UInt32] = [:]

    /// Why a build stopped without a file.
    enum Stop: Error {
        /// `shouldStop` said so.
        case cancelled
        /// The catalog has no `lookup_stamp` (a schema before 9, opened read-only).
        case noStamp
        /// A section would not fit the format's 32-bit offsets, or an id its encoding.
        case tooLarge
    }

    /// Builds the store of the catalog `db` reads and writes it to `path` atomically (a file
    /// beside it, renamed over it).
    ///
    /// - Throws: ``Stop``; what reading the catalog or writing the file throws.
    static func build(_ db: Database, to path: String, shouldStop: @escaping () -> Bool = { false }) throws {
        guard let stamp = LookupStamp.current(db) else { throw Stop.noStamp }
        var builder = LookupStoreBuilder(db: db, shouldStop: shouldStop)
        try builder.readLibraries()
        try builder.readDelegates()
        try builder.readNamed(screens: true)
        try builder.readNamed(screens: false)
        try builder.readContainerOrder()
        try builder.readRoutes()
        try builder.writeDelegateShapes()
        try builder.write(stamp: stamp, to: path)
    }

    private init(db: Database, shouldStop: @escaping () -> Bool) {
        self.db = db
        self.shouldStop = shouldStop
    }

    private mutating func append(_ section: LookupStoreLayout.Section, _ body: (inout [UInt8]) throws -> Void) rethrows {
        try body(&sections[section.rawValue])
    }

    // MARK: Reading the catalog

    private mutating func readLibraries() throws {
        var count: UInt32 = 0
        sections[LookupStoreLayout.Section.libraries.rawValue] = [0, 0, 0, 0]
        try Self.each("SELECT id, name FROM library ORDER BY id", db, shouldStop: shouldStop) { statement in
            libraryOrdinals[sqlite3_column_int64(statement, 0)] = Int(count)
            try Self.appendName(Self.bytes(statement, 1), to: &sections[LookupStoreLayout.Section.libraries.rawValue])
            count += 1
        }
        withUnsafeBytes(of: count.littleEndian) { sections[LookupStoreLayout.Section.libraries.rawValue].replaceSubrange(0..<4, with: $0) }
    }

    private mutating func readDelegates() throws {
        try Self.each("SELECT id, library_id, name, released FROM delegate ORDER BY id", db, shouldStop: shouldStop) { statement in
            let ordinal = delegateShapes.count
            delegateOrdinals[sqlite3_column_int64(statement, 0)] = ordinal
            delegateShapes.append(0)
            let library = try libraryOrdinal(sqlite3_column_int64(statement, 1))
            let released = sqlite3_column_int64(statement, 3) != 0
            let offset = sections[LookupStoreLayout.Section.delegateEntries.rawValue].count
            try append(.delegateOffsets) { try Self.appendOffset(offset, to: &$0) }
            try append(.delegateEntries) { entries in
                Varint.append(UInt64(library), to: &entries)
                entries.append(released ? 1 : 0)
                // The shape's two bytes, filled once the routes are read.
                entries += [0, 0]
                try Self.appendName(Self.bytes(statement, 2), to: &entries)
            }
        }
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
        var rowIDs: [Int64] = []
        try Self.each(sql, db, shouldStop: shouldStop) { statement in
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
            try entries.add(hash: StoreHash.bytes(name)) { entry in
                Varint.append(delegate, to: &entry)
                Varint.append(UInt64(library), to: &entry)
                entry.append(flags)
                try Self.appendName(name, to: &entry)
            }
            rowIDs.append(sqlite3_column_int64(statement, 0))
        }
        let (index, bytes, ids) = try entries.finish()
        sections[(screens ? LookupStoreLayout.Section.screenGroups : .containerGroups).rawValue] = index
        sections[(screens ? LookupStoreLayout.Section.screenEntries : .containerEntries).rawValue] = bytes
        if screens {
            (screenRowIDs, screenIDs) = (rowIDs, ids)
        } else {
            containerIDs = Dictionary(uniqueKeysWithValues: zip(rowIDs, ids))
        }
    }

    /// Containers in the order `containers(kind:limit:)` lists them: by `library/name`, as SQLite
    /// compares text.
    private mutating func readContainerOrder() throws {
        var order: [UInt32] = []
        try Self.each("SELECT e.id FROM container e JOIN library l ON l.id = e.library_id ORDER BY l.name || '/' || e.name", db, shouldStop: shouldStop) { statement in
            guard let id = containerIDs[sqlite3_column_int64(statement, 0)] else { throw LookupStoreError.damaged }
            order.append(id)
        }
        sections[LookupStoreLayout.Section.containersByName.rawValue] = Self.littleEndianBytes(order)
    }

    private mutating func readRoutes() throws {
        var entries = GroupedTable(count: try Int.fetchOne(db, sql: "SELECT count(*) FROM route") ?? 0)
        let operations = TransitionOperation.allCases.map(\.rawValue)
        try Self.each(
            "SELECT id, delegate_id, operation, from_screen_id, to_screen_id, preset_id, interaction_id FROM route ORDER BY id", db,
            shouldStop: shouldStop
        ) { statement in
            let delegate = try delegateOrdinal(sqlite3_column_int64(statement, 1))
            guard let operation = operations.firstIndex(of: Self.text(statement, 2)) else { throw LookupStoreError.damaged }
            let from = try screenSide(statement, 3)
            let to = try screenSide(statement, 4)
            var shape: RouteKeyProbes.Shape = .any
            if from == 0 { shape.insert(.fromWildcard) }
            if to == 0 { shape.insert(.toWildcard) }
            delegateShapes[delegate] |= LookupStoreLayout.shapeBits(shape, operation: operation)
            let key = LookupStoreLayout.routeKey(delegate: delegate, operation: operation)
            let preset = try Self.optionalID(statement, 5)
            let interaction = try Self.optionalID(statement, 6)
            try entries.add(hash: StoreHash.route(key, from: from, to: to)) { entry in
                Varint.append(key, to: &entry)
                Varint.append(from, to: &entry)
                Varint.append(to, to: &entry)
                Varint.append(Varint.zigzag(sqlite3_column_int64(statement, 0)), to: &entry)
                Varint.append(preset, to: &entry)
                Varint.append(interaction, to: &entry)
            }
        }
        let (index, bytes, _) = try entries.finish()
        sections[LookupStoreLayout.Section.routeGroups.rawValue] = index
        sections[LookupStoreLayout.Section.routeEntries.rawValue] = bytes
    }

    /// Each delegate's shape, into the two bytes its entry keeps for it.
    private mutating func writeDelegateShapes() throws {
        for (ordinal, shape) in delegateShapes.enumerated() {
            let offsets = sections[LookupStoreLayout.Section.delegateOffsets.rawValue]
            let offset = offsets.withUnsafeBytes { Int(UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: ordinal * 4, as: UInt32.self))) }
            // The entry starts with its library's varint and the released byte.
            var skip = offset
            while sections[LookupStoreLayout.Section.delegateEntries.rawValue][skip] >= 0x80 { skip += 1 }
            skip += 2
            withUnsafeBytes(of: shape.littleEndian) {
                sections[LookupStoreLayout.Section.delegateEntries.rawValue].replaceSubrange(skip..<(skip + 2), with: $0)
            }
        }
    }

    // MARK: Ids

    private func libraryOrdinal(_ id: Int64) throws -> Int {
        guard let ordinal = libraryOrdinals[id] else { throw LookupStoreError.damaged }
        return ordinal
    }

    private func delegateOrdinal(_ id: Int64) throws -> Int {
        guard let ordinal = delegateOrdinals[id] else { throw LookupStoreError.damaged }
        return ordinal
    }

    /// A route side's store id, 0 for the wildcard.
    private func screenSide(_ statement: OpaquePointer, _ column: Int32) throws -> UInt64 {
        guard sqlite3_column_type(statement, column) != SQLITE_NULL else { return 0 }
        let rowID = sqlite3_column_int64(statement, column)
        var low = 0
        var high = screenRowIDs.count
        while low < high {
            let middle = (low + high) / 2
            if screenRowIDs[middle] < rowID { low = middle + 1 } else { high = middle }
        }
        guard low < screenRowIDs.count, screenRowIDs[low] == rowID else { throw LookupStoreError.damaged }
        return UInt64(screenIDs[low])
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
    private static func each(_ sql: String, _ db: Database, shouldStop: () -> Bool, _ body: (OpaquePointer) throws -> Void) throws {
        let statement = try db.makeStatement(sql: sql)
        let handle = statement.sqliteStatement
        var rows = 0
        while true {
            switch sqlite3_step(handle) {
            case SQLITE_ROW:
                rows += 1
                if rows & 4095 == 0, shouldStop() { throw Stop.cancelled }
                try body(handle)
            case SQLITE_DONE:
                return
            case let code:
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
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

    /// The header and the sections, to a file beside `path` that is then renamed over it: a
    /// reader sees the old file or the new one, whole.
    private func write(stamp: Int64, to path: String) throws {
        var header = LookupStoreLayout.magic
        withUnsafeBytes(of: stamp.littleEndian) { header += $0 }
        withUnsafeBytes(of: LookupStoreLayout.formatVersion.littleEndian) { header += $0 }
        withUnsafeBytes(of: UInt32(sections.count).littleEndian) { header += $0 }
        let check = LookupStoreLayout.check(
            LookupStoreLayout.checkedWhole.map { section in sections[section.rawValue].withUnsafeBytes { UnsafeRawBufferPointer($0) } })
        withUnsafeBytes(of: check.littleEndian) { header += $0 }
        var offset = UInt64(LookupStoreLayout.headerSize)
        for section in sections {
            withUnsafeBytes(of: offset.littleEndian) { header += $0 }
            withUnsafeBytes(of: UInt64(section.count).littleEndian) { header += $0 }
            offset += UInt64(section.count)
        }
        let temporary = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = Self.create(temporary)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary]) }
        var written = true
        for bytes in [header] + sections where written {
            written = bytes.withUnsafeBytes { Self.writeAll($0, to: descriptor) }
        }
        written = written && fsync(descriptor) == 0
        close(descriptor)
        guard written, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }

    private static func create(_ path: String) -> Int32 {
        #if canImport(Glibc)
            Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        #else
            Darwin.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        #endif
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        guard let start = bytes.baseAddress else { return true }
        var done = 0
        while done < bytes.count {
            let count = Foundation.write(descriptor, start + done, bytes.count - done)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }
}

/// Entries added in any order, laid out group by group (``GroupedEntries``): each is written
/// to a staging buffer, then all are moved to their groups, keeping their order within a group.
private struct GroupedTable {
    private let groupCount: Int
    private var staging: [UInt8] = []
    /// Each entry's start in `staging`, and its group, in the order added.
    private var starts: [UInt32] = []
    private var groups: [UInt32] = []

    init(count: Int) { groupCount = GroupedEntries.groupCount(for: count) }

    /// Adds the entry of `hash` that `body` writes (after the tag and length this adds).
    mutating func add(hash: UInt64, _ body: (inout [UInt8]) throws -> Void) throws {
        guard staging.count < Int(UInt32.max) - (1 << 16) else { throw LookupStoreBuilder.Stop.tooLarge }
        var entry: [UInt8] = []
        try body(&entry)
        starts.append(UInt32(staging.count))
        groups.append(UInt32(GroupedEntries.group(hash, count: groupCount)))
        staging.append(GroupedEntries.tag(hash))
        Varint.append(UInt64(entry.count), to: &staging)
        staging += entry
    }

    /// The groups' starts (`u32` each, and the end), the entries group by group, and each entry's
    /// id (its offset + 1) in the order they were added.
    func finish() throws -> (index: [UInt8], entries: [UInt8], ids: [UInt32]) {
        var groupStarts = [Int](repeating: GroupedEntries.checkSize, count: groupCount + 1)
        groupStarts[0] = 0
        for (entry, group) in groups.enumerated() { groupStarts[Int(group) + 1] += size(of: entry) }
        for group in 0..<groupCount { groupStarts[group + 1] += groupStarts[group] }
        guard groupStarts[groupCount] < Int(UInt32.max) else { throw LookupStoreBuilder.Stop.tooLarge }
        var index: [UInt8] = []
        index.reserveCapacity((groupCount + 1) * 4)
        for start in groupStarts { withUnsafeBytes(of: UInt32(start).littleEndian) { index += $0 } }
        var next = groupStarts.map { $0 + GroupedEntries.checkSize }
        var entries = [UInt8](repeating: 0, count: groupStarts[groupCount])
        var ids = [UInt32](repeating: 0, count: starts.count)
        for (entry, group) in groups.enumerated() {
            let start = Int(starts[entry])
            let size = size(of: entry)
            let place = next[Int(group)]
            entries.replaceSubrange(place..<(place + size), with: staging[start..<(start + size)])
            ids[entry] = UInt32(place + 1)
            next[Int(group)] += size
        }
        entries.withUnsafeMutableBytes { bytes in
            for group in 0..<groupCount {
                let start = groupStarts[group]
                let check = GroupedEntries.check(UnsafeRawBufferPointer(rebasing: bytes[(start + GroupedEntries.checkSize)..<groupStarts[group + 1]]))
                bytes.storeBytes(of: check.littleEndian, toByteOffset: start, as: UInt16.self)
            }
        }
        return (index, entries, ids)
    }

    private func size(of entry: Int) -> Int {
        (entry + 1 < starts.count ? Int(starts[entry + 1]) : staging.count) - Int(starts[entry])
    }
}
