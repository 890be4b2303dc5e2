import Foundation
@testable import TransDBCore

extension EngineCurves {
    /// A tiny seeded generator (Steele, Lea and Flood's SplitMix64) so that property tests are
    /// deterministic: the same seed gives the same cases on every machine and run.
    struct SplitMix64: RandomNumberGenerator {
        private var state: UInt64

        init(seed: UInt64) {
            state = seed
        }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// A double in [0, 1) with 53 random bits.
        mutating func unit() -> Double {
            Double(next() >> 11) * 0x1p-53
        }

        /// A double in `range`, uniformly.
        mutating func uniform(_ range: ClosedRange<Double>) -> Double {
            min(range.upperBound, range.lowerBound + (range.upperBound - range.lowerBound) * unit())
        }

        /// A positive double spread evenly over the orders of magnitude of `range`.
        mutating func logUniform(_ range: ClosedRange<Double>) -> Double {
            let value = exp2(uniform(log2(range.lowerBound)...log2(range.upperBound)))
            return min(range.upperBound, max(range.lowerBound, value))
        }

        /// An integer in `range`.
        mutating func integer(_ range: ClosedRange<Int>) -> Int {
            Int.random(in: range, using: &self)
        }

        /// One of `elements`.
        mutating func pick<T>(_ elements: [T]) -> T {
            elements[integer(0...(elements.count - 1))]
        }

        /// A coin flip that comes up true with probability `p`.
        mutating func chance(_ p: Double) -> Bool {
            unit() < p
        }
    }
}
