import TransDBCore

/// Distinct byte strings numbered 0, 1, 2… in the order first seen, looked up without making a
/// `String`: a bundle's million routes may use two million names, each decoded and validated
/// once, and kept in about sixteen bytes besides its own (end, hash, two slots).
struct ByteInterner: Sendable {
    private var strings = TextColumn()
    /// Each string's hash, so that growing the table and most mismatches read no bytes.
    private var hashes: [UInt32] = []
    /// Open addressing: string number + 1, 0 for an empty slot; at most half full.
    private var slots = [Int32](repeating: 0, count: 1024)

    var count: Int { strings.count }

    /// The number of `bytes[range]`, new or not, and whether it is new.
    mutating func intern(_ bytes: [UInt8], _ range: Range<Int>) -> (id: Int32, isNew: Bool) {
        bytes.withUnsafeBufferPointer { intern(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The number of `text`'s UTF-8, new or not, and whether it is new.
    mutating func intern(_ text: String) -> (id: Int32, isNew: Bool) {
        var text = text
        return text.withUTF8 { intern($0) }
    }

    /// The number of `text`, new or not, and whether it is new.
    mutating func intern(_ text: UnsafeBufferPointer<UInt8>) -> (id: Int32, isNew: Bool) {
        let hash = Self.hash(text)
        if let id = find(text, hash: hash) { return (id, false) }
        let id = hashes.count
        strings.append(bytes: text)
        hashes.append(hash)
        if hashes.count * 2 > slots.count { grow() } else { place(id) }
        return (Int32(id), true)
    }

    /// The number of `text`, if it was interned.
    func number(of text: String) -> Int32? {
        var text = text
        return text.withUTF8 { find($0, hash: Self.hash($0)) }
    }

    private func find(_ text: UnsafeBufferPointer<UInt8>, hash: UInt32) -> Int32? {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] != 0 {
            let id = Int(slots[slot] - 1)
            if hashes[id] == hash, strings.equals(id, text) { return Int32(id) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// String number `id`.
    func string(_ id: Int32) -> String { strings[Int(id)] }

    /// Calls `body` with the bytes of string number `id`.
    func withBytes<T>(_ id: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try strings.withBytes(Int(id), body)
    }

    /// FNV-1a, folded to 32 bits: names are short, and this is a hot path.
    private static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
    }

    private mutating func place(_ id: Int) {
        let mask = slots.count - 1
        var slot = Int(hashes[id]) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(id + 1)
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        for id in hashes.indices { place(id) }
    }
}

extension ByteInterner {
    /// The number of `name` as `library/name` or `name`: a name cannot contain `/`, so the text
    /// is unambiguous.
    mutating func number(_ name: QualifiedName) -> Int32 { intern(name.description).id }

    /// Name number `id`, interned by ``number(_:)``.
    func qualifiedName(_ id: Int32) -> QualifiedName {
        withBytes(id) { bytes in
            guard let slash = bytes.firstIndex(of: UInt8(ascii: "/")) else {
                return QualifiedName(library: nil, name: String(decoding: bytes, as: UTF8.self))
            }
            return QualifiedName(
                library: String(decoding: UnsafeBufferPointer(rebasing: bytes[..<slash]), as: UTF8.self),
                name: String(decoding: UnsafeBufferPointer(rebasing: bytes[(slash + 1)...]), as: UTF8.self))
        }
    }
}
