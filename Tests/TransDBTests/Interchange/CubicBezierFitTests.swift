import Foundation
import Testing
import TransDB
@testable import TransDBCore

extension Interchange {
    @Suite("DTCG: the nearest cubic Bézier to a curve that is not one")
    struct CubicBezierFitTests {
        /// The largest difference between two curves on 10,001 evenly spaced times.
        static func distance(_ a: TimingCurve, _ b: TimingCurve, duration: Double?) -> Double {
            let (f, g) = (a.function(duration: duration), b.function(duration: duration))
            return (0...10_000).map { Double($0) / 10_000 }.reduce(0) { max($0, abs(f.progress(at: $1) - g.progress(at: $1))) }
        }

        @Test("a cubic Bézier is its own nearest, linear is cubic-bezier(0, 0, 1, 1), both exactly")
        func exact() throws {
            let bezier = TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
            let itself = try #require(DTCGFormat.nearestCubicBezier(to: bezier, duration: nil))
            #expect(itself.curve == bezier && itself.maximumError == 0)
            let linear = try #require(DTCGFormat.nearestCubicBezier(to: .linear, duration: 0.3))
            #expect(linear.curve == .cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1) && linear.maximumError == 0)
        }

        static let approximated = [
            "spring(duration: 1, dampingRatio: 0.4, velocity: 0)", "spring(duration: 0.5, bounce: 0.1)",
            "spring(mass: 3, stiffness: 1000, damping: 500, velocity: -5)", "spring(stiffness: 380, dampingRatio: 0.8)",
            "steps(4, jump-end)",
            "linear(0, 0.7 40%, 1.1, 1)",
        ]

        @Test(
            "springs, steps() and linear(…) get a Bézier with x1, x2 in [0, 1], 4 decimals, and its true maximum error",
            arguments: approximated)
        func approximation(_ expression: String) throws {
            let curve = try TimingCurve(expression: expression)
            for duration in [nil, 0.3, 1.0] {
                let fit = try #require(DTCGFormat.nearestCubicBezier(to: curve, duration: duration))
                guard case let .cubicBezier(x1, y1, x2, y2) = fit.curve else {
                    Issue.record("not a cubic Bézier: \(fit.curve)")
                    continue
                }
                #expect((0...1).contains(x1) && (0...1).contains(x2))
                for value in [x1, y1, x2, y2] { #expect((value * 10_000).rounded() / 10_000 == value) }
                #expect(fit.maximumError == Self.distance(curve, fit.curve, duration: duration))
                #expect(fit.maximumError > 0)
            }
        }

        @Test("the fit finds a Bézier again from a linear(…) tracing it")
        func recovers() throws {
            let original = TimingCurve.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
            let function = original.function(duration: nil)
            let traced = TimingCurve.piecewiseLinear((0...100).map { LinearStop(output: function.progress(at: Double($0) / 100)) })
            let fit = try #require(DTCGFormat.nearestCubicBezier(to: traced, duration: nil))
            #expect(fit.maximumError < 0.001)
            #expect(Self.distance(fit.curve, original, duration: nil) < 0.001)
        }

        @Test("a spring that never comes to rest cannot be sampled without a duration")
        func undamped() throws {
            let spring = TimingCurve.spring(.physical(mass: 1, stiffness: 100, damping: 0, velocity: 0))
            #expect(DTCGFormat.nearestCubicBezier(to: spring, duration: nil) == nil)
            #expect(DTCGFormat.nearestCubicBezier(to: spring, duration: 1) != nil)
        }
    }
}
