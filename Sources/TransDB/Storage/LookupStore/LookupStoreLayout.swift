/// The layout of a lookup store file (``LookupStore``), written once here for the builder and
/// the reader: a header, then sections of little-endian integers, variable-length integers and
/// names as UTF-8.
///
/// Header: the magic, the catalog's stamp when the file was built (`lookup_stamp`), the format
/// version, the number of sections, a check of the sections read whole (``checkedWhole``), then
/// each section's offset and length (8 bytes each). The other sections are checked when they are
/// read: the indexes page by page (``pagedSections``), the entries group by group
/// (``GroupedEntries``). A file damaged after it was written is refused, whole, page by page or
/// group by group, instead of giving answers the catalog would not.
enum LookupStoreLayout {
    static let magic: [UInt8] = Array("TDBLOOK\u{0}".utf8)
    /// 2: presets (``Section/presetIndex``, ``Section/presetEntries``). 3: indexes checked page
    /// by page (``Section/pageChecks``).
    static let formatVersion: UInt32 = 3
    static let headerSize = 32 + Section.allCases.count * 16
    static let checkOffset = 24
    static let sectionTableOffset = 32

    /// The sections checked when the file is opened: the few bytes every reader reads.
    static let checkedWhole: [Section] = [.libraries, .pageChecks]

    /// The sections checked page by page, each page the first time a reader reads it: on a
    /// catalog of millions of screens they are megabytes, which checking whole cost a single
    /// `resolve` three times its own lookup.
    static let pagedSections: [Section] = [
        .delegateOffsets, .delegateEntries, .screenGroups, .containerGroups, .containersByName, .routeGroups, .presetIndex,
    ]

    static let pageSize = 4096

    static func pageCount(ofLength length: Int) -> Int { (length + pageSize - 1) / pageSize }

    /// ``Section/pageChecks`` for `sections` (``pagedSections``, in order).
    static func pageChecks(_ sections: [UnsafeRawBufferPointer]) -> [UInt8] {
        var checks: [UInt8] = []
        for section in sections {
            var start = 0
            while start < section.count {
                let page = UnsafeRawBufferPointer(rebasing: section[start..<min(start + pageSize, section.count)])
                withUnsafeBytes(of: pageCheck(page).littleEndian) { checks += $0 }
                start += pageSize
            }
        }
        return checks
    }

    /// The check of one page.
    static func pageCheck(_ page: UnsafeRawBufferPointer) -> UInt32 { UInt32(truncatingIfNeeded: StoreHash.bytes(page)) }

    /// A preset's id (`i64`) and where its entry starts (`u32`).
    static let presetIndexRecordSize = 12

    /// The check of `sections`.
    static func check(_ sections: [UnsafeRawBufferPointer]) -> UInt64 {
        sections.reduce(UInt64(sections.count)) { StoreHash.combine($0, StoreHash.bytes($1)) }
    }

    /// The sections, in file order.
    enum Section: Int, CaseIterable {
        /// `u32` count, then each library's name (`u16` length, bytes), by ordinal.
        case libraries
        /// `u32` per delegate ordinal: where its entry starts in `delegateEntries`.
        case delegateOffsets
        /// Per delegate: library ordinal (varint), released (`u8`), which route keys its mappings
        /// have per operation (`u16`, ``shapeBits(_:operation:)``), its name.
        case delegateEntries
        /// Where each group of screen entries starts in `screenEntries` (``GroupedEntries``).
        case screenGroups
        /// Per screen, by group, after its tag and length: delegate ordinal + 1 or 0 (varint), library ordinal
        /// (varint), styles (`u8`: modal transition style, presentation style << 2), its name.
        case screenEntries
        /// As `screenGroups`, for containers.
        case containerGroups
        /// As `screenEntries`, the third field the container's kind.
        case containerEntries
        /// `u32` per container, its id, in the order of `library/name` (SQLite's, byte by byte).
        case containersByName
        /// As `screenGroups`, for routes.
        case routeGroups
        /// Per route, by group, after its tag and length: delegate ordinal << 3 | operation ordinal, from and to
        /// (a screen's id, 0 for the wildcard), then the route's id, preset id and interaction id
        /// (``Varint``).
        case routeEntries
        /// Per preset, by id: its id and where its entry starts in `presetEntries`
        /// (``presetIndexRecordSize``).
        case presetIndex
        /// Per preset, in id order: a check of the rest (`u16`, as a group's), its row as the
        /// catalog's preset query reads it, the number of its views' rows (varint) and those
        /// rows (``StoredRow``).
        case presetEntries
        /// A `u32` check of each page (``pageSize`` bytes, the last one shorter) of each of the
        /// ``pagedSections``, one section after the other.
        case pageChecks
    }

    /// A route key's first integer.
    static func routeKey(delegate: Int, operation: Int) -> UInt64 { UInt64(delegate) << 3 | UInt64(operation) }

    /// A delegate's shape for `operation` among the 3 bits per operation its entry keeps.
    static func shapeBits(_ shape: RouteKeyProbes.Shape, operation: Int) -> UInt16 { UInt16(shape.rawValue) << (3 * operation) }

    static func shape(_ bits: UInt16, operation: Int) -> RouteKeyProbes.Shape {
        RouteKeyProbes.Shape(rawValue: UInt8(truncatingIfNeeded: bits >> (3 * operation)) & 7)
    }
}

/// The hashes a store is keyed by. Fixed functions (not Swift's `Hasher`, which is seeded per
/// process): the file is written by one process and read by others.
enum StoreHash {
    /// Bytes: a name's UTF-8, a section.
    static func bytes(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
        var index = 0
        while index + 8 <= bytes.count {
            hash = (hash ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 31
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        return finalized(hash ^ tail)
    }

    /// A route key.
    static func route(_ key: UInt64, from: UInt64, to: UInt64) -> UInt64 {
        finalized(key &+ finalized(from &+ finalized(to)))
    }

    /// Two hashes as one.
    static func combine(_ first: UInt64, _ second: UInt64) -> UInt64 { finalized(first &+ finalized(second)) }

    /// SplitMix64's finaliser: every input bit moves every output bit.
    private static func finalized(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// LEB128 unsigned integers; signed ids zigzagged, optional ones shifted by one (0 is `nil`).
enum Varint {
    static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }

    static func unzigzag(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }

    static func optional(_ value: Int64?) -> UInt64 { value.map { zigzag($0) &+ 1 } ?? 0 }

    static func unoptional(_ value: UInt64) -> Int64? { value == 0 ? nil : unzigzag(value &- 1) }
}

/// A static hash table without slots: entries are stored group by group, a key's group chosen by
/// its hash, with a `u32` per group saying where the group starts (and one more for the end).
/// A group starts with a `u16` check of its entries' bytes.
/// A lookup reads that small index, then the few entries of one group, next to each other in
/// memory. Each entry starts with a one-byte tag from the hash and its length (varint), so that
/// a lookup passes over the others without reading them. Entries of one key keep the order they
/// were added in.
enum GroupedEntries {
    /// About this many entries share a group.
    static let entriesPerGroup = 4

    static func groupCount(for count: Int) -> Int { max(1, (count + entriesPerGroup - 1) / entriesPerGroup) }

    /// The group of `hash` among `count` (by the hash's high half).
    static func group(_ hash: UInt64, count: Int) -> Int { Int(truncatingIfNeeded: ((hash >> 32) &* UInt64(count)) >> 32) }

    /// The tag of `hash` (its low byte).
    static func tag(_ hash: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: hash) }

    /// The check of a group's entries.
    static func check(_ entries: UnsafeRawBufferPointer) -> UInt16 { UInt16(truncatingIfNeeded: StoreHash.bytes(entries)) }

    static let checkSize = 2
}
