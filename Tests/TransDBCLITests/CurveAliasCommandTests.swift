import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

/// Curves that stand for other curves (DTCG aliases, `{group.token}`): kept as references, not
/// copies, in the catalog, in bundles and in DTCG files.
@Suite("transdb curve aliases")
struct CurveAliasCommandTests {
    /// `ds/standard`, `ds/enter` = alias of standard, `ds/emphasis` = alias of enter, `ds/open` using emphasis.
    static func catalog() throws -> CLIFixture {
        let cli = try CLIFixture.initialized(empty: true)
        try cli.setUp([
            ["add", "curve", "standard", "cubic-bezier(0.2, 0, 0, 1)", "--library", "ds"],
            ["add", "curve", "enter", "--alias-of", "standard", "--library", "ds"],
            ["add", "curve", "emphasis", "--alias-of", "ds/enter", "--library", "ds"],
            ["add", "preset", "open", "--kind", "fade", "--curve", "emphasis", "--library", "ds"],
        ])
        return cli
    }

    @Test("an alias has its target's expression, follows it when it changes, and names it in show and list")
    func follows() throws {
        let cli = try Self.catalog()
        defer { cli.remove() }
        let added = try cli(["add", "curve", "exit", "--alias-of", "standard", "--library", "ds"])
        #expect(added.stdout == "added curve ds/exit = ds/standard (cubic-bezier(0.2, 0, 0, 1))\n")
        // The entries that follow are named, as set duration names them.
        let changed = try cli(["set", "curve", "ds/standard", "cubic-bezier(0.3, 0, 0, 1)"])
        expectSuccess(changed)
        #expect(changed.stdoutLines.last == "  now cubic-bezier(0.3, 0, 0, 1): curve ds/enter, curve ds/exit")
        let curves = try cli(["list", "curves", "--format", "json"]).jsonArray()
        #expect(curves.map { $0["expression"] as? String } == Array(repeating: "cubic-bezier(0.3, 0, 0, 1)", count: 4))
        #expect(curves.map { $0["aliasOf"] as? String } == ["ds/enter", "ds/standard", "ds/standard", nil])
        let shown = try cli(["show", "curve", "ds/enter", "--format", "json"]).jsonObject()
        #expect(shown["aliasOf"] as? String == "ds/standard")
        #expect(shown["usedBy"] as? [String] == ["curve ds/emphasis"])
        let open = try cli(["show", "preset", "ds/open", "--format", "json"]).jsonObject()
        #expect(open["curve"] as? String == "ds/emphasis")
        #expect(open["curveExpression"] as? String == "cubic-bezier(0.3, 0, 0, 1)")
        // A new expression makes an alias a curve of its own.
        let own = try cli(["set", "curve", "ds/enter", "linear"])
        #expect(own.stdout.contains("aliasOf: \"ds/standard\" → -"))
        #expect(try cli(["show", "curve", "ds/emphasis", "--format", "json"]).jsonObject()["expression"] as? String == "linear")
    }

    @Test("rename follows; rm is refused while an alias names the curve; a cycle is refused; the catalog unchanged after each refusal")
    func references() throws {
        let cli = try Self.catalog()
        defer { cli.remove() }
        let before = try cli.state()
        expectError(
            try cli(["rm", "curve", "ds/standard"]), exitCode: 65,
            mentioning: ["the curve 'ds/standard' is still used by curve ds/enter; remove or change those first"])
        expectError(
            try cli(["set", "curve", "ds/standard", "--alias-of", "ds/emphasis"]), exitCode: 65,
            mentioning: ["invalid alias-of curve 'ds/emphasis': it leads back to 'ds/standard': a curve cannot be an alias of itself"])
        let both = try cli(["add", "curve", "x", "linear", "--alias-of", "standard"])
        #expect(both.exitCode == 64)
        #expect(try cli.state() == before)

        let renamed = try cli(["rename", "curve", "ds/standard", "base"])
        #expect(renamed.stdout == "renamed curve ds/standard to ds/base\n  now refer to 'ds/base': curve ds/enter\n")
        #expect(try cli(["show", "curve", "ds/enter", "--format", "json"]).jsonObject()["aliasOf"] as? String == "ds/base")
        // A library whose curve another library's alias names cannot be removed alone.
        try cli.setUp([["add", "curve", "outside", "--alias-of", "ds/base", "--library", "app"]])
        expectError(try cli(["rm", "library", "ds"]), exitCode: 65, mentioning: ["curve app/outside"])
        expectSuccess(try cli(["rm", "library", "app"]))
        expectSuccess(try cli(["rm", "library", "ds"]))
    }

    @Test("bundles: \"aliasOf\" instead of \"expression\"; export → import → export is byte-identical, aliases before their targets too")
    func bundles() throws {
        let cli = try Self.catalog()
        defer { cli.remove() }
        let exported = try cli(["export", "--library", "ds"])
        #expect(
            exported.stdout.contains(
                """
                  "curves": [
                    {
                      "name": "emphasis",
                      "aliasOf": "enter"
                    },
                    {
                      "name": "enter",
                      "aliasOf": "standard"
                    },
                    {
                      "name": "standard",
                      "expression": "cubic-bezier(0.2, 0, 0, 1)"
                    }
                  ],
                """))
        let file = cli.runner.file("ds.json")
        try exported.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let other = try CLIFixture.initialized(empty: true)
        defer { other.remove() }
        expectSuccess(try other(["import", file]))
        #expect(try other(["export", "--library", "ds"]).stdout == exported.stdout)
        #expect(try other(["diff", file]).stdout == "no differences\n")
        #expect(try other(["show", "curve", "ds/emphasis", "--format", "json"]).jsonObject()["expression"] as? String == "cubic-bezier(0.2, 0, 0, 1)")

        let bad = cli.runner.file("bad.json")
        try #"{"transdb": 1, "library": {"name": "x"}, "curves": [{"name": "a", "aliasOf": "b"}, {"name": "b", "aliasOf": "a"}]}"#.write(
            toFile: bad, atomically: true, encoding: .utf8)
        let before = try other.state()
        expectError(try other(["import", bad]), exitCode: 65, mentioning: ["curve x/a, curve x/b lead back to themselves"])
        #expect(try other.state() == before)
        try #"{"transdb": 1, "library": {"name": "x"}, "curves": [{"name": "a", "aliasOf": "a"}]}"#.write(
            toFile: bad, atomically: true, encoding: .utf8)
        expectError(try other(["import", bad]), exitCode: 65, mentioning: ["bad.json: $.curves[0].aliasOf: a curve cannot be an alias of itself"])
        try #"{"transdb": 1, "library": {"name": "x"}, "curves": [{"name": "a", "aliasOf": "nowhere"}]}"#.write(
            toFile: bad, atomically: true, encoding: .utf8)
        expectError(try other(["import", bad]), exitCode: 65, mentioning: ["curve x/nowhere (used by curve x/a)"])
        #expect(try other.state() == before)
    }

    @Test("DTCG: an alias is written as {…} and read back as an alias; DTCG → transdb → DTCG is byte-identical")
    func dtcg() throws {
        let cli = try Self.catalog()
        defer { cli.remove() }
        try cli.setUp([
            ["add", "curve", "bouncy", "spring(duration: 0.5, bounce: 0.3)", "--library", "ds"],
            ["add", "curve", "playful", "--alias-of", "bouncy", "--library", "ds"],
        ])
        let exported = try cli(["export", "--format", "dtcg"])
        expectSuccess(exported)
        #expect(exported.stdout.contains("\"enter\": {\n        \"$type\": \"cubicBezier\",\n        \"$value\": \"{ds.curves.standard}\"\n      }"))
        #expect(exported.stdout.contains("\"emphasis\": {\n        \"$type\": \"cubicBezier\",\n        \"$value\": \"{ds.curves.enter}\"\n      }"))
        // A spring has no DTCG type: its alias is in the library's extension too.
        #expect(exported.stdout.contains("\"name\": \"playful\",\n            \"aliasOf\": \"bouncy\"\n"))
        let file = cli.runner.file("ds.tokens.json")
        try exported.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let other = try CLIFixture.initialized(empty: true)
        defer { other.remove() }
        expectSuccess(try other(["import", "--format", "dtcg", file]))
        #expect(try other(["export", "--format", "dtcg"]).stdout == exported.stdout)
        #expect(try other(["show", "curve", "ds/playful", "--format", "json"]).jsonObject()["aliasOf"] as? String == "ds/bouncy")

        // A file from another tool: the alias token keeps naming its target.
        let foreign = cli.runner.file("foreign.tokens.json")
        try #"""
            { "easing": { "$type": "cubicBezier", "standard": { "$value": [0.2, 0, 0, 1] }, "enter": { "$value": "{easing.standard}" } } }
            """#.write(toFile: foreign, atomically: true, encoding: .utf8)
        expectSuccess(try other(["import", "--format", "dtcg", foreign, "--library", "tokens"]))
        let enter = try other(["show", "curve", "tokens/easing.enter", "--format", "json"]).jsonObject()
        #expect(enter["aliasOf"] as? String == "tokens/easing.standard")
        #expect(enter["expression"] as? String == "cubic-bezier(0.2, 0, 0, 1)")
    }
}
