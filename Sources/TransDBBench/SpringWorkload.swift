import TransDBCore

/// `PhysicalSpring.position(at:)` for six springs covering every branch of the solver —
/// underdamped with and without an initial velocity, critically damped (λ exactly 0),
/// overdamped on both sides of μt = 1 and strongly overdamped against its velocity — each at
/// 1,000,000 times evenly spread over [0, 2) seconds, in a shuffled order.
enum SpringWorkload {
    static let springs = [
        PhysicalSpring(mass: 1, stiffness: 100, damping: 5, velocity: 0),  // ζ = 0.25, Apple's example
        PhysicalSpring(mass: 1, stiffness: 300, damping: 10, velocity: 2),  // ζ ≈ 0.29, flung
        PhysicalSpring(mass: 1, stiffness: 100, damping: 20, velocity: 0),  // ζ = 1: α² = ω0² exactly
        PhysicalSpring(mass: 2, stiffness: 200, damping: 40, velocity: 1),  // ζ = 1 with a velocity
        PhysicalSpring(mass: 1, stiffness: 100, damping: 40, velocity: 0),  // ζ = 2: μt < 1 until 58 ms
        PhysicalSpring(mass: 1, stiffness: 50, damping: 60, velocity: -1),  // ζ ≈ 4.2, pulled back
    ]

    static func make() -> Workload {
        let times = PermutedGrid.make(count: 1_000_000) { Double($0) / 500_000 }
        let springs = Self.springs
        return Workload(name: "spring", evaluations: springs.count * times.count) {
            var sum = 0.0
            for spring in springs {
                for t in times { sum += spring.position(at: t) }
            }
            return sum
        }
    }
}
