import TransDBCore
/// Row ids mapped to small numbers (ranks, slots), for lookups a million times a second: an array
/// indexed by id when the ids are close together, as SQLite assigns them, a dictionary otherwise.
struct IDMap {
    private var base: Int64 = 0
    private var dense: [Int] = []
    private var sparse: [Int64: Int] = [:]

    /// - Parameter pairs: Each id with its number (not negative); ids are distinct.
    init(_ pairs: [(id: Int64, value: Int)]) {
        guard let low = pairs.lazy.map(\.id).min(), let high = pairs.lazy.map(\.id).max() else { return }
        // Dense only when the array stays within a few times the number of ids.
        let (span, overflow) = high.subtractingReportingOverflow(low)
        if !overflow && span < Int64(4 * pairs.count + 1024) {
            base = low
            dense = Array(repeating: -1, count: Int(span) + 1)
            for pair in pairs { dense[Int(pair.id - low)] = pair.value }
        } else {
            sparse = Dictionary(pairs.map { ($0.id, $0.value) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The number for `id`, or nil for an id that was not given.
    @inline(__always)
    subscript(id: Int64) -> Int? {
        // Wrapping subtraction maps exactly the ids base..<base+count into range.
        let offset = UInt64(bitPattern: id &- base)
        if offset < UInt64(dense.count) {
            let value = dense[Int(offset)]
            return value < 0 ? nil : value
        }
        return sparse.isEmpty ? nil : sparse[id]
    }
}
