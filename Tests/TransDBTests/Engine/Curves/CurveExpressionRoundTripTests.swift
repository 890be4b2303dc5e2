import Testing
@testable import TransDB
@testable import TransDBCore

extension EngineCurves {
    /// Random valid curves for property tests, drawn from the full range the parser accepts.
    enum CurveGenerator {
        /// A number as people write them (a few decimals) or an arbitrary double, in `range`.
        static func number(_ random: inout SplitMix64, _ range: ClosedRange<Double>) -> Double {
            switch random.integer(0...3) {
            case 0:
                let scale = random.pick([1.0, 10, 100, 1000, 10000])
                return min(range.upperBound, max(range.lowerBound, (random.uniform(range) * scale).rounded() / scale))
            case 1 where range.lowerBound >= 0 && range.upperBound > 0:
                return random.logUniform(max(range.lowerBound, range.upperBound * 1e-12)...range.upperBound)
            default:
                return random.uniform(range)
            }
        }

        /// A positive number in (0, upper].
        static func positive(_ random: inout SplitMix64, _ upper: Double) -> Double {
            let value = number(&random, 0...upper)
            return value > 0 ? value : upper / 2
        }

        /// A spring of `form` that settles within the longest settling time accepted (springs
        /// with no or almost no damping are refused).
        static func spring(_ random: inout SplitMix64, form: Int) -> Spring {
            while true {
                let spring = anySpring(&random, form: form)
                let settling = spring.physical.settlingDuration()
                if settling.isFinite && settling <= TimingCurve.longestSpringSettling { return spring }
            }
        }

        static func anySpring(_ random: inout SplitMix64, form: Int) -> Spring {
            switch form {
            case 0:
                return .physical(
                    mass: max(1e-6, positive(&random, random.pick([1e6, 10]))), stiffness: positive(&random, random.pick([1e9, 2000])),
                    damping: number(&random, 0...random.pick([1e9, 100])),
                    velocity: number(&random, -random.pick([1e6, 20])...random.pick([1e6, 20])))
            case 1:
                return .uikit(
                    duration: positive(&random, 60), dampingRatio: positive(&random, 1),
                    velocity: number(&random, -random.pick([1e6, 10])...random.pick([1e6, 10])))
            case 2:
                var bounce = number(&random, -1...1)
                if bounce == -1 { bounce = -0.5 }
                return .perceptual(duration: positive(&random, 60), bounce: bounce)
            case 3:
                return .response(response: positive(&random, 60), dampingFraction: number(&random, 0...random.pick([100, 1.5])))
            default:
                return .android(
                    stiffness: positive(&random, random.pick([1e9, 4000])), dampingRatio: number(&random, 0...random.pick([100, 1.5])))
            }
        }

        static func curve(_ random: inout SplitMix64, kind: TimingCurve.Kind) -> TimingCurve {
            switch kind {
            case .linear:
                return .linear
            case .cubicBezier:
                return .cubicBezier(
                    x1: number(&random, 0...1), y1: number(&random, random.pick([-1e6...1e6, -2...2])),
                    x2: number(&random, 0...1), y2: number(&random, random.pick([-1e6...1e6, -2...2])))
            case .steps:
                let position = random.pick(StepPosition.allCases)
                return .steps(count: random.integer((position == .jumpNone ? 2 : 1)...random.pick([100_000, 12])), position: position)
            case .piecewiseLinear:
                let stops = (0..<random.integer(2...12)).map { _ in
                    LinearStop(
                        output: number(&random, random.pick([-1e6...1e6, -0.5...1.5])),
                        percent: random.chance(0.5) ? number(&random, random.pick([-1e8...1e8, -20...120])) : nil)
                }
                return .piecewiseLinear(stops)
            case .spring:
                return .spring(spring(&random, form: random.integer(0...4)))
            }
        }
    }

    @Suite("Curve expressions: property-based round trip")
    struct CurveExpressionRoundTripTests {
        @Test("TimingCurve(expression: c.expression) == c for 600 random curves of each kind", arguments: TimingCurve.Kind.allCases)
        func roundTrip(kind: TimingCurve.Kind) throws {
            var random = SplitMix64(seed: 0x7DB0_0000 + UInt64(TimingCurve.Kind.allCases.firstIndex(of: kind) ?? 0))
            for _ in 0..<600 {
                let curve = CurveGenerator.curve(&random, kind: kind)
                let parsed = try TimingCurve(expression: curve.expression)
                #expect(parsed == curve, "\(curve.expression)")
                #expect(parsed.expression == curve.expression)
            }
        }

        @Test("every spring form is generated and round-trips", arguments: 0..<5)
        func springForms(form: Int) throws {
            var random = SplitMix64(seed: 0x5B21 + UInt64(form))
            for _ in 0..<200 {
                let curve = TimingCurve.spring(CurveGenerator.spring(&random, form: form))
                #expect(try TimingCurve(expression: curve.expression) == curve, "\(curve.expression)")
            }
        }
    }
}
