import Testing
@testable import TransDB
@testable import TransDBCore

@Suite("Curve expressions: parsing, canonical formatting and errors")
struct CurveExpressionTests {
    // MARK: Round trip

    /// Curves of every kind, including edge values of every range.
    static let curves: [TimingCurve] = [
        .linear,
        .cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1),
        .cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1),
        .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1),
        .cubicBezier(x1: 0.68, y1: -0.6, x2: 0.32, y2: 1.6),
        .cubicBezier(x1: 1, y1: 1e6, x2: 0, y2: -1e6),
        .cubicBezier(x1: 0.1 + 0.2, y1: 1.0 / 3.0, x2: 2.0 / 3.0, y2: 1),
        .cubicBezier(x1: 1e-7, y1: 5e-324, x2: 0.999_999_999_999, y2: 1),
        .steps(count: 1, position: .jumpStart),
        .steps(count: 1, position: .jumpEnd),
        .steps(count: 2, position: .jumpNone),
        .steps(count: 3, position: .jumpBoth),
        .steps(count: 100_000, position: .jumpEnd),
        .piecewiseLinear([LinearStop(output: 0), LinearStop(output: 1)]),
        .piecewiseLinear([
            LinearStop(output: 0), LinearStop(output: 0.5, percent: 25), LinearStop(output: 0.5, percent: 75),
            LinearStop(output: 1),
        ]),
        .piecewiseLinear([
            LinearStop(output: 0, percent: 0), LinearStop(output: 1.2, percent: 60), LinearStop(output: 1, percent: 100),
        ]),
        .piecewiseLinear([LinearStop(output: -0.5, percent: -10), LinearStop(output: 1e6, percent: 1e8)]),
        .spring(.physical(mass: 1, stiffness: 100, damping: 10, velocity: 0)),
        .spring(.physical(mass: 3, stiffness: 1000, damping: 500, velocity: 0)),
        .spring(.physical(mass: 1e6, stiffness: 1e9, damping: 1e5, velocity: -1e6)),
        .spring(.physical(mass: 0.001, stiffness: 0.5, damping: 1, velocity: 2.5)),
        .spring(.uikit(duration: 0.8, dampingRatio: 0.6, velocity: 0)),
        .spring(.uikit(duration: 60, dampingRatio: 1, velocity: 1e6)),
        .spring(.uikit(duration: 0.001, dampingRatio: 0.0001, velocity: -3.5)),
        .spring(.perceptual(duration: 0.5, bounce: 0)),
        .spring(.perceptual(duration: 0.5, bounce: -0.99)),
        .spring(.perceptual(duration: 60, bounce: 0.9)),
        .spring(.response(response: 0.5, dampingFraction: 0.825)),
        .spring(.response(response: 0.15, dampingFraction: 0.86)),
        .spring(.response(response: 60, dampingFraction: 0.1)),
        .spring(.response(response: 0.3, dampingFraction: 100)),
        .spring(.android(stiffness: 800, dampingRatio: 0.6)),
        .spring(.android(stiffness: 1e9, dampingRatio: 1e-5)),
        .spring(.android(stiffness: 1, dampingRatio: 100)),
    ]

    @Test("parsing the canonical expression gives the same curve back", arguments: curves)
    func roundTrip(curve: TimingCurve) throws {
        let parsed = try TimingCurve(expression: curve.expression)
        #expect(parsed == curve)
        #expect(parsed.kind == curve.kind)
        // The canonical form is a fixed point.
        #expect(parsed.expression == curve.expression)
    }

    @Test("round-tripped numbers are bit-for-bit the same Doubles")
    func roundTripKeepsExactBits() throws {
        let x1 = 0.1 + 0.2
        let parsed = try TimingCurve(expression: TimingCurve.cubicBezier(x1: x1, y1: 0, x2: 1, y2: 1).expression)
        guard case let .cubicBezier(back, _, _, _) = parsed else {
            Issue.record("expected a cubic-bezier, got \(parsed)")
            return
        }
        #expect(back.bitPattern == x1.bitPattern)
        #expect(back != 0.3)
    }

    // MARK: Accepted spellings and defaults

    /// Inputs in non-canonical spellings, with the curve each stands for.
    static let spellings: [(String, TimingCurve)] = [
        ("linear", .linear),
        ("  linear \t", .linear),
        ("cubic-bezier(.42,0,.58,1)", .cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)),
        ("cubic-bezier( 0.42 , -0 , 0.58 , 1.0 )", .cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)),
        ("cubic-bezier(+0.5, 42e-2, 58E-2, 1e0)", .cubicBezier(x1: 0.5, y1: 0.42, x2: 0.58, y2: 1)),
        ("steps(3)", .steps(count: 3, position: .jumpEnd)),
        ("steps(3, start)", .steps(count: 3, position: .jumpStart)),
        ("steps(3,end)", .steps(count: 3, position: .jumpEnd)),
        ("steps(3, jump-start)", .steps(count: 3, position: .jumpStart)),
        ("steps(3, jump-end)", .steps(count: 3, position: .jumpEnd)),
        ("steps(2, jump-none)", .steps(count: 2, position: .jumpNone)),
        ("steps(5, jump-both)", .steps(count: 5, position: .jumpBoth)),
        ("steps(4.0)", .steps(count: 4, position: .jumpEnd)),
        ("linear(0, 1)", .piecewiseLinear([LinearStop(output: 0), LinearStop(output: 1)])),
        (
            "linear(0, .5 25% 75%, 1)",
            .piecewiseLinear([
                LinearStop(output: 0), LinearStop(output: 0.5, percent: 25), LinearStop(output: 0.5, percent: 75),
                LinearStop(output: 1),
            ])
        ),
        ("linear(0 0%, 1.0 100.0%)", .piecewiseLinear([LinearStop(output: 0, percent: 0), LinearStop(output: 1, percent: 100)])),
        ("linear(0 0% 100%)", .piecewiseLinear([LinearStop(output: 0, percent: 0), LinearStop(output: 0, percent: 100)])),
        ("spring(duration: 0.5)", .spring(.perceptual(duration: 0.5, bounce: 0))),
        ("spring(bounce: 0.2, duration: 0.4)", .spring(.perceptual(duration: 0.4, bounce: 0.2))),
        ("spring(response: 0.5)", .spring(.response(response: 0.5, dampingFraction: 0.825))),
        ("spring(stiffness: 1, damping: 2)", .spring(.physical(mass: 1, stiffness: 1, damping: 2, velocity: 0))),
        ("spring(mass:2,stiffness:300,damping:20,velocity:-1)", .spring(.physical(mass: 2, stiffness: 300, damping: 20, velocity: -1))),
        ("spring(duration: 0.5, dampingRatio: 0.7)", .spring(.uikit(duration: 0.5, dampingRatio: 0.7, velocity: 0))),
        ("spring( duration : 0.5 , dampingRatio : 1 , velocity : 2 )", .spring(.uikit(duration: 0.5, dampingRatio: 1, velocity: 2))),
        ("spring(dampingRatio: 0.6, stiffness: 800)", .spring(.android(stiffness: 800, dampingRatio: 0.6))),
    ]

    @Test("non-canonical spellings and omitted parameters parse to the documented curve", arguments: spellings)
    func spelling(input: String, expected: TimingCurve) throws {
        #expect(try TimingCurve(expression: input) == expected)
    }

    // MARK: Canonical formatting

    static let canonical: [(String, String)] = [
        ("cubic-bezier(.42,0,.58,1)", "cubic-bezier(0.42, 0, 0.58, 1)"),
        ("cubic-bezier(0.42, -0, 0.58, 1.0)", "cubic-bezier(0.42, 0, 0.58, 1)"),
        ("cubic-bezier(1e-7, 0, 1, 1)", "cubic-bezier(1e-07, 0, 1, 1)"),
        ("cubic-bezier(0, 2e5, 1, -1000000)", "cubic-bezier(0, 200000, 1, -1000000)"),
        ("  linear ", "linear"),
        ("steps(3)", "steps(3, jump-end)"),
        ("steps(3, start)", "steps(3, jump-start)"),
        ("steps(3,end)", "steps(3, jump-end)"),
        ("steps(4.0, jump-both)", "steps(4, jump-both)"),
        ("linear(0, .5 25% 75%, 1)", "linear(0, 0.5 25%, 0.5 75%, 1)"),
        ("linear(0 0%, 1.0 100.0%)", "linear(0 0%, 1 100%)"),
        ("linear(-0, 1)", "linear(0, 1)"),
        ("spring(duration: 0.5)", "spring(duration: 0.5, bounce: 0)"),
        ("spring(bounce: 0.2, duration: 0.4)", "spring(duration: 0.4, bounce: 0.2)"),
        ("spring(response: 0.5)", "spring(response: 0.5, dampingFraction: 0.825)"),
        ("spring(stiffness: 1, damping: 2)", "spring(mass: 1, stiffness: 1, damping: 2, velocity: 0)"),
        ("spring(mass: 1, stiffness: 1e9, damping: 1e-2)", "spring(mass: 1, stiffness: 1000000000, damping: 0.01, velocity: 0)"),
        ("spring(duration: 0.5, dampingRatio: 0.7)", "spring(duration: 0.5, dampingRatio: 0.7, velocity: 0)"),
        ("spring(dampingRatio: 0.6, stiffness: 800)", "spring(stiffness: 800, dampingRatio: 0.6)"),
        ("spring(duration: 1.0, bounce: -0.0)", "spring(duration: 1, bounce: 0)"),
    ]

    @Test("an expression formats to its canonical spelling", arguments: canonical)
    func canonicalFormatting(input: String, expected: String) throws {
        #expect(try TimingCurve(expression: input).expression == expected)
    }

    @Test("constructed curves format 1.0 as 1 and -0 as 0")
    func formattingOfConstructedCurves() {
        #expect(TimingCurve.linear.expression == "linear")
        #expect(TimingCurve.cubicBezier(x1: 0.42, y1: -0.0, x2: 0.58, y2: 1.0).expression == "cubic-bezier(0.42, 0, 0.58, 1)")
        #expect(TimingCurve.steps(count: 2, position: .jumpNone).expression == "steps(2, jump-none)")
        #expect(
            TimingCurve.piecewiseLinear([LinearStop(output: -0.0, percent: -0.0), LinearStop(output: 1.0, percent: 100.0)]).expression
                == "linear(0 0%, 1 100%)")
        #expect(
            TimingCurve.spring(.physical(mass: 1.0, stiffness: 100.0, damping: 10.0, velocity: -0.0)).expression
                == "spring(mass: 1, stiffness: 100, damping: 10, velocity: 0)")
        #expect(TimingCurve.spring(.android(stiffness: 380, dampingRatio: 0.8)).expression == "spring(stiffness: 380, dampingRatio: 0.8)")
    }

    @Test("each kind reports its catalog kind")
    func kinds() throws {
        #expect(try TimingCurve(expression: "linear").kind == .linear)
        #expect(try TimingCurve(expression: "linear(0, 1)").kind == .piecewiseLinear)
        #expect(try TimingCurve(expression: "cubic-bezier(0, 0, 1, 1)").kind == .cubicBezier)
        #expect(try TimingCurve(expression: "steps(2)").kind == .steps)
        #expect(try TimingCurve(expression: "spring(duration: 1)").kind == .spring)
        #expect(TimingCurve.Kind.allCases.map(\.rawValue) == ["linear", "cubic-bezier", "steps", "piecewise-linear", "spring"])
    }

    // MARK: Errors

    struct Invalid: Sendable, CustomTestStringConvertible {
        var expression: String
        var column: Int
        var message: String
        var testDescription: String { "'\(expression)'" }

        init(_ expression: String, _ column: Int, _ message: String) {
            self.expression = expression
            self.column = column
            self.message = message
        }
    }

    static let invalid: [Invalid] = [
        // cubic-bezier ranges and numbers
        Invalid("cubic-bezier(1.5, 0, 0.58, 1)", 14, "x1 must be in [0, 1], got 1.5"),
        Invalid("cubic-bezier(0.42, 0, -0.1, 1)", 23, "x2 must be in [0, 1], got -0.1"),
        Invalid("cubic-bezier(0.42, 2e6, 0.58, 1)", 20, "y1 must be within ±1e6, got 2000000"),
        Invalid("cubic-bezier(0.42, 0, 0.58, -1000001)", 29, "y2 must be within ±1e6, got -1000001"),
        Invalid("cubic-bezier(NaN, 0, 1, 1)", 14, "expected a number, found 'N'"),
        Invalid("cubic-bezier(0, inf, 1, 1)", 17, "expected a number, found 'i'"),
        Invalid("cubic-bezier(0, 1e400, 1, 1)", 17, "the number 1e400 is out of range"),
        Invalid("cubic-bezier(0, 0, 1, 1e)", 25, "expected the digits of an exponent"),
        // structure
        Invalid("cubic-bezier(0, 0, 1, 1", 24, "expected ')' after the parameters of cubic-bezier, found the end"),
        Invalid("cubic-bezier 0, 0, 1, 1)", 14, "expected '(' after cubic-bezier, found '0'"),
        Invalid("cubic-bezier(0, 0, 1)", 21, "expected ',' after a parameter of cubic-bezier, found ')'"),
        Invalid("linear x", 8, "unexpected 'x' after the expression"),
        Invalid("cubic-bezier(0, 0, 1, 1) junk", 26, "unexpected 'j' after the expression"),
        Invalid("", 1, "an expression cannot be empty"),
        Invalid("   ", 4, "an expression cannot be empty"),
        Invalid("42", 1, "expected a curve kind (linear, cubic-bezier, steps, spring)"),
        Invalid("ease-in-out(0.5)", 1, "unknown curve kind 'ease-in-out' (expected linear, cubic-bezier, steps or spring)"),
        Invalid("SPRING(duration: 0.5)", 1, "unknown curve kind 'SPRING' (expected linear, cubic-bezier, steps or spring)"),
        Invalid("bezier", 7, "expected '(' after bezier, found the end"),
        // steps
        Invalid("steps(0)", 7, "the number of steps must be a whole number from 1 to 100000, got 0"),
        Invalid("steps(2.5)", 7, "the number of steps must be a whole number from 1 to 100000, got 2.5"),
        Invalid("steps(100001)", 7, "the number of steps must be a whole number from 1 to 100000, got 100001"),
        Invalid("steps(1, jump-none)", 7, "steps(n, jump-none) needs n ≥ 2, got 1"),
        Invalid("steps(2, middle)", 10, "expected a step position (jump-start, jump-end, jump-none, jump-both, start, end)"),
        Invalid("steps(3, jump-none, 1)", 19, "expected ')' after the parameters of steps, found ','"),
        // linear()
        Invalid("linear(0.5)", 11, "linear() needs at least two stops"),
        Invalid("linear(0.5 50%)", 15, "linear() needs at least two stops"),
        Invalid("linear(0, 0.5 10% 20% 30%, 1)", 26, "a linear() stop has at most two input percentages"),
        Invalid("linear(0, 0.5 10, 1)", 17, "expected '%' after an input percentage, found ','"),
        // springs
        Invalid(
            "spring(duration: 0.5, bounce: 0.2, dampingRatio: 0.5)", 23,
            "'bounce' cannot be combined with 'dampingRatio', which makes this spring(duration:, dampingRatio:, velocity:)"),
        Invalid(
            "spring(mass: 1, stiffness: 100, damping: 10, bounce: 0.2)", 46,
            "'bounce' cannot be combined with 'mass', which makes this spring(mass:, stiffness:, damping:, velocity:)"),
        Invalid(
            "spring(response: 0.5, duration: 0.5)", 23,
            "'duration' cannot be combined with 'response', which makes this spring(response:, dampingFraction:)"),
        Invalid(
            "spring(duraton: 0.5, bounce: 0.2)", 8,
            "unknown spring parameter 'duraton' (did you mean 'duration'?); a spring takes mass, stiffness, damping, velocity, duration, dampingRatio, bounce, response, dampingFraction"),
        Invalid("spring(duration: 0.5, duration: 0.6)", 23, "'duration' is given twice"),
        Invalid("spring(duration: 0.5, dampingRatio: 0)", 37, "dampingRatio must be in (0, 1] (UIKit clamps it to that range), got 0"),
        Invalid("spring(duration: 0.5, dampingRatio: 1.5)", 37, "dampingRatio must be in (0, 1] (UIKit clamps it to that range), got 1.5"),
        Invalid("spring(duration: 0.5, bounce: -1)", 31, "bounce must be in (-1, 1), got -1"),
        Invalid("spring(duration: 0.5, bounce: 1.5)", 31, "bounce must be in (-1, 1), got 1.5"),
        Invalid(
            "spring(duration: 0.5, bounce: 1)", 31,
            "bounce must be in (-1, 1), got 1: a bounce of 1 is an undamped spring, which never settles"),
        Invalid("spring(mass: 1, stiffness: 100, damping: 0)", 42, "damping must be > 0 and ≤ 1e9 (an undamped spring never settles), got 0"),
        Invalid(
            "spring(mass: 1, stiffness: 100, damping: 1e-6)", 46,
            "this spring takes 13815510.657964272 s to settle, more than the 3600 s accepted (its damping is too weak or too strong)"),
        Invalid("spring(duration: 0)", 18, "duration must be > 0 and ≤ 60 seconds, got 0"),
        Invalid("spring(mass: 0, stiffness: 100, damping: 10)", 14, "mass must be ≥ 1e-6 and ≤ 1e6, got 0"),
        // Smaller masses once evaluated to NaN: (c / 2m)² overflowed.
        Invalid("spring(mass: 1e-160, stiffness: 100, damping: 10)", 14, "mass must be ≥ 1e-6 and ≤ 1e6, got 1e-160"),
        Invalid("spring(stiffness: 100, damping: -1)", 33, "damping must be > 0 and ≤ 1e9 (an undamped spring never settles), got -1"),
        Invalid(
            "spring(response: 0.5, dampingFraction: -0.1)", 40,
            "dampingFraction must be > 0 and ≤ 100 (an undamped spring never settles), got -0.1"),
        Invalid("spring(dampingFraction: 0.5)", 28, "this spring form needs 'response:'"),
        Invalid("spring(duration 0.5)", 17, "expected ':' after 'duration', found '0'"),
        Invalid("spring()", 8, "expected a parameter label such as 'duration:'"),
        Invalid(
            "spring(stiffness: 100)", 22,
            "unknown spring form with stiffness; write spring(mass:, stiffness:, damping:, velocity:), spring(duration:, dampingRatio:, velocity:), spring(duration:, bounce:), spring(response:, dampingFraction:) or spring(stiffness:, dampingRatio:)"
        ),
    ]

    @Test("an invalid expression is refused with the exact message and column", arguments: invalid)
    func refusal(_ invalid: Invalid) {
        #expect(throws: CurveExpressionError(expression: invalid.expression, column: invalid.column, message: invalid.message)) {
            try TimingCurve(expression: invalid.expression)
        }
    }

    @Test("the error's description quotes the expression, the column and the problem")
    func errorDescription() {
        let error = CurveExpressionError(expression: "steps(0)", column: 7, message: "the number of steps must be a whole number from 1 to 100000, got 0")
        #expect(
            error.description
                == "invalid curve expression 'steps(0)' at column 7: the number of steps must be a whole number from 1 to 100000, got 0")
    }

    @Test("expressions longer than the maximum are refused before parsing")
    func maximumLength() throws {
        #expect(TimingCurve.maximumExpressionLength == 4096)
        let longest = "linear" + String(repeating: " ", count: 4090)
        #expect(longest.count == 4096)
        #expect(try TimingCurve(expression: longest) == .linear)

        let tooLong = longest + " "
        let expected = CurveExpressionError(
            expression: "linear" + String(repeating: " ", count: 34) + "…", column: 1, message: "an expression has at most 4096 characters")
        #expect(throws: expected) { try TimingCurve(expression: tooLong) }
    }

    @Test("an expression whose canonical form is longer than the maximum is refused: it could not be read back")
    func canonicalFormTooLong() throws {
        // 508 stops with two positions each: 4,071 characters as written, 6,102 in full.
        let input = "linear(" + Array(repeating: "0 1% 2%", count: 508).joined(separator: ",") + ")"
        #expect(input.count <= 4096)
        let expected = CurveExpressionError(
            expression: String(input.prefix(40)) + "…", column: 1,
            message: "an expression has at most 4096 characters written out in full; this one has 6102")
        #expect(throws: expected) { try TimingCurve(expression: input) }
        // One that stays within the limit written out in full still round-trips.
        let fits = "linear(" + Array(repeating: "0 1% 2%", count: 270).joined(separator: ",") + ")"
        let curve = try TimingCurve(expression: fits)
        #expect(curve.expression.count <= 4096)
        #expect(try TimingCurve(expression: curve.expression) == curve)
    }
}
