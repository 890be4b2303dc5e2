/// What the lookup has read of one kind, by id: open addressing over one array of slots, each
/// holding its key beside its value. A batch over thousands of presets asks for one of them
/// every answer, at random: `Dictionary` hashes the id with SipHash and reads its keys and its
/// values in two arrays, two reads of memory the processor has rarely kept; here it is one.
struct IDMemoTable<Value> {
    private struct Slot {
        var key: Int64
        /// `nil` for a free slot.
        var value: Value?
    }

    /// A power of two of slots, at most half of them used; empty until the first value.
    private var slots: [Slot] = []
    private var count = 0

    subscript(key: Int64) -> Value? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var index = Self.home(of: key, mask: mask)
        while true {
            if case .none = slots[index].value { return nil }
            if slots[index].key == key { return slots[index].value }
            index = (index + 1) & mask
        }
    }

    /// Remembers `value`; a full table (`limit` values) starts again, so that memory stays flat.
    mutating func remember(_ value: Value, for key: Int64, limit: Int) {
        if count >= limit {
            for index in slots.indices { slots[index].value = nil }
            count = 0
        }
        if (count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var index = Self.home(of: key, mask: mask)
        while case .some = slots[index].value {
            if slots[index].key == key {
                slots[index].value = value
                return
            }
            index = (index + 1) & mask
        }
        slots[index] = Slot(key: key, value: value)
        count += 1
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(key: 0, value: nil), count: max(16, old.count * 2))
        let mask = slots.count - 1
        for slot in old {
            guard case .some = slot.value else { continue }
            var index = Self.home(of: slot.key, mask: mask)
            while case .some = slots[index].value { index = (index + 1) & mask }
            slots[index] = slot
        }
    }

    /// Fibonacci hashing: ids are mostly consecutive, and the multiplication spreads them over
    /// the high bits, which the shift keeps.
    private static func home(of key: Int64, mask: Int) -> Int {
        let spread = UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: spread >> UInt64(64 - (mask + 1).trailingZeroBitCount)) & mask
    }
}
