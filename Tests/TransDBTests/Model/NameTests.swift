import Testing
import TransDB
@testable import TransDBCore

@Suite("Names and qualified names")
struct NameTests {
    // MARK: Name.validated

    @Test("a decomposed name is stored in NFC")
    func normalisesToNFC() throws {
        let decomposed = "caf" + "e\u{301}"
        #expect(Array(decomposed.unicodeScalars) == ["c", "a", "f", "e", "\u{301}"])
        let name = try Name.validated(decomposed, field: "preset name")
        // Compare scalars: Swift's String == already treats NFD and NFC as equal.
        #expect(Array(name.unicodeScalars) == ["c", "a", "f", "\u{e9}"])
        #expect(Array(try Name.validated("e\u{301}", field: "x").unicodeScalars) == ["\u{e9}"])
        // Hangul jamo compose too.
        #expect(Array(try Name.validated("\u{1100}\u{1161}", field: "x").unicodeScalars) == ["\u{AC00}"])
    }

    @Test("an NFC name comes back unchanged, scalar for scalar")
    func keepsNFC() throws {
        let name = "Zo\u{eb} \u{2192} Detail"
        #expect(Array(try Name.validated(name, field: "screen name").unicodeScalars) == Array(name.unicodeScalars))
    }

    struct Refused: Sendable, CustomTestStringConvertible {
        var raw: String
        var reason: String
        var testDescription: String { raw.debugDescription }
    }

    static let refused: [Refused] = [
        Refused(raw: "", reason: "a name cannot be empty"),
        Refused(raw: String(repeating: "a", count: 129), reason: "a name has at most 128 Unicode code points"),
        Refused(raw: String(repeating: "e\u{301}", count: 129), reason: "a name has at most 128 Unicode code points"),
        Refused(raw: "a\u{0}b", reason: "a name cannot contain control characters"),
        Refused(raw: "line\nbreak", reason: "a name cannot contain control characters"),
        Refused(raw: "tab\there", reason: "a name cannot contain control characters"),
        Refused(raw: "del\u{7f}", reason: "a name cannot contain control characters"),
        Refused(raw: "c1\u{85}next", reason: "a name cannot contain control characters"),
        Refused(raw: "\u{1b}[31mred", reason: "a name cannot contain control characters"),
        Refused(raw: "lib/name", reason: "'/' separates a library from a name and cannot be part of one"),
        Refused(raw: "/", reason: "'/' separates a library from a name and cannot be part of one"),
        Refused(raw: " leading", reason: "a name cannot start or end with white space"),
        Refused(raw: "trailing ", reason: "a name cannot start or end with white space"),
        Refused(raw: "\u{a0}nbsp", reason: "a name cannot start or end with white space"),
        Refused(raw: "ideographic\u{3000}", reason: "a name cannot start or end with white space"),
        Refused(raw: "bad\u{fffd}utf8", reason: "a name cannot contain U+FFFD (it usually means the input was not valid UTF-8)"),
    ]

    @Test("unacceptable names are refused with the field, the raw value and the reason", arguments: refused)
    func refuses(_ case_: Refused) {
        #expect(throws: ModelError.invalidValue(field: "screen name", value: case_.raw, reason: case_.reason)) {
            try Name.validated(case_.raw, field: "screen name")
        }
    }

    @Test("the length limit counts code points after NFC, as SQLite's length() does")
    func lengthLimit() throws {
        #expect(Name.maximumLength == 128)
        let ascii = String(repeating: "a", count: 128)
        #expect(try Name.validated(ascii, field: "x") == ascii)
        // 128 decomposed characters: 256 scalars, but 128 characters once composed.
        let accented = String(repeating: "e\u{301}", count: 128)
        #expect(try Name.validated(accented, field: "x").unicodeScalars.count == 128)
        // 26 family emoji are 130 code points (5 each): refused, though only 26 characters.
        let family = String(repeating: "👨‍👩‍👧", count: 26)
        #expect(throws: ModelError.invalidValue(field: "x", value: family, reason: "a name has at most 128 Unicode code points")) {
            try Name.validated(family, field: "x")
        }
        #expect(try Name.validated(String(repeating: "👨‍👩‍👧", count: 25), field: "x").unicodeScalars.count == 125)
    }

    static let hostile: [String] = [
        "x'); DROP TABLE preset; --",
        "Robert\"); DELETE FROM route; --",
        "🚀 Launch",
        "👨‍👩‍👧",
        "\u{5e9}\u{5dc}\u{5d5}\u{5dd} Detail",
        "क्\u{200D}ष",  // a ZWJ, which scripts and emoji need
        "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",  // a flag's tag characters
        "it's \"quoted\"",
        "back\\slash",
        "50% * ? [a-z] $HOME `id`",
        "*",
        "名前",
    ]

    @Test("hostile but printable names are kept exactly as written", arguments: hostile)
    func acceptsHostileNames(_ raw: String) throws {
        let name = try Name.validated(raw, field: "preset name")
        #expect(Array(name.unicodeScalars) == Array(raw.unicodeScalars))
    }

    static let hidden: [(String, String)] = [
        ("abc\u{202E}def", "U+202E (RIGHT-TO-LEFT OVERRIDE)"), ("a\u{200B}b", "U+200B (ZERO WIDTH SPACE)"),
        ("\u{200E}x", "U+200E (LEFT-TO-RIGHT MARK)"), ("x\u{200F}", "U+200F (RIGHT-TO-LEFT MARK)"),
        ("a\u{061C}", "U+061C (ARABIC LETTER MARK)"), ("a\u{2066}b\u{2069}", "U+2066 (LEFT-TO-RIGHT ISOLATE)"),
        ("soft\u{00AD}hyphen", "U+00AD (SOFT HYPHEN)"), ("\u{FEFF}bom", "U+FEFF (ZERO WIDTH NO-BREAK SPACE)"),
        ("a\u{202A}b", "U+202A (LEFT-TO-RIGHT EMBEDDING)"), ("a\u{2060}b", "U+2060 (WORD JOINER)"),
    ]

    @Test("bidirectional controls and invisible format characters are refused, naming the character", arguments: hidden)
    func refusesHiddenCharacters(_ raw: String, _ named: String) {
        #expect {
            try Name.validated(raw, field: "screen name")
        } throws: { error in
            "\(error)".contains(named) && "\(error)".contains("invalid screen name")
        }
    }

    // MARK: QualifiedName

    @Test("library/name parses into both parts")
    func qualified() throws {
        let name = try QualifiedName(parsing: "uikit/easeInOut", field: "curve")
        #expect(name == QualifiedName(library: "uikit", name: "easeInOut"))
        #expect(name.library == "uikit")
        #expect(name.name == "easeInOut")
        #expect(name.description == "uikit/easeInOut")
    }

    @Test("a bare name has no library")
    func bare() throws {
        let name = try QualifiedName(parsing: "easeInOut", field: "curve")
        #expect(name == QualifiedName(library: nil, name: "easeInOut"))
        #expect(name.library == nil)
        #expect(name.description == "easeInOut")
    }

    @Test("both parts are normalised to NFC")
    func qualifiedNFC() throws {
        let name = try QualifiedName(parsing: "caf" + "e\u{301}/r" + "e\u{301}sum" + "e\u{301}", field: "preset")
        #expect(Array(try #require(name.library).unicodeScalars) == ["c", "a", "f", "\u{e9}"])
        #expect(Array(name.name.unicodeScalars) == ["r", "\u{e9}", "s", "u", "m", "\u{e9}"])
    }

    @Test("a second '/' is refused with the reference as typed")
    func secondSlash() {
        #expect(
            throws: ModelError.invalidValue(
                field: "preset", value: "a/b/c", reason: "a reference is library/name with one '/', which cannot be part of a name")
        ) {
            try QualifiedName(parsing: "a/b/c", field: "preset")
        }
    }

    @Test("an empty library or name is refused with the field of that part")
    func emptyParts() {
        #expect(throws: ModelError.invalidValue(field: "preset library", value: "", reason: "a name cannot be empty")) {
            try QualifiedName(parsing: "/name", field: "preset")
        }
        #expect(throws: ModelError.invalidValue(field: "preset", value: "", reason: "a name cannot be empty")) {
            try QualifiedName(parsing: "lib/", field: "preset")
        }
        #expect(throws: ModelError.invalidValue(field: "preset", value: "", reason: "a name cannot be empty")) {
            try QualifiedName(parsing: "", field: "preset")
        }
        #expect(
            throws: ModelError.invalidValue(field: "delegate library", value: "lib ", reason: "a name cannot start or end with white space")
        ) {
            try QualifiedName(parsing: "lib /D", field: "delegate")
        }
    }

    /// A reference parsed as its parts are validated one by one: what the one pass over plain
    /// ASCII in `QualifiedName(parsing:)` must agree with, at its limits and just past them.
    @Test("a reference parses as its parts validate, on either side of the plain-ASCII path", arguments: [
        "S0001", "ui/S0001", "!", "~/~", String(repeating: "a", count: 128), String(repeating: "a", count: 129),
        String(repeating: "l", count: 128) + "/x", String(repeating: "l", count: 129) + "/x", "x/" + String(repeating: "n", count: 128),
        "x/" + String(repeating: "n", count: 129), "a b/c", "a/b c", "lib/na\u{7F}me", "lib/\u{1}", "/", "//", "a//b", "lib/é", "é/x",
    ])
    func plainReferences(_ text: String) {
        let parsed = Result { try QualifiedName(parsing: text, field: "screen") }
        let byParts = Result { () throws -> QualifiedName in
            let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else { return QualifiedName(library: nil, name: try Name.validated(text, field: "screen")) }
            if parts[1].contains("/") {
                throw ModelError.invalidValue(
                    field: "screen", value: text, reason: "a reference is library/name with one '/', which cannot be part of a name")
            }
            return QualifiedName(
                library: try Name.validated(parts[0], field: "screen library"), name: try Name.validated(parts[1], field: "screen"))
        }
        switch (parsed, byParts) {
        case let (.success(a), .success(b)):
            // Scalar for scalar: `String`'s == would take NFD for NFC.
            #expect(a.library.map { Array($0.unicodeScalars) } == b.library.map { Array($0.unicodeScalars) })
            #expect(Array(a.name.unicodeScalars) == Array(b.name.unicodeScalars))
        case let (.failure(a), .failure(b)): #expect(String(describing: a) == String(describing: b))
        default: Issue.record("parsed \(parsed) but by parts \(byParts) for \(text.debugDescription)")
        }
    }
}

@Suite("Model errors")
struct ModelErrorTests {
    @Test("a long value is quoted by its start and its length, a short one whole")
    func longValues() {
        let long = String(repeating: "x", count: 2_000_000)
        let message = ModelError.invalidValue(field: "to screen", value: long, reason: "too long").description
        #expect(message == "invalid to screen '\(String(repeating: "x", count: 120))… (2000000 characters)': too long")
        let exact = String(repeating: "y", count: 200)
        #expect(ModelError.invalidValue(field: "f", value: exact, reason: "r").description == "invalid f '\(exact)': r")
    }
}

@Suite("Name suggestions")
struct NameSuggestionTests {
    @Test("a swapped pair of letters is one edit: lsit suggests list, not init")
    func transposition() {
        let commands = ["init", "list", "show", "import", "export", "resolve"]
        #expect(NameSuggestion.closest(to: "lsit", in: commands) == "list")
        #expect(NameSuggestion.closest(to: "improt", in: commands) == "import")
        #expect(NameSuggestion.closest(to: "resovle", in: commands) == "resolve")
        #expect(NameSuggestion.editDistance(Array("ab"), Array("ba"), limit: 5) == 1)
        #expect(NameSuggestion.editDistance(Array("kitten"), Array("sitting"), limit: 5) == 3)
        #expect(NameSuggestion.editDistance(Array("abc"), Array("ca"), limit: 5) == 3, "optimal string alignment, not Damerau")
        #expect(NameSuggestion.editDistance(Array("abcdef"), Array("uvwxyz"), limit: 2) == 3, "gives up past the limit")
        #expect(NameSuggestion.closest(to: "zzzz", in: commands) == nil)
    }

    @Test("a name of one or two letters is not a slip for a name it shares no more than that with")
    func shortNames() {
        #expect(NameSuggestion.closest(to: "q", in: ["p"]) == nil)
        #expect(NameSuggestion.closest(to: "Q", in: ["p", "q"]) == "q")
        #expect(NameSuggestion.closest(to: "ab", in: ["ac", "xy"]) == "ac")
        #expect(NameSuggestion.closest(to: "ab", in: ["xy"]) == nil)
        // Up to four letters, one edit: two would change half the name.
        #expect(NameSuggestion.closest(to: "Nope", in: ["Type"]) == nil)
        #expect(NameSuggestion.closest(to: "Tpye", in: ["Type"]) == "Type")
        #expect(NameSuggestion.closest(to: "Typo", in: ["Type"]) == "Type")
        #expect(NameSuggestion.closest(to: "Feeed", in: ["Feed"]) == "Feed")
        #expect(NameSuggestion.closest(to: "fad", in: ["fade"]) == "fade")
    }
}

@Suite("Names: the quick path for plain scalars")
struct PlainNameTests {
    /// Every scalar the quick path accepts without Foundation's normalizer.
    static let plainScalars: [Unicode.Scalar] = (0...0x10FFFF).compactMap { Unicode.Scalar($0) }.filter(Name.isPlain)

    @Test("each plain scalar is NFC-stable, does not combine, and passes the full rules, alone and between letters")
    func plainScalarsPassTheFullRules() throws {
        #expect(Self.plainScalars.count > 30_000)
        for scalar in Self.plainScalars {
            #expect(scalar.properties.canonicalCombiningClass == .notReordered, "\(scalar.escapedForDisplay)")
            let inside = "a\(scalar)b"
            #expect(Array(try Name.checkedInFull(inside, field: "x").unicodeScalars) == Array(inside.unicodeScalars), "\(scalar.escapedForDisplay)")
            if scalar != " " {
                let alone = String(scalar)
                #expect(Array(try Name.checkedInFull(alone, field: "x").unicodeScalars) == [scalar], "\(scalar.escapedForDisplay)")
            }
        }
    }

    @Test("pairs of plain scalars outside the ideograph blocks stay as written under NFC")
    func plainPairsDoNotCompose() throws {
        // Composition needs a second scalar that combines; checking every pair of the small
        // blocks (and each small scalar beside a syllable and an ideograph) shows none does.
        let small = Self.plainScalars.filter { $0.value < 0x3400 }
        let wide: [Unicode.Scalar] = ["\u{AC00}", "\u{D7A3}", "\u{4E00}", "\u{9FFF}", "\u{3400}"]
        var mismatches: [String] = []
        for first in small + wide {
            for second in small {
                let pair = String(first) + String(second)
                if Array(Name.nfc(pair).unicodeScalars) != [first, second] { mismatches.append(pair) }
            }
        }
        #expect(mismatches.isEmpty)
    }

    @Test("the quick path gives what the full rules give", arguments: [
        "画面-一覧", "설정 화면", "カタログ画面", "Zoë → Detail", "Ünïcödé", "naïve café", " 画面", "画面 ", "画/面",
        "a\u{AD}b", "a\u{A0}", "\u{A0}a", "e\u{301}", "\u{1100}\u{1161}", "ガ\u{3099}", String(repeating: "画", count: 128),
        String(repeating: "画", count: 129), "\u{AC00}\u{11A8}", "x\u{3000}",
    ])
    func quickPathAgrees(_ raw: String) {
        let quick = Result { try Name.validated(raw, field: "screen name") }
        let full = Result { try Name.checkedInFull(raw, field: "screen name") }
        switch (quick, full) {
        case let (.success(a), .success(b)): #expect(Array(a.unicodeScalars) == Array(b.unicodeScalars))
        case let (.failure(a), .failure(b)): #expect(String(describing: a) == String(describing: b))
        default: Issue.record("quick \(quick) but full \(full) for \(raw.debugDescription)")
        }
    }
}
