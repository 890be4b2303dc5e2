import Foundation
import TransDBCore
import TransDBPrefetch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A compact copy of what UIKit's lookup reads from a catalog (libraries, delegates, screens,
/// containers and the route key), in a file beside it (`<catalog>-lookup`) that is mapped into
/// memory: a name or a route key is found with a hash and one or two reads of memory, where the
/// catalog's b-trees need several page reads each. Only ``StoreLookupSource`` reads it, and only
/// while the catalog's `lookup_stamp` is the one the file was built at; the answers are the
/// catalog's own either way.
///
/// Every read is checked against its section's bounds: a damaged file throws
/// ``LookupStoreError/damaged``, and its reader then goes back to the catalog.
///
/// A reader remembers which groups it has checked, so one thread uses it at a time; another
/// thread reads through a ``copy()``, which shares the mapping.
final class LookupStore: @unchecked Sendable {
    /// The catalog's stamp when the file was built.
    let stamp: Int64
    fileprivate let file: MappedFile
    private let sections: [UnsafeRawBufferPointer]
    /// Library names by ordinal.
    let libraries: [String]
    private let libraryOrdinals: [String: Int]
    private let screenGroupCount: Int
    private let containerGroupCount: Int
    private let routeGroupCount: Int
    /// What this reader has checked, a bit each (each thread has a reader of its own: see
    /// ``copy()``): the groups of screens, containers and routes, from the bit each table's
    /// `firstBit` says, and the pages of the ``LookupStoreLayout/pagedSections``, numbered from
    /// `firstPageBit` as their checks are in `pageChecks`, each section's first at `firstPage`
    /// (by its raw value). Raw memory: an array in a property of a class is checked for exclusive
    /// access on every read, which cost 4 % of a batch.
    private let checked: UnsafeMutablePointer<UInt64>
    private let firstBit: (screens: Int, containers: Int, routes: Int)
    private let firstPageBit: Int
    private let firstPage: [Int]
    /// Where ``withPresetRows(id:_:)`` reads a preset's entry.
    fileprivate var presetBuffer: [UInt8] = []
    /// The values of the rows ``withPresetRows(id:_:)`` reads, for the length of a call.
    fileprivate var rowValues: [StoredRow.Value] = []

    /// The file beside the catalog at `catalogPath`.
    static func path(forCatalog catalogPath: String) -> String { catalogPath + "-lookup" }

    /// Maps the store at `path`; `nil` when there is none, or it is not a store of this format.
    static func open(_ path: String) -> LookupStore? {
        #if canImport(Glibc)
            let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        #else
            let descriptor = Darwin.open(path, O_RDONLY | O_CLOEXEC)
        #endif
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) >= LookupStoreLayout.headerSize,
            let mapped = mmap(nil, Int(status.st_size), PROT_READ, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED
        else {
            close(descriptor)
            return nil
        }
        return LookupStore(MappedFile(base: mapped, size: Int(status.st_size), descriptor: descriptor))
    }

    /// Another reader of the same mapping, for another thread: readers share no reference
    /// counts, which threads would otherwise contend for on every request.
    func copy() -> LookupStore? { LookupStore(file) }

    private init?(_ mapped: MappedFile) {
        let file = UnsafeRawBufferPointer(start: mapped.base, count: mapped.size)
        let size = mapped.size
        guard Array(file.prefix(8)) == LookupStoreLayout.magic,
            file.loadUnaligned(fromByteOffset: 16, as: UInt32.self).littleEndian == LookupStoreLayout.formatVersion,
            Int(file.loadUnaligned(fromByteOffset: 20, as: UInt32.self).littleEndian) == LookupStoreLayout.Section.allCases.count
        else { return nil }
        var sections: [UnsafeRawBufferPointer] = []
        for index in LookupStoreLayout.Section.allCases.indices {
            let entry = LookupStoreLayout.sectionTableOffset + index * 16
            let offset = file.loadUnaligned(fromByteOffset: entry, as: UInt64.self).littleEndian
            let length = file.loadUnaligned(fromByteOffset: entry + 8, as: UInt64.self).littleEndian
            guard offset <= UInt64(size), length <= UInt64(size) - offset else { return nil }
            sections.append(UnsafeRawBufferPointer(rebasing: file[Int(offset)..<Int(offset + length)]))
        }
        let check = file.loadUnaligned(fromByteOffset: LookupStoreLayout.checkOffset, as: UInt64.self).littleEndian
        guard LookupStoreLayout.check(LookupStoreLayout.checkedWhole.map { sections[$0.rawValue] }) == check else { return nil }
        self.file = mapped
        self.sections = sections
        self.stamp = Int64(littleEndian: file.loadUnaligned(fromByteOffset: 8, as: Int64.self))
        // The libraries, read whole: a catalog has few, and qualified names look them up by name.
        var reader = ByteReader(sections[LookupStoreLayout.Section.libraries.rawValue])
        guard let count = reader.u32() else { return nil }
        var libraries: [String] = []
        var ordinals: [String: Int] = [:]
        for ordinal in 0..<Int(count) {
            guard let name = reader.name() else { return nil }
            let text = String(decoding: name, as: UTF8.self)
            libraries.append(text)
            ordinals[text] = ordinal
        }
        self.libraries = libraries
        self.libraryOrdinals = ordinals
        func groups(_ section: LookupStoreLayout.Section) -> Int { sections[section.rawValue].count / 4 - 1 }
        self.screenGroupCount = groups(.screenGroups)
        self.containerGroupCount = groups(.containerGroups)
        self.routeGroupCount = groups(.routeGroups)
        guard screenGroupCount > 0, containerGroupCount > 0, routeGroupCount > 0 else { return nil }
        var pages = 0
        var firstPage = Array(repeating: 0, count: sections.count)
        for section in LookupStoreLayout.pagedSections {
            firstPage[section.rawValue] = pages
            pages += LookupStoreLayout.pageCount(ofLength: sections[section.rawValue].count)
        }
        guard sections[LookupStoreLayout.Section.pageChecks.rawValue].count == pages * 4 else { return nil }
        self.firstPage = firstPage
        firstBit = (0, screenGroupCount, screenGroupCount + containerGroupCount)
        firstPageBit = screenGroupCount + containerGroupCount + routeGroupCount
        let words = (firstPageBit + pages + 63) / 64
        checked = .allocate(capacity: words)
        checked.initialize(repeating: 0, count: words)
    }

    deinit { checked.deallocate() }

    /// Whether bit `bit` of ``checked`` is set.
    @inline(__always)
    private func isChecked(_ bit: Int) -> Bool { checked[bit / 64] & (1 << UInt64(bit % 64)) != 0 }

    private func setChecked(_ bit: Int) { checked[bit / 64] |= 1 << UInt64(bit % 64) }


    fileprivate func section(_ section: LookupStoreLayout.Section) -> UnsafeRawBufferPointer { sections[section.rawValue] }

    /// Checks the pages of `section` (one of the ``LookupStoreLayout/pagedSections``) that
    /// `range` of it is on, each the first time this reader reads it.
    @inline(__always)
    fileprivate func checkPages(_ section: LookupStoreLayout.Section, _ range: Range<Int>) throws {
        // Most reads are of a few bytes on a page already checked.
        let size = LookupStoreLayout.pageSize
        if range.lowerBound >= 0, range.lowerBound < range.upperBound, range.upperBound <= sections[section.rawValue].count,
            range.lowerBound / size == (range.upperBound - 1) / size
        {
            if isChecked(firstPageBit + firstPage[section.rawValue] + range.lowerBound / size) { return }
        }
        try checkPagesFirst(section, range)
    }

    private func checkPagesFirst(_ section: LookupStoreLayout.Section, _ range: Range<Int>) throws {
        let bytes = sections[section.rawValue]
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else { throw LookupStoreError.damaged }
        guard !range.isEmpty else { return }
        let size = LookupStoreLayout.pageSize
        let checks = sections[LookupStoreLayout.Section.pageChecks.rawValue]
        for page in (range.lowerBound / size)...((range.upperBound - 1) / size) {
            let number = firstPage[section.rawValue] + page
            if isChecked(firstPageBit + number) { continue }
            let start = page * size
            let check = UInt32(littleEndian: checks.loadUnaligned(fromByteOffset: number * 4, as: UInt32.self))
            guard LookupStoreLayout.pageCheck(UnsafeRawBufferPointer(rebasing: bytes[start..<min(start + size, bytes.count)])) == check else {
                throw LookupStoreError.damaged
            }
            setChecked(firstPageBit + number)
        }
    }

    /// Where `section` is in the file.
    func range(of section: LookupStoreLayout.Section) -> Range<Int> {
        let bytes = sections[section.rawValue]
        let start = bytes.baseAddress.map { $0 - UnsafeRawPointer(file.base) } ?? 0
        return start..<(start + bytes.count)
    }

    // MARK: Screens and containers

    /// A screen or container entry as stored.
    struct Entry {
        /// The entry's offset + 1: the id the lookup knows it by.
        var id: Int64
        var delegate: Int64?
        var library: Int
        /// Styles (screens) or kind (containers).
        var flags: UInt8
        var name: UnsafeRawBufferPointer
    }

    /// The entries named `name` (in `library` when given), in the catalog's id order, at most `limit`.
    func entries(screens: Bool, named name: String, library: String?, limit: Int) throws -> [Entry] {
        var found: [Entry] = []
        try eachEntry(screens: screens, named: name, library: library) { entry in
            found.append(entry)
            return found.count == limit
        }
        return found
    }

    /// The first entry named `name` (in `library` when given), in the catalog's id order, and
    /// whether another follows it: a lookup's usual question, asked without making an array.
    func firstEntry(screens: Bool, named name: String, library: String?) throws -> (entry: Entry, another: Bool)? {
        var first: Entry?
        var another = false
        try eachEntry(screens: screens, named: name, library: library) { entry in
            guard first == nil else {
                another = true
                return true
            }
            first = entry
            return false
        }
        return first.map { ($0, another) }
    }

    /// Calls `body` with each entry named `name` (in `library` when given), in the catalog's id
    /// order, until it returns `true`.
    private func eachEntry(screens: Bool, named name: String, library: String?, _ body: (Entry) throws -> Bool) throws {
        var libraryOrdinal: Int?
        if let library {
            guard let ordinal = libraryOrdinals[library] else { return }
            libraryOrdinal = ordinal
        }
        var name = name
        try name.withUTF8 { wanted in
            let wanted = UnsafeRawBufferPointer(wanted)
            try scan(
                screens ? .screenGroups : .containerGroups, screens ? .screenEntries : .containerEntries,
                groupCount: screens ? screenGroupCount : containerGroupCount, hash: StoreHash.bytes(wanted)
            ) { id, reader in
                let entry = try Self.entry(id: id, &reader, libraries: libraries.count)
                guard entry.name.hasSameBytes(as: wanted), libraryOrdinal == nil || entry.library == libraryOrdinal else { return false }
                return try body(entry)
            }
        }
    }

    /// Calls `body` with the id of each entry in `hash`'s group whose tag is the hash's, and a
    /// reader of the entry's bytes, until it returns `true`.
    private func scan(
        _ groups: LookupStoreLayout.Section, _ entries: LookupStoreLayout.Section, groupCount: Int, hash: UInt64,
        _ body: (Int64, inout ByteReader) throws -> Bool
    ) throws {
        let index = section(groups)
        let entries = section(entries)
        let group = GroupedEntries.group(hash, count: groupCount)
        try checkPages(groups, (group * 4)..<(group * 4 + 8))
        let start = Int(index.loadUnaligned(fromByteOffset: group * 4, as: UInt32.self).littleEndian)
        let end = Int(index.loadUnaligned(fromByteOffset: group * 4 + 4, as: UInt32.self).littleEndian)
        guard start + GroupedEntries.checkSize <= end, end <= entries.count else { throw LookupStoreError.damaged }
        // Each group is checked the first time this reader reads it.
        let bit = (groups == .screenGroups ? firstBit.screens : groups == .containerGroups ? firstBit.containers : firstBit.routes) + group
        if !isChecked(bit) {
            guard
                GroupedEntries.check(UnsafeRawBufferPointer(rebasing: entries[(start + GroupedEntries.checkSize)..<end]))
                    == UInt16(littleEndian: entries.loadUnaligned(fromByteOffset: start, as: UInt16.self))
            else { throw LookupStoreError.damaged }
            setChecked(bit)
        }
        let tag = GroupedEntries.tag(hash)
        var position = start + GroupedEntries.checkSize
        while position < end {
            var header = ByteReader(UnsafeRawBufferPointer(rebasing: entries[position..<end]))
            guard let entryTag = header.u8(), let length = header.varint(), length <= UInt64(end - position - header.position) else {
                throw LookupStoreError.damaged
            }
            let contents = position + header.position
            if entryTag == tag {
                var reader = ByteReader(UnsafeRawBufferPointer(rebasing: entries[contents..<(contents + Int(length))]))
                if try body(Int64(position + 1), &reader) { return }
            }
            position = contents + Int(length)
        }
    }

    // MARK: Reading ahead

    /// The group of the screens `reference` (`library/name` or `name`, as requested) may name.
    /// Names are hashed without their library, as ``entries(screens:named:library:limit:)`` does.
    func screenGroup(reference: String) -> Int {
        var reference = reference
        return reference.withUTF8 { bytes in
            let name = bytes.firstIndex(of: UInt8(ascii: "/")).map { UnsafeBufferPointer(rebasing: bytes[($0 + 1)...]) } ?? bytes
            return GroupedEntries.group(StoreHash.bytes(UnsafeRawBufferPointer(name)), count: screenGroupCount)
        }
    }

    /// Asks the processor to fetch where screen group `group` starts. A batch calls this a few
    /// requests ahead, then ``prefetchEntries(ofScreenGroup:)``, then reads the group: the reads
    /// of memory of several requests then overlap, where one after the other each would wait.
    func prefetchStart(ofScreenGroup group: Int) {
        let index = section(.screenGroups)
        guard (group + 2) * 4 <= index.count, let base = index.baseAddress else { return }
        transdb_prefetch(base + group * 4)
    }

    /// Asks the processor to fetch screen group `group`'s entries (its first 256 bytes: a group
    /// holds about four). Where they are is read unchecked: a damaged index only sends the
    /// processor to the wrong bytes of the section, which the read that follows checks.
    func prefetchEntries(ofScreenGroup group: Int) {
        let index = section(.screenGroups)
        let entries = section(.screenEntries)
        guard (group + 2) * 4 <= index.count, let base = entries.baseAddress else { return }
        let start = Int(index.loadUnaligned(fromByteOffset: group * 4, as: UInt32.self).littleEndian)
        let end = min(Int(index.loadUnaligned(fromByteOffset: group * 4 + 4, as: UInt32.self).littleEndian), entries.count, start + 256)
        var line = start
        while line < end {
            transdb_prefetch(base + line)
            line += 64
        }
        // The line holding the last byte, when the group does not start at a line's start.
        if start < end { transdb_prefetch(base + end - 1) }
    }

    /// The screen or container whose id is `id`.
    func entry(screens: Bool, id: Int64) throws -> Entry {
        let entries = section(screens ? .screenEntries : .containerEntries)
        guard id > 0, id <= entries.count else { throw LookupStoreError.damaged }
        var header = ByteReader(UnsafeRawBufferPointer(rebasing: entries[Int(id - 1)...]))
        guard header.u8() != nil, let length = header.varint(), length <= UInt64(entries.count - Int(id - 1) - header.position) else {
            throw LookupStoreError.damaged
        }
        let body = Int(id - 1) + header.position
        var reader = ByteReader(UnsafeRawBufferPointer(rebasing: entries[body..<(body + Int(length))]))
        return try Self.entry(id: id, &reader, libraries: libraries.count)
    }

    /// The entry `reader` reads.
    private static func entry(id: Int64, _ reader: inout ByteReader, libraries: Int) throws -> Entry {
        guard let delegate = reader.varint(), let library = reader.varint(), let flags = reader.u8(), let name = reader.name(),
            library < UInt64(libraries)
        else { throw LookupStoreError.damaged }
        return Entry(id: id, delegate: delegate == 0 ? nil : Int64(delegate - 1), library: Int(library), flags: flags, name: name)
    }

    /// The containers' ids in the order of their qualified names.
    func containerIDsByName() throws -> [Int64] {
        let ids = section(.containersByName)
        try checkPages(.containersByName, 0..<ids.count)
        return (0..<ids.count / 4).map { Int64(ids.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self).littleEndian) }
    }

    // MARK: Delegates and routes

    /// A delegate's entry: its name's library and name, whether it is released, its mappings' shape.
    typealias DelegateEntry = (library: Int, name: UnsafeRawBufferPointer, released: Bool, shapes: UInt16)

    /// Delegate `ordinal`'s entry.
    func delegate(_ ordinal: Int64) throws -> DelegateEntry {
        let offsets = section(.delegateOffsets)
        guard ordinal >= 0, ordinal < offsets.count / 4 else { throw LookupStoreError.damaged }
        try checkPages(.delegateOffsets, (Int(ordinal) * 4)..<(Int(ordinal) * 4 + 4))
        let offset = Int(offsets.loadUnaligned(fromByteOffset: Int(ordinal) * 4, as: UInt32.self).littleEndian)
        let entries = section(.delegateEntries)
        guard offset < entries.count else { throw LookupStoreError.damaged }
        var reader = ByteReader(UnsafeRawBufferPointer(rebasing: entries[offset...]))
        // Read, then checked: where the entry ends is known once it is read.
        guard let library = reader.varint(), let released = reader.u8(), let shapes = reader.u16(), let name = reader.name() else {
            throw LookupStoreError.damaged
        }
        try checkPages(.delegateEntries, offset..<(offset + reader.position))
        guard library < UInt64(libraries.count) else { throw LookupStoreError.damaged }
        return (Int(library), name, released != 0, shapes)
    }

    /// The route at key (delegate, operation, from, to), sides 0 for the wildcard.
    func route(delegate: Int64, operation: Int, from: Int64, to: Int64) throws -> LookupMapping? {
        let key = LookupStoreLayout.routeKey(delegate: Int(delegate), operation: operation)
        let (from, to) = (UInt64(from), UInt64(to))
        var found: LookupMapping?
        try scan(.routeGroups, .routeEntries, groupCount: routeGroupCount, hash: StoreHash.route(key, from: from, to: to)) { _, reader in
            guard let entryKey = reader.varint(), let entryFrom = reader.varint(), let entryTo = reader.varint() else {
                throw LookupStoreError.damaged
            }
            guard entryKey == key, entryFrom == from, entryTo == to else { return false }
            guard let id = reader.varint(), let preset = reader.varint(), let interaction = reader.varint() else {
                throw LookupStoreError.damaged
            }
            found = LookupMapping(
                id: Varint.unzigzag(id), fromScreenID: from == 0 ? nil : Int64(from), toScreenID: to == 0 ? nil : Int64(to),
                presetID: Varint.unoptional(preset), interactionID: Varint.unoptional(interaction))
            return true
        }
        return found
    }
}

extension LookupStore {
    /// Calls `body` with preset `id`'s row and its views' rows, as ``CatalogReader`` reads them
    /// from the catalog (valid during the call only).
    ///
    /// Presets are read with `pread`, not through the mapping: a batch meets each preset once,
    /// and a catalog of a million presets has hundreds of megabytes of them, which pages mapped
    /// in would add to the process's memory. Read this way they stay in the system's file cache.
    func withPresetRows<T>(id: Int64, _ body: (StoredRow, [StoredRow]) throws -> T) throws -> T {
        let index = section(.presetIndex)
        let recordSize = LookupStoreLayout.presetIndexRecordSize
        let count = index.count / recordSize
        func presetID(at position: Int) -> Int64 {
            Int64(littleEndian: index.loadUnaligned(fromByteOffset: position * recordSize, as: Int64.self))
        }
        func offset(at position: Int) -> Int {
            Int(UInt32(littleEndian: index.loadUnaligned(fromByteOffset: position * recordSize + 8, as: UInt32.self)))
        }
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            try checkPages(.presetIndex, (middle * recordSize)..<((middle + 1) * recordSize))
            if presetID(at: middle) < id { low = middle + 1 } else { high = middle }
        }
        // Every preset a route of this store names is in it.
        guard low < count else { throw LookupStoreError.damaged }
        try checkPages(.presetIndex, (low * recordSize)..<min((low + 2) * recordSize, index.count))
        guard presetID(at: low) == id else { throw LookupStoreError.damaged }
        let entries = range(of: .presetEntries)
        let start = offset(at: low)
        let end = low + 1 < count ? offset(at: low + 1) : entries.count
        guard start + GroupedEntries.checkSize <= end, end <= entries.count else { throw LookupStoreError.damaged }
        if presetBuffer.count < end - start { presetBuffer = [UInt8](repeating: 0, count: max(end - start, 2 * presetBuffer.count)) }
        return try presetBuffer.withUnsafeMutableBytes { buffer in
            guard file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<(end - start)]), at: entries.lowerBound + start)
            else { throw LookupStoreError.damaged }
            let bytes = UnsafeRawBufferPointer(rebasing: buffer[GroupedEntries.checkSize..<(end - start)])
            guard GroupedEntries.check(bytes) == UInt16(littleEndian: buffer.loadUnaligned(fromByteOffset: 0, as: UInt16.self)) else {
                throw LookupStoreError.damaged
            }
            var reader = ByteReader(bytes)
            rowValues.removeAll(keepingCapacity: true)
            guard let preset = StoredRow.read(&reader, into: &rowValues), let viewCount = reader.varint(), viewCount <= UInt64(bytes.count)
            else { throw LookupStoreError.damaged }
            var viewRanges: [Range<Int>] = []
            viewRanges.reserveCapacity(Int(viewCount))
            for _ in 0..<viewCount {
                guard let view = StoredRow.read(&reader, into: &rowValues) else { throw LookupStoreError.damaged }
                viewRanges.append(view)
            }
            return try rowValues.withUnsafeBufferPointer { values in
                try body(StoredRow(UnsafeBufferPointer(rebasing: values[preset])), viewRanges.map { StoredRow(UnsafeBufferPointer(rebasing: values[$0])) })
            }
        }
    }
}

/// A file mapped into memory, unmapped and closed when the last reader is gone.
private final class MappedFile: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    let size: Int
    /// For the sections read with `pread` rather than through the mapping (``LookupStore/withPresetRows(id:_:)``).
    let descriptor: Int32

    init(base: UnsafeMutableRawPointer, size: Int, descriptor: Int32) {
        self.base = base
        self.size = size
        self.descriptor = descriptor
    }

    deinit {
        munmap(base, size)
        close(descriptor)
    }

    /// Fills `buffer` from the file at `offset`; `false` when the file ends first.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Bool {
        guard let start = buffer.baseAddress else { return true }
        var done = 0
        while done < buffer.count {
            let count = pread(descriptor, start + done, buffer.count - done, off_t(offset + done))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }
}

/// The lookup store cannot be read as written.
enum LookupStoreError: Error {
    /// A read left its section: the file was damaged after it was built.
    case damaged
}

/// Reads a section front to back, `nil` past its end.
struct ByteReader {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    /// How many bytes have been read.
    var position: Int { index }

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    mutating func u8() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func u16() -> UInt16? {
        guard index + 2 <= bytes.count else { return nil }
        defer { index += 2 }
        return UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt16.self))
    }

    mutating func u64() -> UInt64? {
        guard index + 8 <= bytes.count else { return nil }
        defer { index += 8 }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
    }

    /// The next `count` bytes.
    mutating func bytes(_ count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, count <= bytes.count - index else { return nil }
        defer { index += count }
        return UnsafeRawBufferPointer(rebasing: bytes[index..<(index + count)])
    }

    mutating func u32() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        defer { index += 4 }
        return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self))
    }

    mutating func varint() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count, shift < 64 {
            let byte = bytes[index]
            index += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }

    /// A `u16` length, then that many bytes.
    mutating func name() -> UnsafeRawBufferPointer? {
        guard let length = u16(), index + Int(length) <= bytes.count else { return nil }
        defer { index += Int(length) }
        return UnsafeRawBufferPointer(rebasing: bytes[index..<(index + Int(length))])
    }
}

extension UnsafeRawBufferPointer {
    /// Whether both hold the same bytes, compared with `memcmp`: `elementsEqual` walks them
    /// through generic iteration, about 200 instructions for a screen's name.
    func hasSameBytes(as other: UnsafeRawBufferPointer) -> Bool {
        count == other.count && (isEmpty || memcmp(baseAddress!, other.baseAddress!, count) == 0)
    }
}
