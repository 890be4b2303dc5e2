import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

/// `transdb lint` end to end: exit codes, selection, formats (SARIF validated against the
/// official OASIS schema), files and lines, and the default library being clean.
@Suite("transdb lint")
struct LintCommandTests {
    /// `Fixtures/sarif-schema-2.1.0.json`: OASIS's SARIF 2.1.0 schema (errata 01), byte for byte.
    static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sarif-schema-2.1.0.json").path

    /// A bundle with an unused delegate (TD006, line 4), a pop without interaction (TD001, line 9)
    /// and a tie (TD010, error, line 11).
    static let team = """
        {"transdb": 1, "library": {"name": "team", "version": "1.0.0"},
         "presets": [{"name": "pull", "kind": "pull", "duration": 0.35, "curve": "linear"}],
         "delegates": [{"name": "Nav"},
          {"name": "Spare"}],
         "screens": [{"name": "A", "delegate": "Nav"}, {"name": "B"}],
         "containers": [{"name": "Main", "kind": "navigation", "delegate": "Nav"}],
         "routes": [
          {"delegate": "Nav", "op": "present", "from": "B", "to": "A", "preset": "pull"},
          {"delegate": "Nav", "op": "pop", "from": "A", "to": "B", "preset": "pull"},
          {"delegate": "Nav", "op": "dismiss", "from": "A", "to": "*", "preset": "pull"},
          {"delegate": "Nav", "op": "push", "from": "A", "to": "*", "preset": "pull"},
          {"delegate": "Nav", "op": "push", "from": "*", "to": "B", "preset": null}
         ]}
        """

    static func write(_ text: String, to name: String, in cli: CLIFixture) throws -> String {
        let path = cli.runner.file(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Validates `sarif` against the schema with Python's `jsonschema` (Draft 4, the schema's
    /// own draft); prints `valid`, or fails naming the first violation.
    static func validate(_ sarif: String, in cli: CLIFixture) throws -> TransDBRunner.Result {
        let path = try write(sarif, to: "lint-\(UUID().uuidString).sarif", in: cli)
        return try cli.runner.runExecutable(
            "/usr/bin/env",
            [
                "python3", "-c",
                "import json, sys, jsonschema; jsonschema.Draft4Validator(json.load(open(sys.argv[1]))).validate(json.load(open(sys.argv[2]))); print('valid')",
                schema, path,
            ])
    }

    @Test("the default library has nothing at warning or above; its info findings are listed, its accepted ones counted")
    func defaultLibraryIsClean() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let result = try cli(["lint", "--fail-on", "warning"])
        #expect(result.exitCode == 0)
        #expect(
            result.stdoutLines == [
                "info TD013 samples/preset/szDismiss: 'samples/szDismiss' lasts 2 s, outside 0.1–1.0 s",
                "info TD013 samples/preset/szPresent: 'samples/szPresent' lasts 2 s, outside 0.1–1.0 s",
                "2 info; 11 accepted by inline suppressions (--show-accepted lists them)",
            ])
        #expect(try cli(["lint", "--fail-on", "info"]).exitCode == 1)
        #expect(
            try cli(["lint", "--ignore", "TD013", "--fail-on", "info"]).stdoutLines == [
                "no findings; 11 accepted by inline suppressions (--show-accepted lists them)"
            ])
        // Nothing found: the table is empty and stderr says that the rules ran (not with --quiet).
        let ignored = ["--ignore", "TD013", "--ignore", "TD001", "--ignore", "TD002", "--ignore", "TD004", "--ignore", "TD005", "--ignore", "TD007"]
        let clean = try cli(["lint"] + ignored)
        #expect(clean.exitCode == 0 && clean.stdout == "")
        #expect(clean.stderr == "transdb: no findings (8 rules over 8 libraries)\n")
        #expect(try cli(["lint", "--quiet"] + ignored).stderr == "")
        #expect(try cli(["lint", "--format", "json"] + ignored).stderr == "")
        // --show-accepted lists each with its reason; they still do not fail the run.
        let shown = try cli(["lint", "--show-accepted", "--fail-on", "warning"])
        #expect(shown.exitCode == 0)
        #expect(shown.stdoutLines.count == 2 + 11 + 1)
        #expect(
            shown.stdoutLines.contains(
                "warning TD007 demo/delegate/LegacyTransitions: 'demo/LegacyTransitions' is released (a weak reference now nil) but has 1 mapping: UIKit plays the system default instead (accepted: the demo shows what a released delegate does)"
            ), "\(shown.stdoutLines)")
        // The articles' own gaps, found and accepted: an eased interactive dismiss, a present whose
        // dismiss the article does not show, a custom pop without an interaction controller.
        #expect(
            shown.stdoutLines.contains(
                "warning TD005 articles/route/HSTransitions: dismiss * → *: dismiss * → * is interactive but its animator 'samples/hsLeftDismiss' runs on uikit/easeInOut, not linear: during the gesture the view does not follow the finger (accepted: the article's own code: a percent-driven interaction over an easeInOut animation)"
            ), "\(shown.stdoutLines)")
        #expect(shown.stdoutLines.filter { $0.contains(" TD002 articles/screen/") }.count == 1)
        #expect(shown.stdoutLines.contains { $0.hasPrefix("warning TD001 articles/route/MainViewController: pop * → *: ") })
        #expect(shown.stdoutLines.filter { $0.contains(" TD005 ") }.count == 5)
        let json = try cli(["lint", "--show-accepted", "--format", "json"]).jsonArray()
        #expect(json.count == 13)
        #expect(json.filter { $0["suppression"] is String }.count == 11 && json.filter { $0["suppression"] is NSNull }.count == 2)
        #expect(try cli(["lint", "--format", "json"]).jsonArray().count == 2)
    }

    @Test("a bundle file: each finding with its file and line; exit 1 for an error, --fail-on, --rule, --ignore")
    func bundleFile() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let file = try Self.write(Self.team, to: "team.json", in: cli)
        let result = try cli(["lint", file])
        #expect(result.exitCode == 1)
        let lines = result.stdoutLines
        #expect(
            lines.contains(
                "\(file):4: warning TD006 team/delegate/Spare: no screen or container uses 'team/Spare' as its delegate: UIKit never asks it"
            ))
        #expect(lines.contains { $0.hasPrefix("\(file):9: warning TD001 team/route/Nav: pop A → B: ") })
        #expect(lines.contains { $0.hasPrefix("\(file):11: error TD010 team/route/Nav: push A → *: ") })
        #expect(lines.last == "1 error, \(lines.count - 2) warnings")
        #expect(try cli(["lint", file, "--ignore", "TD010"]).exitCode == 0)
        #expect(try cli(["lint", file, "--ignore", "TD010", "--fail-on", "warning"]).exitCode == 1)
        let only = try cli(["lint", file, "--rule", "TD006", "--rule", "td001"])
        #expect(only.exitCode == 0)
        #expect(only.stdoutLines.count == 3 && only.stdoutLines.last == "2 warnings")
        // Findings come in the file's order.
        let numbers = lines.dropLast().compactMap { Int($0.dropFirst(file.count + 1).prefix { $0.isNumber }) }
        #expect(numbers.count == lines.count - 1 && numbers == numbers.sorted())
        // A rule both run and left out would run nothing: a usage error, not a silent pass.
        expectError(try cli(["lint", file, "--rule", "TD006", "--ignore", "td006"]), exitCode: 64, mentioning: ["--rule and --ignore both name TD006"])
    }

    @Test("--format json gives each finding's fields")
    func json() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let file = try Self.write(Self.team, to: "team.json", in: cli)
        let findings = try cli(["lint", file, "--rule", "TD006", "--format", "json"]).jsonArray()
        #expect(findings.count == 1)
        #expect(findings[0]["rule"] as? String == "TD006" && findings[0]["severity"] as? String == "warning")
        #expect(findings[0]["library"] as? String == "team" && findings[0]["kind"] as? String == "delegate")
        #expect(findings[0]["name"] as? String == "Spare" && findings[0]["file"] as? String == file)
        #expect(findings[0]["line"] as? Int == 4)
    }

    @Test("--format sarif is valid SARIF 2.1.0 (the OASIS schema) with rules, levels, logical and physical locations")
    func sarif() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        _ = try Self.write(Self.team, to: "team.json", in: cli)
        // Relative to the working directory, as CI runs it: the URI stays relative.
        let result = try cli(["lint", "team.json", "--format", "sarif"])
        #expect(result.exitCode == 1)
        let validation = try Self.validate(result.stdout, in: cli)
        #expect(validation.exitCode == 0 && validation.stdout == "valid\n", "\(validation)")
        // The validation has teeth: a driver without its name is refused.
        #expect(try Self.validate(#"{"version": "2.1.0", "runs": [{"tool": {"driver": {}}}]}"#, in: cli).exitCode != 0)
        let log = try result.jsonObject()
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == LintRule.all.map(\.id))
        #expect((rules[9]["defaultConfiguration"] as? [String: Any])?["level"] as? String == "error")
        let results = try #require(run["results"] as? [[String: Any]])
        let spare = try #require(results.first { $0["ruleId"] as? String == "TD006" })
        let location = try #require((spare["locations"] as? [[String: Any]])?.first)
        let physical = try #require(location["physicalLocation"] as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "team.json")
        #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 4)
        let logical = try #require((location["logicalLocations"] as? [[String: Any]])?.first)
        #expect(logical["fullyQualifiedName"] as? String == "team/delegate/Spare")
        // A catalog's findings are placed on its file's first line (GitHub refuses a result
        // without a file and a line); the accepted ones are results with an in-source
        // suppression and its justification.
        let catalog = try cli(["lint", "--format", "sarif", "--fail-on", "warning"])
        #expect(catalog.exitCode == 0)
        let again = try Self.validate(catalog.stdout, in: cli)
        #expect(again.exitCode == 0 && again.stdout == "valid\n", "\(again)")
        let catalogResults = try #require((try catalog.jsonObject()["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let suppressed = catalogResults.compactMap { ($0["suppressions"] as? [[String: Any]])?.first }
        #expect(catalogResults.count == 13 && suppressed.count == 11)
        #expect(suppressed.allSatisfy { $0["kind"] as? String == "inSource" && ($0["justification"] as? String)?.isEmpty == false })
        for result in catalogResults {
            let physical = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]) ?? [:]
            #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "file://" + cli.db)
            #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 1)
        }
        let json = try cli(["lint", "--format", "json"]).jsonArray()
        #expect(!json.isEmpty && json.allSatisfy { $0["file"] as? String == cli.db && $0["line"] is NSNull })
        // An absolute path is a file URI.
        let absolute = try cli(["lint", cli.runner.file("team.json"), "--format", "sarif"])
        let absoluteURI = ((try absolute.jsonObject()["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first
            .flatMap { (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any] }?["uri"] as? String
        #expect(absoluteURI?.hasPrefix("file:///") == true && absoluteURI?.hasSuffix("/team.json") == true, "\(String(describing: absoluteURI))")
        // Standard input names no file: no physical location, and still valid SARIF.
        let piped = try cli.runner.run(["lint", "-", "--format", "sarif", "--db", cli.db], stdin: Self.team)
        #expect(piped.exitCode == 1)
        let pipedValidation = try Self.validate(piped.stdout, in: cli)
        #expect(pipedValidation.exitCode == 0 && pipedValidation.stdout == "valid\n", "\(pipedValidation)")
        let pipedResults = try #require((try piped.jsonObject()["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(!pipedResults.isEmpty)
        for result in pipedResults {
            let location = try #require((result["locations"] as? [[String: Any]])?.first)
            #expect(location["physicalLocation"] == nil)
            #expect(location["logicalLocations"] != nil)
        }
    }

    @Test("design-token files given together are one set, as import reads them: an alias may name another file's token")
    func tokenSet() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let base = try Self.write(
            #"{"base": {"$type": "duration", "fast": {"$value": {"value": 2000, "unit": "ms"}}}}"#, to: "base.tokens.json", in: cli)
        let motion = try Self.write(
            #"{"motion": {"$type": "transition", "enter": {"$value": {"duration": "{base.fast}", "delay": {"value": 0, "unit": "ms"}, "timingFunction": [0.2, 0, 0, 1]}}}}"#,
            to: "motion.tokens.json", in: cli)
        let alone = try cli(["lint", motion])
        expectError(alone, exitCode: 65, mentioning: ["{base.fast}"])
        let together = try cli(["lint", base, motion, "--format", "json"])
        #expect(together.exitCode == 0, "TD013 is a warning: \(together)")
        let findings = try together.jsonArray()
        // The transition's 2 s comes from the other file: TD013 finds it too long.
        #expect(findings.contains { $0["rule"] as? String == "TD013" && ($0["name"] as? String)?.hasSuffix("motion.enter") == true }, "\(findings)")
        #expect(findings.allSatisfy { $0["file"] as? String == "\(base) + \(motion)" })
        // SARIF points only at files there are: the set's findings keep their logical location.
        let sarif = try cli(["lint", base, motion, "--format", "sarif"])
        let results = try #require((try sarif.jsonObject()["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(!results.isEmpty)
        #expect(results.allSatisfy { (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"]) == nil })
    }

    @Test("--explain prints a rule's help, or every rule a line")
    func explain() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let one = try cli(["lint", "--explain", "TD001"])
        #expect(one.exitCode == 0)
        #expect(
            one.stdoutLines.first
                == "TD001 customPopWithoutInteraction (warning): a custom pop with no interaction controller: the swipe-back gesture is disabled"
        )
        #expect(one.stdoutLines.last == "Source: Apple radar 15215690; Hero #62; WordPress-iOS #6639")
        let all = try cli(["lint", "--explain", "all"])
        #expect(all.stdoutLines.count == LintRule.all.count)
        #expect(all.stdoutLines[9] == "TD010  error    two wildcard mappings that tie (A → * and * → B both match A → B)")
        // For scripts: an object a rule.
        let json = try cli(["lint", "--explain", "all", "--format", "json"]).jsonArray()
        #expect(json.map { $0["id"] as? String } == LintRule.all.map(\.id))
        #expect(json[0]["source"] as? String == "Apple radar 15215690; Hero #62; WordPress-iOS #6639" && json[9]["severity"] as? String == "error")
        expectError(try cli(["lint", "--explain", "TD001", "--format", "sarif"]), exitCode: 64, mentioning: ["sarif is for findings"])
    }

    @Test("bad input: an unknown rule, an invalid bundle, a missing file; one line each, nothing else")
    func badInput() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        expectError(try cli(["lint", "--rule", "TD999"]), exitCode: 64, mentioning: ["unknown lint rule 'TD999'"])
        expectError(try cli(["lint", "--explain", "nope"]), exitCode: 64, mentioning: ["unknown lint rule 'nope'"])
        for extra in [["nosuch.json"], ["--rule", "TD002"]] {
            expectError(
                try cli(["lint", "--explain", "TD001"] + extra), exitCode: 64,
                mentioning: ["--explain prints a rule's help and lints nothing: give it without files, --rule or --ignore"])
        }
        let bad = try Self.write(
            #"{"transdb": 1, "library": {"name": "x", "version": "1.0.0"}, "presets": [{"name": "p", "kind": "fade", "duration": -1, "curve": "linear"}]}"#,
            to: "bad.json", in: cli)
        expectError(try cli(["lint", bad]), exitCode: 65, mentioning: [bad, "$.presets[0].duration", "'-1'"])
        expectError(try cli(["lint", cli.runner.file("missing.json")]), exitCode: 66, mentioning: ["missing.json"])
        let dangling = try Self.write(
            #"{"transdb": 1, "library": {"name": "x", "version": "1.0.0"}, "presets": [{"name": "p", "kind": "fade", "duration": 0.3, "curve": "linear", "reducedMotion": "nope"}]}"#,
            to: "dangling.json", in: cli)
        expectError(
            try cli(["lint", dangling]), exitCode: 65,
            mentioning: [
                "'\(dangling)': 1 reference is neither in the files linted nor in the catalog: preset x/nope (used by preset x/p); correct the names, or lint the files of the libraries they belong to together"
            ])
        // The same library twice, from one file or two, in lint's words.
        expectError(try cli(["lint", dangling, dangling]), exitCode: 65, mentioning: ["'\(dangling)' is given twice; lint each file once"])
        let respelt = (dangling as NSString).deletingLastPathComponent + "/./" + (dangling as NSString).lastPathComponent
        expectError(try cli(["lint", dangling, respelt]), exitCode: 65, mentioning: ["'\(respelt)' is given twice; lint each file once"])
        let copy = try Self.write(try String(contentsOfFile: dangling, encoding: .utf8), to: "copy.json", in: cli)
        expectError(
            try cli(["lint", dangling, copy]), exitCode: 65,
            mentioning: ["the library 'x' is in both '\(dangling)' and '\(copy)'; lint them one at a time"])
    }
}
