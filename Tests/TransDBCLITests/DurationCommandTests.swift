import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

/// Named durations end to end: add, use in presets, set (presets follow), rename, rm, list, show,
/// bundles and DTCG files.
@Suite("transdb named durations")
struct DurationCommandTests {
    /// A DTCG fixture of the TransDB tests (`Tests/TransDBTests/Fixtures/dtcg`).
    static func dtcgFixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TransDBTests/Fixtures/dtcg/\(name)").path
    }

    /// A catalog with `motion/medium2` (0.3 s) used by `app/fadeIn` and `motion/cardIn`.
    static func catalog() throws -> CLIFixture {
        let cli = try CLIFixture.initialized(empty: true)
        try cli.setUp([
            ["add", "duration", "medium2", "0.3", "--library", "motion", "--description", "Material 3 medium2"],
            ["add", "duration", "short1", "0.05", "--library", "motion"],
            ["add", "preset", "cardIn", "--kind", "cover", "--duration", "medium2", "--library", "motion"],
            ["add", "preset", "fadeIn", "--kind", "fade", "--duration", "motion/medium2", "--library", "app"],
        ])
        return cli
    }

    @Test("add, list and show durations; a preset using one shows its seconds and its name")
    func addListShow() throws {
        let cli = try Self.catalog()
        defer { cli.remove() }
        let added = try cli(["add", "duration", "long2", "0.5", "--library", "motion"])
        expectSuccess(added)
        #expect(added.stdout == "added duration motion/long2 = 0.5 s\n")
        let preset = try cli(["add", "preset", "sheetIn", "--kind", "sheet", "--duration", "long2", "--library", "motion"])
        #expect(preset.stdout == "added preset motion/sheetIn (sheet, 0.5 s (motion/long2), cubic-bezier(0.42, 0, 0.58, 1))\n")

        let listed = try cli(["list", "durations"])
        expectSuccess(listed)
        #expect(
            listed.stdoutLines == [
                "library  name     seconds  description", "motion   long2    0.5      ", "motion   medium2  0.3      Material 3 medium2",
                "motion   short1   0.05     ",
            ])
        let json = try cli(["list", "durations", "--format", "json", "--library", "motion"]).jsonArray()
        #expect(json.map { $0["name"] as? String } == ["long2", "medium2", "short1"])
        #expect(json[1]["seconds"] as? Double == 0.3)

        let using = try cli(["list", "presets", "--duration", "motion/medium2", "--format", "json"]).jsonArray()
        #expect(using.map { $0["name"] as? String } == ["fadeIn", "cardIn"])
        #expect(try cli(["list", "presets", "--duration", "long2", "--format", "json"]).jsonArray().map { $0["name"] as? String } == ["sheetIn"])
        expectError(try cli(["list", "presets", "--duration", "nope"]), exitCode: 66, mentioning: ["nope"])
        let shown = try cli(["show", "duration", "medium2", "--format", "json"]).jsonObject()
        #expect(shown["usedBy"] as? [String] == ["preset app/fadeIn", "preset motion/cardIn"])
        let fade = try cli(["show", "preset", "app/fadeIn", "--format", "json"]).jsonObject()
        #expect(fade["duration"] as? Double == 0.3)
        #expect(fade["durationName"] as? String == "motion/medium2")
        let answer = try cli(["eval", "app/fadeIn", "--at", "0.3", "--format", "json"])
        expectSuccess(answer)
        #expect(answer.stdout.contains("\"duration\": 0.3"))
    }

    @Test("set duration changes every preset using it; --dry-run changes nothing")
    func setFollows() throws {
        let cli = try Self.catalog()
        defer { cli.remove() }
        let before = try cli.state()
        let dry = try cli(["set", "duration", "medium2", "0.35", "--dry-run"])
        expectSuccess(dry)
        #expect(dry.stdout == "would set duration motion/medium2\n  seconds: 0.3 → 0.35\n  now 0.35 s: preset app/fadeIn, preset motion/cardIn\n")
        #expect(try cli.state() == before)

        let set = try cli(["set", "duration", "medium2", "0.35"])
        expectSuccess(set)
        #expect(set.stdout == "set duration motion/medium2\n  seconds: 0.3 → 0.35\n  now 0.35 s: preset app/fadeIn, preset motion/cardIn\n")
        for preset in ["app/fadeIn", "motion/cardIn"] {
            #expect(try cli(["show", "preset", preset, "--format", "json"]).jsonObject()["duration"] as? Double == 0.35)
        }
        let described = try cli(["set", "duration", "medium2", "--description", "M3"])
        #expect(described.stdout == "set duration motion/medium2\n  description: \"Material 3 medium2\" → \"M3\"\n")
    }

    @Test("set preset --duration: a number ends the reference, a name starts one")
    func setPresetDuration() throws {
        let cli = try Self.catalog()
        defer { cli.remove() }
        let own = try cli(["set", "preset", "app/fadeIn", "--duration", "0.5"])
        expectSuccess(own)
        #expect(own.stdout == "set preset app/fadeIn\n  duration: 0.3 → 0.5\n  durationName: \"motion/medium2\" → -\n")
        expectSuccess(try cli(["set", "duration", "medium2", "0.4"]))
        #expect(try cli(["show", "preset", "app/fadeIn", "--format", "json"]).jsonObject()["duration"] as? Double == 0.5)
        let named = try cli(["set", "preset", "app/fadeIn", "--duration", "short1"])
        expectSuccess(named)
        #expect(named.stdout == "set preset app/fadeIn\n  duration: 0.5 → 0.05\n  durationName: - → \"motion/short1\"\n")
        // Editing something else keeps the reference.
        expectSuccess(try cli(["set", "preset", "app/fadeIn", "--delay", "0.1"]))
        #expect(try cli(["show", "preset", "app/fadeIn", "--format", "json"]).jsonObject()["durationName"] as? String == "motion/short1")
    }

    @Test("rename duration: the presets follow; rm duration is refused while a preset uses it")
    func renameAndRemove() throws {
        let cli = try Self.catalog()
        defer { cli.remove() }
        let before = try cli.state()
        expectError(
            try cli(["rm", "duration", "medium2"]), exitCode: 65,
            mentioning: ["the duration 'motion/medium2' is still used by preset app/fadeIn, preset motion/cardIn; remove or change those first"])
        #expect(try cli.state() == before)

        let renamed = try cli(["rename", "duration", "medium2", "standard"])
        expectSuccess(renamed)
        #expect(
            renamed.stdout
                == "renamed duration motion/medium2 to motion/standard\n  now refer to 'motion/standard': preset app/fadeIn, preset motion/cardIn\n")
        #expect(try cli(["show", "preset", "app/fadeIn", "--format", "json"]).jsonObject()["durationName"] as? String == "motion/standard")

        let unused = try cli(["rm", "duration", "short1"])
        expectSuccess(unused)
        #expect(unused.stdout == "removed duration motion/short1\n")
        // A library whose duration another library's preset uses cannot be removed alone.
        expectError(try cli(["rm", "library", "motion"]), exitCode: 65, mentioning: ["preset app/fadeIn"])
    }

    @Test(
        "refused values: one line naming the value, the catalog unchanged",
        arguments: [
            (["add", "duration", "5x", "1"], Int32(65), "invalid duration name '5x': a duration name cannot start with a digit, '-', '+' or '.'"),
            (["add", "duration", "huge", "61"], 65, "invalid duration '61': a named duration is a number of seconds ≥ 0 and ≤ 60"),
            (["add", "duration", "medium2", "0.2", "--library", "motion"], 65, "motion/medium2"),
            (["add", "duration", "hex", "0x10"], 64, "0x10"),
            (["set", "duration", "medium2", "0"], 65, "invalid duration '0': the preset 'app/fadeIn' uses it: a duration is a number of seconds > 0"),
            (["add", "preset", "p", "--kind", "fade", "--duration", "nope"], 66, "nope"),
            (["add", "preset", "p", "--kind", "fade", "--duration", "0x10"], 64, "0x10"),
            (["add", "preset", "p", "--kind", "none", "--duration", "medium2"], 65, "a preset of kind 'none' is instant"),
        ])
    func refused(_ arguments: [String], _ code: Int32, _ fragment: String) throws {
        let cli = try Self.catalog()
        defer { cli.remove() }
        let before = try cli.state()
        let result = try cli(arguments)
        #expect(result.exitCode == code, "\(result)")
        #expect(result.stderr.contains(fragment), "\(result)")
        #expect(try cli.state() == before)
    }

    @Test("bundles: \"durations\" and a preset's duration by name; export → import → export is byte-identical, across libraries too")
    func bundleRoundTrip() throws {
        let cli = try Self.catalog()
        defer { cli.remove() }
        let motion = try cli(["export", "--library", "motion"])
        expectSuccess(motion)
        #expect(
            motion.stdout.contains(
                """
                  "durations": [
                    {
                      "name": "medium2",
                      "seconds": 0.3,
                      "description": "Material 3 medium2"
                    },
                    {
                      "name": "short1",
                      "seconds": 0.05
                    }
                  ],
                """))
        #expect(motion.stdout.contains(#""duration": "medium2","#))
        let app = try cli(["export", "--library", "app"])
        #expect(app.stdout.contains(#""duration": "motion/medium2","#))
        #expect(!app.stdout.contains("\"durations\""))
        let files = [("motion.json", motion.stdout), ("app.json", app.stdout)].map { name, text in
            let path = cli.runner.file(name)
            try? text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let other = try CLIFixture.initialized(empty: true)
        defer { other.remove() }
        expectSuccess(try other(["import"] + files))
        #expect(try other(["export", "--library", "motion"]).stdout == motion.stdout)
        #expect(try other(["export", "--library", "app"]).stdout == app.stdout)
        #expect(try other(["diff", files[0]]).stdout == "no differences\n")
        // The app's bundle alone names a duration that is neither in it nor in the catalog.
        let alone = try CLIFixture.initialized(empty: true)
        defer { alone.remove() }
        expectError(
            try alone(["import", files[1]]), exitCode: 65,
            mentioning: ["duration motion/medium2 (used by preset app/fadeIn)"])
    }

    @Test("lint of bundle files: a preset using another file's named duration is checked with that duration's seconds")
    func lintAcrossFiles() throws {
        let cli = try CLIFixture.initialized(empty: true)
        defer { cli.remove() }
        let motion = cli.runner.file("mo.json")
        try #"{"transdb": 1, "library": {"name": "mo"}, "durations": [{"name": "tiny", "seconds": 0.05}]}"#.write(
            toFile: motion, atomically: true, encoding: .utf8)
        let app = cli.runner.file("ap.json")
        try #"{"transdb": 1, "library": {"name": "ap"}, "presets": [{"name": "f", "kind": "fade", "duration": "mo/tiny", "curve": "linear"}]}"#
            .write(toFile: app, atomically: true, encoding: .utf8)
        let result = try cli(["lint", app, motion, "--rule", "TD013"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdoutLines.first == "\(app):1: info TD013 ap/preset/f: 'ap/f' lasts 0.05 s, outside 0.1–1.0 s")
    }

    @Test("diff and import see a changed named duration; replace carries it to the presets")
    func diffAndImport() throws {
        let cli = try Self.catalog()
        defer { cli.remove() }
        let file = cli.runner.file("motion.json")
        let exported = try cli(["export", "--library", "motion"]).stdout
        try exported.replacingOccurrences(of: "\"seconds\": 0.3,", with: "\"seconds\": 0.25,").write(
            toFile: file, atomically: true, encoding: .utf8)
        let diff = try cli(["diff", file, "--format", "json"]).jsonArray()
        #expect(diff.count == 1)
        #expect(diff.first?["kind"] as? String == "duration")
        #expect(diff.first?["name"] as? String == "medium2")
        expectSuccess(try cli(["import", file, "--on-conflict", "replace"]))
        #expect(try cli(["show", "preset", "app/fadeIn", "--format", "json"]).jsonObject()["duration"] as? Double == 0.25)
    }

    @Test("DTCG: Material 3's durations are kept, transitions use them, and DTCG → transdb → DTCG is byte-identical")
    func dtcgMaterial() throws {
        let cli = try CLIFixture.initialized(empty: true)
        defer { cli.remove() }
        let imported = try cli(["import", "--format", "dtcg", Self.dtcgFixture("material3-motion.tokens.json"), "--library", "m3"])
        #expect(imported.exitCode == 0, "\(imported)")
        #expect(!imported.stderr.contains("duration token"))
        let durations = try cli(["list", "durations", "--format", "json"]).jsonArray()
        #expect(durations.count == 16)
        #expect(durations.first { $0["name"] as? String == "md.sys.motion.duration.extraLong4" }?["seconds"] as? Double == 1)
        let enter = try cli(["show", "preset", "m3/md.sys.motion.transition.enter", "--format", "json"]).jsonObject()
        #expect(enter["durationName"] as? String == "m3/md.sys.motion.duration.medium4")

        let exported = try cli(["export", "--format", "dtcg"])
        expectSuccess(exported)
        // Names nest at their dots, as Material's own file nests them.
        #expect(exported.stdout.contains(#""duration": "{m3.durations.md.sys.motion.duration.medium4}","#))
        #expect(
            exported.stdout.contains(
                """
                    "durations": {
                      "md": {
                        "sys": {
                          "motion": {
                            "duration": {
                """))
        #expect(
            exported.stdout.contains(
                """
                              "short1": {
                                "$type": "duration",
                                "$value": {
                                  "value": 50,
                                  "unit": "ms"
                                }
                              },
                """))
        let file = cli.runner.file("m3.tokens.json")
        try exported.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let again = try CLIFixture.initialized(empty: true)
        defer { again.remove() }
        // The legacy curves are deprecated (kept, and noted again); the rest imports silently.
        let reimported = try again(["import", "--format", "dtcg", file])
        #expect(reimported.exitCode == 0)
        #expect(reimported.stderrLines.count == 1)
        #expect(reimported.stderrLines.allSatisfy { $0.contains("3 entries are deprecated: Use the standard or emphasized easing") })
        #expect(try again(["export", "--format", "dtcg"]).stdout == exported.stdout)
        // A changed named duration reaches the presets aliasing it.
        expectSuccess(try again(["set", "duration", "m3/md.sys.motion.duration.medium4", "0.42"]))
        #expect(
            try again(["show", "preset", "m3/md.sys.motion.transition.enter", "--format", "json"]).jsonObject()["duration"] as? Double
                == 0.42)
    }

    @Test("DTCG: a file of durations alone (a Primer-like timing scale) imports every duration")
    func dtcgDurationsOnly() throws {
        let cli = try CLIFixture.initialized(empty: true)
        defer { cli.remove() }
        let file = Self.dtcgFixture("primer-timing.tokens.json")
        let imported = try cli(["import", "--format", "dtcg", file, "--library", "primer"])
        #expect(imported.exitCode == 0)
        #expect(
            imported.stderrLines == [
                "note: \(file): did not keep the $description of base: transdb keeps descriptions on entries and libraries, not on groups"
            ])
        #expect(imported.stdoutLines.first == "imported: added 1 library, 12 durations; 0 changed; 0 unchanged")
        let listed = try cli(["list", "durations", "--format", "json"]).jsonArray()
        #expect(listed.map { $0["name"] as? String } == [
            "base.duration.0", "base.duration.100", "base.duration.1000", "base.duration.200", "base.duration.300", "base.duration.400",
            "base.duration.50", "base.duration.500", "base.duration.600", "base.duration.700", "base.duration.800", "base.duration.900",
        ])
        #expect(listed.map { $0["seconds"] as? Double } == [0, 0.1, 1, 0.2, 0.3, 0.4, 0.05, 0.5, 0.6, 0.7, 0.8, 0.9])
        #expect(listed[2]["description"] as? String == "The longest step of the scale")
        // And a preset can use one at once.
        let preset = try cli(["add", "preset", "p", "--kind", "fade", "--duration", "primer/base.duration.200"])
        #expect(preset.stdout == "added preset local/p (fade, 0.2 s (primer/base.duration.200), cubic-bezier(0.42, 0, 0.58, 1))\n")
    }
}

extension DurationCommandTests {
    @Test("libraries count their named durations: list libraries, show library, init's summary")
    func librariesCountDurations() throws {
        let cli = try CLIFixture.initialized(empty: true)
        defer { cli.remove() }
        try cli.setUp([["add", "library", "tokens"], ["add", "duration", "short", "0.1", "--library", "tokens"], ["add", "duration", "long", "0.5", "--library", "tokens"]])
        let listed = try cli(["list", "libraries", "--format", "json"]).jsonArray()
        #expect(listed.first { $0["name"] as? String == "tokens" }?["durations"] as? Int == 2)
        let table = try cli(["list", "libraries"]).stdoutLines
        #expect(table.first?.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            == ["name", "version", "curves", "durations", "presets", "screens", "containers", "delegates", "routes"])
        #expect(table.contains { $0.split(separator: " ", omittingEmptySubsequences: true) == ["tokens", "1.0.0", "0", "2", "0", "0", "0", "0", "0"] })
        #expect(try cli(["show", "library", "tokens", "--format", "json"]).jsonObject()["durations"] as? Int == 2)
    }
}
