import Foundation
import TransDBCore

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
final class LookupStore: @unchecked Sendable {
    /// The catalog's stamp when the file was built.
    let stamp: Int64
    private let base: UnsafeMutableRawPointer
    private let size: Int
    private let sections: [UnsafeRawBufferPointer]
    /// Library names by ordinal.
    let libraries: [String]
    private let libraryOrdinals: [String: Int]
    private let screenSlotCount: Int
    private let containerSlotCount: Int
    private let routeSlotCount: Int

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
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) >= LookupStoreLayout.headerSize
        else { return nil }
        let size = Int(status.st_size)
        guard let mapped = mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED else { return nil }
        guard let store = LookupStore(mapping: mapped, size: size) else {
            munmap(mapped, size)
            return nil
        }
        return store
    }

    private init?(mapping: UnsafeMutableRawPointer, size: Int) {
        let file = UnsafeRawBufferPointer(start: mapping, count: size)
        guard Array(file.prefix(8)) == LookupStoreLayout.magic,
            file.loadUnaligned(fromByteOffset: 16, as: UInt32.self).littleEndian == LookupStoreLayout.formatVersion,
            Int(file.loadUnaligned(fromByteOffset: 20, as: UInt32.self).littleEndian) == LookupStoreLayout.Section.allCases.count
        else { return nil }
        var sections: [UnsafeRawBufferPointer] = []
        for index in LookupStoreLayout.Section.allCases.indices {
            let offset = file.loadUnaligned(fromByteOffset: 24 + index * 16, as: UInt64.self).littleEndian
            let length = file.loadUnaligned(fromByteOffset: 32 + index * 16, as: UInt64.self).littleEndian
            guard offset <= UInt64(size), length <= UInt64(size) - offset else { return nil }
            sections.append(UnsafeRawBufferPointer(rebasing: file[Int(offset)..<Int(offset + length)]))
        }
        self.base = mapping
        self.size = size
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
        func slots(_ section: LookupStoreLayout.Section) -> Int { sections[section.rawValue].count / LookupStoreLayout.slotSize }
        self.screenSlotCount = slots(.screenSlots)
        self.containerSlotCount = slots(.containerSlots)
        self.routeSlotCount = slots(.routeSlots)
        guard screenSlotCount > 0, containerSlotCount > 0, routeSlotCount > 0 else { return nil }
    }

    deinit { munmap(base, size) }

    private func section(_ section: LookupStoreLayout.Section) -> UnsafeRawBufferPointer { sections[section.rawValue] }

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
        var libraryOrdinal: Int?
        if let library {
            guard let ordinal = libraryOrdinals[library] else { return [] }
            libraryOrdinal = ordinal
        }
        var name = name
        return try name.withUTF8 { wanted in
            let wanted = UnsafeRawBufferPointer(wanted)
            let slots = section(screens ? .screenSlots : .containerSlots)
            let entries = section(screens ? .screenEntries : .containerEntries)
            let count = screens ? screenSlotCount : containerSlotCount
            let hash = StoreHash.name(wanted)
            var slot = LookupStoreLayout.slot(hash, count: count)
            var found: [Entry] = []
            // Linear probing keeps entries of one name in the order they were added: by id.
            for _ in 0..<count {
                let value = slots.loadUnaligned(fromByteOffset: slot * LookupStoreLayout.slotSize, as: UInt64.self).littleEndian
                if value == 0 { return found }
                if UInt32(truncatingIfNeeded: value >> 32) == UInt32(truncatingIfNeeded: hash) {
                    let entry = try self.entry(id: Int64(UInt32(truncatingIfNeeded: value)), in: entries)
                    if entry.name.elementsEqual(wanted), libraryOrdinal == nil || entry.library == libraryOrdinal {
                        found.append(entry)
                        if found.count == limit { return found }
                    }
                }
                slot = slot + 1 == count ? 0 : slot + 1
            }
            return found
        }
    }

    /// The screen or container whose id is `id`.
    func entry(screens: Bool, id: Int64) throws -> Entry {
        try entry(id: id, in: section(screens ? .screenEntries : .containerEntries))
    }

    private func entry(id: Int64, in entries: UnsafeRawBufferPointer) throws -> Entry {
        guard id > 0, id <= entries.count else { throw LookupStoreError.damaged }
        var reader = ByteReader(UnsafeRawBufferPointer(rebasing: entries[Int(id - 1)...]))
        guard let delegate = reader.varint(), let library = reader.varint(), let flags = reader.u8(), let name = reader.name(),
            library < UInt64(libraries.count)
        else { throw LookupStoreError.damaged }
        return Entry(id: id, delegate: delegate == 0 ? nil : Int64(delegate - 1), library: Int(library), flags: flags, name: name)
    }

    /// The containers' ids in the order of their qualified names.
    func containerIDsByName() throws -> [Int64] {
        let ids = section(.containersByName)
        return (0..<ids.count / 4).map { Int64(ids.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self).littleEndian) }
    }

    // MARK: Delegates and routes

    /// Delegate `ordinal`: its name's library and name, whether it is released, its mappings' shape.
    func delegate(_ ordinal: Int64) throws -> (library: Int, name: UnsafeRawBufferPointer, released: Bool, shapes: UInt16) {
        let offsets = section(.delegateOffsets)
        guard ordinal >= 0, ordinal < offsets.count / 4 else { throw LookupStoreError.damaged }
        let offset = Int(offsets.loadUnaligned(fromByteOffset: Int(ordinal) * 4, as: UInt32.self).littleEndian)
        let entries = section(.delegateEntries)
        guard offset < entries.count else { throw LookupStoreError.damaged }
        var reader = ByteReader(UnsafeRawBufferPointer(rebasing: entries[offset...]))
        guard let library = reader.varint(), library < UInt64(libraries.count), let released = reader.u8(), let shapes = reader.u16(),
            let name = reader.name()
        else { throw LookupStoreError.damaged }
        return (Int(library), name, released != 0, shapes)
    }

    /// The route at key (delegate, operation, from, to), sides 0 for the wildcard.
    func route(delegate: Int64, operation: Int, from: Int64, to: Int64) throws -> LookupMapping? {
        let key = LookupStoreLayout.routeKey(delegate: Int(delegate), operation: operation)
        let (from, to) = (UInt64(from), UInt64(to))
        let slots = section(.routeSlots)
        let entries = section(.routeEntries)
        let hash = StoreHash.route(key, from: from, to: to)
        var slot = LookupStoreLayout.slot(hash, count: routeSlotCount)
        for _ in 0..<routeSlotCount {
            let value = slots.loadUnaligned(fromByteOffset: slot * LookupStoreLayout.slotSize, as: UInt64.self).littleEndian
            if value == 0 { return nil }
            let offset = Int(UInt32(truncatingIfNeeded: value))
            guard UInt32(truncatingIfNeeded: value >> 32) == UInt32(truncatingIfNeeded: hash) else {
                slot = slot + 1 == routeSlotCount ? 0 : slot + 1
                continue
            }
            guard offset > 0, offset <= entries.count else { throw LookupStoreError.damaged }
            var reader = ByteReader(UnsafeRawBufferPointer(rebasing: entries[(offset - 1)...]))
            guard let entryKey = reader.varint(), let entryFrom = reader.varint(), let entryTo = reader.varint() else {
                throw LookupStoreError.damaged
            }
            if entryKey == key, entryFrom == from, entryTo == to {
                guard let id = reader.varint(), let preset = reader.varint(), let interaction = reader.varint() else {
                    throw LookupStoreError.damaged
                }
                return LookupMapping(
                    id: Varint.unzigzag(id), fromScreenID: from == 0 ? nil : Int64(from), toScreenID: to == 0 ? nil : Int64(to),
                    presetID: Varint.unoptional(preset), interactionID: Varint.unoptional(interaction))
            }
            slot = slot + 1 == routeSlotCount ? 0 : slot + 1
        }
        return nil
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
