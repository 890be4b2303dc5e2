import Foundation
import TransDBCore

/// Distinct byte strings numbered 0, 1, 2… in the order first seen, looked up without making a
/// `String`: a bundle's million routes use a few thousand names, so each is decoded and
/// validated once.
struct ByteInterner {
    /// The strings' bytes, one after another; string `i` is `storage[starts[i]..<starts[i + 1]]`.
    private var storage: [UInt8] = []
    private var starts: [Int] = [0]
    private var hashes: [UInt64] = []
    /// Open addressing: string number + 1, 0 for an empty slot.
    private var slots = [Int32](repeating: 0, count: 1024)

    var count: Int { hashes.count }

    /// The number of `bytes[range]`, new or not, and whether it is new.
    mutating func intern(_ bytes: [UInt8], _ range: Range<Int>) -> (id: Int32, isNew: Bool) {
        bytes.withUnsafeBufferPointer { buffer in
            let text = UnsafeBufferPointer(rebasing: buffer[range])
            // FNV-1a: names are short, and this is a hot path.
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in text { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 {
                let id = Int(slots[slot] - 1)
                if hashes[id] == hash, equal(id, text) { return (Int32(id), false) }
                slot = (slot + 1) & mask
            }
            let id = hashes.count
            storage.append(contentsOf: text)
            starts.append(storage.count)
            hashes.append(hash)
            slots[slot] = Int32(id + 1)
            if hashes.count * 2 > slots.count { grow() }
            return (Int32(id), true)
        }
    }

    private func equal(_ id: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let (start, end) = (starts[id], starts[id + 1])
        guard end - start == text.count else { return false }
        return storage.withUnsafeBufferPointer { stored in
            guard let base = stored.baseAddress, let other = text.baseAddress else { return text.isEmpty }
            return memcmp(base + start, other, text.count) == 0
        }
    }

    /// String number `id`.
    func string(_ id: Int32) -> String {
        String(decoding: storage[starts[Int(id)]..<starts[Int(id) + 1]], as: UTF8.self)
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (id, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(id + 1)
        }
    }
}
