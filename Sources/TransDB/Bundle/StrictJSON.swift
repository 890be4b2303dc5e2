/// A JSON parser for files that come from elsewhere: it accepts RFC 8259 JSON and nothing
/// else, keeps object keys in order, and refuses what lenient parsers let through — duplicate
/// keys, invalid UTF-8, lone surrogates, numbers that overflow a Double, NaN and Infinity,
/// nesting deeper than ``maximumDepth``. Errors name the JSON path and the line and column.
public enum StrictJSON {
    /// The deepest nesting accepted.
    public static let maximumDepth = 64

    /// A parse failure.
    public struct ParseError: Error, Equatable, Sendable {
        /// The JSON path of the value being read (`$.presets[2].name`).
        public var path: String
        public var line: Int
        public var column: Int
        public var message: String
    }

    /// Parses one JSON document.
    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSONValue {
        var parser = Parser(bytes: bytes)
        return try parser.document()
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        var path: [String] = ["$"]

        init(bytes: [UInt8]) {
            self.bytes = bytes
            // A UTF-8 byte order mark is tolerated, as editors on some systems write one.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        func fail(_ message: String) -> ParseError {
            var line = 1
            var column = 1
            for byte in bytes[..<min(index, bytes.count)] {
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            return ParseError(path: path.joined(), line: line, column: column, message: message)
        }

        mutating func document() throws(ParseError) -> JSONValue {
            skipSpace()
            if index >= bytes.count { throw fail("the file is empty") }
            let value = try self.value(depth: 0)
            skipSpace()
            if index < bytes.count { throw fail("unexpected content after the JSON document") }
            return value
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) throws(ParseError) -> JSONValue {
            guard depth < StrictJSON.maximumDepth else { throw fail("nesting deeper than \(StrictJSON.maximumDepth) levels") }
            guard index < bytes.count else { throw fail("unexpected end of the file") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            case UInt8(ascii: "N"), UInt8(ascii: "I"): throw fail("NaN and Infinity are not JSON numbers")
            default: throw fail("unexpected character '\(Unicode.Scalar(bytes[index]))'")
            }
        }

        mutating func literal(_ word: String) throws(ParseError) {
            let expected = Array(word.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
                throw fail("expected '\(word)'")
            }
            index += expected.count
        }

        mutating func object(depth: Int) throws(ParseError) -> JSONValue {
            index += 1
            var members: [(String, JSONValue)] = []
            var seen = Set<String>()
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object([])
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key in quotes") }
                let key = try string()
                // NFC, so that two spellings of the same key are the same key.
                let normalized = key.precomposedForKeys
                if !seen.insert(normalized).inserted {
                    path.append(".\(key)")
                    throw fail("the key '\(key)' appears twice")
                }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after the key") }
                index += 1
                skipSpace()
                path.append(".\(key)")
                let value = try self.value(depth: depth + 1)
                path.removeLast()
                members.append((key, value))
                skipSpace()
                guard index < bytes.count else { throw fail("unexpected end of the file inside an object") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
                index += 1
                return .object(members)
            }
        }

        mutating func array(depth: Int) throws(ParseError) -> JSONValue {
            index += 1
            var items: [JSONValue] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array([])
            }
            while true {
                skipSpace()
                path.append("[\(items.count)]")
                let item = try value(depth: depth + 1)
                path.removeLast()
                items.append(item)
                skipSpace()
                guard index < bytes.count else { throw fail("unexpected end of the file inside an array") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
                index += 1
                return .array(items)
            }
        }

        mutating func number() throws(ParseError) -> Double {
            let start = index
            func digits() -> Int {
                let from = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - from
            }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            let integerStart = index
            let integerDigits = digits()
            guard integerDigits > 0 else { throw fail("expected digits") }
            if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") { throw fail("numbers cannot have leading zeros") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw fail("expected digits after the decimal point") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw fail("expected digits in the exponent") }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                index = start
                throw fail("the number \(text) is out of range")
            }
            return value == 0 ? 0 : value
        }

        mutating func string() throws(ParseError) -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            while true {
                guard index < bytes.count else { throw fail("unterminated string") }
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count else { throw fail("unterminated escape") }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{8}")
                    case UInt8(ascii: "f"): scalars.append("\u{C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        let unit = try hex4()
                        if (0xD800...0xDBFF).contains(unit) {
                            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                                throw fail("a lone surrogate \\u\(String(unit, radix: 16)) is not a character")
                            }
                            index += 2
                            let low = try hex4()
                            guard (0xDC00...0xDFFF).contains(low) else { throw fail("a lone surrogate \\u\(String(unit, radix: 16)) is not a character") }
                            let combined = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                            guard let scalar = Unicode.Scalar(combined) else { throw fail("invalid escape") }
                            scalars.append(scalar)
                        } else {
                            guard let scalar = Unicode.Scalar(unit) else {
                                throw fail("a lone surrogate \\u\(String(unit, radix: 16)) is not a character")
                            }
                            scalars.append(scalar)
                        }
                    default: throw fail("invalid escape '\\\(Unicode.Scalar(escape))'")
                    }
                case 0..<0x20:
                    throw fail("control characters must be escaped in strings")
                case 0..<0x80:
                    scalars.append(Unicode.Scalar(byte))
                    index += 1
                default:
                    scalars.append(try utf8Scalar())
                }
            }
        }

        mutating func hex4() throws(ParseError) -> UInt32 {
            guard bytes.count - index >= 4 else { throw fail("expected four hex digits") }
            var value: UInt32 = 0
            for byte in bytes[index..<index + 4] {
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw fail("expected four hex digits")
                }
                value = value << 4 | digit
            }
            index += 4
            return value
        }

        /// One multi-byte UTF-8 sequence, validated (no overlongs, no surrogates, ≤ U+10FFFF).
        mutating func utf8Scalar() throws(ParseError) -> Unicode.Scalar {
            let lead = bytes[index]
            let (count, minimum, initial): (Int, UInt32, UInt32) =
                switch lead {
                case 0xC2...0xDF: (2, 0x80, UInt32(lead & 0x1F))
                case 0xE0...0xEF: (3, 0x800, UInt32(lead & 0x0F))
                case 0xF0...0xF4: (4, 0x10000, UInt32(lead & 0x07))
                default: (0, 0, 0)
                }
            guard count > 0, bytes.count - index >= count else { throw fail("invalid UTF-8") }
            var value = initial
            for byte in bytes[index + 1..<index + count] {
                guard byte & 0xC0 == 0x80 else { throw fail("invalid UTF-8") }
                value = value << 6 | UInt32(byte & 0x3F)
            }
            guard value >= minimum, let scalar = Unicode.Scalar(value) else { throw fail("invalid UTF-8") }
            index += count
            return scalar
        }
    }
}

extension String {
    /// Keys compared in NFC.
    fileprivate var precomposedForKeys: String { Name.nfc(self) }
}
