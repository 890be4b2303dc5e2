import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

/// `transdb export` and `transdb import` with files from elsewhere: every bad input is one line,
/// exit 65 (66 for a missing file), and an unchanged catalog.
@Suite("transdb export and import")
struct ImportExportCommandTests {
    @Test("export a library to stdout and to a directory; import it into an empty catalog; export again: same bytes")
    func roundTrip() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let exported = try cli(["export", "--library", "motion"])
        expectSuccess(exported)
        #expect(exported.stdout.hasPrefix("{\n  \"transdb\": 1,\n  \"library\": {\n    \"name\": \"motion\""))
        let directory = cli.runner.file("out")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let all = try cli(["export", "-o", directory])
        #expect(all.exitCode == 0)
        #expect(all.stderr == "wrote 8 bundles to \(directory)\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(files == ["articles.json", "coreanimation.json", "demo.json", "material.json", "motion.json", "samples.json", "swiftui.json", "uikit.json"])

        let empty = try CLIFixture.initialized(empty: true)
        defer { empty.remove() }
        let imported = try empty(["import"] + files.map { "\(directory)/\($0)" })
        expectSuccess(imported)
        #expect(
            imported.stdoutLines.first
                == "imported: added 8 libraries, 35 curves, 42 presets, 11 delegates, 19 screens, 4 containers, 28 routes; 0 changed; 0 unchanged")
        let again = try empty(["export", "--library", "motion"])
        #expect(again.stdout == exported.stdout)
    }

    @Test("export of several libraries as one bundle is refused")
    func severalToStdout() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        expectError(try cli(["export"]), exitCode: 65, mentioning: ["a bundle holds one library, and 8 are to be exported"])
    }

    @Test("--dry-run prints what would change and changes nothing; --on-conflict replace then changes it")
    func dryRun() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let exported = try cli(["export", "--library", "motion"]).stdout
        let file = cli.runner.file("motion.json")
        try exported.replacingOccurrences(of: "\"duration\": 0.4,", with: "\"duration\": 0.45,").write(
            toFile: file, atomically: true, encoding: .utf8)
        let before = try cli.state()
        let conflict = try cli(["import", file])
        expectError(
            conflict, exitCode: 65,
            mentioning: ["4 entries differ from the catalog: preset motion/coverUp (duration 0.4 → 0.45)", "--on-conflict"])
        #expect(try cli.state() == before)
        let dry = try cli(["import", file, "--dry-run", "--on-conflict", "replace"])
        expectSuccess(dry)
        #expect(dry.stdoutLines.first == "dry run, nothing written: 0 added; changed 4 presets; unchanged 1 library, 4 curves, 16 presets")
        #expect(dry.stdout.contains("changed  preset  motion/zoom     duration"))
        #expect(try cli.state() == before)
        let replaced = try cli(["import", file, "--on-conflict", "replace", "--report", "json"])
        expectSuccess(replaced)
        let entries = try replaced.jsonArray()
        #expect(entries.filter { $0["action"] as? String == "changed" }.count == 4)
        #expect(try cli.state() != before)
        // motion/zoomOut, zoom's mirror, follows it without being an entry of its own that changed.
        #expect(try cli(["show", "preset", "motion/zoomOut", "--format", "json"]).jsonObject()["duration"] as? Double == 0.45)
    }

    /// A bad file: its bytes, and what the one-line error must mention.
    struct BadFile: Sendable, CustomTestStringConvertible {
        var label: String
        var bytes: [UInt8]
        var fragments: [String]
        var testDescription: String { label }

        init(_ label: String, _ text: String, _ fragments: [String]) {
            self.label = label
            self.bytes = Array(text.utf8)
            self.fragments = fragments
        }

        init(_ label: String, bytes: [UInt8], _ fragments: [String]) {
            self.label = label
            self.bytes = bytes
            self.fragments = fragments
        }
    }

    static let head = #"{"transdb": 1, "library": {"name": "team"}, "#
    static let badFiles: [BadFile] = [
        BadFile("not JSON", "hello", ["bad.json: $:", "unexpected character 'h'"]),
        BadFile("truncated", head, ["bad.json: $", "expected a key in quotes"]),
        BadFile(
            "a duration in seconds written as a string", head + #""presets": [{"name": "p", "kind": "fade", "duration": "0.25"}]}"#,
            ["$.presets[0].duration: seconds are a number, not the string \"0.25\"; a string names a duration"]),
        BadFile(
            "NaN", head + #""presets": [{"name": "p", "kind": "fade", "duration": NaN}]}"#,
            ["$.presets[0].duration", "NaN and Infinity are not JSON numbers"]),
        BadFile(
            "Infinity", head + #""presets": [{"name": "p", "kind": "fade", "duration": Infinity}]}"#,
            ["NaN and Infinity are not JSON numbers"]),
        BadFile(
            "1e400", head + #""presets": [{"name": "p", "kind": "fade", "duration": 1e400}]}"#,
            ["$.presets[0].duration", "the number 1e400 is out of range"]),
        BadFile(
            "2^70 as a duration", head + #""presets": [{"name": "p", "kind": "fade", "duration": 1180591620717411303424}]}"#,
            ["$.presets[0].duration", "invalid duration '1.1805916207174113e+21'"]),
        BadFile(
            "a negative duration", head + #""presets": [{"name": "p", "kind": "fade", "duration": -0.3}]}"#,
            ["$.presets[0].duration", "invalid duration '-0.3'"]),
        BadFile(
            "a bezier x outside [0, 1]", head + #""curves": [{"name": "c", "expression": "cubic-bezier(1.5, 0, 0.5, 1)"}]}"#,
            ["$.curves[0].expression", "x1 must be in [0, 1], got 1.5"]),
        BadFile("a duplicate key", head + #""presets": [], "presets": []}"#, ["$.presets", "the key 'presets' appears twice"]),
        BadFile(
            "a duplicate name", head + #""presets": [{"name": "p", "kind": "fade"}, {"name": "p", "kind": "push"}]}"#,
            ["$.presets[1].name", "the preset name 'p' is already used at $.presets[0].name"]),
        BadFile(
            "NFC/NFD twin names", head + "\"screens\": [{\"name\": \"Caf\u{e9}\"}, {\"name\": \"Cafe\u{301}\"}]}",
            ["$.screens[1].name", "is already used at $.screens[0].name"]),
        BadFile(
            "invalid UTF-8", bytes: Array(head.utf8) + Array(#""screens": [{"name": ""#.utf8) + [0xC3, 0x28] + Array(#""}]}"#.utf8),
            ["$.screens[0].name", "invalid UTF-8"]),
        BadFile(
            "a lone surrogate", head + #""screens": [{"name": "\ud800"}]}"#,
            ["$.screens[0].name", "a lone surrogate \\ud800 is not a character"]),
        BadFile(
            "a control character in a name", head + #""screens": [{"name": "A\u0007B"}]}"#,
            ["$.screens[0].name", "a name cannot contain control characters"]),
        BadFile(
            "an unescaped control character", head + "\"screens\": [{\"name\": \"A\tB\"}]}",
            ["$.screens[0].name", "control characters must be escaped in strings"]),
        BadFile(
            "deep nesting", head + #""curves": "# + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}",
            ["nesting deeper than 64 levels"]),
        BadFile(
            "an unknown field", head + #""presets": [{"name": "p", "kind": "fade", "speed": 2}]}"#,
            ["$.presets[0].speed", "unknown field 'speed'"]),
        BadFile(
            "a design-token file without --format dtcg", #"{"$schema": "https://www.designtokens.org/schemas/2025.10/format.json", "ease": {}}"#,
            ["$.$schema", "unknown field '$schema'", "a design-token (DTCG) file is imported with --format dtcg"]),
        BadFile(
            "a design-token set whose name holds a '/' (Tokens Studio), without --format dtcg",
            #"{"core/motion": {"$type": "duration", "fast": {"$value": "100ms"}}}"#,
            [#"$["core/motion"]"#, "unknown field 'core/motion'", "a design-token (DTCG) file is imported with --format dtcg"]),
        BadFile(
            "an alias cycle of reverses pointing at nothing", head + #""presets": [{"name": "p", "kind": "fade", "reverse": "q"}]}"#,
            ["preset team/q (used by preset team/p)"]),
        BadFile(
            "a typo in a reference to the bundle's own entry, or the catalog's",
            head + #""presets": [{"name": "slide", "kind": "fade", "reverse": "slyde"}, {"name": "b", "kind": "fade", "curve": "uikit/easOut"}]}"#,
            [
                "preset team/slyde (used by preset team/slide, did you mean 'team/slide'?)",
                "curve uikit/easOut (used by preset team/b, did you mean 'uikit/easeOut'?)",
                "correct the names, or import the libraries they belong to in the same command",
            ]),
        BadFile(
            "a hostile name is only data", head + #""presets": [{"name": "x'); DROP TABLE preset; --", "kind": "fade", "duration": 0}]}"#,
            ["$.presets[0].duration", "invalid duration '0'"]),
    ]

    @Test("a bad bundle is one line naming the file, the JSON path and the value; exit 65; the catalog is unchanged", arguments: badFiles)
    func badBundle(_ bad: BadFile) throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let file = cli.runner.file("bad.json")
        FileManager.default.createFile(atPath: file, contents: Data(bad.bytes))
        let before = try cli.state()
        expectError(try cli(["import", file]), exitCode: 65, mentioning: bad.fragments)
        #expect(try cli.state() == before)
    }

    @Test("files that are not regular, too large, or missing are refused before reading")
    func notRegularFiles() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let before = try cli.state()
        expectError(try cli(["import", cli.runner.file("nothing.json")]), exitCode: 66, mentioning: ["no file at"])
        expectError(try cli(["import", cli.runner.sandbox.path]), exitCode: 65, mentioning: ["not a regular file"])
        let fifo = cli.runner.file("pipe.json")
        #expect(mkfifo(fifo, 0o600) == 0)
        expectError(try cli(["import", fifo]), exitCode: 65, mentioning: ["pipe.json: $: not a regular file"])
        let big = cli.runner.file("big.json")
        let exported = try cli(["export", "--library", "motion"]).stdout
        try exported.write(toFile: big, atomically: true, encoding: .utf8)
        expectError(
            try cli(["import", big, "--max-size", "1000"]), exitCode: 65, mentioning: ["more than the limit of 1000", "--max-size"])
        #expect(try cli.state() == before)
    }

    @Test("a JSON5 file is told that JSON5 is not JSON; process substitution is told to use standard input")
    func json5AndPipes() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let before = try cli.state()
        let json5 = cli.runner.file("motion.tokens.json5")
        try "{\n  easing: {$type: 'cubicBezier'}, // Primer keeps its tokens so\n}\n".write(toFile: json5, atomically: true, encoding: .utf8)
        for arguments in [["import", json5], ["import", "--format", "dtcg", json5]] {
            expectError(
                try cli(arguments), exitCode: 65,
                mentioning: [
                    "motion.tokens.json5: $: expected a key in quotes (line 2, column 3); JSON5 (comments, unquoted keys, trailing commas) is not JSON: convert the file to JSON first"
                ])
        }

        let piped = try cli.runner.runExecutable(
            "/bin/bash", ["-c", "\"$0\" import --format dtcg <(echo '{}') --db \"$1\"", cli.runner.binary, cli.db])
        expectError(piped, exitCode: 65, mentioning: ["not a regular file: it leads to a pipe; pipe the content to '-' (standard input) instead"])
        #expect(try cli.state() == before)
    }

    @Test("--library NAME moves a bundle under another name with its own references, qualified ones too; the file's library is untouched")
    func importUnderAnotherName() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let file = cli.runner.file("team.json")
        let json = """
            {"transdb": 1, "library": {"name": "team", "version": "1.0.0"},
             "curves": [{"name": "c", "expression": "cubic-bezier(0.2, 0, 0, 1)"}],
             "durations": [{"name": "short", "seconds": 0.3}],
             "presets": [{"name": "p", "kind": "fade", "duration": "team/short", "curve": "team/c"}],
             "delegates": [{"name": "D"}],
             "screens": [{"name": "S", "delegate": "team/D"}, {"name": "T"}],
             "routes": [{"delegate": "team/D", "op": "present", "from": "team/T", "to": "S", "preset": "team/p"}]}
            """
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        expectSuccess(try cli(["import", file]))
        expectSuccess(try cli(["import", file, "--library", "copy"]))
        let preset = try cli(["show", "preset", "copy/p", "--format", "json"]).jsonObject()
        #expect(preset["curve"] as? String == "copy/c")
        #expect(preset["durationName"] as? String == "copy/short")
        // The durations move too: `team` is not touched, and the copy stands alone.
        let durations = try cli(["list", "durations", "--format", "json"]).jsonArray().filter { $0["name"] as? String == "short" }
        #expect(durations.map { $0["library"] as? String } == ["copy", "team"])
        let screen = try cli(["show", "screen", "copy/S", "--format", "json"]).jsonObject()
        #expect(screen["delegate"] as? String == "copy/D")
        let routes = try cli(["list", "routes", "--format", "json"]).jsonArray().filter { ($0["delegate"] as? String)?.hasSuffix("/D") == true }
        #expect(routes.map { "\($0["delegate"]!) \($0["from"]!) \($0["to"]!) \($0["preset"]!)" } == ["team/D team/T team/S team/p", "copy/D copy/T copy/S copy/p"])
        // The file still reads as the catalog's own library, with no differences.
        #expect(try cli(["diff", file]).stdout == "no differences\n")
    }

    @Test("a bundle's routes are on its own delegates: one on another library's delegate is refused, nothing changes")
    func routeOnAnotherLibrarysDelegate() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let before = try cli.state()
        let file = cli.runner.file("other.json")
        let json = """
            {"transdb": 1, "library": {"name": "other", "version": "1.0.0"},
             "delegates": [{"name": "D"}],
             "routes": [{"delegate": "D", "op": "present", "from": "*", "to": "*", "preset": null},
                        {"delegate": "demo/DetailTransitions", "op": "present", "from": "*", "to": "*", "preset": null}]}
            """
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        let message =
            "other.json: $.routes[1].delegate: 'demo/DetailTransitions' is a delegate of library 'demo', and a bundle of library 'other' holds only the routes on its own delegates; put the route in a bundle of 'demo' (transdb export --library demo)"
        for command in [["import", file], ["import", file, "--on-conflict", "replace"], ["merge", file], ["diff", file]] {
            let refused = try cli(command)
            expectError(refused, exitCode: 65, mentioning: [message])
        }
        #expect(try cli.state() == before)
    }

    @Test("a new release that dropped entries: import keeps them with a note; --prune removes them, refused while another library uses one")
    func newReleaseAndPrune() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        func release(_ version: String, presets: [String]) throws -> String {
            let file = cli.runner.file("ds-\(version).json")
            let list = presets.map { #"{"name": "\#($0)", "kind": "fade", "duration": 0.2}"# }.joined(separator: ", ")
            try #"{"transdb": 1, "library": {"name": "ds", "version": "\#(version)"}, "presets": [\#(list)]}"#
                .write(toFile: file, atomically: true, encoding: .utf8)
            return file
        }
        let v1 = try release("1.0.0", presets: ["fadeQuick", "sheetUp", "stay"])
        let v2 = try release("2.0.0", presets: ["sheetIn", "stay"])
        expectSuccess(try cli(["import", v1]))
        let kept = try cli(["import", v2, "--on-conflict", "replace"])
        #expect(kept.exitCode == 0)
        #expect(
            kept.stderrLines == [
                "note: library ds 2.0.0 keeps 2 entries its bundle does not have (preset ds/fadeQuick, preset ds/sheetUp): an import adds and changes but removes nothing; --prune makes the library exactly the bundle"
            ])
        #expect(try cli(["list", "presets", "--library", "ds", "--format", "json"]).jsonArray().count == 4)
        // A release skipped (the catalog keeps its version) leaves nothing behind to note.
        let skipped = try cli(["import", try release("2.5.0", presets: ["stay"]), "--on-conflict", "skip"])
        #expect(skipped.exitCode == 0)
        #expect(skipped.stderrLines.isEmpty, "\(skipped.stderrLines)")

        // Another library's route plays ds/fadeQuick: pruning it is refused, and nothing changes.
        try cli.setUp([["add", "route", "--delegate", "demo/DetailTransitions", "--op", "pop", "--from", "*", "--to", "*", "--preset", "ds/fadeQuick"]])
        let before = try cli.state()
        let v3 = try release("3.0.0", presets: ["sheetIn", "stay"])
        let refused = try cli(["import", v3, "--prune", "--on-conflict", "replace"])
        expectError(refused, exitCode: 65, mentioning: ["the preset 'ds/fadeQuick' is still used by route #"])
        #expect(try cli.state() == before)

        try cli.setUp([["rm", "route", "--delegate", "demo/DetailTransitions", "--op", "pop", "--from", "*", "--to", "*"]])
        let pruned = try cli(["import", v3, "--prune", "--on-conflict", "replace", "--report", "csv"])
        expectSuccess(pruned)
        #expect(pruned.stdout.contains("preset,ds/fadeQuick,removed,"))
        #expect(pruned.stdout.contains("preset,ds/sheetUp,removed,"))
        let names = try cli(["list", "presets", "--library", "ds", "--format", "json"]).jsonArray().map { $0["name"] as? String }
        #expect(names == ["sheetIn", "stay"])

        // An older release over a newer one: replaced, with a note.
        let back = try cli(["import", v1, "--on-conflict", "replace"])
        #expect(back.exitCode == 0)
        #expect(back.stderrLines.contains("note: library ds goes back from version 3.0.0 to 1.0.0: the bundle is an older release than the catalog's"))

        let tokens = cli.runner.file("ds.tokens.json")
        try "{}".write(toFile: tokens, atomically: true, encoding: .utf8)
        expectError(try cli(["import", tokens, "--prune"]), exitCode: 64, mentioning: ["--prune is for bundles"])
    }

    @Test("conflicts under --on-conflict fail: each entry once with all its fields, an absent value as '-'")
    func conflictsPerEntry() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        func bundle(_ name: String, _ presets: String) throws -> String {
            let file = cli.runner.file(name)
            try (Self.head + #""presets": [\#(presets)]}"#).write(toFile: file, atomically: true, encoding: .utf8)
            return file
        }
        let v1 = try bundle(
            "v1.json",
            #"{"name": "a", "kind": "fade", "duration": 0.2, "reverse": "b"}, {"name": "b", "kind": "fade"}, {"name": "c", "kind": "fade", "reducedMotion": "b"}"#)
        let v2 = try bundle(
            "v2.json", #"{"name": "a", "kind": "fade", "duration": 0.3, "reverse": "c"}, {"name": "b", "kind": "fade"}, {"name": "c", "kind": "fade"}"#)
        expectSuccess(try cli(["import", v1]))
        let before = try cli.state()
        let refused = try cli(["import", v2])
        #expect(refused.exitCode == 65)
        #expect(
            refused.stderrLines == [
                "transdb: error: 2 entries differ from the catalog: preset team/a (duration 0.2 → 0.3, reverse team/b → team/c); preset team/c (reducedMotion team/b → -); use --on-conflict skip or replace (with --dry-run first to see what it would change)"
            ])
        #expect(try cli.state() == before)
    }

    @Test("a hostile name is stored and printed as plain data")
    func hostileName() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let name = "x'); DROP TABLE preset; -- שלום 🚀"
        let file = cli.runner.file("hostile.json")
        let json = Self.head + #""presets": [{"name": "\#(name)", "kind": "fade"}]}"#
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        expectSuccess(try cli(["import", file]))
        let listed = try cli(["list", "presets", "--library", "team", "--format", "json"]).jsonArray()
        #expect(listed.map { $0["name"] as? String } == [name])
        #expect(try cli(["list", "presets", "--format", "json"]).jsonArray().count == 43)
    }

    @Test("DTCG: springs are approximated by default, a note per preset; --exact refuses; export → import → export is byte-identical")
    func dtcgRoundTrip() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let refused = try cli(["export", "--format", "dtcg", "--exact"])
        expectError(
            refused, exitCode: 65, mentioning: ["9 presets use curves that DTCG's cubicBezier cannot represent", "without --exact"])
        let exported = try cli(["export", "--format", "dtcg"])
        #expect(exported.exitCode == 0)
        #expect(exported.stderrLines.count == 9)
        #expect(exported.stderrLines.allSatisfy { $0.hasPrefix("note: preset ") && $0.contains("nearest cubic-bezier within") })
        #expect(exported.stderrLines.contains { $0.hasPrefix("note: preset motion/zoom (spring, nearest cubic-bezier within 0.012)") })
        #expect(try cli(["export", "--format", "dtcg", "--approximate-springs"]).stdout == exported.stdout)
        let file = cli.runner.file("all.tokens.json")
        try exported.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let empty = try CLIFixture.initialized(empty: true)
        defer { empty.remove() }
        let imported = try empty(["import", "--format", "dtcg", file])
        expectSuccess(imported)
        #expect(
            imported.stdoutLines.first
                == "imported: added 8 libraries, 35 curves, 42 presets, 11 delegates, 19 screens, 4 containers, 28 routes; 0 changed; 0 unchanged")
        let again = try empty(["export", "--format", "dtcg"])
        #expect(again.stdout == exported.stdout)
        // And the bundles of both catalogs are the same bytes.
        #expect(try empty(["export", "--library", "demo"]).stdout == (try cli(["export", "--library", "demo"])).stdout)
    }

    @Test("CSS: one custom property per curve, springs as linear() with their error")
    func css() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let result = try cli(["export", "--format", "css", "--library", "material"])
        expectSuccess(result)
        #expect(result.stdout.contains("--material-emphasized: cubic-bezier(0.2, 0, 0, 1);"))
        #expect(result.stdout.contains("--material-spatialFast: linear(0, "))
        let errors = result.stdout.split(separator: "\n").compactMap { line -> Double? in
            guard let range = line.range(of: "max error ") else { return nil }
            return Double(line[range.upperBound...].prefix { $0.isNumber || $0 == "." })
        }
        #expect(errors.count == 6)  // the six Material springs
        #expect(errors.allSatisfy { $0 <= 0.005 })
    }
}

extension ImportExportCommandTests {
    @Test("without --format, file names decide: .tokens/.tokens.json are DTCG both ways, .css is CSS; --format wins")
    func formatsByFileName() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let tokens = cli.runner.file("design.tokens.json")
        #expect(try cli(["export", "-o", tokens]).exitCode == 0)
        let written = try String(contentsOfFile: tokens, encoding: .utf8)
        #expect(written == (try cli(["export", "--format", "dtcg"])).stdout)
        let css = cli.runner.file("curves.css")
        #expect(try cli(["export", "-o", css]).exitCode == 0)
        #expect(try String(contentsOfFile: css, encoding: .utf8) == (try cli(["export", "--format", "css"])).stdout)
        let bundle = cli.runner.file("motion.json")
        #expect(try cli(["export", "-o", bundle, "--library", "motion"]).exitCode == 0)
        #expect(try String(contentsOfFile: bundle, encoding: .utf8) == (try cli(["export", "--library", "motion"])).stdout)

        let empty = try CLIFixture.initialized(empty: true)
        defer { empty.remove() }
        let before = try empty.state()
        expectError(
            try empty(["import", "--format", "bundle", tokens]), exitCode: 65,
            mentioning: ["unknown field 'articles'", "imported with --format dtcg"])
        #expect(try empty.state() == before)
        let uppercase = empty.runner.file("DESIGN.TOKENS")
        try written.write(toFile: uppercase, atomically: true, encoding: .utf8)
        let imported = try empty(["import", uppercase])
        expectSuccess(imported)
        #expect(imported.stdout.hasPrefix("imported: added 8 libraries"))
        #expect(try empty(["export", "--format", "dtcg"]).stdout == written)
    }
}

extension ImportExportCommandTests {
    @Test("token files imported together make one library, aliases crossing files; a clash names both files and writes nothing")
    func tokenFilesTogether() throws {
        let cli = try CLIFixture.initialized(empty: true)
        defer { cli.remove() }
        let easing = cli.runner.file("easing.tokens.json")
        let transitions = cli.runner.file("transitions.tokens.json")
        try #"{"easing": {"$type": "cubicBezier", "out": {"$value": [0, 0, 0.2, 1]}}}"#.write(toFile: easing, atomically: true, encoding: .utf8)
        try #"{"exit": {"$type": "transition", "$value": {"duration": {"value": 100, "unit": "ms"}, "delay": {"value": 0, "unit": "ms"}, "timingFunction": "{easing.out}"}}}"#
            .write(toFile: transitions, atomically: true, encoding: .utf8)

        let before = try cli.state()
        let clash = try cli(["import", easing, easing])
        #expect(clash.exitCode == 65)
        #expect(try cli.state() == before)

        let copy = cli.runner.file("copy.tokens.json")
        try FileManager.default.copyItem(atPath: easing, toPath: copy)
        expectError(
            try cli(["import", easing, copy, "--library", "ds"]), exitCode: 65,
            mentioning: ["copy.tokens.json: $.easing.out: the token 'easing.out' is also in", "easing.tokens.json"])
        #expect(try cli.state() == before)

        let imported = try cli(["import", easing, transitions, "--library", "ds"])
        expectSuccess(imported)
        #expect(imported.stdout.hasPrefix("imported: added 1 library, 1 curve, 1 preset"))
        let presets = try cli(["list", "presets", "--format", "json"]).jsonArray()
        #expect(presets.map { $0["curve"] as? String } == ["ds/easing.out"])
    }

    @Test("export's notes (springs written as their nearest cubic-bezier) go to stderr, and -q silences them")
    func quietExport() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let noisy = try cli(["export", "--library", "motion", "--format", "dtcg"])
        #expect(noisy.exitCode == 0)
        #expect(noisy.stderr.contains("note: preset motion/sheet (spring, nearest cubic-bezier within"))
        let quiet = try cli(["export", "--library", "motion", "--format", "dtcg", "-q"])
        expectSuccess(quiet)
        #expect(quiet.stdout == noisy.stdout)
    }

    @Test("--library on a token file that holds only transdb's libraries says it had nothing to do")
    func libraryWithoutForeignTokens() throws {
        let seeded = try CLIFixture.initialized()
        defer { seeded.remove() }
        let file = seeded.runner.file("ca.tokens.json")
        #expect(try seeded(["export", "--library", "coreanimation", "-o", file]).exitCode == 0)
        let empty = try CLIFixture.initialized(empty: true)
        defer { empty.remove() }
        let result = try empty(["import", file, "--library", "mt"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr.contains("--library mt names where tokens of other tools go, and there are none: transdb's libraries keep their names (coreanimation)"))
        #expect(try empty(["list", "libraries", "--format", "json"]).jsonArray().map { $0["name"] as? String } == ["coreanimation"])
    }
}
