import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Faults {
    /// Hostile and broken input of every class — bundle and DTCG files, curve expressions,
    /// gesture scripts, numbers and names on the command line — each refused with its exit code
    /// and exactly one printable line on stderr naming the problem, leaving the catalog as it
    /// was; and hostile names that are valid, stored and round-tripped as plain data.
    @Suite("Faults: the bad-input corpus")
    struct BadInputCorpusTests {
        /// One input and what transdb must do with it.
        struct Case: Sendable, CustomTestStringConvertible {
            /// A file the case writes into the working directory before running.
            enum Input: Sendable {
                case text(String)
                case bytes([UInt8])
                /// A JSON string of this many spaces.
                case spaces(Int)
                case fifo
                case directory
            }

            /// What must happen.
            enum Outcome: Sendable {
                /// Refused: this exit code, one line on stderr containing every fragment, the
                /// catalog unchanged.
                case refused(Int32, [String])
                /// Accepted: the entries of kind `kind` (as `list` spells it) in library
                /// `hostile` have exactly these names, also after export and import.
                case accepted(kind: String, names: [String])
            }

            var label: String
            var setup: [[String]] = []
            var files: [String: Input] = [:]
            var arguments: [String]
            var outcome: Outcome
            /// Why the message is known to carry raw control characters (a product bug).

            var testDescription: String { label }

            /// `transdb import bad.json` of a bundle; the message names the file unless the
            /// problem is between files and the catalog.
            static func bundle(
                _ label: String, _ text: String, _ fragments: [String], namesFile: Bool = true
            ) -> Case {
                Case(
                    label: "bundle: " + label, files: ["bad.json": .text(text)], arguments: ["import", "bad.json"],
                    outcome: .refused(65, (namesFile ? ["bad.json: "] : []) + fragments))
            }

            /// `transdb import bad.json` of bytes that are not UTF-8 text.
            static func bundle(_ label: String, bytes: [UInt8], _ fragments: [String]) -> Case {
                Case(
                    label: "bundle: " + label, files: ["bad.json": .bytes(bytes)], arguments: ["import", "bad.json"],
                    outcome: .refused(65, ["bad.json: "] + fragments))
            }

            /// `transdb import bad.json` of a special file.
            static func file(_ label: String, _ input: Input, _ code: Int32 = 65, _ fragments: [String]) -> Case {
                Case(
                    label: "file: " + label, files: ["bad.json": input], arguments: ["import", "bad.json"],
                    outcome: .refused(code, fragments))
            }

            /// `transdb import --format dtcg bad.tokens.json`.
            static func dtcg(_ label: String, _ text: String, _ fragments: [String]) -> Case {
                Case(
                    label: "DTCG: " + label, files: ["bad.tokens.json": .text(text)],
                    arguments: ["import", "--format", "dtcg", "bad.tokens.json"],
                    outcome: .refused(65, ["bad.tokens.json: "] + fragments))
            }

            /// A command line refused with `code`.
            static func command(
                _ label: String, _ arguments: [String], _ code: Int32, _ fragments: [String], setup: [[String]] = [],
            ) -> Case {
                Case(label: label, setup: setup, arguments: arguments, outcome: .refused(code, fragments))
            }

            /// A hostile but valid name, added to library `hostile`.
            static func accepted(_ label: String, _ arguments: [String], kind: String, names: [String], files: [String: Input] = [:])
                -> Case
            {
                Case(label: "accepted: " + label, files: files, arguments: arguments, outcome: .accepted(kind: kind, names: names))
            }
        }

        /// The start of a bundle of library `team`, up to its entries.
        static let head = #"{"transdb": 1, "library": {"name": "team"}, "#
        /// A bundle: ``head``, then `rest`.
        static func withHead(_ rest: String) -> String { head + rest }
        /// A bundle with these presets.
        static func presets(_ entries: String) -> String { head + #""presets": ["# + entries + "]}" }
        /// A bundle with one screen named `a`, then `bytes`.
        static func screenName(bytes: [UInt8]) -> [UInt8] {
            Array(withHead(#""screens": [{"name": "a"#).utf8) + bytes + Array(#""}]}"#.utf8)
        }
        /// A bundle with one screen named `name`.
        static func screenName(_ name: String) -> String { withHead(#""screens": [{"name": ""# + name + #""}]}"#) }
        /// A bundle of library `hostile` with a screen of each hostile name.
        static func hostileBundle() -> String {
            let screens = hostileNames.map { #"{"name": "\#(jsonEscaped($0))"}"# }
            return #"{"transdb": 1, "library": {"name": "hostile"}, "screens": ["# + screens.joined(separator: ", ") + "]}"
        }
        /// A bundle whose curves are arrays nested `depth` deep.
        static func nested(_ depth: Int) -> String {
            head + #""curves": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        }
        /// Names that look like attacks but are valid, and must be stored as they are.
        static let hostileNames = [
            "x'); DROP TABLE preset; --", #""double" 'single' \back `tick` $(id)"#, "🚀👩🏽‍💻", "שלום.txt", "क्‍ष",
        ]

        /// Not JSON, or not a bundle; wrong types.
        static let syntaxCases: [Case] = [
            // Not JSON, or not a bundle.
            .bundle("not JSON", "hello", ["$:", "unexpected character 'h'"]),
            .bundle("an escape sequence instead of JSON", "\u{1B}[2J", ["$:", "unexpected character"]),
            .bundle("truncated", head, ["$", "expected a key in quotes"]),
            .bundle("an empty file", "", ["$: the file is empty"]),
            .bundle("content after the document", withHead(#""presets": []} trailing"#), ["unexpected content after the JSON document"]),
            .bundle("a trailing comma", withHead(#""presets": [], }"#), ["expected a key in quotes"]),
            .bundle("a top-level array", "[]", ["$: expected an object, found []"]),
            .bundle(
                "an unsupported format version", #"{"transdb": 2, "library": {"name": "team"}}"#,
                ["$.transdb", "bundle format 2 is not supported"]),
            .bundle(
                "2^70 as the format version", #"{"transdb": 1180591620717411303424, "library": {"name": "team"}}"#,
                ["$.transdb", "is not supported"]),
            .bundle("a missing library name", #"{"transdb": 1, "library": {}}"#, ["$.library.name: required field is missing"]),
            // Wrong types.
            .bundle(
                "seconds written as a string", presets(#"{"name": "p", "kind": "fade", "duration": "0.25"}"#),
                ["$.presets[0].duration: seconds are a number, not the string \"0.25\"; a string names a duration"]),
            .bundle(
                "a duration that is true", presets(#"{"name": "p", "kind": "fade", "duration": true}"#),
                ["$.presets[0].duration: expected a number, found true"]),
            .bundle("a name that is a number", presets(#"{"name": 5, "kind": "fade"}"#), ["$.presets[0].name: expected a string, found 5"]),
            .bundle("presets that are an object", withHead(#""presets": {"name": "p"}}"#), ["$.presets: expected an array"]),
            .bundle(
                "an unknown preset kind", presets(#"{"name": "p", "kind": "wobble"}"#), ["$.presets[0].kind", "'wobble' is not one of"]),
            .bundle(
                "an unknown field", presets(#"{"name": "p", "kind": "fade", "speed": 2}"#), ["$.presets[0].speed", "unknown field 'speed'"]),
        ]

        /// Numbers, curves and duplicates in bundles.
        static let numberCases: [Case] = [
            // Numbers.
            .bundle(
                "NaN", presets(#"{"name": "p", "kind": "fade", "duration": NaN}"#),
                ["$.presets[0].duration", "NaN and Infinity are not JSON numbers"]),
            .bundle(
                "Infinity", presets(#"{"name": "p", "kind": "fade", "duration": Infinity}"#),
                ["$.presets[0].duration", "NaN and Infinity are not JSON numbers"]),
            .bundle(
                "-Infinity", presets(#"{"name": "p", "kind": "fade", "duration": -Infinity}"#),
                ["$.presets[0].duration", "expected digits"]),
            .bundle(
                "1e400", presets(#"{"name": "p", "kind": "fade", "duration": 1e400}"#),
                ["$.presets[0].duration", "the number 1e400 is out of range"]),
            .bundle(
                "2^70 as a duration", presets(#"{"name": "p", "kind": "fade", "duration": 1180591620717411303424}"#),
                ["$.presets[0].duration", "invalid duration '1.1805916207174113e+21'"]),
            .bundle(
                "a hexadecimal number", presets(#"{"name": "p", "kind": "fade", "duration": 0x10}"#),
                ["$.presets[0]", "expected ',' or '}'"]),
            .bundle(
                "a leading zero", presets(#"{"name": "p", "kind": "fade", "duration": 01}"#),
                ["$.presets[0].duration", "numbers cannot have leading zeros"]),
            .bundle(
                "a negative duration", presets(#"{"name": "p", "kind": "fade", "duration": -0.3}"#),
                ["$.presets[0].duration", "invalid duration '-0.3'"]),
            .bundle(
                "a negative delay", presets(#"{"name": "p", "kind": "fade", "duration": 0.3, "delay": -1}"#),
                ["$.presets[0].delay", "invalid delay '-1'"]),
            // Curves.
            .bundle(
                "a bezier x outside [0, 1]", withHead(#""curves": [{"name": "c", "expression": "cubic-bezier(1.5, 0, 0.5, 1)"}]}"#),
                ["$.curves[0].expression", "x1 must be in [0, 1], got 1.5"]),
            .bundle(
                "a preset's bezier x2 below 0", presets(#"{"name": "p", "kind": "fade", "curve": "cubic-bezier(0, 0, -0.1, 1)"}"#),
                ["$.presets[0].curve", "x2 must be in [0, 1], got -0.1"]),
            .bundle(
                "a spring of negative duration", withHead(#""curves": [{"name": "c", "expression": "spring(duration: -1, bounce: 0)"}]}"#),
                ["$.curves[0].expression", "duration must be > 0"]),
            .bundle(
                "a mirror that also gives a kind", presets(#"{"name": "p", "kind": "fade"}, {"name": "q", "mirrorOf": "p", "kind": "fade"}"#),
                ["$.presets[1].kind", "a preset with mirrorOf takes its kind from the preset it mirrors"]),
            .bundle(
                "a mirror of a mirror", presets(#"{"name": "p", "kind": "fade"}, {"name": "q", "mirrorOf": "p"}, {"name": "r", "mirrorOf": "q"}"#),
                ["it is itself a mirror"], namesFile: false),
            .bundle(
                "an undamped spring", withHead(#""curves": [{"name": "c", "expression": "spring(mass: 1, stiffness: 100, damping: 0)"}]}"#),
                ["$.curves[0].expression", "an undamped spring never settles"]),
            .bundle(
                "a preset's spring of bounce 1", presets(#"{"name": "p", "kind": "fade", "curve": "spring(duration: 0.5, bounce: 1)"}"#),
                ["$.presets[0].curve", "a bounce of 1 is an undamped spring, which never settles"]),
            .bundle(
                "a shared element's frame out of range",
                presets(#"{"name": "p", "kind": "custom", "set": ["shared.end.frame=target(0, 0, 200, 1)"]}"#),
                ["$.presets[0].set[0]", "shared.end.frame=target(0, 0, 200, 1)"]),
            // Duplicates.
            .bundle("a duplicate key", withHead(#""presets": [], "presets": []}"#), ["$.presets", "the key 'presets' appears twice"]),
            .bundle(
                "a duplicate key in an entry", presets(#"{"name": "p", "kind": "fade", "duration": 0.3, "duration": 0.4}"#),
                ["$.presets[0].duration", "the key 'duration' appears twice"]),
            .bundle(
                "a duplicate name", presets(#"{"name": "p", "kind": "fade"}, {"name": "p", "kind": "push"}"#),
                ["$.presets[1].name", "the preset name 'p' is already used at $.presets[0].name"]),
            .bundle(
                "NFC/NFD twin names", withHead("\"screens\": [{\"name\": \"Caf\u{E9}\"}, {\"name\": \"Cafe\u{301}\"}]}"),
                ["$.screens[1].name", "is already used at $.screens[0].name"]),
        ]

        /// Text encoding, control characters, structure, special files.
        static let textCases: [Case] = [
            // Text encoding and control characters.
            .bundle("invalid UTF-8", bytes: screenName(bytes: [0xC3, 0x28]), ["$.screens[0].name", "invalid UTF-8"]),
            .bundle("overlong UTF-8", bytes: screenName(bytes: [0xC0, 0xAF]), ["$.screens[0].name", "invalid UTF-8"]),
            .bundle("a surrogate encoded in UTF-8", bytes: screenName(bytes: [0xED, 0xA0, 0x80]), ["$.screens[0].name", "invalid UTF-8"]),
            .bundle(
                "a lone high surrogate", withHead(#""screens": [{"name": "\ud800"}]}"#),
                ["$.screens[0].name", "a lone surrogate \\ud800 is not a character"]),
            .bundle(
                "a lone low surrogate after a valid pair", withHead(#""screens": [{"name": "\ud83d\ude80"}, {"name": "\udc00x"}]}"#),
                ["$.screens[1].name", "a lone surrogate \\udc00 is not a character"]),
            .bundle(
                "an escaped BEL in a name", withHead(#""screens": [{"name": "A\u0007B"}]}"#),
                ["$.screens[0].name", "a name cannot contain control characters"]),
            .bundle(
                "an escaped ANSI sequence in a name", withHead(#""screens": [{"name": "A\u001b[2JB"}]}"#),
                ["$.screens[0].name", "a name cannot contain control characters"]),
            .bundle(
                "an unescaped tab in a string", withHead("\"screens\": [{\"name\": \"A\tB\"}]}"),
                ["$.screens[0].name", "control characters must be escaped in strings"]),
            .bundle(
                "a NUL byte after the document", bytes: Array(withHead(#""screens": []}\#u{0}"#).utf8),
                ["unexpected content after the JSON document"]),
            // Structure.
            .bundle("nesting 100 deep", nested(100), ["nesting deeper than 64 levels"]),
            .bundle("nesting 100,000 deep", String(repeating: "[", count: 100_000), ["nesting deeper than 64 levels"]),
            .bundle(
                "a reverse that names nothing", presets(#"{"name": "p", "kind": "fade", "reverse": "q"}"#),
                ["1 reference is neither in the imported files nor in the catalog: preset team/q (used by preset team/p)"], namesFile: false
            ),
            .bundle(
                "a name with a slash", withHead(#""screens": [{"name": "a/b"}]}"#),
                ["$.screens[0].name", "'/' separates a library from a name"]),
            .bundle(
                "a name of 129 code points", screenName(String(repeating: "é", count: 129)),
                ["$.screens[0].name", "a name has at most 128 Unicode code points"]),
            .bundle(
                "a right-to-left override in a name", screenName(#"abc\u202Edef"#),
                ["$.screens[0].name", "invalid screen name 'abc\\u{202e}def'", "U+202E (RIGHT-TO-LEFT OVERRIDE)"]),
            .bundle(
                "a zero-width space in a name", screenName("a\u{200B}b"),
                ["$.screens[0].name", "U+200B (ZERO WIDTH SPACE)", "look alike"]),
            .command(
                "name: a bidirectional isolate on the command line", ["add", "screen", "ab\u{2067}c"], 65,
                ["invalid screen name 'ab\\u{2067}c'", "U+2067 (RIGHT-TO-LEFT ISOLATE)"]),
            .command("name: a byte order mark", ["add", "delegate", "\u{FEFF}D"], 65, ["U+FEFF (ZERO WIDTH NO-BREAK SPACE)"]),
            .command(
                "curve: an expression missing its parameters", ["add", "preset", "p", "--kind", "fade", "--curve", "cubic-bezier(1,2)"], 65,
                ["transdb: error: invalid curve expression 'cubic-bezier(1,2)' at column 17: expected ',' after a parameter of cubic-bezier"]),
            .command(
                "curve: the same as a completion curve", ["add", "preset", "p", "--kind", "fade", "--completion-curve", "cubic-bezier(1,2)"],
                65, ["transdb: error: completion curve: invalid curve expression 'cubic-bezier(1,2)'"]),
            .command("name: an Arabic letter mark", ["add", "curve", "x\u{061C}", "linear"], 65, ["U+061C (ARABIC LETTER MARK)"]),
            .dtcg(
                "a right-to-left override in a token name",
                #"{"motion": {"$type": "cubicBezier", "a\u202Eb": {"$value": [0, 0, 1, 1]}}}"#,
                [#"$.motion.a\u{202e}b: invalid curve name 'motion.a\u{202e}b'"#, "U+202E (RIGHT-TO-LEFT OVERRIDE)"]),
            // Files that are not ordinary files of a reasonable size.
            .file(
                "100 MB of JSON (default limit 64 MiB)", .spaces(100 << 20), 65,
                ["bad.json: $: the file has 104857602 bytes, more than the limit of 67108864", "--max-size"]),
            .file("a FIFO", .fifo, 65, ["bad.json: $: not a regular file: it is a FIFO"]),
            // Files saved in another encoding than UTF-8.
            .file(
                "UTF-16 with its byte-order mark", .bytes([0xFF, 0xFE] + Array("{}".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
                65, ["bad.json: $: the file is UTF-16 (it starts with a UTF-16 byte-order mark); save it as UTF-8"]),
            .file(
                "UTF-16 without a byte-order mark", .bytes(Array("{}".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }), 65,
                ["bad.json: $: the file looks like UTF-16 (a zero byte beside each character); save it as UTF-8"]),
            .file(
                "two UTF-8 byte-order marks", .bytes([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("{}".utf8)), 65,
                ["bad.json: $: the file starts with two UTF-8 byte-order marks; remove the extra one"]),
            .file("a directory", .directory, 65, ["bad.json: $: not a regular file: it is a directory; give the bundle files in it"]),
            .command("file: missing", ["import", "nothing.json"], 66, ["nothing.json", "no file at"]),
        ]

        /// DTCG files and curve expressions on the command line.
        static let dtcgCases: [Case] = [
            // DTCG.
            .dtcg(
                "an alias cycle", #"{"a": {"$type": "cubicBezier", "$value": "{b}"}, "b": {"$type": "cubicBezier", "$value": "{a}"}}"#,
                ["$.a.$value", "alias cycle: a → b → a"]),
            .dtcg(
                "a three-token alias cycle",
                #"{"a": {"$type": "cubicBezier", "$value": "{b}"}, "b": {"$type": "cubicBezier", "$value": "{c}"}, "c": {"$type": "cubicBezier", "$value": "{a}"}}"#,
                ["alias cycle: a → b → c → a"]),
            .dtcg(
                "a token aliasing itself", #"{"m": {"$type": "duration", "x": {"$value": "{m.x}"}}}"#,
                ["$.m.x.$value", "alias cycle: m.x → m.x"]),
            .dtcg(
                "a $ref cycle",
                ##"{"a": {"$type": "cubicBezier", "$value": {"$ref": "#/b/$value"}}, "b": {"$type": "cubicBezier", "$value": {"$ref": "#/a/$value"}}}"##,
                ["alias cycle: a → b → a"]),
            .dtcg(
                "an alias to nothing", #"{"a": {"$type": "cubicBezier", "$value": "{nope}"}}"#,
                ["$.a.$value", "unknown alias target {nope}"]),
            .dtcg(
                "a bezier x outside [0, 1]", #"{"a": {"$type": "cubicBezier", "$value": [1.5, 0, 0.5, 1]}}"#,
                ["$.a.$value[0]", "x1 must be in [0, 1], got 1.5"]),
            .dtcg(
                "a negative duration", #"{"a": {"$type": "duration", "$value": {"value": -5, "unit": "ms"}}}"#,
                ["$.a.$value.value", "a duration cannot be negative"]),
            .dtcg(
                "a bundle instead of tokens", #"{"transdb": 1, "library": {"name": "team"}}"#, ["$.transdb", "expected a token or a group"]),
            // Curve expressions on the command line.
            .command(
                "curve: a bezier x1 of 2", ["add", "curve", "c", "cubic-bezier(2,0,0,1)"], 65,
                ["invalid curve expression 'cubic-bezier(2,0,0,1)'", "x1 must be in [0, 1], got 2"]),
            .command(
                "curve: zero steps", ["add", "curve", "c", "steps(0)"], 65, ["'steps(0)'", "the number of steps must be a whole number"]),
            .command("curve: an unknown kind", ["add", "curve", "c", "bogus(1)"], 65, ["unknown curve kind 'bogus'"]),
            .command("curve: unterminated", ["add", "curve", "c", "cubic-bezier(0.1, 0.2, 0.3"], 65, ["at column 27", "found the end"]),
            .command(
                "curve: a spring of mass 0", ["add", "curve", "c", "spring(mass: 0, stiffness: 1, damping: 1)"], 65, ["mass must be ≥ 1e-6", "got 0"]),
            .command(
                "curve: an undamped spring", ["add", "curve", "c", "spring(stiffness: 100, dampingRatio: 0)"], 65,
                ["dampingRatio must be > 0", "an undamped spring never settles"]),
            .command(
                "curve: sample of a spring that takes hours to settle", ["sample", "spring(mass: 1, stiffness: 1, damping: 0.001)"], 65,
                ["to settle, more than the 3600 s accepted"]),
            .command(
                "curve: a preset's --curve", ["add", "preset", "p", "--kind", "fade", "--curve", "cubic-bezier(0, 0, -0.1, 1)"], 65,
                ["x2 must be in [0, 1], got -0.1"]),
            .command("curve: sample of a short bezier", ["sample", "cubic-bezier(0,0,1)"], 65, ["'cubic-bezier(0,0,1)'", "at column 19"]),
        ]

        /// Gesture scripts and numbers on the command line.
        static let gestureCases: [Case] = [
            // Gesture scripts.
            .command(
                "gesture: out of time order", ["eval", "motion/zoom", "--gesture", "update 0.5@0.3, update 0.2@0.1, finish@0.4"], 65,
                ["'update 0.2@0.1'", "events must be in time order"]),
            .command(
                "gesture: an unknown event", ["eval", "motion/zoom", "--gesture", "jump@0.1"], 65, ["invalid gesture event 'jump@0.1'"]),
            .command(
                "gesture: an event after finish", ["eval", "motion/zoom", "--gesture", "update 0.2@0.1, finish@0.4, update 0.3@0.5"], 65,
                ["'update 0.3@0.5'", "nothing can follow finish"]),
            .command(
                "gesture: a negative time", ["eval", "motion/zoom", "--gesture", "update 0.5@-1, finish@0.2"], 65,
                ["'update 0.5@-1'", "from 0 to 3600"]),
            .command(
                "gesture: finish at NaN", ["eval", "motion/zoom", "--gesture", "finish@nan"], 65, ["'finish@nan'", "from 0 to 3600"]),
            .command(
                "gesture: no end", ["eval", "motion/zoom", "--gesture", "update 0.5@0.1"], 65,
                ["a gesture ends with finish@T, cancel@T or release@T"]),
            .command("gesture: empty", ["eval", "motion/zoom", "--gesture", ""], 65, ["invalid gesture event ''"]),
            .command(
                "gesture: progress above 1", ["eval", "motion/uncoverDown", "--gesture", "update 1.5@0.1, finish@0.2"], 65,
                ["'update 1.5@0.1'", "percentComplete must be in [0, 1], got 1.5"]),
            .command(
                "gesture: a velocity of NaN", ["eval", "motion/uncoverDown", "--gesture", "release@0.2 v=nan"], 65,
                ["'release@0.2 v=nan'", "within ±1000"]),
            .command(
                "gesture: on a route without interaction controller",
                ["eval", "--op", "present", "--from", "Feed", "--to", "Detail", "--gesture", "finish@0.2"], 65,
                ["cannot play the gesture", "interaction controller is nil"]),
            .command(
                "gesture: update 1e400", ["eval", "motion/zoom", "--gesture", "update 1e400@0.1, finish@0.2"], 65,
                ["'update 1e400@0.1'", "update takes a number"]),
            // Numbers on the command line.
            .command(
                "number: --duration nan", ["add", "preset", "p", "--kind", "fade", "--duration", "nan"], 64, ["'nan' is not a number"]),
            .command(
                "number: --duration 0x10", ["add", "preset", "p", "--kind", "fade", "--duration", "0x10"], 64, ["'0x10' is not a number"]),
            .command(
                "number: --duration 1e-400", ["add", "preset", "p", "--kind", "fade", "--duration", "1e-400"], 64,
                ["the number '1e-400' is too small"]),
            .command(
                "number: --duration 1e400", ["add", "preset", "p", "--kind", "fade", "--duration", "1e400"], 64,
                ["the number '1e400' is out of range"]),
            .command("number: --duration=-1", ["add", "preset", "p", "--kind", "fade", "--duration=-1"], 65, ["invalid duration '-1'"]),
            .command("number: --delay inf", ["add", "preset", "p", "--kind", "fade", "--delay", "inf"], 64, ["'inf' is not a number"]),
            .command(
                "number: --completion-speed 0", ["add", "preset", "p", "--kind", "fade", "--completion-speed", "0"], 65,
                ["invalid completion speed '0'"]),
            .command(
                "number: --finish-threshold 2", ["add", "preset", "p", "--kind", "fade", "--finish-threshold", "2"], 65,
                ["invalid finish threshold '2'"]),
            .command(
                "number: --set alpha nan", ["add", "preset", "p", "--kind", "fade", "--set", "to.start.alpha=nan"], 65,
                ["invalid track 'to.start.alpha=nan'"]),
            .command(
                "number: --busy-timeout=-1", ["add", "delegate", "D", "--busy-timeout=-1"], 64,
                ["--busy-timeout must be a number of seconds from 0 to 3600, got -1"]),
            .command(
                "number: --busy-timeout nan", ["add", "delegate", "D", "--busy-timeout", "nan"], 64,
                ["'nan' is not a number"]),
            .command(
                "number: --busy-timeout 1e400", ["add", "delegate", "D", "--busy-timeout", "1e400"], 64,
                ["the number '1e400' is out of range"]),
            .command(
                "number: --max-size=-1", ["import", "--max-size=-1", "nothing.json"], 64, ["--max-size must be a positive number of bytes"]),
            .command(
                "number: eval --at nan", ["eval", "motion/zoom", "--at", "nan"], 64,
                ["'nan' is not a number"]),
            .command("number: eval --fps 0", ["eval", "motion/zoom", "--fps", "0"], 64, ["--fps must be > 0"]),
        ]

        /// Names on the command line, refused and accepted.
        static let nameCases: [Case] = [
            // Names on the command line.
            .command(
                "name: a BEL", ["add", "delegate", "A\u{7}B"], 65, ["a name cannot contain control characters", "A\\u{7}B"]),
            .command("name: empty", ["add", "delegate", ""], 65, ["invalid delegate name ''", "a name cannot be empty"]),
            .command("name: U+FFFD", ["add", "delegate", "a\u{FFFD}b"], 65, ["a name cannot contain U+FFFD"]),
            .command(
                "name: a duplicate", ["add", "delegate", "Main"], 65, ["a delegate named 'local/Main' already exists"],
                setup: [["add", "delegate", "Main"]]),
            .command(
                "name: the NFD twin of an NFC name", ["add", "delegate", "Cafe\u{301}"], 65,
                ["a delegate named 'local/Caf\u{E9}' already exists"], setup: [["add", "delegate", "Caf\u{E9}"]]),
            // Hostile names that are valid: plain data.
            .accepted(
                "SQL in a preset name", ["add", "preset", hostileNames[0], "--kind", "fade", "--library", "hostile"], kind: "presets",
                names: [hostileNames[0]]),
            .accepted(
                "quotes and shell syntax in a delegate name", ["add", "delegate", hostileNames[1], "--library", "hostile"],
                kind: "delegates", names: [hostileNames[1]]),
            .accepted(
                "emoji in a screen name", ["add", "screen", hostileNames[2], "--library", "hostile"], kind: "screens",
                names: [hostileNames[2]]),
            .accepted(
                "right-to-left marks in a delegate name", ["add", "delegate", hostileNames[3], "--library", "hostile"], kind: "delegates",
                names: [hostileNames[3]]),
            .accepted(
                "SQL in a curve name", ["add", "curve", "; DELETE FROM curve; --", "cubic-bezier(0, 0, 1, 1)", "--library", "hostile"],
                kind: "curves", names: ["; DELETE FROM curve; --"]),
            .accepted(
                "every hostile name in an imported bundle", ["import", "hostile.json"], kind: "screens", names: hostileNames,
                files: ["hostile.json": .text(hostileBundle())]),
        ]

        static let cases: [Case] = syntaxCases + numberCases + textCases + dtcgCases + gestureCases + nameCases

        @Test("each bad input: its exit code, one printable line naming the problem, the catalog unchanged", arguments: cases)
        func corpus(_ input: Case) throws {
            let cli = try CLIFixture.initialized()
            defer { cli.remove() }
            try cli.setUp(input.setup)
            for (name, file) in input.files { try Self.write(file, to: cli.runner.file(name)) }
            let before = try cli.state()
            let result = try cli(input.arguments)
            switch input.outcome {
            case let .refused(code, fragments):
                expectError(result, exitCode: code, mentioning: fragments)
                Faults.expectPrintable(result.stderr)
                #expect(try cli.state() == before)
            case let .accepted(kind, names):
                expectSuccess(result)
                try Self.expectRoundTrip(cli, kind: kind, names: names)
            }
        }

        @Test("the corpus covers at least 40 cases")
        func size() {
            #expect(Self.cases.count >= 40)
            #expect(Set(Self.cases.map(\.label)).count == Self.cases.count, "labels must be unique")
        }

        /// Expects library `hostile` to hold exactly `names` among its `kind`, also after export
        /// and import into an empty catalog, whose export is the same bytes.
        private static func expectRoundTrip(_ cli: CLIFixture, kind: String, names: [String]) throws {
            let listed = try cli(["list", kind, "--library", "hostile", "--format", "json"])
            #expect(try listed.jsonArray().compactMap { $0["name"] as? String }.sorted() == names.sorted(), "\(listed)")
            let exported = try cli(["export", "--library", "hostile"])
            try #require(exported.exitCode == 0, "\(exported)")
            let bundle = cli.runner.file("roundtrip.json")
            try exported.stdout.write(toFile: bundle, atomically: true, encoding: .utf8)
            let empty = try CLIFixture.initialized(empty: true)
            defer { empty.remove() }
            expectSuccess(try empty(["import", bundle]))
            let again = try empty(["list", kind, "--library", "hostile", "--format", "json"])
            #expect(try again.jsonArray().compactMap { $0["name"] as? String }.sorted() == names.sorted(), "\(again)")
            #expect(try empty(["export", "--library", "hostile"]).stdout == exported.stdout)
        }

        /// Writes one input file.
        private static func write(_ input: Case.Input, to path: String) throws {
            switch input {
            case let .text(text):
                try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            case let .bytes(bytes):
                try Data(bytes).write(to: URL(fileURLWithPath: path))
            case let .spaces(count):
                FileManager.default.createFile(atPath: path, contents: Data("\"".utf8))
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
                defer { try? handle.close() }
                try handle.seekToEnd()
                let chunk = Data(repeating: 0x20, count: 1 << 20)
                var left = count
                while left > 0 {
                    try handle.write(contentsOf: chunk.prefix(left))
                    left -= min(left, chunk.count)
                }
                try handle.write(contentsOf: Data("\"".utf8))
            case .fifo:
                try #require(mkfifo(path, 0o600) == 0, "mkfifo \(path) failed")
            case .directory:
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            }
        }
    }
}

/// `text` as the inside of a JSON string.
private func jsonEscaped(_ text: String) -> String {
    text.unicodeScalars.map { scalar -> String in
        switch scalar {
        case "\"": "\\\""
        case "\\": "\\\\"
        default: scalar.value < 0x20 ? String(format: "\\u%04x", scalar.value) : String(scalar)
        }
    }.joined()
}
