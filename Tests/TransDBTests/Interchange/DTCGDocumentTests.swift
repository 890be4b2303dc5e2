import Foundation
import Testing
import TransDB
@testable import TransDBCore

extension Interchange {
    @Suite("DTCG: invalid files are refused with the JSON path and the reason")
    struct DTCGDocumentTests {
        /// One bad input and the error it must give.
        struct Case: CustomTestStringConvertible, Sendable {
            var name: String
            var json: String
            var path: String
            var reason: String

            var testDescription: String { name }
        }

        static let file = "test.tokens.json"

        static let cases: [Case] = [
            Case(
                name: "alias cycle between two typed tokens",
                json: ##"{"a": {"$type": "cubicBezier", "$value": "{b}"}, "b": {"$type": "cubicBezier", "$value": "{a}"}}"##,
                path: "$.a.$value", reason: "alias cycle: a → b → a"),
            Case(
                name: "an instant preset whose duration an alias gives: refused at the preset's own field",
                json:
                    ##"{"dur": {"$type": "duration", "$value": "300ms"}, "t": {"$type": "transition", "$value": {"duration": "{dur}", "timingFunction": [0, 0, 1, 1]}, "$extensions": {"org.transdb": {"kind": "none"}}}}"##,
                path: "$.t.$value.duration", reason: "invalid duration '300ms': a preset of kind 'none' is instant: its duration is 0"),
            Case(
                name: "an empty name",
                json: ##"{"motion": {"": {"$type": "duration", "$value": "1ms"}}}"##,
                path: "$.motion[\"\"]", reason: "a token or group name cannot be empty"),
            Case(
                name: "a misspelt $value: the token's value would be lost",
                json: ##"{"d": {"$type": "duration", "$valeu": "1ms"}}"##,
                path: "$.d.$valeu", reason: "'$valeu' is not a DTCG property (did you mean '$value'?)"),
            Case(
                name: "a $type in another case",
                json: ##"{"d": {"$Type": "duration", "$value": "1ms"}}"##,
                path: "$.d.$Type", reason: "'$Type' is not a DTCG property (did you mean '$type'?)"),
            Case(
                name: "a long alias cycle, shown by its ends",
                json: "{" + (0..<30).map { #""t\#($0)": {"$type": "duration", "$value": "{t\#(($0 + 1) % 30)}"}"# }.joined(separator: ", ") + "}",
                path: "$.t0.$value", reason: "alias cycle: t0 → t1 → t2 → t3 → t4 → t5 → … 21 more … → t27 → t28 → t29 → t0"),
            Case(
                name: "alias cycle through untyped tokens, reached from outside the cycle",
                json: ##"{"c": {"$value": "{g.a}"}, "g": {"a": {"$value": "{g.b}"}, "b": {"$value": "{g.a}"}}}"##,
                path: "$.g.a.$value", reason: "alias cycle: g.a → g.b → g.a"),
            Case(
                name: "alias cycle between curves, one of them used by a transition",
                json:
                    ##"{"t": {"$type": "transition", "$value": {"duration": "1s", "timingFunction": "{t2}"}}, "t2": {"$type": "cubicBezier", "$value": "{t3}"}, "t3": {"$type": "cubicBezier", "$value": "{t2}"}}"##,
                path: "$.t2.$value", reason: "alias cycle: t2 → t3 → t2"),
            Case(
                name: "alias cycle through a JSON pointer",
                json: ##"{"a": {"$type": "cubicBezier", "$ref": "#/b/$value"}, "b": {"$type": "cubicBezier", "$value": {"$ref": "#/a"}}}"##,
                path: "$.a", reason: "alias cycle: a → b → a"),
            Case(
                name: "missing alias target",
                json: ##"{"easing": {"$type": "cubicBezier", "standard": {"$value": "{easing.emphasized}"}}}"##,
                path: "$.easing.standard.$value",
                reason:
                    "unknown alias target {easing.emphasized}: no token has the path 'easing.emphasized' in the files read (an alias can name a token of a file imported together with this one, not one already in the catalog)"
            ),
            Case(
                name: "alias of a group",
                json: ##"{"g": {"x": {"$type": "cubicBezier", "$value": [0, 0, 1, 1]}}, "a": {"$type": "cubicBezier", "$value": "{g}"}}"##,
                path: "$.a.$value", reason: "the alias {g} names a group; an alias names a token"),
            Case(
                name: "JSON pointer to nothing",
                json: ##"{"a": {"$type": "cubicBezier", "$value": {"$ref": "#/nowhere/$value"}}}"##,
                path: "$.a.$value.$ref", reason: "the JSON pointer '#/nowhere/$value' does not point to anything in the file"),
            Case(
                name: "alias of a token of another type",
                json:
                    ##"{"d": {"$type": "duration", "$value": "200ms"}, "t": {"$type": "transition", "$value": {"duration": "{d}", "timingFunction": "{d}"}}}"##,
                path: "$.t.$value.timingFunction", reason: "{d} is a duration token, but a cubicBezier is needed here"),
            Case(
                name: "a token with no type",
                json: ##"{"motion": {"ease": {"$value": [0.4, 0, 0.2, 1]}}}"##,
                path: "$.motion.ease", reason: "the token 'motion.ease' has no $type: give it one, or put it in a group with a $type"),
            Case(
                name: "a value that does not fit its type",
                json: ##"{"ease": {"$type": "cubicBezier", "$value": "ease-in-out"}}"##,
                path: "$.ease.$value",
                reason: "a cubicBezier value is an array of four numbers [x1, y1, x2, y2], not a string (\"ease-in-out\"); write it as [0.42, 0, 0.58, 1]"),
            Case(
                name: "a CSS cubic-bezier() where DTCG wants four numbers",
                json: ##"{"ease": {"$type": "cubicBezier", "$value": "cubic-bezier(0.2, 0, 0.2, 1)"}}"##,
                path: "$.ease.$value",
                reason:
                    "a cubicBezier value is an array of four numbers [x1, y1, x2, y2], not a string (\"cubic-bezier(0.2, 0, 0.2, 1)\"); write it as [0.2, 0, 0.2, 1]"
            ),
            Case(
                name: "a string that is no CSS easing either",
                json: ##"{"ease": {"$type": "cubicBezier", "$value": "springy"}}"##,
                path: "$.ease.$value", reason: "a cubicBezier value is an array of four numbers [x1, y1, x2, y2], not a string (\"springy\")"),
            Case(
                name: "a Style Dictionary token whose first key is not value",
                json: ##"{"duration": {"20": {"comment": "Default", "value": "0.2s"}}}"##,
                path: "$.duration.20.comment",
                reason:
                    "expected a token or a group (an object), found a string (\"Default\"); 'value' without '$' is the token format before DTCG (Style Dictionary 3, Tokens Studio): DTCG 2025.10 writes $value and $type"
            ),
            Case(
                name: "a Bézier with three numbers",
                json: ##"{"ease": {"$type": "cubicBezier", "$value": [0.4, 0, 0.2]}}"##,
                path: "$.ease.$value",
                reason: "a cubicBezier value is an array of four numbers [x1, y1, x2, y2], not an array of 3 elements"),
            Case(
                name: "a number that overflows a double",
                json: ##"{"ease": {"$type": "cubicBezier", "$value": [1e400, 0, 0.2, 1]}}"##,
                path: "$.ease.$value[0]", reason: "the number 1e400 is out of range (line 1, column 46)"),
            Case(
                name: "NaN",
                json: ##"{"ease": {"$type": "cubicBezier", "$value": [0.4, NaN, 0.2, 1]}}"##,
                path: "$.ease.$value[1]", reason: "NaN and Infinity are not JSON numbers (line 1, column 51)"),
            Case(
                name: "a duplicate key",
                json:
                    "{\"ease\": {\"$type\": \"cubicBezier\", \"$value\": [0.4, 0, 0.2, 1]},\n \"ease\": {\"$type\": \"cubicBezier\", \"$value\": [0, 0, 1, 1]}}",
                path: "$.ease", reason: "the key 'ease' appears twice (line 2, column 8)"),
            Case(
                name: "one key in two Unicode spellings",
                json: "{\"\u{E9}\": {\"$type\": \"duration\", \"$value\": \"1ms\"}, \"e\u{301}\": {\"$type\": \"duration\", \"$value\": \"2ms\"}}",
                path: "$.\u{E9}",
                reason:
                    "the key 'e\u{301}' appears twice, spelt with other Unicode characters the first time (U+00E9, now U+0065 U+0301): composed (NFC) they are the same key (line 1, column 51)"),
            Case(
                name: "bezier x1 above 1",
                json: ##"{"ease": {"$type": "cubicBezier", "$value": [1.5, 0, 0.2, 1]}}"##,
                path: "$.ease.$value[0]", reason: "x1 must be in [0, 1], got 1.5"),
            Case(
                name: "bezier x2 below 0, through a JSON pointer",
                json: ##"{"x": {"$type": "number", "$value": -0.25}, "ease": {"$type": "cubicBezier", "$value": [0.4, 0, {"$ref": "#/x/$value"}, 1]}}"##,
                path: "$.ease.$value[2]", reason: "x2 must be in [0, 1], got -0.25"),
            Case(
                name: "a curly-brace alias for a number inside a cubicBezier",
                json: ##"{"x": {"$type": "number", "$value": 0.25}, "ease": {"$type": "cubicBezier", "$value": [0.4, 0, "{x}", 1]}}"##,
                path: "$.ease.$value[2]",
                reason:
                    ##"'{x}' is an alias, which stands for a whole token value, not for part of a cubicBezier; write the number itself, or point to it with {"$ref": "#/…"}"##),
            Case(
                name: "a curly-brace alias inside a duration (the DTCG test suite's duration-curly-brace-in-subvalue)",
                json: ##"{"n": {"$type": "number", "$value": 200}, "d": {"$type": "duration", "$value": {"value": "{n}", "unit": "ms"}}}"##,
                path: "$.d.$value.value",
                reason:
                    ##"'{n}' is an alias, which stands for a whole token value, not for part of a duration; write the number itself, or point to it with {"$ref": "#/…"}"##),
            Case(
                name: "a named duration longer than transdb's limit, named as written",
                json: ##"{"d": {"$type": "duration", "$value": {"value": 90000, "unit": "ms"}}}"##,
                path: "$.d.$value.value", reason: "invalid duration 90000 ms: a named duration is a number of seconds ≥ 0 and ≤ 60"),
            Case(
                name: "a negative duration",
                json:
                    ##"{"t": {"$type": "transition", "$value": {"duration": {"value": -100, "unit": "ms"}, "timingFunction": [0, 0, 1, 1]}}}"##,
                path: "$.t.$value.duration.value", reason: "a duration cannot be negative, got -100 ms"),
            Case(
                name: "a negative duration in the older form",
                json: ##"{"d": {"$type": "duration", "$value": "-0.2s"}}"##,
                path: "$.d.$value", reason: "a duration cannot be negative, got -0.2 s"),
            Case(
                name: "a duration in px",
                json: ##"{"d": {"$type": "duration", "$value": "200px"}}"##,
                path: "$.d.$value",
                reason: #"'200px' is not a duration: write {"value": 200, "unit": "ms"}, or a number followed by ms or s"#),
            Case(
                name: "a duration with a misspelt unit: the example keeps its number",
                json: ##"{"d": {"$type": "duration", "$value": "0.2sec"}}"##,
                path: "$.d.$value",
                reason: #"'0.2sec' is not a duration: write {"value": 0.2, "unit": "s"}, or a number followed by ms or s"#),
            Case(
                name: "a Theo file (Backpack, Lightning)",
                json: ##"{"imports": ["./aliases.json"], "props": {"ANIMATION_DURATION_SM": {"value": "50ms"}}}"##,
                path: "$.imports",
                reason: "expected a token or a group (an object), found an array; 'imports' at the top level is Theo's format (props, aliases, imports), older than DTCG: convert the file to DTCG 2025.10 ($value and $type) first"),
            Case(
                name: "a duration in minutes: the example gives its seconds",
                json: ##"{"d": {"$type": "duration", "$value": "2min"}}"##,
                path: "$.d.$value",
                reason: #"'2min' is not a duration: write {"value": 120, "unit": "s"}, or a number followed by ms or s"#),
            Case(
                name: "a duration that is a number alone",
                json: ##"{"d": {"$type": "duration", "$value": 50}}"##,
                path: "$.d.$value",
                reason: #"a duration is {"value": number, "unit": "ms" or "s"}, not a number alone: write {"value": 50, "unit": "ms"} or {"value": 50, "unit": "s"}"#),
            Case(
                name: "a duration unit px",
                json:
                    ##"{"t": {"$type": "transition", "$value": {"duration": {"value": 200, "unit": "px"}, "timingFunction": [0, 0, 1, 1]}}}"##,
                path: "$.t.$value.duration.unit", reason: "the duration unit 'px' is not ms or s"),
            Case(
                name: "a transition without a timing function",
                json: ##"{"t": {"$type": "transition", "$value": {"duration": "1s"}}}"##,
                path: "$.t.$value", reason: "a transition needs a timingFunction"),
            Case(
                name: "a transition property DTCG does not define",
                json: ##"{"t": {"$type": "transition", "$value": {"duration": "1s", "timingFunction": [0, 0, 1, 1], "easing": "in"}}}"##,
                path: "$.t.$value.easing", reason: "unknown field 'easing': expected duration, delay or timingFunction"),
            Case(
                name: "a transition longer than transdb's limit",
                json: ##"{"t": {"$type": "transition", "$value": {"duration": "61s", "timingFunction": [0, 0, 1, 1]}}}"##,
                path: "$.t.$value.duration", reason: "invalid duration '61s': a duration is a number of seconds > 0 and ≤ 60"),
            Case(
                name: "a name with a period",
                json: ##"{"motion": {"ease.in": {"$type": "cubicBezier", "$value": [0.42, 0, 1, 1]}}}"##,
                path: #"$.motion["ease.in"]"#, reason: "the name 'ease.in' contains '.': DTCG names cannot contain '{', '}' or '.'"),
            Case(
                name: "a name transdb refuses",
                json: ##"{" ease": {"$type": "cubicBezier", "$value": [0.42, 0, 1, 1]}}"##,
                path: #"$[" ease"]"#,
                reason: "invalid curve name ' ease': a name cannot start or end with white space"),
            Case(
                name: "a token that is also a group",
                json: ##"{"ease": {"$type": "cubicBezier", "$value": [0.42, 0, 1, 1], "in": {"$value": [0, 0, 1, 1]}}}"##,
                path: "$.ease.in", reason: "an object with a $value is a token and cannot also hold tokens or groups ('in')"),
            Case(
                name: "a $extends cycle",
                json: ##"{"a": {"$extends": "{b}", "x": {"$type": "number", "$value": 1}}, "b": {"$extends": "{a}"}}"##,
                path: "$.a.$extends", reason: "$extends cycle: a → b → a"),
            Case(
                name: "an unknown preset kind in transdb's extension",
                json:
                    ##"{"lib": {"$extensions": {"org.transdb": {"format": 1}}, "presets": {"p": {"$type": "transition", "$value": {"duration": "1s", "delay": "0s", "timingFunction": [0, 0, 1, 1]}, "$extensions": {"org.transdb": {"kind": "warp"}}}}}}"##,
                path: #"$.lib.presets.p.$extensions["org.transdb"].kind"#,
                reason: "unknown value 'warp': expected none, fade, push, pull, cover, uncover, slide, zoom, flip, sheet or custom"),
            Case(
                name: "a direction the kind does not have",
                json:
                    ##"{"lib": {"$extensions": {"org.transdb": {"format": 1}}, "presets": {"p": {"$type": "transition", "$value": {"duration": "1s", "delay": "0s", "timingFunction": [0, 0, 1, 1]}, "$extensions": {"org.transdb": {"kind": "flip", "direction": "up"}}}}}}"##,
                path: #"$.lib.presets.p.$extensions["org.transdb"].direction"#,
                reason: "invalid direction 'up': a preset of kind 'flip' moves left or right"),
            Case(
                name: "a newer transdb extension format",
                json: ##"{"lib": {"$extensions": {"org.transdb": {"format": 2}}}}"##,
                path: #"$.lib.$extensions["org.transdb"].format"#,
                reason: "transdb extension format 2 was written by a newer transdb (this one reads format 1)"),
            Case(
                name: "invalid UTF-8",
                json: "{\"a\": {\"$type\": \"cubicBezier\", \"$description\": \"caf\u{FFFD}\", \"$value\": [0, 0, 1, 1]}}",
                path: "$.a.$description", reason: "invalid UTF-8 (line 1, column 52)"),
        ]

        @Test("each kind of bad input gives its exact error", arguments: cases)
        func refused(_ bad: Case) throws {
            var bytes = Array(bad.json.utf8)
            // The invalid-UTF-8 case: a lone continuation byte where U+FFFD was written.
            if let index = bytes.firstIndex(of: 0xEF), bytes[index...].starts(with: [0xEF, 0xBF, 0xBD]) {
                bytes.replaceSubrange(index..<index + 3, with: [0x80])
            }
            #expect(throws: CatalogError.invalidBundle(file: Self.file, path: bad.path, reason: bad.reason)) {
                _ = try DTCGFormat.decode(bytes, file: Self.file, defaultLibrary: "tokens")
            }
        }

        /// A chain `e0 ← e1 ← … ← e{count-1}` of curve aliases, a transition on every link, and
        /// `extra` more tokens.
        static func chain(_ count: Int, extra: String = "") -> String {
            let easing = (0..<count).map { i in
                "\"e\(i)\": {\"$value\": " + (i == 0 ? "[0.2, 0, 0, 1]" : "\"{easing.e\(i - 1)}\"") + "}"
            }
            let transitions = (0..<count).map { i in
                "\"t\(i)\": {\"$value\": {\"duration\": \"{duration.d}\", \"delay\": \"0ms\", \"timingFunction\": \"{easing.e\(i)}\"}}"
            }
            return """
                {"easing": {"$type": "cubicBezier", \(easing.joined(separator: ", "))},
                 "duration": {"$type": "duration", "d": {"$value": "250ms"}},
                 "transition": {"$type": "transition", \(transitions.joined(separator: ", "))}\(extra)}
                """
        }

        @Test("a long alias chain is followed once for all the tokens aliasing into it, with the same values and errors")
        func longChain() throws {
            let (bundles, _) = try DTCGFormat.decode(Array(Self.chain(3_000).utf8), file: Self.file, defaultLibrary: "tokens")
            let library = try #require(bundles.first)
            #expect(library.curves.count == 3_000 && library.presets.count == 3_000)
            // Every curve is an alias of the one before, and every transition plays the chain's end.
            #expect(library.curves.allSatisfy { $0.curve == .cubicBezier(x1: 0.2, y1: 0, x2: 0, y2: 1) })
            #expect(library.curves.first { $0.name == "easing.e2999" }?.aliasOf == QualifiedName(library: nil, name: "easing.e2998"))
            #expect(library.presets.allSatisfy { $0.duration == 0.25 })

            // A link used as the wrong type after the chain was followed is still refused...
            let wrongType = Self.chain(50, extra: ", \"late\": {\"$type\": \"duration\", \"$value\": \"{easing.e49}\"}")
            #expect(
                throws: CatalogError.invalidBundle(
                    file: Self.file, path: "$.late.$value", reason: "{easing.e49} is a cubicBezier token, but a duration is needed here")
            ) { _ = try DTCGFormat.decode(Array(wrongType.utf8), file: Self.file, defaultLibrary: "tokens") }
            // ...and a cycle at the far end of a long chain is found from every token.
            let cycle = Self.chain(400).replacingOccurrences(of: "\"e0\": {\"$value\": [0.2, 0, 0, 1]}", with: "\"e0\": {\"$value\": \"{easing.e399}\"}")
            #expect(throws: CatalogError.self) { _ = try DTCGFormat.decode(Array(cycle.utf8), file: Self.file, defaultLibrary: "tokens") }
        }

        @Test("nesting deeper than StrictJSON's limit is refused at the level where it goes too deep")
        func deepNesting() throws {
            let depth = 70
            let json = String(repeating: "{\"g\": ", count: depth) + "{}" + String(repeating: "}", count: depth)
            let path = "$" + String(repeating: ".g", count: StrictJSON.maximumDepth)
            let column = StrictJSON.maximumDepth * 6 + 1
            #expect(
                throws: CatalogError.invalidBundle(
                    file: Self.file, path: path, reason: "nesting deeper than 64 levels (line 1, column \(column))")
            ) {
                _ = try DTCGFormat.decode(Array(json.utf8), file: Self.file, defaultLibrary: "tokens")
            }
        }
    }
}
