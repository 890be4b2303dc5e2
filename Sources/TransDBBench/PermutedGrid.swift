import TransDBCore
/// `count` evenly spaced values in a fixed pseudo-random order, so that the branch predictor
/// cannot learn the sequence (the Newton iteration count, the extrapolation and the spring
/// branches all depend on the input).
///
/// The shuffle is Fisher–Yates driven by splitmix64 from seed 42, exactly as in
/// `Benchmarks/Reference/cubic_bezier.c`, so that both programs visit the same values in the
/// same order and their checksums can agree to the bit.
enum PermutedGrid {
    /// `value(i)` for i in 0..<count, shuffled.
    static func make(count: Int, value: (Int) -> Double) -> [Double] {
        var values = (0..<count).map(value)
        var state: UInt64 = 42
        for i in stride(from: count - 1, to: 0, by: -1) {
            let j = Int(splitMix64(&state) % UInt64(i + 1))
            values.swapAt(i, j)
        }
        return values
    }

    /// The next output of splitmix64 (Steele, Lea and Flood), advancing `state`.
    private static func splitMix64(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
