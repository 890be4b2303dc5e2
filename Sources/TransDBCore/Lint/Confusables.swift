import Foundation

/// Unicode confusable detection by the skeleton of UTS #39 (Unicode Security Mechanisms, §4):
/// `skeleton(X)` is NFD(X), each character replaced by its prototype in the confusables data,
/// then NFD again; two strings are confusable when their skeletons are equal.
///
/// The data is a subset of Unicode's `confusables.txt` (15.1), the mappings that matter for names
/// written in Latin letters: the Cyrillic and Greek letters that look like Latin ones (`С` U+0421
/// → `C`, `о` U+043E → `o`, `Ι` U+0399 → `l`), the fullwidth Latin letters and digits (U+FF01–U+FF5E
/// → ASCII), dotless ı, the digits 0 and 1 and the letter I (`0` → `O`; `1`, `I` and `|` → `l`, as
/// confusables.txt maps them) and `rn` → `m`. Other scripts' confusables (Armenian, Cherokee,
/// mathematical alphanumerics, …) are not covered.
public enum Confusables {
    /// The UTS #39 skeleton of `text` over the covered subset.
    public static func skeleton(_ text: String) -> String {
        var mapped = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            if let prototype = prototypes[scalar.value] {
                mapped.append(contentsOf: prototype.unicodeScalars)
            } else if (0xFF01...0xFF5E).contains(scalar.value), let ascii = Unicode.Scalar(scalar.value - 0xFEE0) {
                mapped.append(contentsOf: (prototypes[ascii.value] ?? String(ascii)).unicodeScalars)
            } else {
                mapped.append(scalar)
            }
        }
        return String(mapped).replacingOccurrences(of: "rn", with: "m").decomposedStringWithCanonicalMapping
    }

    /// Whether `a` and `b` are different strings that look the same.
    public static func areConfusable(_ a: String, _ b: String) -> Bool {
        a != b && skeleton(a) == skeleton(b)
    }

    /// Source code point → prototype, from `confusables.txt`.
    static let prototypes: [UInt32: String] = [
        // Latin and common
        0x0030: "O", 0x0031: "l", 0x0049: "l", 0x007C: "l", 0x0131: "i", 0x01C0: "l",
        // Cyrillic capitals
        0x0405: "S", 0x0406: "l", 0x0408: "J", 0x0410: "A", 0x0412: "B", 0x0415: "E", 0x041A: "K", 0x041C: "M",
        0x041D: "H", 0x041E: "O", 0x0420: "P", 0x0421: "C", 0x0422: "T", 0x0425: "X", 0x04AE: "Y", 0x04C0: "l",
        0x051A: "Q", 0x051C: "W", 0x0417: "3",
        // Cyrillic small
        0x0430: "a", 0x0435: "e", 0x043E: "o", 0x0440: "p", 0x0441: "c", 0x0443: "y", 0x0445: "x", 0x0455: "s",
        0x0456: "i", 0x0458: "j", 0x04BB: "h", 0x0501: "d", 0x051B: "q", 0x051D: "w", 0x04CF: "l",
        // Greek capitals
        0x0391: "A", 0x0392: "B", 0x0395: "E", 0x0396: "Z", 0x0397: "H", 0x0399: "l", 0x039A: "K", 0x039C: "M",
        0x039D: "N", 0x039F: "O", 0x03A1: "P", 0x03A4: "T", 0x03A5: "Y", 0x03A7: "X",
        // Greek small
        0x03B1: "a", 0x03B9: "i", 0x03BD: "v", 0x03BF: "o", 0x03C1: "p", 0x03C5: "u",
    ]
}
