import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

/// `$deprecated` kept on curves, presets and named durations: set on the command line, shown,
/// listed, and carried by bundles and DTCG files.
@Suite("transdb deprecated entries")
struct DeprecationCommandTests {
    static func catalog() throws -> CLIFixture {
        let cli = try CLIFixture.initialized(empty: true)
        try cli.setUp([
            ["add", "curve", "legacy", "cubic-bezier(0.4, 0, 0.2, 1)", "--library", "ds", "--deprecated", "Use standard"],
            ["add", "curve", "standard", "cubic-bezier(0.2, 0, 0, 1)", "--library", "ds"],
            ["add", "duration", "slow", "0.48", "--library", "ds", "--deprecated", ""],
            ["add", "preset", "close", "--kind", "fade", "--duration", "slow", "--curve", "legacy", "--library", "ds", "--deprecated", "Use open"],
        ])
        return cli
    }

    @Test("show and list json carry \"deprecated\": the reason, or true without one; absent when not deprecated")
    func shown() throws {
        let cli = try Self.catalog()
        defer { cli.remove() }
        let curves = try cli(["list", "curves", "--format", "json"]).jsonArray()
        #expect(curves.first { $0["name"] as? String == "legacy" }?["deprecated"] as? String == "Use standard")
        #expect(curves.first { $0["name"] as? String == "standard" }?.keys.contains("deprecated") == false)
        let durations = try cli(["list", "durations", "--format", "json"]).jsonArray()
        #expect(durations.first?["deprecated"] as? Bool == true)
        let presets = try cli(["list", "presets", "--format", "json"]).jsonArray()
        #expect(presets.first?["deprecated"] as? String == "Use open")
        #expect(try cli(["show", "preset", "ds/close", "--format", "json"]).jsonObject()["deprecated"] as? String == "Use open")
        let table = try cli(["show", "curve", "ds/legacy"])
        #expect(table.stdoutLines.contains("deprecated   Use standard"))
        // CSV rows keep one column per key a curve can have: the curve that is not deprecated has an
        // empty cell, and neither is an alias.
        let csv = try cli(["list", "curves", "--format", "csv"])
        #expect(
            csv.stdout
                == "name,library,kind,expression,description,deprecated,aliasOf\r\nlegacy,ds,cubic-bezier,\"cubic-bezier(0.4, 0, 0.2, 1)\",,Use standard,\r\nstandard,ds,cubic-bezier,\"cubic-bezier(0.2, 0, 0, 1)\",,,\r\n"
        )
    }

    @Test("set --deprecated and --no-deprecated change only that; both at once is a usage error")
    func setDeprecation() throws {
        let cli = try Self.catalog()
        defer { cli.remove() }
        let cleared = try cli(["set", "curve", "ds/legacy", "--no-deprecated"])
        expectSuccess(cleared)
        #expect(cleared.stdout == "set curve ds/legacy\n  deprecated: \"Use standard\" → -\n")
        let reason = try cli(["set", "duration", "ds/slow", "--deprecated", "Use fast"])
        #expect(reason.stdout == "set duration ds/slow\n  deprecated: true → \"Use fast\"\n")
        let preset = try cli(["set", "preset", "ds/close", "--deprecated", ""])
        #expect(preset.stdout == "set preset ds/close\n  deprecated: \"Use open\" → true\n")
        let before = try cli.state()
        let both = try cli(["set", "curve", "ds/standard", "--deprecated", "x", "--no-deprecated"])
        #expect(both.exitCode == 64)
        #expect(both.stderr.contains("give --deprecated or --no-deprecated, not both"))
        // A reason that reads as a flag would print as a deprecation without one: refused.
        expectError(
            try cli(["set", "curve", "ds/standard", "--deprecated", "true"]), exitCode: 64,
            mentioning: ["--deprecated takes a reason, not 'true': give --deprecated '' to deprecate without one"])
        expectError(
            try cli(["add", "duration", "later", "0.2", "--library", "ds", "--deprecated", "No"]), exitCode: 64,
            mentioning: ["--deprecated takes a reason, not 'No': leave it out, or undo a deprecation with --no-deprecated"])
        #expect(try cli.state() == before)
    }

    @Test("bundles: \"deprecated\" true or a reason; export → import → export is byte-identical; a bad value names its path")
    func bundles() throws {
        let cli = try Self.catalog()
        defer { cli.remove() }
        let exported = try cli(["export", "--library", "ds"])
        expectSuccess(exported)
        #expect(exported.stdout.contains("\"expression\": \"cubic-bezier(0.4, 0, 0.2, 1)\",\n      \"deprecated\": \"Use standard\"\n"))
        #expect(exported.stdout.contains("\"seconds\": 0.48,\n      \"deprecated\": true\n"))
        #expect(exported.stdout.contains("\"curve\": \"legacy\",\n      \"deprecated\": \"Use open\"\n"))
        let file = cli.runner.file("ds.json")
        try exported.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let other = try CLIFixture.initialized(empty: true)
        defer { other.remove() }
        expectSuccess(try other(["import", file]))
        #expect(try other(["export", "--library", "ds"]).stdout == exported.stdout)

        // Changed on one side: import --on-conflict fail lists the field; diff shows it.
        try exported.stdout.replacingOccurrences(of: "\"deprecated\": \"Use standard\"", with: "\"deprecated\": false").write(
            toFile: file, atomically: true, encoding: .utf8)
        let diff = try other(["diff", file, "--format", "json"]).jsonArray()
        #expect(diff.count == 1)
        #expect((diff.first?["fields"] as? [[String: Any]])?.first?["field"] as? String == "deprecated")
        let before = try other.state()
        expectError(try other(["import", file]), exitCode: 65, mentioning: ["curve ds/legacy (deprecated Use standard → -)"])
        #expect(try other.state() == before)

        let bad = cli.runner.file("bad.json")
        try #"{"transdb": 1, "library": {"name": "x"}, "curves": [{"name": "c", "expression": "linear", "deprecated": 1}]}"#.write(
            toFile: bad, atomically: true, encoding: .utf8)
        expectError(
            try other(["import", bad]), exitCode: 65,
            mentioning: ["bad.json: $.curves[0].deprecated: \"deprecated\" is true, false or the reason (a string), not a number"])
        #expect(try other.state() == before)
    }

    @Test("DTCG: $deprecated written on curve, duration and transition tokens and read back; DTCG → transdb → DTCG is byte-identical")
    func dtcg() throws {
        let cli = try Self.catalog()
        defer { cli.remove() }
        let exported = try cli(["export", "--format", "dtcg"])
        #expect(exported.exitCode == 0)
        #expect(exported.stdout.contains("\"$value\": [\n          0.4,\n          0,\n          0.2,\n          1\n        ],\n        \"$deprecated\": \"Use standard\"\n"))
        #expect(exported.stdout.contains("\"$deprecated\": true\n"))
        #expect(exported.stdout.contains("\"$deprecated\": \"Use open\",\n"))
        let file = cli.runner.file("ds.tokens.json")
        try exported.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let other = try CLIFixture.initialized(empty: true)
        defer { other.remove() }
        let imported = try other(["import", "--format", "dtcg", file])
        #expect(imported.exitCode == 0)
        #expect(
            imported.stderrLines == [
                "note: \(file): the curve 'ds/legacy' is deprecated: Use standard",
                "note: \(file): the duration 'ds/slow' is deprecated",
                "note: \(file): the preset 'ds/close' is deprecated: Use open",
            ])
        #expect(try other(["export", "--format", "dtcg"]).stdout == exported.stdout)
        #expect(try other(["export", "--library", "ds"]).stdout == (try cli(["export", "--library", "ds"])).stdout)
    }
}
