import Foundation
import TransDBCore
/// The values of the three DTCG types transdb reads: `cubicBezier`, `duration` and `transition`,
/// each checked against its type with references followed.
extension DTCGDocument {
    /// A `transition` value, its durations in seconds; `timingFunction` as written.
    struct Transition {
        /// The value's object, references followed.
        var field: JSONCursor
        var duration: Duration
        /// The `duration` token the duration aliases, if it does.
        var durationToken: String?
        var delay: Duration
        /// The `delay` member as written (an alias, a pointer or a value), when there is one.
        var delayField: JSONCursor?
        var timingFunction: JSONCursor
    }

    /// A `duration` value: its seconds, and how it was written, for messages (`90000 ms`,
    /// `'1.5s'`), where its amount is.
    struct Duration {
        var seconds: Double
        var written: String
        var field: JSONCursor

        static let zero = Duration(seconds: 0, written: "0 ms", field: JSONCursor(value: .null, path: "$", file: "", wording: .namingKinds))

        /// `milliseconds` in seconds as their decimal digits say (the digits moved three places):
        /// 333.333 ms is 0.333333 s and 0.0001 ms 1e-7 s, where dividing by 1000 gives
        /// 0.33333300000000005 and 1.0000000000000001e-07.
        static func seconds(milliseconds: Double) -> Double {
            let text = "\(milliseconds)"  // the shortest digits that read back as the number
            let parts = text.split(separator: "e", maxSplits: 1)
            let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
            return (Double("\(parts[0])e\(exponent - 3)") ?? milliseconds / 1000) + 0
        }

        /// Runs a check of the seconds; one that refuses them names the duration as written.
        func checking(_ check: (Double) throws -> Void) throws {
            do {
                try check(seconds)
            } catch let ModelError.invalidValue(field: name, value: _, reason: reason) {
                throw field.error("invalid \(name) \(written): \(reason)")
            }
        }
    }

    /// A `cubicBezier` value: `[x1, y1, x2, y2]`, x1 and x2 in [0, 1], y1 and y2 within ±1e6
    /// (the limit of transdb's curve expressions).
    ///
    /// - Returns: The curve and the first token the value referred to, if any.
    func cubicBezier(_ field: JSONCursor, chain: [String]) throws -> (curve: TimingCurve, token: String?) {
        let resolved = try dereference(field, expecting: "cubicBezier", chain: chain)
        let value = resolved.field
        guard case let .array(items) = value.value, items.count == 4 else {
            let found = value.kind == "an array" ? "an array of \(value.elementCount) elements" : value.kindAndValue
            var advice = ""
            if case let .string(text) = value.value, let points = Self.cssEasingPoints(text) {
                advice = "; write it as \(points)"
            }
            throw value.error("a cubicBezier value is an array of four numbers [x1, y1, x2, y2], not \(found)\(advice)")
        }
        var numbers: [Double] = []
        for (index, item) in items.enumerated() {
            // Range errors name the element, where the number is used as a control point.
            let written = value.element(index, item)
            let number = try part(written, expecting: "number", of: "a cubicBezier", chain: chain).number()
            let label = ["x1", "y1", "x2", "y2"][index]
            if index % 2 == 0, !(0...1).contains(number) {
                throw written.error("\(label) must be in [0, 1], got \(number.shortestDescription)")
            }
            if index % 2 == 1, abs(number) > 1e6 {
                throw written.error("\(label) must be within ±1e6, got \(number.shortestDescription)")
            }
            numbers.append(number + 0)
        }
        return (.cubicBezier(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3]), resolved.token)
    }

    /// A CSS easing written where DTCG wants four numbers — `cubic-bezier(0.2, 0, 0, 1)` or a
    /// keyword — as the array to write instead (`[0.2, 0, 0, 1]`); `nil` for anything else.
    static func cssEasingPoints(_ text: String) -> String? {
        // The keywords' curves, as CSS Easing Functions Level 1 defines them.
        let keywords: [String: [Double]] = [
            "linear": [0, 0, 1, 1], "ease": [0.25, 0.1, 0.25, 1], "ease-in": [0.42, 0, 1, 1], "ease-out": [0, 0, 0.58, 1],
            "ease-in-out": [0.42, 0, 0.58, 1],
        ]
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        var points = keywords[trimmed]
        if points == nil, trimmed.hasPrefix("cubic-bezier("), case let .cubicBezier(x1, y1, x2, y2)? = try? TimingCurve(expression: trimmed) {
            points = [x1, y1, x2, y2]
        }
        return points.map { "[" + $0.map(\.shortestDescription).joined(separator: ", ") + "]" }
    }

    /// A `duration` value in seconds: `{"value": 200, "unit": "ms"}`, or the older `"200ms"`
    /// and `"0.2s"`.
    func duration(_ field: JSONCursor, chain: [String]) throws -> Duration {
        let value = try dereference(field, expecting: "duration", chain: chain).field
        let amount: Double
        let unit: String
        let amountField: JSONCursor
        let written: String
        switch value.value {
        case .object:
            let members = try value.object(allowedKeys: ["value", "unit"])
            guard let number = members["value"], let unitField = members["unit"] else {
                throw value.error(
                    "a duration is {\"value\": number, \"unit\": \"ms\" or \"s\"}: '\(members["value"] == nil ? "value" : "unit")' is missing"
                )
            }
            amountField = try part(number, expecting: "number", of: "a duration", chain: chain)
            amount = try amountField.number()
            let unitValue = try part(unitField, expecting: nil, of: "a duration", chain: chain)
            unit = try unitValue.string()
            guard unit == "ms" || unit == "s" else {
                throw unitValue.error("the duration unit '\(unit)' is not ms or s")
            }
            written = "\(amount.shortestDescription) \(unit)"
        case let .string(text):
            let suffix = text.hasSuffix("ms") ? "ms" : text.hasSuffix("s") ? "s" : ""
            let digits = String(text.dropLast(suffix.count))
            guard !suffix.isEmpty, !digits.isEmpty, digits.unicodeScalars.allSatisfy({ "0123456789.eE+-".unicodeScalars.contains($0) }),
                let number = Double(digits)
            else {
                // The example uses the number written, when there is one: '0.2sec' → 0.2 s.
                let leading = String(text.prefix { "0123456789.".contains($0) })
                let rest = text.dropFirst(leading.count).lowercased()
                // The unit meant, when it is clear: milliseconds, seconds or minutes (in seconds).
                let meant: (unit: String, factor: Double)? =
                    rest.hasPrefix("ms") || rest.hasPrefix("msec") || rest.hasPrefix("milli") ? ("ms", 1)
                    : ["s", "sec", "secs", "second", "seconds"].contains(rest) ? ("s", 1)
                    : ["m", "min", "mins", "minute", "minutes"].contains(rest) ? ("s", 60) : nil
                let example =
                    Double(leading).flatMap { number in
                        meant.map { "{\"value\": \((number * $0.factor).shortestDescription), \"unit\": \"\($0.unit)\"}" }
                    } ?? "{\"value\": 200, \"unit\": \"ms\"}"
                throw value.error("'\(text)' is not a duration: write \(example), or a number followed by ms or s")
            }
            guard number.isFinite else { throw value.error("the duration '\(text)' is out of range") }
            amountField = value
            amount = number
            unit = suffix
            written = "'\(text)'"
        case .number, .integer:
            // A bare number has no unit: say which each would be.
            let number = try value.number()
            throw value.error(
                "a duration is {\"value\": number, \"unit\": \"ms\" or \"s\"}, not a number alone: write {\"value\": \(number.shortestDescription), \"unit\": \"ms\"} or {\"value\": \(number.shortestDescription), \"unit\": \"s\"}")
        default:
            throw value.error("a duration is {\"value\": number, \"unit\": \"ms\" or \"s\"}, not \(value.kind)")
        }
        guard amount >= 0 else {
            throw amountField.error("a duration cannot be negative, got \(amount.shortestDescription) \(unit)")
        }
        return Duration(seconds: unit == "ms" ? Duration.seconds(milliseconds: amount) : amount + 0, written: written, field: amountField)
    }

    /// A part of a value that is not a token of its own (a duration's `value` and `unit`, a
    /// cubicBezier's numbers), `$ref` pointers followed. A `{group.token}` alias stands for a
    /// whole token value and cannot stand there (DTCG 2025.10; its test suite's
    /// `duration-curly-brace-in-subvalue`); a composite's parts (a transition's) can be aliases.
    private func part(_ field: JSONCursor, expecting type: String?, of value: String, chain: [String]) throws -> JSONCursor {
        if case let .string(text) = field.value, text.hasPrefix("{"), text.hasSuffix("}") {
            throw field.error(
                "'\(text)' is an alias, which stands for a whole token value, not for part of \(value); write the \(type ?? "value") itself, or point to it with {\"$ref\": \"#/…\"}"
            )
        }
        return try dereference(field, expecting: type, chain: chain).field
    }

    /// A `transition` value: `duration` and `timingFunction` required, `delay` 0 when missing
    /// (as several tools write it).
    func transition(_ field: JSONCursor, chain: [String]) throws -> Transition {
        let value = try dereference(field, expecting: "transition", chain: chain).field
        guard case .object = value.value else {
            throw value.error("a transition value is an object with duration, delay and timingFunction, not \(value.kind)")
        }
        let members = try value.object(allowedKeys: ["duration", "delay", "timingFunction"])
        guard let duration = members["duration"] else { throw value.error("a transition needs a duration") }
        guard let timingFunction = members["timingFunction"] else { throw value.error("a transition needs a timingFunction") }
        // A duration an alias gives is refused, for this transition, at the transition's own field.
        func ownDuration(_ member: JSONCursor) throws -> Duration {
            var read = try self.duration(member, chain: chain)
            if try reference(in: member) != nil { read.field = member }
            return read
        }
        return Transition(
            field: value, duration: try ownDuration(duration),
            durationToken: try dereference(duration, expecting: "duration", chain: chain).token,
            delay: try members["delay"].map(ownDuration) ?? .zero, delayField: members["delay"], timingFunction: timingFunction)
    }
}

extension JSONCursor {
    /// The number of elements, for an array.
    fileprivate var elementCount: Int {
        if case let .array(items) = value { return items.count }
        return 0
    }
}
