import Testing
@testable import TransDBCore

extension EngineCurves {
    @Suite("Spring facts and curve samples")
    struct SpringFactsTests {
        @Test("a spring's facts are its physical form's, in any spelling")
        func facts() throws {
            let spring = Spring.perceptual(duration: 0.5, bounce: 0.2)
            let facts = try #require(TimingCurve.spring(spring).springFacts)
            let physical = spring.physical
            #expect(facts.dampingRatio == physical.dampingRatio)
            #expect(abs(facts.dampingRatio - 0.8) <= 1e-12)
            #expect(facts.settlingDuration == physical.settlingDuration())
            #expect(facts.overshoot == physical.overshoot)
            #expect(facts.overshoot > 0)
            #expect(
                facts.physical
                    == .spring(
                        .physical(
                            mass: physical.mass, stiffness: physical.stiffness, damping: physical.damping, velocity: physical.velocity)))
            #expect(facts.equivalents == TimingCurve.spring(spring).equivalentSpringExpressions)
            #expect(facts.equivalents.contains("spring(duration: 0.5, bounce: 0.2)"))
        }

        @Test("an undamped spring never comes to rest: no settling duration, null in the record")
        func undamped() throws {
            let facts = try #require(TimingCurve.spring(.physical(mass: 1, stiffness: 100, damping: 0, velocity: 0)).springFacts)
            #expect(facts.settlingDuration == nil)
            #expect(facts.record.map(\.0) == ["physical", "dampingRatio", "settlingDuration", "overshoot", "equivalents"])
            #expect(facts.record[2].1 == .null)
            #expect(facts.record[0].1 == .string("spring(mass: 1, stiffness: 100, damping: 0, velocity: 0)"))
        }

        @Test("curves other than springs have no spring facts")
        func notSprings() {
            #expect(TimingCurve.linear.springFacts == nil)
            #expect(TimingCurve.cubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1).springFacts == nil)
        }

        @Test("samples: evenly spaced points, seconds only for a curve with its own duration")
        func samples() throws {
            #expect(CurveSamples.evenlySpaced(intervals: 4) == [0, 0.25, 0.5, 0.75, 1])
            let linear = CurveSamples(curve: .linear, at: [0, 0.25, 1])
            #expect(linear.duration == nil)
            #expect(
                linear.samples == [
                    .init(at: 0, time: nil, progress: 0), .init(at: 0.25, time: nil, progress: 0.25), .init(at: 1, time: nil, progress: 1),
                ])
            let spring = TimingCurve.spring(.perceptual(duration: 0.5, bounce: 0))
            let sampled = CurveSamples(curve: spring, at: [0.5])
            let duration = try #require(spring.intrinsicDuration)
            #expect(sampled.duration == duration)
            #expect(
                sampled.samples == [.init(at: 0.5, time: 0.5 * duration, progress: spring.function(duration: duration).progress(at: 0.5))])
        }
    }
}
