import TransDBCore
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

        /// The error of an input file that is not valid JSON, with where; a `.json5` file is
        /// told that JSON5 is not JSON (design systems keep token sources in JSON5).
        func invalidFile(_ file: String) -> CatalogError {
            let json5 = file.lowercased().hasSuffix(".json5") ? "; JSON5 (comments, unquoted keys, trailing commas) is not JSON: convert the file to JSON first" : ""
            return .invalidBundle(file: file, path: path, reason: "\(message) (line \(line), column \(column))\(json5)")
        }
    }

    /// Parses one JSON document.
    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSONValue {
        var parser = Parser(bytes: bytes)
        return try parser.document()
    }

    /// One step of a JSON path: `.key` or `[index]`, joined only when an error is reported.
    enum PathStep {
        case key(String)
        case index(Int)
    }

    /// The parser. It reads from an array that holds the whole document, or — given a
    /// ``JSONByteSource`` — from a window over a file that is refilled as the parse moves on, so
    /// that a large document never has to be in memory (see ``BundleStreamReader``).
    struct Parser {
        /// The bytes read and not yet dropped; `index` is the next one.
        var bytes: [UInt8]
        var index = 0
        var path: [PathStep] = []
        /// Where more bytes come from; nil when `bytes` is the whole document.
        let source: (any JSONByteSource)?
        /// Bytes from this index on are kept when the window is refilled (a value being re-read).
        var mark: Int?
        /// The offset in the document of `bytes[0]`, and its line and column.
        var base = 0
        var baseLine = 1
        var baseColumn = 1

        /// The most bytes asked of the source at once.
        let chunkSize: Int

        init(bytes: [UInt8]) {
            self.bytes = bytes
            self.source = nil
            self.chunkSize = 0
            skipByteOrderMark()
        }

        init(source: any JSONByteSource, chunkSize: Int = 1 << 20) {
            self.bytes = []
            self.source = source
            self.chunkSize = max(1, chunkSize)
            bytes.reserveCapacity(self.chunkSize)
            skipByteOrderMark()
        }

        private mutating func skipByteOrderMark() {
            // A UTF-8 byte order mark is tolerated, as editors on some systems write one.
            if has(3), bytes[index] == 0xEF, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF { index += 3 }
        }

        /// The document offset of the next byte, stable across refills.
        var offset: Int { base + index }

        /// Moves back to a document offset still in the window (kept there by `mark`).
        mutating func rewind(to offset: Int) {
            index = offset - base
        }

        /// Whether `count` bytes from `index` on are available, reading more when needed.
        @inline(__always)
        mutating func has(_ count: Int = 1) -> Bool {
            bytes.count - index >= count || refill(count)
        }

        /// Drops what is behind `index` (and `mark`), then reads until `count` bytes are
        /// available or the source is exhausted.
        private mutating func refill(_ count: Int) -> Bool {
            guard let source else { return false }
            let drop = min(index, mark ?? index)
            if drop > 0 {
                for byte in bytes[..<drop] {
                    if byte == 0x0A {
                        baseLine += 1
                        baseColumn = 1
                    } else if byte & 0xC0 != 0x80 {
                        baseColumn += 1
                    }
                }
                bytes.removeSubrange(..<drop)
                index -= drop
                mark = mark.map { $0 - drop }
                base += drop
            }
            while bytes.count - index < count {
                let old = bytes.count
                bytes.append(contentsOf: repeatElement(0, count: chunkSize))
                let read = bytes.withUnsafeMutableBytes { buffer in
                    source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[old...]))
                }
                bytes.removeLast(chunkSize - read)
                if read == 0 { return false }
            }
            return true
        }

        /// The error at the current position and path.
        func fail(_ message: String) -> ParseError {
            var line = baseLine
            var column = baseColumn
            for byte in bytes[..<min(index, bytes.count)] {
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            return ParseError(path: Self.joined(path), line: line, column: column, message: message)
        }

        /// `$.presets[2].name`.
        static func joined(_ path: [PathStep]) -> String {
            var text = "$"
            for step in path {
                switch step {
                case let .key(key): text += ".\(key)"
                case let .index(index): text += "[\(index)]"
                }
            }
            return text
        }

        mutating func document() throws(ParseError) -> JSONValue {
            try document { (parser: inout Parser, depth: Int) throws(ParseError) in try parser.value(depth: depth) }
        }

        /// One document whose root value is read by `root`, then nothing but white space.
        mutating func document<T>(_ root: (inout Parser, Int) throws(ParseError) -> T) throws(ParseError) -> T {
            if let encoding = wrongEncoding() { throw fail(encoding) }
            skipSpace()
            if !has() { throw fail("the file is empty") }
            let value = try root(&self, 0)
            skipSpace()
            if has() { throw fail("unexpected content after the JSON document") }
            return value
        }

        /// What is wrong with a file saved in another encoding than UTF-8, told by its first
        /// bytes (after the one byte-order mark that is tolerated); `nil` for anything else, which
        /// the parse then judges.
        private mutating func wrongEncoding() -> String? {
            guard has(2) else { return nil }
            let (first, second) = (bytes[index], bytes[index + 1])
            if (first, second) == (0xFF, 0xFE) || (first, second) == (0xFE, 0xFF) {
                return "the file is UTF-16 (it starts with a UTF-16 byte-order mark); save it as UTF-8"
            }
            if (first != 0) != (second != 0), first < 0x80, second < 0x80 {
                return "the file looks like UTF-16 (a zero byte beside each character); save it as UTF-8"
            }
            if has(3), (first, second, bytes[index + 2]) == (0xEF, 0xBB, 0xBF) {
                return "the file starts with two UTF-8 byte-order marks; remove the extra one"
            }
            return nil
        }

        mutating func skipSpace() {
            repeat {
                index = bytes.withUnsafeBufferPointer { window in
                    var position = index
                    while position < window.count {
                        switch window[position] {
                        case 0x20, 0x09, 0x0A, 0x0D: position += 1
                        default: return position
                        }
                    }
                    return position
                }
            } while index == bytes.count && refill(1)
        }

        mutating func value(depth: Int) throws(ParseError) -> JSONValue {
            guard depth < StrictJSON.maximumDepth else { throw fail("nesting deeper than \(StrictJSON.maximumDepth) levels") }
            guard has() else { throw fail("unexpected end of the file") }
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

        mutating func literal(_ word: StaticString) throws(ParseError) {
            let count = word.utf8CodeUnitCount
            guard has(count), (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] }) else {
                throw fail("expected '\(word)'")
            }
            index += count
        }

        mutating func object(depth: Int) throws(ParseError) -> JSONValue {
            var members: [(String, JSONValue)] = []
            try readMembers(depth: depth) { (parser: inout Parser, key: String) throws(ParseError) in
                members.append((key, try parser.value(depth: depth + 1)))
            }
            return .object(members)
        }

        /// A key's code points, for a message about two spellings that look alike: `U+0065 U+0301`.
        static func scalars(_ key: String) -> String {
            let points = key.unicodeScalars.prefix(12).map { scalar in
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
            return points.joined(separator: " ") + (key.unicodeScalars.count > 12 ? " …" : "")
        }

        /// Reads an object, handing each member's value to `member` (with the path at the member).
        mutating func readMembers(depth: Int, _ member: (inout Parser, String) throws(ParseError) -> Void) throws(ParseError) {
            index += 1
            // Each key as normalised, and as first written.
            var seen: [String: String] = [:]
            skipSpace()
            if has(), bytes[index] == UInt8(ascii: "}") {
                index += 1
                return
            }
            while true {
                skipSpace()
                guard has(), bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key in quotes") }
                let key = try string()
                // NFC, so that two spellings of the same key are the same key.
                let normalized = key.precomposedForKeys
                if let first = seen.updateValue(key, forKey: normalized) {
                    path.append(.key(key))
                    if first.unicodeScalars.elementsEqual(key.unicodeScalars) { throw fail("the key '\(key)' appears twice") }
                    throw fail(
                        "the key '\(key)' appears twice, spelt with other Unicode characters the first time (\(Self.scalars(first)), now \(Self.scalars(key))): composed (NFC) they are the same key"
                    )
                }
                skipSpace()
                guard has(), bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after the key") }
                index += 1
                skipSpace()
                path.append(.key(key))
                try member(&self, key)
                path.removeLast()
                skipSpace()
                guard has() else { throw fail("unexpected end of the file inside an object") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
                index += 1
                return
            }
        }

        mutating func array(depth: Int) throws(ParseError) -> JSONValue {
            var items: [JSONValue] = []
            try readElements(depth: depth) { (parser: inout Parser, _: Int) throws(ParseError) in
                items.append(try parser.value(depth: depth + 1))
            }
            return .array(items)
        }

        /// Reads an array, handing each element's position to `element` (with the path at the element).
        mutating func readElements(depth: Int, _ element: (inout Parser, Int) throws(ParseError) -> Void) throws(ParseError) {
            index += 1
            var count = 0
            skipSpace()
            if has(), bytes[index] == UInt8(ascii: "]") {
                index += 1
                return
            }
            while true {
                skipSpace()
                path.append(.index(count))
                try element(&self, count)
                path.removeLast()
                count += 1
                skipSpace()
                guard has() else { throw fail("unexpected end of the file inside an array") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
                index += 1
                return
            }
        }

        @inline(__always)
        mutating func isDigit() -> Bool {
            has() && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
        }

        mutating func number() throws(ParseError) -> Double {
            // The number is re-read as text at the end: keep its bytes in the window.
            let outerMark = mark
            mark = min(mark ?? index, index)
            defer { mark = outerMark }
            let start = offset
            func digits() -> Int {
                var count = 0
                while isDigit() {
                    index += 1
                    count += 1
                }
                return count
            }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            let integerStart = offset
            let integerDigits = digits()
            guard integerDigits > 0 else { throw fail("expected digits") }
            if integerDigits > 1 && bytes[integerStart - base] == UInt8(ascii: "0") { throw fail("numbers cannot have leading zeros") }
            if has(), bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw fail("expected digits after the decimal point") }
            }
            if has(), bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if has(), bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw fail("expected digits in the exponent") }
            }
            let text = String(decoding: bytes[(start - base)..<index], as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                rewind(to: start)
                throw fail("the number \(text) is out of range")
            }
            return value == 0 ? 0 : value
        }

        mutating func string() throws(ParseError) -> String {
            index += 1
            // Most strings are printable ASCII without escapes (names, kinds, expressions): made
            // from their bytes at once. Appending them scalar by scalar took 121.7 million
            // instructions for the 68,000 strings of 4,000 presets, this 22.5 million (callgrind).
            // Anything else is read by the loop below from its start.
            let start = index
            while index < bytes.count, (0x20..<0x80).contains(bytes[index]), bytes[index] != UInt8(ascii: "\\"), bytes[index] != UInt8(ascii: "\"") {
                index += 1
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
            }
            index = start
            var scalars = String.UnicodeScalarView()
            while true {
                guard has() else { throw fail("unterminated string") }
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    index += 1
                    guard has() else { throw fail("unterminated escape") }
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
                            guard has(6), bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
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
            guard has(4) else { throw fail("expected four hex digits") }
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
            guard count > 0, has(count) else { throw fail("invalid UTF-8") }
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

/// Where a streaming ``StrictJSON`` parse gets its bytes.
protocol JSONByteSource: AnyObject {
    /// Fills the start of `buffer`; returns how many bytes were read, 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int
}

extension String {
    /// Keys compared in NFC.
    fileprivate var precomposedForKeys: String { Name.nfc(self) }
}
