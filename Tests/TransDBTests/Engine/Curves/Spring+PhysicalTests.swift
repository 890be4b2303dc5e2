import Foundation
import Testing
@testable import TransDB
@testable import TransDBCore

extension EngineCurves {
    @Suite("Spring forms converted to the physical one")
    struct SpringPhysicalTests {
        static let tolerance = Golden.spring?.tolerance ?? 1e-12

        @Test(
            "UIKit duration + damping ratio: every worked case of spring.json",
            arguments: Golden.spring?.uikitMapping.cases.indices.map { $0 } ?? [])
        func uikitWorkedCases(_ index: Int) throws {
            let golden = try #require(Golden.spring?.uikitMapping.cases[index])
            let spring = Spring.uikit(
                duration: golden.duration, dampingRatio: golden.dampingRatio, velocity: golden.initialVelocity
            ).physical
            #expect(spring.mass == golden.mass)
            #expect(spring.velocity == golden.initialVelocity)
            #expect(
                abs(spring.undampedAngularFrequency - golden.omega0) <= Self.tolerance,
                "ω0 = \(spring.undampedAngularFrequency), expected \(golden.omega0)")
            #expect(abs(spring.stiffness - golden.stiffness) <= Self.tolerance, "k = \(spring.stiffness), expected \(golden.stiffness)")
            #expect(abs(spring.damping - golden.damping) <= Self.tolerance, "c = \(spring.damping), expected \(golden.damping)")
        }

        @Test("UIKit: the envelope falls to 0.001 exactly at the duration, on its decaying tail")
        func uikitEnvelope() {
            var random = SplitMix64(seed: 0x0E17)
            for _ in 0..<1000 {
                let duration = random.uniform(0.01...10)
                let zeta = random.chance(0.1) ? 1 : random.uniform(0.002...0.999)
                let v0 = random.chance(0.2) ? 0 : random.uniform(-20...20)
                let spring = Spring.uikit(duration: duration, dampingRatio: zeta, velocity: v0).physical
                let w = spring.undampedAngularFrequency
                #expect(spring.mass == 1)
                #expect(abs(spring.damping - 2 * zeta * w) <= 1e-12 * spring.damping)
                func envelope(_ w: Double) -> Double {
                    zeta < 1
                        ? exp(-zeta * w * duration) * abs(zeta * w - v0) / (w * (1 - zeta * zeta).squareRoot())
                        : exp(-w * duration) * abs(1 + (w - v0) * duration)
                }
                #expect(abs(envelope(w) / 0.001 - 1) <= 1e-10, "T \(duration) ζ \(zeta) v0 \(v0): ω0 \(w)")
                // The largest root: a stiffer spring is below the level at the duration.
                for factor in [1.001, 1.1, 2, 10] {
                    #expect(envelope(w * factor) < 0.001)
                }
            }
        }

        @Test("UIKit: ratio 1 at rest gives ω0 ≈ 9.2334 / T, and a settling duration equal to T")
        func uikitCritical() {
            for duration in [0.01, 0.35, 0.5, 2, 10] {
                let spring = Spring.uikit(duration: duration, dampingRatio: 1, velocity: 0).physical
                #expect(abs(spring.undampedAngularFrequency * duration - 9.233_413_476_451_585) <= 1e-12)
                #expect(abs(spring.settlingDuration() / duration - 1) <= 1e-12)
            }
        }

        @Test("UIKit clamps the ratio to [1.19e-7, 1] and the duration to [0.01, 10]")
        func uikitClamps() {
            #expect(
                Spring.uikit(duration: 20, dampingRatio: 0.5, velocity: 0).physical
                    == Spring.uikit(duration: 10, dampingRatio: 0.5, velocity: 0).physical)
            #expect(
                Spring.uikit(duration: 0.001, dampingRatio: 0.5, velocity: 1).physical
                    == Spring.uikit(duration: 0.01, dampingRatio: 0.5, velocity: 1).physical)
            #expect(
                Spring.uikit(duration: 0.5, dampingRatio: 1.5, velocity: 0).physical
                    == Spring.uikit(duration: 0.5, dampingRatio: 1, velocity: 0).physical)
            #expect(
                Spring.uikit(duration: 0.5, dampingRatio: 1e-9, velocity: 2).physical
                    == Spring.uikit(duration: 0.5, dampingRatio: 1.19e-7, velocity: 2).physical)
        }

        @Test("UIKit: a ratio too small for the envelope to start above 0.001 settles at the duration instead")
        func uikitTinyRatio() {
            let spring = Spring.uikit(duration: 0.5, dampingRatio: 0.0005, velocity: 0).physical
            #expect(spring.stiffness.isFinite && spring.stiffness > 0)
            #expect(abs(spring.settlingDuration() - 0.5) <= 1e-12)
        }

        @Test("perceptual duration + bounce: ζ = 1 − bounce, or 1/(1 + bounce) below 0; k = (2π/d)², c = 4πζ/d")
        func perceptual() {
            let bouncy = Spring.perceptual(duration: 0.5, bounce: 0.3).physical
            #expect(bouncy.mass == 1 && bouncy.velocity == 0)
            #expect(isClose(bouncy.stiffness, pow(2 * Double.pi / 0.5, 2), tolerance: 1e-15))
            #expect(isClose(bouncy.damping, 4 * Double.pi * 0.7 / 0.5, tolerance: 1e-15))
            #expect(abs(bouncy.dampingRatio - 0.7) <= 1e-15)

            let flat = Spring.perceptual(duration: 0.5, bounce: -0.5).physical
            #expect(isClose(flat.stiffness, pow(2 * Double.pi / 0.5, 2), tolerance: 1e-15))
            #expect(isClose(flat.damping, 4 * Double.pi * 2 / 0.5, tolerance: 1e-15))
            #expect(flat.dampingRatio == 2)

            let smooth = Spring.perceptual(duration: 0.5, bounce: 0).physical
            #expect(smooth.dampingRatio == 1)  // exactly critical, not a rounding error off
            #expect(Spring.perceptual(duration: 2, bounce: 1).physical.damping == 0)
        }

        @Test("response + dampingFraction: the perceptual formulas with the response as duration")
        func response() {
            let spring = Spring.response(response: 0.5, dampingFraction: 0.825).physical
            #expect(spring.mass == 1 && spring.velocity == 0)
            #expect(isClose(spring.stiffness, pow(2 * Double.pi / 0.5, 2), tolerance: 1e-15))
            #expect(isClose(spring.damping, 4 * Double.pi * 0.825 / 0.5, tolerance: 1e-15))
            #expect(Spring.response(response: 0.3, dampingFraction: 1).physical.dampingRatio == 1)
            #expect(Spring.response(response: 0.5, dampingFraction: 0.7).physical == Spring.perceptual(duration: 0.5, bounce: 0.3).physical)
        }

        @Test("Android stiffness + dampingRatio: mass 1, c = 2ζ√k (SpringForce defaults, Material 3 tokens)")
        func android() {
            let defaults = Spring.android(stiffness: 1500, dampingRatio: 0.5).physical
            #expect(defaults == PhysicalSpring(mass: 1, stiffness: 1500, damping: 1500.0.squareRoot(), velocity: 0))
            let spatialFast = Spring.android(stiffness: 800, dampingRatio: 0.6).physical
            #expect(isClose(spatialFast.damping, 1.2 * 800.0.squareRoot(), tolerance: 1e-15))
            #expect(abs(spatialFast.dampingRatio - 0.6) <= 1e-15)
            #expect(Spring.android(stiffness: 3800, dampingRatio: 1).physical.dampingRatio == 1)
        }

        @Test("the physical form is passed through")
        func physical() {
            let spring = Spring.physical(mass: 3, stiffness: 1000, damping: 500, velocity: -2).physical
            #expect(spring == PhysicalSpring(mass: 3, stiffness: 1000, damping: 500, velocity: -2))
        }
    }
}
