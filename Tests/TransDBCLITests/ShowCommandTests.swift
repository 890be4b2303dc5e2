import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

@Suite("transdb show")
struct ShowCommandTests {
    @Test("show preset as JSON: the summary keys plus the curve's expression, interaction, tracks and users")
    func presetJSON() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let result = try cli(["show", "preset", "motion/uncoverDown", "--format", "json"])

        expectSuccess(result)
        #expect(topLevelKeys(ofPrettyJSON: result.stdout) == [
            "name", "library", "kind", "direction", "duration", "delay", "curve", "curveExpression", "interactive", "reverse",
            "description", "interaction", "mirrorOf", "reducedMotion", "durationName", "tracks", "reduceMotion", "usedBy",
        ])
        let preset = try result.jsonObject()
        #expect(preset["kind"] as? String == "uncover")
        #expect(preset["direction"] as? String == "down")
        #expect(preset["duration"] as? Double == 0.35)
        #expect(preset["curve"] as? String == "motion/standard")
        #expect(preset["interactive"] as? Bool == true)
        let interaction = try #require(preset["interaction"] as? [String: Any])
        #expect(Set(interaction.keys) == ["completionSpeed", "completionCurve", "completionCurveExpression", "finishThreshold", "flickVelocity"])
        #expect(interaction["flickVelocity"] as? Double == 1)
        let tracks = try #require(preset["tracks"] as? [String: Any])
        #expect(Set(tracks.keys) == ["onTop", "from", "to", "shared"])
        #expect(isNull(tracks["shared"]))
        #expect(preset["reverse"] as? String == "motion/coverUp")
        #expect(preset["usedBy"] as? [String] == ["preset motion/coverUp", "route #4", "route #7", "route #17"])
        #expect(isNull(preset["reducedMotion"]))
        #expect(
            preset["reduceMotion"] as? String
                == "derived: the from view stands at its start state and fades out instead of moving; same duration (0.35 s) and delay")
    }

    @Test("show curve as a table lists the presets using it")
    func curveTable() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let result = try cli(["show", "curve", "motion/decelerate"])

        expectSuccess(result)
        let rows = Dictionary(
            result.stdoutLines.map { line -> (String, String) in
                let key = String(line.prefix { $0 != " " })
                return (key, String(line.dropFirst(key.count).drop { $0 == " " }))
            }, uniquingKeysWith: { first, _ in first })
        #expect(rows["name"] == "decelerate")
        #expect(rows["library"] == "motion")
        #expect(rows["kind"] == "cubic-bezier")
        #expect(rows["usedBy"]?.contains("preset motion/coverUp") == true)
    }

    @Test("an empty field reads '-' in the table, as null and empty lists do")
    func emptyFields() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        expectSuccess(try cli(["add", "screen", "Bare"]))
        let shown = try cli(["show", "screen", "Bare"])
        expectSuccess(shown)
        #expect(shown.stdoutLines.contains("description        -"), "\(shown.stdout)")
        #expect(shown.stdoutLines.contains("routes             -"), "\(shown.stdout)")
    }

    @Test("show route by id")
    func route() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let result = try cli(["show", "route", "1", "--format", "json"])

        expectSuccess(result)
        #expect(result.stdout == """
            {
              "id": 1,
              "delegate": "demo/DetailTransitions",
              "operation": "present",
              "from": "demo/Feed",
              "to": "demo/Detail",
              "preset": "motion/zoom",
              "interaction": null
            }

            """)
        let ndjson = try cli(["show", "route", "6", "--format", "ndjson"])
        expectSuccess(ndjson)
        #expect(ndjson.stdout == #"{"id":6,"delegate":"demo/ModalTransitions","operation":"present","from":"*","to":"demo/Help","preset":null,"interaction":null}"# + "\n")
    }

    @Test("show of an unknown name exits 66 naming it")
    func unknown() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        expectError(try cli(["show", "preset", "nosuch"]), exitCode: 66, mentioning: ["'nosuch'", "preset"])
        expectError(try cli(["show", "curve", "motion/nosuch"]), exitCode: 66, mentioning: ["'motion/nosuch'", "curve"])
        expectError(try cli(["show", "route", "999"]), exitCode: 66, mentioning: ["999"])
    }

    @Test("a near miss gets a suggestion")
    func suggestion() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        expectError(try cli(["show", "preset", "zooom"]), exitCode: 66, mentioning: ["'zooom'", "did you mean", "zoom"])
        // A bare name two libraries have would be refused as ambiguous: each library's is offered.
        let ambiguous = try cli(["show", "curve", "easOut"])
        #expect(ambiguous.exitCode == 66)
        #expect(ambiguous.stderrLines == ["transdb: error: no curve named 'easOut' (did you mean 'coreanimation/easeOut' or 'uikit/easeOut'?)"])
        #expect(try cli(["show", "curve", "uikit/easOut"]).stderrLines == ["transdb: error: no curve named 'uikit/easOut' (did you mean 'uikit/easeOut'?)"])
        // A name written with the wrong library: the libraries that have it.
        #expect(try cli(["show", "preset", "uikit/zoom"]).stderrLines == ["transdb: error: no preset named 'uikit/zoom' (did you mean 'motion/zoom'?)"])
        // Every command that takes --library suggests one.
        for arguments in [["list", "presets"], ["preview", "-o", cli.runner.file("p.html")], ["export"], ["diff", cli.db]] {
            let result = try cli(arguments + ["--library", "motionn"])
            #expect(result.exitCode == 66 && result.stderrLines == ["transdb: error: no library named 'motionn' (did you mean 'motion'?)"])
        }
    }

    @Test("show route with a name instead of an id is a usage error")
    func routeByName() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let result = try cli(["show", "route", "abc"])

        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stderr.contains("'abc'"))
    }
}
