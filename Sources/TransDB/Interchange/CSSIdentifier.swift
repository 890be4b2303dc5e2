import TransDBCore
/// transdb names in CSS identifiers, such as custom properties (`--motion-gentleSpring`).
///
/// Letters, digits, `-`, `_` and the non-ASCII code points CSS Syntax Level 3 allows in
/// identifiers are kept; printable ASCII is escaped with a backslash (`\.`, `\ `), anything else
/// as a hexadecimal escape (`\2728 `). Escapes change how an identifier is written, not which one
/// it is: `--a\.b` is the custom property `--a.b`.
enum CSSIdentifier {
    /// `text` written so that it can stand inside an identifier.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if isIdentifierCodePoint(scalar) {
                out.unicodeScalars.append(scalar)
            } else if (0x20...0x7E).contains(scalar.value) {
                out += "\\"
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\" + String(scalar.value, radix: 16) + " "
            }
        }
        return out
    }

    /// Whether a code point may appear in an identifier unescaped.
    static func isIdentifierCodePoint(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F: true
        case 0xB7, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x37D, 0x37F...0x1FFF, 0x200C, 0x200D, 0x203F, 0x2040, 0x2070...0x218F,
            0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...:
            true
        default: false
        }
    }
}
