/// JSON written straight into a byte buffer, for output produced at a rate where building a
/// ``JSONValue`` per answer would cost more than finding the answer. ``JSONValue`` quotes its
/// strings here too, so there is one escaping and the bytes are those of `JSONValue.compact`.
package enum JSONBytes {
    /// Appends `text` as a JSON string.
    package static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendQuoted(utf8: $0, to: &out) }
    }

    /// Appends valid UTF-8 as a JSON string: quotes, backslashes and control characters escaped,
    /// as are DEL, U+2028 and U+2029; everything else as it is.
    package static func appendQuoted(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        appendEscaped(utf8: bytes, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// Appends `name` as the JSON string of its `description` (`library/name`), without making
    /// that string: escaping works character by character.
    package static func appendQuoted(_ name: QualifiedName, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if var library = name.library {
            library.withUTF8 { appendEscaped(utf8: $0, to: &out) }
            out.append(UInt8(ascii: "/"))
        }
        var text = name.name
        text.withUTF8 { appendEscaped(utf8: $0, to: &out) }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends valid UTF-8 escaped as inside a JSON string, without the quotes.
    private static func appendEscaped(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        // Most names need no escape: copy them whole.
        if !bytes.contains(where: needsLook) {
            out.append(contentsOf: bytes)
            return
        }
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "\""): append(#"\""#, to: &out)
            case UInt8(ascii: "\\"): append(#"\\"#, to: &out)
            case UInt8(ascii: "\n"): append(#"\n"#, to: &out)
            case UInt8(ascii: "\r"): append(#"\r"#, to: &out)
            case UInt8(ascii: "\t"): append(#"\t"#, to: &out)
            case 0..<0x20, 0x7F: appendEscape(UInt32(byte), to: &out)
            case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                // U+2028 and U+2029 end lines in JavaScript.
                appendEscape(bytes[i + 2] == 0xA8 ? 0x2028 : 0x2029, to: &out)
                i += 2
            default: out.append(byte)
            }
            i += 1
        }
    }

    /// Appends the bytes of a literal (a plain copy, where a `String.UTF8View` is not).
    package static func append(_ literal: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends `value` in decimal, as `String(value)` writes it.
    package static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 {
            out.append(contentsOf: String(value).utf8)
            return
        }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var rest = UInt64(value)
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            out.append(contentsOf: buffer[start...])
        }
    }

    private static func needsLook(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xE2
    }

    /// `\uXXXX` with lowercase hex digits, as ``JSONValue`` writes it.
    private static func appendEscape(_ value: UInt32, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        append(#"\u"#, to: &out)
        for shift in stride(from: 12, through: 0, by: -4) {
            out.append(hex[Int((value >> UInt32(shift)) & 0xF)])
        }
    }
}
