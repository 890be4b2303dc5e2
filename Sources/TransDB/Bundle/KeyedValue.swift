import TransDBCore
/// A sort key and the value that travels with it.
struct KeyedValue {
    var key: UInt64
    var value: UInt64
}

extension Array where Element == KeyedValue {
    /// Sorts by key, keeping equal keys in their order: a least-significant-digit radix sort,
    /// 11 bits (one L1-sized table of counts) a pass, over the keys' low `keyBits` bits.
    ///
    /// A million entries take a few milliseconds a pass, where a comparison sort takes tens; a
    /// pass whose digit is the same everywhere is skipped.
    mutating func stableRadixSort(keyBits: Int) {
        let digitBits = 11
        let buckets = 1 << digitBits
        guard count > 1, keyBits > 0 else { return }
        var scratch = [KeyedValue](repeating: KeyedValue(key: 0, value: 0), count: count)
        var counts = [Int](repeating: 0, count: buckets)
        var shift = 0
        while shift < Swift.min(keyBits, 64) {
            let mask = UInt64(buckets - 1)
            let moved = withUnsafeMutableBufferPointer { source in
                scratch.withUnsafeMutableBufferPointer { target in
                    counts.withUnsafeMutableBufferPointer { counts in
                        for i in counts.indices { counts[i] = 0 }
                        for entry in source { counts[Int((entry.key >> UInt64(shift)) & mask)] += 1 }
                        if counts.contains(source.count) { return false }
                        // Counts become each bucket's first position.
                        var position = 0
                        for i in counts.indices {
                            let size = counts[i]
                            counts[i] = position
                            position += size
                        }
                        for entry in source {
                            let digit = Int((entry.key >> UInt64(shift)) & mask)
                            target[counts[digit]] = entry
                            counts[digit] += 1
                        }
                        return true
                    }
                }
            }
            if moved { swap(&self, &scratch) }
            shift += digitBits
        }
    }
}
