import Testing
@testable import TransDB
@testable import TransDBCore

extension EngineCurves {
    @Suite("linear(): CSS Easing Level 2 input completion and evaluation")
    struct PiecewiseLinearFunctionTests {
        /// `linear(…)` from its expression, so the cases read as CSS.
        static func function(_ arguments: String) throws -> PiecewiseLinearFunction {
            guard case let .piecewiseLinear(stops) = try TimingCurve(expression: "linear(\(arguments))") else {
                throw CurveExpressionError(expression: arguments, column: 1, message: "not a linear() curve")
            }
            return PiecewiseLinearFunction(stops: stops)
        }

        @Test("missing inputs are 0 first, max(1, largest) last, and spread evenly between")
        func missingInputs() throws {
            #expect(try Self.function("0, 0.25, 1").inputs == [0, 0.5, 1])
            let spread = try Self.function("0, 0.3 20%, 0.5, 0.6, 1").inputs
            #expect(spread[0] == 0 && spread[1] == 0.2 && spread[4] == 1)
            #expect(abs(spread[2] - (0.2 + 0.8 / 3)) <= 1e-15)
            #expect(abs(spread[3] - (0.2 + 1.6 / 3)) <= 1e-15)
            // The last input defaults to the largest given when that exceeds 100%.
            #expect(try Self.function("0, 1 150%, 0.5").inputs == [0, 1.5, 1.5])
            let f = try Self.function("0, 0.25, 1")
            #expect(f.progress(at: 0.25) == 0.125)
            #expect(f.progress(at: 0.75) == 0.625)
        }

        @Test("an input lower than one before it is raised to it")
        func raisedInputs() throws {
            let f = try Self.function("0 0%, 1 60%, 0.5 30%, 1 100%")
            #expect(f.inputs == [0, 0.6, 0.6, 1])
            // At 60% the later of the two stops there applies; just before, the line into the first.
            #expect(f.progress(at: 0.6) == 0.5)
            #expect(abs(f.progress(at: 0.57) - 0.95) <= 1e-15)
            #expect(f.progress(at: 0.8) == 0.75)
            // A raised input takes part in spreading: the run between 60% and 60% is all 60%.
            #expect(try Self.function("0, 1 60%, 0.2, 0.4 30%, 1").inputs == [0, 0.6, 0.6, 0.6, 1])
        }

        @Test("two stops sharing an input make a jump; at the end the last output holds")
        func sharedInputs() throws {
            let jump = try Self.function("0, 0.2 50%, 0.8 50%, 1")
            #expect(jump.inputs == [0, 0.5, 0.5, 1])
            #expect(jump.progress(at: 0.5) == 0.8)
            #expect(abs(jump.progress(at: 0.25) - 0.1) <= 1e-15)
            #expect(jump.progress(at: 0.75) == 0.9)
            // Two percentages on one stop are two stops at the same output.
            #expect(try Self.function("0, 0.5 25% 75%, 1").progress(at: 0.6) == 0.5)
            let end = try Self.function("0, 0.5 100%, 1 100%")
            #expect(end.progress(at: 1) == 1)
            #expect(end.progress(at: 2) == 1)
            #expect(end.progress(at: 0.5) == 0.25)
        }

        @Test("beyond the first and last stops the end segments are extended")
        func extrapolation() throws {
            let identity = try Self.function("0, 1")
            #expect(identity.progress(at: -0.5) == -0.5)
            #expect(identity.progress(at: 1.5) == 1.5)
            let inner = try Self.function("0.2 10%, 0.8 90%")
            #expect(abs(inner.progress(at: 0) - 0.125) <= 1e-15)
            #expect(abs(inner.progress(at: 1) - 0.875) <= 1e-15)
            let late = try Self.function("0.5, 1 50%")
            #expect(late.inputs == [0, 0.5])
            #expect(late.progress(at: 1) == 1.5)
            #expect(try Self.function("0 -20%, 1").inputs == [-0.2, 1])
        }

        @Test("stop outputs are hit exactly")
        func exactStops() throws {
            let f = try Self.function("0.1, 0.7 33%, 0.3, 0.9")
            #expect(f.progress(at: 0) == 0.1)
            #expect(f.progress(at: 0.33) == 0.7)
            #expect(f.progress(at: 1) == 0.9)
            #expect(PiecewiseLinearFunction(stops: [LinearStop(output: 0.4)]).progress(at: 0.3) == 0.4)
            #expect(PiecewiseLinearFunction(stops: []).progress(at: 0.3) == 0.3)
        }
    }
}
