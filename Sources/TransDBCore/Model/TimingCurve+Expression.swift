/// The curve expression syntax: parsing (with validation of every parameter) and the canonical
/// formatting, such that `TimingCurve(expression: c.expression) == c` for every curve.
///
/// ```
/// linear
/// cubic-bezier(x1, y1, x2, y2)                      x1, x2 in [0, 1]
/// steps(n[, jump-start|jump-end|jump-none|jump-both|start|end])
/// linear(output [percent% [percent%]], …)           CSS Easing Level 2
/// spring(mass: m, stiffness: k, damping: c, velocity: v)
/// spring(duration: d, dampingRatio: ζ, velocity: v)
/// spring(duration: d, bounce: b)
/// spring(response: r, dampingFraction: f)
/// spring(stiffness: k, dampingRatio: ζ)
/// ```
extension TimingCurve {
    /// The longest expression accepted, in characters.
    public static let maximumExpressionLength = 4096

    /// Parses and validates a curve expression.
    ///
    /// - Throws: ``CurveExpressionError`` naming the problem and where it is.
    public init(expression: String) throws {
        guard expression.count <= Self.maximumExpressionLength else {
            throw CurveExpressionError(
                expression: String(expression.prefix(40)) + "…", column: 1,
                message: "an expression has at most \(Self.maximumExpressionLength) characters")
        }
        var parser = CurveExpressionParser(expression)
        let curve = try parser.parseCurve()
        // The canonical form must read back too: `linear(0 25% 75%)` writes each stop out in full
        // and numbers are reformatted, so a short input can expand past the limit (found by fuzzing).
        let canonical = curve.expression.count
        guard canonical <= Self.maximumExpressionLength else {
            throw CurveExpressionError(
                expression: String(expression.prefix(40)) + "…", column: 1,
                message: "an expression has at most \(Self.maximumExpressionLength) characters written out in full; this one has \(canonical)")
        }
        self = curve
    }

    /// The canonical expression of this curve.
    public var expression: String {
        func n(_ value: Double) -> String { value.shortestDescription }
        switch self {
        case .linear:
            return "linear"
        case let .cubicBezier(x1, y1, x2, y2):
            return "cubic-bezier(\(n(x1)), \(n(y1)), \(n(x2)), \(n(y2)))"
        case let .steps(count, position):
            return "steps(\(count), \(position.rawValue))"
        case let .piecewiseLinear(stops):
            let parts = stops.map { stop in
                stop.percent.map { "\(n(stop.output)) \(n($0))%" } ?? n(stop.output)
            }
            return "linear(\(parts.joined(separator: ", ")))"
        case let .spring(spring):
            let labels: [(String, Double)] =
                switch spring {
                case let .physical(mass, stiffness, damping, velocity):
                    [("mass", mass), ("stiffness", stiffness), ("damping", damping), ("velocity", velocity)]
                case let .uikit(duration, dampingRatio, velocity):
                    [("duration", duration), ("dampingRatio", dampingRatio), ("velocity", velocity)]
                case let .perceptual(duration, bounce):
                    [("duration", duration), ("bounce", bounce)]
                case let .response(response, dampingFraction):
                    [("response", response), ("dampingFraction", dampingFraction)]
                case let .android(stiffness, dampingRatio):
                    [("stiffness", stiffness), ("dampingRatio", dampingRatio)]
                }
            return "spring(\(labels.map { "\($0.0): \(n($0.1))" }.joined(separator: ", ")))"
        }
    }
}

/// A curve expression that could not be parsed or whose parameters are out of range.
public struct CurveExpressionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The expression as given.
    public var expression: String
    /// The 1-based column where the problem was found.
    public var column: Int
    /// What is wrong, in a sentence fragment.
    public var message: String

    /// One line: the expression, the column and the problem.
    public var description: String {
        "invalid curve expression '\(expression)' at column \(column): \(message)"
    }
}

/// A recursive-descent parser over the expression's Unicode scalars.
private struct CurveExpressionParser {
    private let text: String
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ text: String) {
        self.text = text
        self.scalars = Array(text.unicodeScalars)
    }

    private func error(_ message: String, at position: Int? = nil) -> CurveExpressionError {
        CurveExpressionError(expression: text, column: (position ?? index) + 1, message: message)
    }

    mutating func parseCurve() throws -> TimingCurve {
        skipSpace()
        let start = index
        guard let name = identifier() else {
            throw error(
                index == scalars.count
                    ? "an expression cannot be empty"
                    : "expected a curve kind (linear, cubic-bezier, steps, spring)")
        }
        skipSpace()
        let curve: TimingCurve
        if name == "linear" && !peek("(") {
            curve = .linear
        } else {
            try expect("(", after: name)
            switch name {
            case "cubic-bezier": curve = try cubicBezier()
            case "steps": curve = try steps()
            case "linear": curve = try piecewiseLinear()
            case "spring": curve = try spring()
            default:
                throw error(
                    "unknown curve kind '\(name)' (expected linear, cubic-bezier, steps or spring)", at: start)
            }
            skipSpace()
            try expect(")", after: "the parameters of \(name)")
        }
        skipSpace()
        if index < scalars.count { throw error("unexpected '\(scalars[index])' after the expression") }
        return curve
    }

    // MARK: Kinds

    private mutating func cubicBezier() throws -> TimingCurve {
        var values: [Double] = []
        var positions: [Int] = []
        for i in 0..<4 {
            if i > 0 { try comma(in: "cubic-bezier") }
            skipSpace()
            positions.append(index)
            values.append(try number())
        }
        for (i, label) in [(0, "x1"), (2, "x2")] where !(0...1).contains(values[i]) {
            throw error("\(label) must be in [0, 1], got \(values[i].shortestDescription)", at: positions[i])
        }
        for (i, label) in [(1, "y1"), (3, "y2")] where abs(values[i]) > 1e6 {
            throw error("\(label) must be within ±1e6, got \(values[i].shortestDescription)", at: positions[i])
        }
        return .cubicBezier(x1: values[0], y1: values[1], x2: values[2], y2: values[3])
    }

    private mutating func steps() throws -> TimingCurve {
        skipSpace()
        let countAt = index
        let value = try number()
        guard let count = Int(exactly: value), count >= 1, count <= 100_000 else {
            throw error("the number of steps must be a whole number from 1 to 100000, got \(value.shortestDescription)", at: countAt)
        }
        var position = StepPosition.jumpEnd
        skipSpace()
        if peek(",") {
            index += 1
            skipSpace()
            let positionAt = index
            guard let word = identifier(), let parsed = StepPosition(css: word) else {
                throw error("expected a step position (jump-start, jump-end, jump-none, jump-both, start, end)", at: positionAt)
            }
            position = parsed
        }
        if position == .jumpNone && count < 2 {
            throw error("steps(n, jump-none) needs n ≥ 2, got \(count)", at: countAt)
        }
        return .steps(count: count, position: position)
    }

    private mutating func piecewiseLinear() throws -> TimingCurve {
        var stops: [LinearStop] = []
        repeat {
            if !stops.isEmpty { index += 1 }  // the comma
            skipSpace()
            let output = try number()
            guard abs(output) <= 1e6 else { throw error("a linear() output must be within ±1e6") }
            var percents: [Double] = []
            skipSpace()
            while index < scalars.count, !peek(","), !peek(")") {
                let percent = try number()
                guard abs(percent) <= 1e8 else { throw error("a linear() input must be within ±1e8%") }
                try expect("%", after: "an input percentage")
                percents.append(percent)
                skipSpace()
                if percents.count > 2 { throw error("a linear() stop has at most two input percentages") }
            }
            if percents.isEmpty {
                stops.append(LinearStop(output: output))
            } else {
                stops.append(contentsOf: percents.map { LinearStop(output: output, percent: $0) })
            }
            if stops.count > 10_000 { throw error("linear() takes at most 10000 stops") }
        } while peek(",")
        if stops.count < 2 { throw error("linear() needs at least two stops") }
        return .piecewiseLinear(stops)
    }

    private mutating func spring() throws -> TimingCurve {
        var values: [String: Double] = [:]
        var order: [String] = []
        var positions: [String: Int] = [:]
        var labelPositions: [String: Int] = [:]
        repeat {
            if !order.isEmpty { index += 1 }  // the comma
            skipSpace()
            let labelAt = index
            guard let label = identifier() else { throw error("expected a parameter label such as 'duration:'") }
            labelPositions[label] = labelAt
            skipSpace()
            try expect(":", after: "'\(label)'")
            skipSpace()
            positions[label] = index
            let value = try number()
            if values[label] != nil { throw error("'\(label)' is given twice", at: labelAt) }
            values[label] = value
            order.append(label)
            skipSpace()
        } while peek(",")

        let labels = Set(order)
        let known = ["mass", "stiffness", "damping", "velocity", "duration", "dampingRatio", "bounce", "response", "dampingFraction"]
        for label in order where !known.contains(label) {
            let hint = NameSuggestion.closest(to: label, in: known).map { " (did you mean '\($0)'?)" } ?? ""
            throw error("unknown spring parameter '\(label)'\(hint); a spring takes \(known.joined(separator: ", "))", at: labelPositions[label])
        }
        /// The form the labels in `chosenBy` select: every label must be one of `allowed`.
        func form(_ allowed: [String], required: [String], chosenBy: [String]) throws {
            let chooser = order.first { chosenBy.contains($0) } ?? chosenBy[0]
            for label in order where !allowed.contains(label) {
                throw error(
                    "'\(label)' cannot be combined with '\(chooser)', which makes this spring(\(allowed.map { "\($0):" }.joined(separator: ", ")))",
                    at: labelPositions[label])
            }
            for label in required where values[label] == nil {
                throw error("this spring form needs '\(label):'")
            }
        }
        func check(_ label: String, _ range: ClosedRange<Double>, open lower: Bool = false, _ rule: String) throws -> Double {
            let value = values[label] ?? 0
            if !range.contains(value) || (lower && value == range.lowerBound) {
                throw error("\(label) must be \(rule), got \(value.shortestDescription)", at: positions[label])
            }
            return value
        }
        let spring: Spring
        if labels.contains("mass") || labels.contains("damping") {
            try form(["mass", "stiffness", "damping", "velocity"], required: ["stiffness", "damping"], chosenBy: ["mass", "damping"])
            if values["mass"] == nil { values["mass"] = 1 }
            spring = .physical(
                // A floor keeps the decay rate squared, (c / 2m)², a finite double (it overflows near
                // 1e-145); 1e-6 mirrors the ceiling.
                mass: try check("mass", 1e-6...1e6, "≥ 1e-6 and ≤ 1e6"),
                stiffness: try check("stiffness", 0...1e9, open: true, "> 0 and ≤ 1e9"),
                damping: try check("damping", 0...1e9, open: true, "> 0 and ≤ 1e9 (an undamped spring never settles)"),
                velocity: try check("velocity", -1e6...1e6, "within ±1e6"))
        } else if labels.contains("dampingRatio") && labels.contains("stiffness") {
            try form(["stiffness", "dampingRatio"], required: ["stiffness", "dampingRatio"], chosenBy: ["stiffness", "dampingRatio"])
            spring = .android(
                stiffness: try check("stiffness", 0...1e9, open: true, "> 0 and ≤ 1e9"),
                dampingRatio: try check("dampingRatio", 0...100, open: true, "> 0 and ≤ 100 (an undamped spring never settles)"))
        } else if labels.contains("dampingRatio") {
            try form(["duration", "dampingRatio", "velocity"], required: ["duration", "dampingRatio"], chosenBy: ["dampingRatio"])
            spring = .uikit(
                duration: try check("duration", 0...60, open: true, "> 0 and ≤ 60 seconds"),
                dampingRatio: try check("dampingRatio", 0...1, open: true, "in (0, 1] (UIKit clamps it to that range)"),
                velocity: try check("velocity", -1e6...1e6, "within ±1e6"))
        } else if labels.contains("response") || labels.contains("dampingFraction") {
            try form(["response", "dampingFraction"], required: ["response"], chosenBy: ["response", "dampingFraction"])
            if values["dampingFraction"] == nil { values["dampingFraction"] = 0.825 }
            spring = .response(
                response: try check("response", 0...60, open: true, "> 0 and ≤ 60 seconds"),
                dampingFraction: try check("dampingFraction", 0...100, open: true, "> 0 and ≤ 100 (an undamped spring never settles)"))
        } else if labels.contains("duration") || labels.contains("bounce") {
            try form(["duration", "bounce"], required: ["duration"], chosenBy: ["duration", "bounce"])
            if values["bounce"] == nil { values["bounce"] = 0 }
            let bounce = try check("bounce", -1...1, "in (-1, 1)")
            if bounce == -1 { throw error("bounce must be in (-1, 1), got -1", at: positions["bounce"]) }
            if bounce == 1 {
                throw error("bounce must be in (-1, 1), got 1: a bounce of 1 is an undamped spring, which never settles", at: positions["bounce"])
            }
            spring = .perceptual(
                duration: try check("duration", 0...60, open: true, "> 0 and ≤ 60 seconds"), bounce: bounce)
        } else {
            throw error(
                "unknown spring form with \(order.joined(separator: ", ")); write spring(mass:, stiffness:, damping:, velocity:), spring(duration:, dampingRatio:, velocity:), spring(duration:, bounce:), spring(response:, dampingFraction:) or spring(stiffness:, dampingRatio:)")
        }
        // The engine runs a spring given by its physics until it settles, so one that takes
        // longer than the longest animation accepted cannot be played (nearly undamped springs).
        let settling = spring.physical.settlingDuration()
        guard settling.isFinite, settling <= TimingCurve.longestSpringSettling else {
            throw error(
                "this spring takes \(settling.isFinite ? "\(settling.shortestDescription) s" : "forever") to settle, more than the \(TimingCurve.longestSpringSettling.shortestDescription) s accepted (its damping is too weak or too strong)")
        }
        return .spring(spring)
    }

    // MARK: Tokens

    private mutating func skipSpace() {
        while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
    }

    private func peek(_ symbol: Unicode.Scalar) -> Bool {
        index < scalars.count && scalars[index] == symbol
    }

    private mutating func expect(_ symbol: Unicode.Scalar, after context: String) throws {
        guard peek(symbol) else {
            let found = index < scalars.count ? "'\(scalars[index])'" : "the end"
            throw error("expected '\(symbol)' after \(context), found \(found)")
        }
        index += 1
    }

    private mutating func comma(in context: String) throws {
        skipSpace()
        try expect(",", after: "a parameter of \(context)")
    }

    private mutating func identifier() -> String? {
        let start = index
        while index < scalars.count {
            let s = scalars[index]
            let isLetter = ("a"..."z").contains(s) || ("A"..."Z").contains(s)
            let isTail = index > start && (("0"..."9").contains(s) || s == "-")
            guard isLetter || isTail else { break }
            index += 1
        }
        return index > start ? String(String.UnicodeScalarView(scalars[start..<index])) : nil
    }

    /// A decimal number: optional sign, digits with an optional fraction, optional exponent.
    /// NaN, infinities and numbers that overflow a Double are refused.
    private mutating func number() throws -> Double {
        let start = index
        func digits() -> Int {
            let from = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            return index - from
        }
        if peek("+") || peek("-") { index += 1 }
        var count = digits()
        if peek(".") {
            index += 1
            count += digits()
        }
        guard count > 0 else {
            index = start
            let found = index < scalars.count ? "'\(scalars[index])'" : "the end"
            throw error("expected a number, found \(found)")
        }
        if peek("e") || peek("E") {
            index += 1
            if peek("+") || peek("-") { index += 1 }
            if digits() == 0 { throw error("expected the digits of an exponent") }
        }
        let literal = String(String.UnicodeScalarView(scalars[start..<index]))
        guard let value = Double(literal), value.isFinite else {
            throw error("the number \(literal) is out of range", at: start)
        }
        return value == 0 ? 0 : value
    }
}

extension TimingCurve {
    /// The longest settling time (ε = 1e-3) of a spring accepted, in seconds: the engine runs a
    /// spring given by its physics until it settles, so one that (nearly) never does is refused.
    public static let longestSpringSettling = 3600.0
}
