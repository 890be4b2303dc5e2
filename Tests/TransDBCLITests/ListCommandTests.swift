import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

@Suite("transdb list")
struct ListCommandTests {
    /// The keys of a preset in `list presets --format json`, as documented.
    static let presetKeys: Set<String> = [
        "name", "library", "kind", "direction", "duration", "delay", "curve", "interactive", "reverse", "description",
    ]
    /// The keys of a curve in `list curves --format json`, as documented.
    static let curveKeys: Set<String> = ["name", "library", "kind", "expression", "description"]

    @Test("presets as JSON: every preset has the documented keys; uikit/coverVertical is seeded")
    func presetsJSON() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let result = try cli(["list", "presets", "--format", "json"])

        expectSuccess(result)
        let presets = try result.jsonArray()
        #expect(presets.count == 42)
        for preset in presets {
            #expect(Set(preset.keys) == Self.presetKeys, "\(preset)")
            #expect(preset["duration"] is NSNumber)
            #expect(preset["curve"] is String)
        }
        let names = qualifiedNames(presets)
        #expect(names.contains("uikit/coverVertical"))
        #expect(names.contains("motion/zoom"))
        #expect(topLevelKeys(ofPrettyJSON: result.stdout).isEmpty, "an array, not an object")
        let zoom = try #require(presets.first { $0["library"] as? String == "motion" && $0["name"] as? String == "zoom" })
        #expect(zoom["kind"] as? String == "zoom")
        #expect(zoom["duration"] as? Double == 0.4)
        #expect(zoom["curve"] as? String == "motion/gentleSpring")
    }

    @Test("curves as JSON: every curve has the documented keys")
    func curvesJSON() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let result = try cli(["list", "curves", "--format", "json"])

        expectSuccess(result)
        let curves = try result.jsonArray()
        #expect(curves.count == 35)
        for curve in curves {
            #expect(Set(curve.keys) == Self.curveKeys, "\(curve)")
        }
        let standard = try #require(curves.first { $0["library"] as? String == "motion" && $0["name"] as? String == "standard" })
        #expect(standard["kind"] as? String == "cubic-bezier")
        #expect(standard["expression"] as? String == "cubic-bezier(0.4, 0, 0.2, 1)")
    }

    @Test("the formats agree: ndjson has one line per JSON element, csv a header row and one row each")
    func formatsAgree() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let json = try cli(["list", "curves", "--library", "motion", "--format", "json"]).jsonArray()
        let ndjson = try cli(["list", "curves", "--library", "motion", "--format", "ndjson"])
        let csv = try cli(["list", "curves", "--library", "motion", "--format", "csv"])

        expectSuccess(ndjson)
        expectSuccess(csv)
        #expect(json.count == 4)
        #expect(ndjson.stdoutLines.count == json.count)
        let parsed = try ndjson.stdoutLines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(qualifiedNames(parsed) == qualifiedNames(json))

        let rows = csv.stdout.components(separatedBy: "\r\n")
        #expect(rows.first == "name,library,kind,expression,description,deprecated,aliasOf")
        #expect(rows.last == "", "ends with CRLF")
        #expect(rows.count == json.count + 2)
        // Expressions hold commas, so they are quoted.
        #expect(rows.contains { $0.hasPrefix("standard,motion,cubic-bezier,\"cubic-bezier(0.4, 0, 0.2, 1)\",") })
    }

    @Test("the table has a header row of the chosen columns")
    func table() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let result = try cli(["list", "containers"])

        expectSuccess(result)
        #expect(
            result.stdout == """
                library   name                      kind        delegate
                articles  MainNavigationController  navigation  articles/MainViewController
                demo      MainNav                   navigation  demo/MainNavDelegate
                demo      MainTabs                  tab         demo/MainTabsDelegate
                demo      SettingsNav               navigation  -

                """)
    }

    @Test("filters: --library, --kind, and --delegate/--op/--screen for routes")
    func filters() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let uikit = try cli(["list", "presets", "--library", "uikit", "--format", "json"]).jsonArray()
        #expect(!uikit.isEmpty)
        #expect(uikit.allSatisfy { $0["library"] as? String == "uikit" })

        let springs = try cli(["list", "curves", "--kind", "spring", "--format", "json"]).jsonArray()
        #expect(!springs.isEmpty)
        #expect(springs.allSatisfy { $0["kind"] as? String == "spring" })

        let tabs = try cli(["list", "containers", "--kind", "tab", "--format", "json"]).jsonArray()
        #expect(qualifiedNames(tabs) == ["demo/MainTabs"])

        let pops = try cli(["list", "routes", "--delegate", "demo/MainNavDelegate", "--op", "pop", "--format", "json"]).jsonArray()
        #expect(pops.compactMap { $0["id"] as? Int } == [11, 12, 13])
        #expect(pops.allSatisfy { $0["operation"] as? String == "pop" })
        #expect(pops.contains { $0["from"] as? String == "demo/Settings" && isNull($0["preset"]) })

        let login = try cli(["list", "routes", "--screen", "Login", "--format", "json"]).jsonArray()
        #expect(login.count == 1)
        #expect(login.first?["delegate"] as? String == "demo/LegacyTransitions")
        #expect(login.first?["preset"] as? String == "motion/flipLeft")
    }

    @Test("an empty listing: the header alone as a table and as CSV, [] as JSON")
    func emptyListing() throws {
        let cli = try CLIFixture.initialized(empty: true)
        defer { cli.remove() }

        let table = try cli(["list", "routes"])
        expectSuccess(table)
        #expect(table.stdout == "id  delegate  operation  from  to  preset  interaction\n")

        let json = try cli(["list", "routes", "--format", "json"])
        expectSuccess(json)
        #expect(try json.jsonArray().isEmpty)

        let csv = try cli(["list", "routes", "--format", "csv"])
        expectSuccess(csv)
        #expect(csv.stdout == "id,delegate,operation,from,to,preset,interaction\r\n")
    }

    @Test(
        "CSV has the same header for an empty list, a list without deprecated entries and one with them",
        arguments: ["libraries", "curves", "durations", "presets", "screens", "containers", "delegates", "routes"])
    func stableCSVHeader(kind: String) throws {
        let empty = try CLIFixture.initialized(empty: true)
        defer { empty.remove() }
        let seeded = try CLIFixture.initialized()
        defer { seeded.remove() }

        func header(_ cli: CLIFixture) throws -> Substring {
            let result = try cli(["list", kind, "--format", "csv"])
            expectSuccess(result)
            return result.stdout.split(separator: "\r\n", omittingEmptySubsequences: false)[0]
        }
        let before = try header(seeded)
        #expect(try header(empty) == before)
        // Deprecating one entry adds no column; its row fills the one that was already there.
        let deprecatable = ["curves": "coreanimation/easeIn", "durations": nil, "presets": "material/fade"][kind] ?? nil
        if let name = deprecatable {
            expectSuccess(try seeded(["set", String(kind.dropLast()), name, "--deprecated", "use another"]))
            #expect(try header(seeded) == before)
            let rows = try seeded(["list", kind, "--format", "csv"]).stdout.split(separator: "\r\n")
            let columns = before.split(separator: ",").count
            #expect(rows.contains { $0.hasSuffix(",use another") || $0.contains(",use another,") })
            // Every row has as many cells as the header (no cell here has a quoted comma).
            #expect(rows.filter { !$0.contains("\"") }.allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == columns })
        }
        #expect(before.split(separator: ",").first == (kind == "routes" ? "id" : "name"))
    }

    @Test("show's CSV header is the same for every entry of a kind: a spring, a bezier, a deprecated one, an expression")
    func stableShowHeader() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        func lines(_ arguments: [String]) throws -> [Substring] {
            let result = try cli(["show"] + arguments + ["--format", "csv"])
            expectSuccess(result)
            return result.stdout.split(separator: "\r\n")
        }
        let curve =
            "name,library,kind,expression,description,deprecated,aliasOf,physical,dampingRatio,settlingDuration,overshoot,equivalents,usedBy,sameAs"
        #expect(try lines(["curve", "coreanimation/easeIn"])[0] == curve)
        #expect(try lines(["curve", "swiftui/bouncy"])[0] == curve)
        // A bezier's spring columns are empty cells.
        #expect(try lines(["curve", "coreanimation/easeIn"])[1].contains(",kCAMediaTimingFunctionEaseIn,,,,,,,,[]"))
        let expression = "kind,expression,physical,dampingRatio,settlingDuration,overshoot,equivalents,sameAs"
        #expect(try lines(["curve", "linear"])[0] == expression)
        #expect(try lines(["curve", "spring(duration: 0.5, bounce: 0.3)"])[0] == expression)
        let preset = try lines(["preset", "material/fade"])[0]
        expectSuccess(try cli(["set", "preset", "material/fade", "--deprecated", "use another"]))
        #expect(try lines(["preset", "material/fade"])[0] == preset)
        #expect(preset.hasPrefix("name,library,kind,direction,duration,delay,curve,curveExpression,interactive,reverse,description,deprecated,"))
    }

    @Test(
        "a filter that does not apply to the kind is a usage error",
        arguments: [
            ["list", "screens", "--kind", "fade"],
            ["list", "presets", "--op", "push"],
        ])
    func misplacedFilter(arguments: [String]) throws {
        let cli = try CLIFixture.initialized(empty: true)
        defer { cli.remove() }

        let result = try cli(arguments)

        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stdout == "")
    }

    @Test("columns are measured in terminal columns: wide characters and emoji align")
    func displayWidth() throws {
        let cli = try CLIFixture.initialized(empty: true)
        defer { cli.remove() }
        try cli.setUp([
            ["add", "delegate", "名前"], ["add", "delegate", "🚀x"], ["add", "delegate", "ab"], ["add", "delegate", "e\u{301}"],
        ])

        let result = try cli(["list", "delegates"])

        expectSuccess(result)
        #expect(
            result.stdoutLines == [
                "library  name  released", "local    ab    false", "local    é     false", "local    名前  false", "local    🚀x   false",
            ])
    }

    @Test("a --kind that is not one suggests the nearest and is a usage error (exit 64), as add's --kind is")
    func kindSuggestion() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        expectError(
            try cli(["list", "presets", "--kind", "Zoom"]), exitCode: 64,
            mentioning: ["invalid --kind 'Zoom': expected one of none, fade, push, pull, cover, uncover, slide, zoom, flip, sheet, custom; did you mean 'zoom'?"])
        expectError(try cli(["add", "preset", "p", "--kind", "Zoom"]), exitCode: 64, mentioning: ["did you mean 'zoom'?"])
        expectError(try cli(["list", "containers", "--kind", "nav"]), exitCode: 64, mentioning: ["expected one of navigation, tab"])
    }

    @Test(
        "in an 80-column terminal a table fits, long cells elided with …; --wide and piped output stay complete",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func fitsTerminal() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        func inTerminal(_ arguments: [String]) throws -> [String] {
            let command = ([cli.runner.binary] + arguments + ["--db", cli.db]).map { "'\($0)'" }.joined(separator: " ")
            let result = try cli.runner.runExecutable("/usr/bin/script", ["-qc", command, "/dev/null"], environment: ["COLUMNS": "80"])
            try #require(result.exitCode == 0, "\(result)")
            return result.stdout.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
        }
        let fitted = try inTerminal(["list", "presets"])
        #expect(fitted.count == 44, "the header, the default library's 42 presets and what was left out")
        #expect(fitted.allSatisfy { $0.count <= 80 }, "\(fitted.filter { $0.count > 80 })")
        #expect(fitted.last == "(left out to fit: interactive, reverse; --wide shows all)", "\(fitted.last ?? "")")
        #expect(fitted.contains { $0.contains("…") })
        #expect(fitted[0].hasPrefix("library   name                          kind"), "key columns keep their width: \(fitted[0])")
        let wide = try inTerminal(["list", "presets", "--wide"])
        #expect(wide.contains { $0.count > 80 })
        #expect(!wide.joined().contains("…"))
        let piped = try cli(["list", "presets"])
        #expect(piped.stdoutLines.contains { $0.count > 80 })
        #expect(!piped.stdout.contains("…"))
    }
}
