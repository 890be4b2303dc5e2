import Foundation
import Testing
@testable import TransDB
@testable import TransDBCore

extension EngineCurves {
    @Suite("Physical springs: exact motion in all regimes")
    struct PhysicalSpringTests {
        /// One golden sample of one spring.
        struct Case: Sendable, CustomTestStringConvertible {
            var spring: PhysicalSpring
            var regime: String
            var t: Double
            var x: Double
            var v: Double

            var testDescription: String {
                "m \(spring.mass) k \(spring.stiffness) c \(spring.damping) v0 \(spring.velocity) (\(regime)) at t = \(t)"
            }
        }

        static let tolerance = Golden.spring?.tolerance ?? 1e-12

        static func spring(_ golden: Golden.SpringFile.Spring) -> PhysicalSpring {
            PhysicalSpring(
                mass: golden.mass, stiffness: golden.stiffness, damping: golden.damping, velocity: golden.initialVelocity)
        }

        static let cases: [Case] = (Golden.spring?.springs ?? []).flatMap { golden in
            golden.samples.map { Case(spring: spring(golden), regime: golden.regime, t: $0.t, x: $0.x, v: $0.v) }
        }

        @Test("position x(t) of every golden sample", arguments: cases)
        func position(_ sample: Case) {
            let x = sample.spring.position(at: sample.t)
            #expect(abs(x - sample.x) <= Self.tolerance, "x = \(x), expected \(sample.x)")
        }

        @Test("velocity x′(t) of every golden sample", arguments: cases)
        func velocity(_ sample: Case) {
            let v = sample.spring.velocity(at: sample.t)
            #expect(abs(v - sample.v) <= Self.tolerance, "v = \(v), expected \(sample.v)")
        }

        @Test("ω0, ζ and the UIKit settling duration of every golden spring", arguments: Golden.spring?.springs.indices.map { $0 } ?? [])
        func characteristics(_ index: Int) throws {
            let golden = try #require(Golden.spring?.springs[index])
            let spring = Self.spring(golden)
            #expect(abs(spring.undampedAngularFrequency - golden.omega0) <= Self.tolerance)
            #expect(abs(spring.dampingRatio - golden.dampingRatio) <= Self.tolerance)
            if let settling = golden.settlingDuration {
                #expect(abs(spring.settlingDuration() - settling) <= Self.tolerance)
            }
        }

        @Test("settling duration of Apple's CASpringAnimation example (m 1, k 100, c 5): about 2.85 s")
        func settlingDocCheck() throws {
            let check = try #require(Golden.spring?.settlingDocCheck)
            let spring = PhysicalSpring(mass: check.mass, stiffness: check.stiffness, damping: check.damping, velocity: 0)
            #expect(abs(spring.settlingDuration() - check.formulaValue) <= Self.tolerance)
            #expect(abs(spring.settlingDuration(epsilon: 1e-3) - 2.854974609888761) <= 1e-12)
        }

        @Test("an undamped spring never settles")
        func undamped() {
            let spring = PhysicalSpring(mass: 1, stiffness: 100, damping: 0, velocity: 0)
            #expect(spring.settlingDuration() == .infinity)
            #expect(abs(spring.position(at: Double.pi / 10) - 2) <= 1e-14)  // half a period: 1 + 1
            #expect(abs(spring.overshoot - 1) <= 1e-14)
        }

        @Test(
            "for ζ ≥ 1 the settling duration is the last time 1 − x(t) is ε away",
            arguments: [
                PhysicalSpring(mass: 1, stiffness: 100, damping: 20, velocity: 0),
                PhysicalSpring(mass: 1, stiffness: 100, damping: 30, velocity: 0),
                PhysicalSpring(mass: 3, stiffness: 1000, damping: 500, velocity: 0),  // UIKit's default spring
                PhysicalSpring(mass: 1, stiffness: 100, damping: 20, velocity: 40),  // overshoots, then settles
                PhysicalSpring(mass: 1, stiffness: 100, damping: 25, velocity: -8),  // backs off first
                PhysicalSpring(mass: 1, stiffness: 100, damping: 25, velocity: 11.6),  // turns just inside ε
            ])
        func settlingOverdamped(spring: PhysicalSpring) {
            let epsilon = 1e-3
            let settled = spring.settlingDuration(epsilon: epsilon)
            #expect(settled.isFinite && settled > 0)
            #expect(abs(abs(1 - spring.position(at: settled)) - epsilon) <= 1e-12)
            for factor in [1.0001, 1.01, 1.1, 1.5, 2, 4, 10] {
                #expect(abs(1 - spring.position(at: settled * factor)) < epsilon)
            }
        }

        @Test("a critically damped spring at rest settles when e^(−ω0·t)(1 + ω0·t) = 0.001")
        func settlingCritical() {
            let spring = PhysicalSpring(mass: 1, stiffness: 100, damping: 20, velocity: 0)
            let y = spring.settlingDuration() * 10
            #expect(abs(exp(-y) * (1 + y) - 0.001) <= 1e-15)
        }

        @Test("positions at ζ = 1 − 1e-9, 1 and 1 + 1e-9 agree to about 1e-9, without NaN", arguments: [-7.5, 0, 3, 25])
        func continuityAcrossCritical(velocity: Double) {
            let springs = [1 - 1e-9, 1, 1 + 1e-9, 1 - 1e-15, 1 + 1e-15].map {
                PhysicalSpring(mass: 1, stiffness: 100, damping: 20 * $0, velocity: velocity)
            }
            for t in [0, 1e-6, 0.01, 0.05, 0.1, 0.2, 0.35, 0.5, 1, 2, 5, 30] {
                let positions = springs.map { $0.position(at: t) }
                let velocities = springs.map { $0.velocity(at: t) }
                #expect(positions.allSatisfy(\.isFinite) && velocities.allSatisfy(\.isFinite))
                for value in positions.dropFirst() {
                    #expect(abs(value - positions[1]) <= 2e-9, "t = \(t): \(positions)")
                }
                for value in velocities.dropFirst() {
                    #expect(abs(value - velocities[1]) <= 2e-8, "t = \(t): \(velocities)")
                }
                // Ratios a rounding error away from 1 agree to rounding level.
                #expect(abs(positions[3] - positions[1]) <= 1e-14 && abs(positions[4] - positions[1]) <= 1e-14)
            }
            for spring in springs {
                #expect(spring.overshoot.isFinite && spring.settlingDuration().isFinite)
            }
        }

        @Test("position and velocity agree with the closed forms of timing-math.md away from ζ = 1")
        func textbookForms() {
            var random = SplitMix64(seed: 0x5971)
            for _ in 0..<500 {
                let spring = PhysicalSpring(
                    mass: random.uniform(0.5...3), stiffness: random.uniform(20...800),
                    damping: random.uniform(0...120), velocity: random.uniform(-20...20))
                let w0 = spring.undampedAngularFrequency
                let zeta = spring.dampingRatio
                let v0 = spring.velocity
                guard abs(zeta - 1) > 0.05 else { continue }
                for t in stride(from: 0.0, through: 1.5, by: 0.125) {
                    let u: Double
                    if zeta < 1 {
                        let wd = w0 * (1 - zeta * zeta).squareRoot()
                        u = exp(-zeta * w0 * t) * (cos(wd * t) + (zeta * w0 - v0) / wd * sin(wd * t))
                    } else {
                        let root = (zeta * zeta - 1).squareRoot()
                        let (rPlus, rMinus) = (-w0 * (zeta - root), -w0 * (zeta + root))
                        let c1 = (-v0 - rMinus) / (rPlus - rMinus)
                        u = c1 * exp(rPlus * t) + (1 - c1) * exp(rMinus * t)
                    }
                    #expect(abs(spring.position(at: t) - (1 - u)) <= 1e-11)
                }
            }
        }

        @Test("velocity is the derivative of position")
        func velocityIsDerivative() {
            var random = SplitMix64(seed: 0xD0D0)
            for _ in 0..<300 {
                let spring = PhysicalSpring(
                    mass: random.uniform(0.5...3), stiffness: random.uniform(20...800),
                    damping: random.uniform(0...120), velocity: random.uniform(-20...20))
                for t in [0.05, 0.2, 0.7] {
                    let h = 1e-5
                    let slope = (spring.position(at: t + h) - spring.position(at: t - h)) / (2 * h)
                    #expect(abs(slope - spring.velocity(at: t)) <= 1e-5 * max(1, abs(slope)))
                }
            }
        }

        @Test("overshoot: e^(−πζ/√(1−ζ²)) at rest, none when overdamped at rest, and the grid maximum otherwise")
        func overshoot() {
            let underdamped = PhysicalSpring(mass: 1, stiffness: 100, damping: 10, velocity: 0)
            #expect(abs(underdamped.overshoot - exp(-Double.pi * 0.5 / 0.75.squareRoot())) <= 1e-15)
            #expect(PhysicalSpring(mass: 1, stiffness: 100, damping: 20, velocity: 0).overshoot == 0)
            #expect(PhysicalSpring(mass: 1, stiffness: 100, damping: 30, velocity: 5).overshoot == 0)
            #expect(PhysicalSpring(mass: 1, stiffness: 100, damping: 20, velocity: 40).overshoot > 0)

            var random = SplitMix64(seed: 0x0FE5)
            for index in 0..<400 {
                let damping = index % 4 == 0 ? 20 * random.uniform(0.999...1.001) : random.uniform(0...60)
                let spring = PhysicalSpring(
                    mass: 1, stiffness: 100, damping: damping, velocity: random.uniform(-30...60))
                let span = min(3 * spring.settlingDuration(), 20)
                var gridMaximum = 0.0
                for i in 0...20_000 {
                    gridMaximum = max(gridMaximum, spring.position(at: span * Double(i) / 20_000) - 1)
                }
                // The closed form is at least every sampled value, and within the grid's resolution
                // of the largest unless the peak is too small to reach within the span.
                #expect(spring.overshoot >= gridMaximum - 1e-14)
                #expect(spring.overshoot - gridMaximum <= 1e-4 * max(1, spring.overshoot) || spring.overshoot < 1e-3)
            }
        }
    }
}
