import Testing
@testable import TransDB
@testable import TransDBCore

extension EngineCurves {
    @Suite("Cubic bezier: exact to 1e-12 against the golden vectors")
    struct CubicBezierFunctionTests {
        /// One golden sample of one curve.
        struct Case: Sendable, CustomTestStringConvertible {
            var curve: String
            var points: (x1: Double, y1: Double, x2: Double, y2: Double)
            var x: Double
            var y: Double
            var t: Double?

            var function: CubicBezierFunction {
                CubicBezierFunction(x1: points.x1, y1: points.y1, x2: points.x2, y2: points.y2)
            }

            var testDescription: String { "\(curve) at x = \(x)" }
        }

        static let tolerance = Golden.bezier?.tolerance ?? 1e-12

        static func cases(_ samples: (Golden.BezierFile.Curve) -> [Golden.BezierFile.Sample], float32: Bool = false) -> [Case] {
            (Golden.bezier?.curves ?? []).flatMap { curve in
                let p = curve.controlPoints
                // Core Animation keeps control points as Float: round them the same way.
                let points =
                    float32
                    ? (Double(Float(p.x1)), Double(Float(p.y1)), Double(Float(p.x2)), Double(Float(p.y2)))
                    : (p.x1, p.y1, p.x2, p.y2)
                return samples(curve).map { Case(curve: curve.name, points: points, x: $0.x, y: $0.y, t: $0.t) }
            }
        }

        @Test("every sample in [0, 1]", arguments: cases(\.samples))
        func samples(_ sample: Case) {
            let y = sample.function.progress(at: sample.x)
            #expect(abs(y - sample.y) <= Self.tolerance, "y = \(y), expected \(sample.y)")
        }

        @Test("the curve parameter of every sample in [0, 1]", arguments: cases(\.samples))
        func parameters(_ sample: Case) throws {
            let expected = try #require(sample.t)
            let t = sample.function.parameter(forX: sample.x)
            #expect(abs(t - expected) <= Self.tolerance, "t = \(t), expected \(expected)")
        }

        @Test("every sample with float32-rounded control points", arguments: cases(\.samplesFloat32ControlPoints, float32: true))
        func float32Samples(_ sample: Case) {
            let y = sample.function.progress(at: sample.x)
            #expect(abs(y - sample.y) <= Self.tolerance, "y = \(y), expected \(sample.y)")
        }

        @Test("rounding through Float gives the file's float32 control points", arguments: Golden.bezier?.curves.map(\.name) ?? [])
        func float32ControlPoints(_ name: String) throws {
            let curve = try #require(Golden.bezier?.curves.first { $0.name == name })
            let (p, q) = (curve.controlPoints, curve.float32ControlPoints)
            #expect(Double(Float(p.x1)) == q.x1)
            #expect(Double(Float(p.y1)) == q.y1)
            #expect(Double(Float(p.x2)) == q.x2)
            #expect(Double(Float(p.y2)) == q.y2)
        }

        @Test("extrapolation outside [0, 1] along the end tangents", arguments: cases(\.extrapolatedCSSTangentRule))
        func extrapolation(_ sample: Case) {
            let y = sample.function.progress(at: sample.x)
            #expect(abs(y - sample.y) <= Self.tolerance, "y = \(y), expected \(sample.y)")
        }

        @Test("exactly 0 at 0 and 1 at 1, whatever the control points")
        func endpoints() {
            var random = SplitMix64(seed: 0xB0E7)
            for _ in 0..<500 {
                let curve = CubicBezierFunction(
                    x1: random.unit(), y1: random.uniform(-5...5), x2: random.unit(), y2: random.uniform(-5...5))
                #expect(curve.progress(at: 0) == 0)
                #expect(curve.progress(at: 1) == 1)
                #expect(curve.parameter(forX: 0) == 0)
                #expect(curve.parameter(forX: 1) == 1)
            }
        }

        @Test("the solved parameter reproduces x to rounding level on random curves, including flat spots")
        func solverResidual() {
            var random = SplitMix64(seed: 0x5EED)
            func x(_ t: Double, _ x1: Double, _ x2: Double) -> Double {
                let u = 1 - t
                return 3 * x1 * t * u * u + 3 * x2 * t * t * u + t * t * t
            }
            // Control points at the ends of [0, 1] give x′ = 0 at an end or in the middle.
            let special: [Double] = [0, 1, 0.5, 1e-9, 1 - 1e-9]
            var worst = 0.0
            for index in 0..<3000 {
                let x1 = index % 3 == 0 ? random.pick(special) : random.unit()
                let x2 = index % 5 == 0 ? random.pick(special) : random.unit()
                let target = random.unit()
                let t = CubicBezierFunction(x1: x1, y1: 0, x2: x2, y2: 1).parameter(forX: target)
                #expect((0...1).contains(t))
                worst = max(worst, abs(x(t, x1, x2) - target))
            }
            #expect(worst <= 1e-15)
        }

        @Test("vertical or undefined end tangents keep progress at 0 and 1 outside [0, 1]")
        func verticalTangents() {
            // P1 = (0, 0.5): the tangent at the start is vertical; P2 = (1, 0.5): so is the end's.
            let curve = CubicBezierFunction(x1: 0, y1: 0.5, x2: 1, y2: 0.5)
            #expect(curve.progress(at: -0.25) == 0)
            #expect(curve.progress(at: 1.25) == 1)
            // Both control points at P0: the start tangent points at P3, slope 1.
            let pinned = CubicBezierFunction(x1: 0, y1: 0, x2: 0, y2: 0)
            #expect(pinned.progress(at: -0.5) == -0.5)
            // P2 = P0 ≠ P3: the end tangent comes from P2, slope 1 again (the curve is y = x).
            #expect(pinned.progress(at: 1.5) == 1.5)
            #expect(abs(pinned.progress(at: 0.3) - 0.3) <= 1e-15)
        }
    }
}
