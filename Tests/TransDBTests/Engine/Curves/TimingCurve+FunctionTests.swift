import Testing
@testable import TransDB
@testable import TransDBCore

extension EngineCurves {
    @Suite("From curves to timing functions; a spring's equivalent spellings")
    struct TimingCurveFunctionTests {
        @Test("each kind gets its evaluator; non-springs ignore the duration")
        func evaluators() throws {
            let linear = TimingCurve.linear.function(duration: 3)
            for p in [-0.5, 0, 0.3, 1, 1.7] {
                #expect(linear.progress(at: p) == p)
            }
            let bezier = try TimingCurve(expression: "cubic-bezier(0.42, 0, 0.58, 1)")
            #expect(bezier.function(duration: nil) as? CubicBezierFunction == CubicBezierFunction(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
            let steps = try TimingCurve(expression: "steps(4, jump-both)")
            #expect(steps.function(duration: 2) as? StepsFunction == StepsFunction(count: 4, position: .jumpBoth))
            let piecewise = try TimingCurve(expression: "linear(0, 0.8 40%, 1)")
            #expect(piecewise.function(duration: 0.3).progress(at: 0.4) == 0.8)
            #expect(bezier.intrinsicDuration == nil && steps.intrinsicDuration == nil && TimingCurve.linear.intrinsicDuration == nil)
        }

        @Test(
            "the identity in each spelling is the identity, and nothing else is",
            arguments: [
                ("linear", true), ("cubic-bezier(0, 0, 1, 1)", true), ("cubic-bezier(0.3, 0.3, 0.6, 0.6)", true),
                ("linear(0, 1)", true), ("linear(0, 0.25, 1)", false), ("linear(0, 0.5, 1)", true), ("linear(0 0%, 0.4 40%, 1 100%)", true),
                ("cubic-bezier(0.3, 0.3, 0.6, 0.61)", false), ("cubic-bezier(0.42, 0, 0.58, 1)", false), ("steps(1000, jump-none)", false),
                ("spring(duration: 0.5, bounce: 0)", false),
            ])
        func identity(expression: String, isIdentity: Bool) throws {
            let curve = try TimingCurve(expression: expression)
            #expect(curve.isIdentity == isIdentity)
            // Checked on the evaluator too: progress is time at every sampled point, or not.
            let function = curve.function(duration: 1)
            let followsTime = stride(from: 0.0, through: 1, by: 0.05).allSatisfy { abs(function.progress(at: $0) - $0) < 1e-9 }
            #expect(followsTime == isIdentity)
        }

        @Test(
            "a spring over duration D maps f to x(f · D)",
            arguments: [
                "spring(mass: 1, stiffness: 100, damping: 10, velocity: 0)",
                "spring(duration: 0.8, dampingRatio: 0.6, velocity: 0)",
                "spring(duration: 0.5, bounce: 0.3)",
                "spring(response: 0.5, dampingFraction: 0.825)",
                "spring(stiffness: 800, dampingRatio: 0.6)",
            ])
        func springOverDuration(expression: String) throws {
            let curve = try TimingCurve(expression: expression)
            guard case let .spring(spring) = curve else {
                throw CurveExpressionError(expression: expression, column: 1, message: "not a spring")
            }
            let physical = spring.physical
            for duration in [0.25, 0.4, 1.5] {
                let function = curve.function(duration: duration)
                for f in [0, 0.1, 0.5, 0.9, 1] {
                    #expect(function.progress(at: f) == physical.position(at: f * duration))
                }
            }
            // Without a duration the spring runs for its own.
            let intrinsic = try #require(curve.intrinsicDuration)
            #expect(curve.function(duration: nil).progress(at: 0.5) == physical.position(at: 0.5 * intrinsic))
        }

        @Test("intrinsic duration: a UIKit spring's own duration, otherwise the settling duration")
        func intrinsicDuration() throws {
            #expect(try TimingCurve(expression: "spring(duration: 0.8, dampingRatio: 0.6, velocity: 0)").intrinsicDuration == 0.8)
            #expect(try TimingCurve(expression: "spring(duration: 20, dampingRatio: 0.6, velocity: 0)").intrinsicDuration == 20)
            let documented = try #require(
                try TimingCurve(expression: "spring(mass: 1, stiffness: 100, damping: 5, velocity: 0)").intrinsicDuration)
            #expect(abs(documented - 2.854974609888761) <= 1e-12)
            let perceptual = try #require(try TimingCurve(expression: "spring(duration: 0.5, bounce: 0.3)").intrinsicDuration)
            #expect(perceptual == Spring.perceptual(duration: 0.5, bounce: 0.3).physical.settlingDuration())
        }

        @Test("equivalent spellings: nil for non-springs, the own form verbatim, values converted")
        func equivalents() throws {
            #expect(TimingCurve.linear.equivalentSpringExpressions == nil)
            #expect(try TimingCurve(expression: "steps(3)").equivalentSpringExpressions == nil)

            let bouncy = try TimingCurve(expression: "spring(duration: 0.5, bounce: 0.3)")
            let spellings = try #require(bouncy.equivalentSpringExpressions)
            #expect(spellings.count == 5)
            #expect(spellings[0].hasPrefix("spring(mass: 1, stiffness: 157.91367041743, damping: 17.5929188601028, velocity: 0)"))
            #expect(spellings[1].hasPrefix("spring(duration: ") && spellings[1].hasSuffix(", dampingRatio: 0.7, velocity: 0)"))
            #expect(spellings[2] == "spring(duration: 0.5, bounce: 0.3)")
            #expect(spellings[3] == "spring(response: 0.5, dampingFraction: 0.7)")
            #expect(spellings[4] == "spring(stiffness: 157.91367041743, dampingRatio: 0.7)")

            // Overdamped: no UIKit form (its ratio is at most 1); a negative bounce.
            let modal = try #require(
                try TimingCurve(expression: "spring(mass: 3, stiffness: 1000, damping: 500, velocity: 0)").equivalentSpringExpressions)
            #expect(modal.count == 4)
            #expect(modal[0] == "spring(mass: 3, stiffness: 1000, damping: 500, velocity: 0)")
            #expect(!modal.contains { $0.contains("dampingRatio") && $0.contains("velocity") })
            #expect(modal[1].contains("bounce: -0.78"))

            // An initial velocity rules out the forms that start at rest.
            let moving = try #require(
                try TimingCurve(expression: "spring(mass: 1, stiffness: 300, damping: 10, velocity: -5)").equivalentSpringExpressions)
            #expect(moving.count == 2)
            #expect(moving[1].hasSuffix("velocity: -5)"))

            // A UIKit spring keeps its own spelling and gains the physical one.
            let uikit = try #require(
                try TimingCurve(expression: "spring(duration: 0.5, dampingRatio: 0.8, velocity: 0)").equivalentSpringExpressions)
            #expect(uikit[1] == "spring(duration: 0.5, dampingRatio: 0.8, velocity: 0)")
            #expect(uikit.count == 5)

            // Critically damped: the UIKit form uses the ratio-1 envelope.
            let critical = try #require(try TimingCurve(expression: "spring(duration: 0.35, bounce: 0)").equivalentSpringExpressions)
            #expect(critical.contains { $0.hasSuffix("dampingRatio: 1, velocity: 0)") })
            #expect(critical.contains("spring(response: 0.35, dampingFraction: 1)"))
        }

        @Test("every equivalent spelling of random springs of every form parses to the same motion")
        func equivalentsRoundTrip() throws {
            var random = SplitMix64(seed: 0xE9)
            for index in 0..<400 {
                let curve = TimingCurve.spring(CurveGenerator.spring(&random, form: index % 5))
                let spellings = try #require(curve.equivalentSpringExpressions)
                #expect(spellings.contains(curve.expression))
                guard case let .spring(spring) = curve else { continue }
                let physical = spring.physical
                for spelling in spellings {
                    let parsed = try TimingCurve(expression: spelling)
                    guard case let .spring(other) = parsed else {
                        Issue.record("\(spelling) is not a spring")
                        continue
                    }
                    let (a, b) = (other.physical, physical)
                    let omegaSquared = b.stiffness / b.mass
                    #expect(abs(a.stiffness / a.mass - omegaSquared) <= 1e-12 * omegaSquared, "\(curve.expression) as \(spelling)")
                    // Times on the spring's own scale, where a 1e-12 change in its rates is about 1e-12 in x.
                    for t in [0.5, 2, 6].map({ $0 / b.undampedAngularFrequency }) {
                        #expect(isClose(a.position(at: t), b.position(at: t), tolerance: 1e-10), "\(curve.expression) as \(spelling)")
                    }
                }
            }
        }
    }
}
