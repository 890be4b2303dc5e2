/// The one number grammar transdb reads everywhere people type numbers — the command line,
/// `--set` track values — as in bundles and DTCG files: JSON's (RFC 8259), so `0x10`, `1_000`,
/// `nan`, `inf`, `.5` and `+1` are not numbers anywhere.
public enum JSONNumber {
    /// Why a text is not an acceptable number.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// The text is not a JSON number.
        case notANumber(String)
        /// The number is too large for a double.
        case outOfRange(String)
        /// The number is not zero but too small for a double (it would be read as 0).
        case tooSmall(String)

        public var description: String {
            switch self {
            case let .notANumber(text): "'\(text)' is not a number; " + (JSONNumber.unitHint(text) ?? "write it as JSON does (0.5, -2, 1e-3)")
            case let .outOfRange(text): "the number '\(text)' is out of range"
            case let .tooSmall(text): "the number '\(text)' is too small to be told from 0"
            }
        }
    }

    /// Seconds are written without a unit: `300ms` is refused with `0.3` suggested, `2s` with `2`.
    fileprivate static func unitHint(_ text: String) -> String? {
        for (unit, scale) in [("ms", 0.001), ("s", 1.0)] where text.hasSuffix(unit) {
            guard let value = try? parse(String(text.dropLast(unit.count))) else { continue }
            return "times are seconds without a unit: write \((value * scale).shortestDescription)"
        }
        return nil
    }

    /// The value of `text`, a JSON number, finite and, unless it is zero, not rounded to zero.
    ///
    /// - Throws: ``Refusal`` naming `text` as it was given.
    public static func parse(_ text: String) throws -> Double {
        guard isJSONNumber(text) else { throw Refusal.notANumber(text) }
        guard let value = Double(text), value.isFinite else { throw Refusal.outOfRange(text) }
        if value == 0 && text.utf8.contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) {
            // Digits before an exponent that are all zero still make zero ("0e5"); any other digit means underflow.
            let mantissa = text.split(whereSeparator: { $0 == "e" || $0 == "E" }).first ?? ""
            if mantissa.contains(where: { $0 >= "1" && $0 <= "9" }) { throw Refusal.tooSmall(text) }
        }
        return value == 0 ? 0 : value
    }

    /// Whether `text` is spelled as RFC 8259 spells a number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    public static func isJSONNumber(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var i = 0
        func digits() -> Int {
            let start = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - start
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else { return false }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else if digits() == 0 {
            return false
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return false }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == bytes.count
    }
}
