import Testing
@testable import TransDBCore

/// The lookup's memo by id against `Dictionary` doing the same: the same answer for every key
/// after every step, through growth, keys that share a slot, and a full table starting again.
@Suite("The lookup's memo by id")
struct IDMemoTableTests {
    @Test("it answers as a dictionary does, with the same limit", arguments: [1, 7, 64, 1000])
    func againstDictionary(limit: Int) {
        var generator = EngineCurves.SplitMix64(seed: UInt64(limit))
        var table = IDMemoTable<String>()
        var reference: [Int64: String] = [:]
        // Consecutive ids, ids a power of two apart (the same high bits) and the extremes.
        let pool: [Int64] = Array(0..<300) + (0..<40).map { Int64($0) << 32 } + [.min, .max, -1, -2]
        for step in 0..<5000 {
            let key = pool[Int(generator.next() % UInt64(pool.count))]
            if generator.next() % 3 == 0 {
                #expect(table[key] == reference[key], "step \(step), key \(key)")
            } else {
                let value = "v\(step)"
                if reference.count >= limit { reference.removeAll() }
                reference[key] = value
                table.remember(value, for: key, limit: limit)
            }
        }
        for key in pool { #expect(table[key] == reference[key], "key \(key)") }
    }

    @Test("an empty table knows nothing; a value stored again replaces the first")
    func emptyAndReplaced() {
        var table = IDMemoTable<Int>()
        #expect(table[0] == nil)
        #expect(table[.min] == nil)
        table.remember(1, for: 5, limit: 10)
        table.remember(2, for: 5, limit: 10)
        #expect(table[5] == 2)
        #expect(table[6] == nil)
    }
}
