import Foundation

/// Validation of the names people give to libraries, curves, presets, screens, containers and
/// delegates.
///
/// Names are data, not identifiers: quotes, emoji and right-to-left marks are kept as written.
/// What is refused is what would make a name ambiguous or unprintable: control characters, the
/// library separator `/`, surrounding white space, and more than 128 Unicode code points. Names are stored
/// in Unicode NFC so that the same name typed on two keyboards is the same name.
public enum Name {
    /// The longest name accepted, in Unicode code points.
    public static let maximumLength = 128

    /// `text` in Unicode NFC.
    public static func nfc(_ text: String) -> String {
        // ASCII is its own NFC: most names skip Foundation's normalizer, which is most of the cost
        // of reading a name.
        text.utf8.allSatisfy { $0 < 0x80 } ? text : text.precomposedStringWithCanonicalMapping
    }

    /// Returns `raw` in NFC, or throws when it is not an acceptable name.
    ///
    /// - Parameters:
    ///   - raw: The name as given.
    ///   - field: What the name is for, used in the error (`"preset name"`).
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public static func validated(_ raw: String, field: @autoclosure () -> String) throws -> String {
        // Printable ASCII without spaces or '/' is a valid name of its length: most names take
        // this path, which costs a pass over the bytes.
        if !raw.isEmpty, raw.utf8.count <= maximumLength, raw.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") }) {
            return raw
        }
        if isPlainAndValid(raw) { return raw }
        return try checkedInFull(raw, field: field())
    }

    /// ``validated(_:field:)`` without its quick paths: NFC, then every rule in turn.
    static func checkedInFull(_ raw: String, field: String) throws -> String {
        let name = nfc(raw)
        func refuse(_ reason: String) -> ModelError {
            .invalidValue(field: field, value: raw, reason: reason)
        }
        if name.isEmpty { throw refuse("a name cannot be empty") }
        // Counted in code points, as SQLite's length() in the schema's CHECK counts them.
        if name.unicodeScalars.count > maximumLength {
            throw refuse("a name has at most \(maximumLength) Unicode code points")
        }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw refuse("a name cannot contain control characters")
        }
        if let hidden = name.unicodeScalars.first(where: isHidden) {
            throw refuse(
                "a name cannot contain \(hidden.escapedForDisplay) (\(hidden.properties.name ?? "an invisible character")): bidirectional "
                    + "controls and invisible characters make names that look alike or reorder the text around them")
        }
        if name.utf8.contains(UInt8(ascii: "/")) { throw refuse("'/' separates a library from a name and cannot be part of one") }
        if name.first?.isWhitespace == true || name.last?.isWhitespace == true {
            throw refuse("a name cannot start or end with white space")
        }
        if name.unicodeScalars.contains(where: { $0.value == 0xFFFD }) {
            throw refuse("a name cannot contain U+FFFD (it usually means the input was not valid UTF-8)")
        }
        return name
    }
}

extension Name {
    /// Whether `raw` is a valid name made only of ``isPlain(_:)`` scalars, and so already its
    /// own NFC: one pass over the scalars instead of Foundation's normalizer and three Unicode
    /// property lookups per scalar, for names in Latin, CJK ideographs, kana or Hangul syllables.
    static func isPlainAndValid(_ raw: String) -> Bool {
        var count = 0
        for scalar in raw.unicodeScalars {
            count += 1
            guard count <= maximumLength, isPlain(scalar) else { return false }
        }
        let scalars = raw.unicodeScalars
        // Inside a name a space is fine; at either end it is refused by the full check.
        return count > 0 && scalars.first != " " && scalars.last != " "
    }

    /// Whether `scalar`, in any sequence of such scalars, passes every rule of
    /// ``validated(_:field:)`` and leaves the text unchanged under NFC. These are scalars whose
    /// canonical combining class is 0, that NFC keeps as they are (some decompose, as À and が
    /// do, but compose back), and that never compose with the scalar before them: printable
    /// ASCII but '/', Latin-1 and the Latin,
    /// IPA and modifier letters up to U+02FF (but the soft hyphen U+00AD, a format character,
    /// and the no-break space U+00A0, white space), kana, CJK unified ideographs and Hangul
    /// syllables (a Hangul syllable composes only with a following jamo, which is not plain).
    /// `NameTests` checks each of them against the full rules.
    static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E: return scalar != "/"
        case 0xA1...0x2FF: return scalar.value != 0xAD
        case 0x3041...0x3096, 0x309D...0x30FF: return true  // kana, but the combining sound marks U+3099–U+309C
        case 0x3400...0x4DBF, 0x4E00...0x9FFF: return true  // CJK unified ideographs
        case 0xAC00...0xD7A3: return true  // Hangul syllables
        default: return false
        }
    }

    /// Whether `scalar` is refused in names and escaped when printed: a Unicode bidirectional
    /// control (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which reorders the text
    /// around it (the "Trojan Source" class), or another invisible format character, which makes
    /// `a\u{200B}b` look like `ab`. ZWJ and ZWNJ (needed by scripts and emoji sequences) and the
    /// tag characters of flag emoji are allowed.
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        case 0x200C, 0x200D, 0xE0020...0xE007F: return false
        default: return scalar.properties.generalCategory == .format
        }
    }
}

extension Unicode.Scalar {
    /// `U+202E`.
    package var escapedForDisplay: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

/// A reference to a named entry: `library/name`, or a bare `name` looked up across libraries.
public struct QualifiedName: Hashable, Sendable, CustomStringConvertible {
    /// The library, when the reference names one.
    public var library: String?
    /// The entry's name inside its library.
    public var name: String

    /// Creates a reference from its parts.
    public init(library: String?, name: String) {
        self.library = library
        self.name = name
    }

    /// Parses `library/name` or `name`, validating both parts.
    ///
    /// - Parameter field: What the reference is, for the error; worded only for one.
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public init(parsing text: String, field: @autoclosure () -> String) throws {
        if let plain = Self.plainParts(text) {
            self = plain
            return
        }
        guard let slash = text.utf8.firstIndex(of: UInt8(ascii: "/")) else {
            library = nil
            name = try Name.validated(text, field: field())
            return
        }
        let rest = text[text.utf8.index(after: slash)...]
        // Named as typed: the second '/' would otherwise be reported in the name alone.
        if rest.utf8.contains(UInt8(ascii: "/")) {
            throw ModelError.invalidValue(
                field: field(), value: text, reason: "a reference is library/name with one '/', which cannot be part of a name")
        }
        library = try Name.validated(String(text[..<slash]), field: "\(field()) library")
        name = try Name.validated(String(rest), field: field())
    }

    /// The parts of `text` when it is `name` or `library/name` with each part printable ASCII
    /// without spaces, at most ``Name/maximumLength`` bytes, so valid as it is: one pass over
    /// the bytes, where the general path walks `String.UTF8View` three times (a batch parses three
    /// names a request). `nil` for anything else, which the general path decides.
    private static func plainParts(_ text: String) -> QualifiedName? {
        var contiguous = text
        return contiguous.withUTF8 { bytes -> QualifiedName? in
            var slash = -1
            for (index, byte) in bytes.enumerated() {
                if byte == UInt8(ascii: "/") {
                    guard slash < 0 else { return nil }
                    slash = index
                } else if byte <= 0x20 || byte >= 0x7F {
                    return nil
                }
            }
            let nameLength = bytes.count - slash - 1
            guard nameLength > 0, nameLength <= Name.maximumLength else { return nil }
            if slash < 0 { return QualifiedName(library: nil, name: text) }
            guard slash > 0, slash <= Name.maximumLength else { return nil }
            return QualifiedName(
                library: String(decoding: UnsafeBufferPointer(rebasing: bytes[..<slash]), as: UTF8.self),
                name: String(decoding: UnsafeBufferPointer(rebasing: bytes[(slash + 1)...]), as: UTF8.self))
        }
    }

    /// `library/name`, or `name` for a bare reference.
    public var description: String {
        library.map { "\($0)/\(name)" } ?? name
    }
}
