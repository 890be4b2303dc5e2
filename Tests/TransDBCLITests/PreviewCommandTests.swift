import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

/// `transdb preview`: the page's data is the engine's, the page loads nothing, bad arguments fail.
@Suite("transdb preview")
struct PreviewCommandTests {
    static let csp =
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

    @Test(
        "the embedded samples are eval's at 240 fps, exactly",
        arguments: [
            ["samples/customTransition"], ["samples/szPresent"], ["motion/zoom"], ["uikit/crossDissolve"], ["motion/flipLeft"],
            ["motion/pushLeft", "--op", "pop"], ["motion/zoom", "--screen", "320x568", "--origin", "20,40,60,80"],
            ["samples/szPresent", "--screen", "375x667", "--origin", "24,140,120,90", "--target", "0,64,375,280"],
            ["--op", "present", "--from", "Feed", "--to", "Detail"], ["--op", "present", "--from", "Feed", "--to", "Help"],
            ["--op", "push", "--from", "Feed", "--to", "Settings", "--container", "MainNav"],
            ["--op", "dismiss", "--from", "Detail", "--to", "Feed", "--gesture", "update 0.2@0.1, update 0.6@0.3, release@0.4"],
            ["--op", "dismiss", "--from", "Detail", "--to", "Feed", "--gesture", "update 0.3@0.1, release@0.2"],
            ["motion/uncoverDown", "--gesture", "update 0.5@0.1, finish@0.2"],
        ])
    func samplesAreEval(arguments: [String]) throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let page = cli.runner.file("page.html")
        expectPreviewWritten(try cli(["preview"] + arguments + ["-o", page]), to: page)
        let data = try PreviewPageFile(path: page).data()
        #expect(data["page"] as? String == "single")
        let clips = try #require(data["clips"] as? [[String: Any]])
        try #require(clips.count == 1)

        let eval = try cli(["eval"] + arguments + ["--fps", "240", "--format", "json"])
        expectSuccess(eval)
        let expected = try eval.jsonObject()
        let actual = try PreviewPageFile.evalDocument(of: clips[0])
        #expect(NSDictionary(dictionary: actual).isEqual(to: expected), "the page's samples differ from eval's")
        let sampling = try #require(data["sampling"] as? [String: Any])
        #expect(sampling["fps"] as? Double == 240)
        #expect(sampling["interpolation"] as? String == "linear")
    }

    @Test("a route's page carries resolve --format json's answer, explanation included; nil names the system default")
    func routeResolution() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        for (to, systemDefault) in [("Detail", nil), ("Help", "crossDissolve")] as [(String, String?)] {
            let page = cli.runner.file("route.html")
            expectPreviewWritten(try cli(["preview", "--op", "present", "--from", "Feed", "--to", to, "-o", page]), to: page)
            let clip = try #require((try PreviewPageFile(path: page).data()["clips"] as? [[String: Any]])?.first)
            let resolve = try cli(["resolve", "--op", "present", "--from", "Feed", "--to", to, "--format", "json"])
            expectSuccess(resolve)
            let resolution = try #require(clip["resolution"] as? [String: Any])
            #expect(NSDictionary(dictionary: resolution).isEqual(to: try resolve.jsonObject()))
            #expect((resolution["explanation"] as? [String])?.isEmpty == false)
            #expect(resolution["systemDefault"] as? String == systemDefault)
            #expect(clip["labels"] as? [String: String] == ["from": "Feed", "to": to])
        }
    }

    @Test("facts: duration, curve expression, and a spring's settling time and overshoot")
    func facts() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let page = cli.runner.file("page.html")
        expectPreviewWritten(try cli(["preview", "samples/customTransition", "-o", page]), to: page)
        let clip = try #require((try PreviewPageFile(path: page).data()["clips"] as? [[String: Any]])?.first)
        let facts = try #require(clip["facts"] as? [String: Any])
        #expect(facts["duration"] as? Double == 0.8)
        #expect(facts["curveExpression"] as? String == "spring(duration: 0.8, dampingRatio: 0.6, velocity: 0)")
        #expect(facts["dampingRatio"] as? Double == 0.6)
        let settling = try #require(facts["settlingDuration"] as? Double)
        let overshoot = try #require(facts["overshoot"] as? Double)
        #expect(settling > 0.8 && settling < 1)
        #expect(overshoot > 0.09 && overshoot < 0.1)
    }

    @Test("a transition longer than 120 s is refused naming it, and no page is written; eval samples it")
    func tooLong() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        try cli.setUp([["add", "preset", "slowSpring", "--kind", "fade", "--curve", "spring(mass: 1, stiffness: 1, damping: 0.01, velocity: 0)"]])
        let page = cli.runner.file("page.html")
        expectError(
            try cli(["preview", "slowSpring", "-o", page]), exitCode: 65,
            mentioning: ["'local/slowSpring' lasts 1382.5", "s, longer than the 120 s a preview page embeds; `transdb eval` samples it at any length"])
        #expect(!FileManager.default.fileExists(atPath: page))
        #expect(try cli(["eval", "slowSpring", "--fps", "1", "--format", "json"]).exitCode == 0)
    }

    @Test("a library with more presets than a page shows is refused, saying how to narrow below the library")
    func tooManyPresets() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let presets = (0...1000).map { #"{"name": "p\#($0)", "kind": "fade", "curve": "linear"}"# }.joined(separator: ", ")
        let bundle = cli.runner.file("big.json")
        try (#"{"transdb": 1, "library": {"name": "big", "version": "1.0.0"}, "presets": ["# + presets + "]}")
            .write(toFile: bundle, atomically: true, encoding: .utf8)
        expectSuccess(try cli(["import", bundle, "-q"]))
        let page = cli.runner.file("page.html")
        expectError(
            try cli(["preview", "--library", "big", "-o", page]), exitCode: 65,
            mentioning: [
                "the library 'big' has 1001 presets, more than the 1000 a page shows: preview them one at a time (transdb preview PRESET), or a route (--op, --from, --to)"
            ])
        expectError(
            try cli(["preview", "--all", "-o", page]), exitCode: 65, mentioning: ["presets, more than 1000: preview one library at a time (--library)"])
        #expect(!FileManager.default.fileExists(atPath: page))
    }

    @Test("the page loads nothing: a Content-Security-Policy that forbids fetching, no external URL, no way to fetch")
    func selfContained() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        for arguments in [["samples/customTransition"], ["--library", "demo"], ["--op", "present", "--from", "Feed", "--to", "Detail"]] {
            let path = cli.runner.file("page.html")
            expectPreviewWritten(try cli(["preview"] + arguments + ["-o", path]), to: path)
            let page = try PreviewPageFile(path: path)
            let head = try #require(page.text.range(of: "</head>")).lowerBound
            let meta = "<meta http-equiv=\"Content-Security-Policy\" content=\"\(Self.csp)\">"
            let metaRange = try #require(page.text.range(of: meta), "no CSP meta in \(arguments)")
            #expect(metaRange.upperBound < head)
            #expect(metaRange.lowerBound < (page.text.range(of: "<script")?.lowerBound ?? page.text.endIndex))
            #expect(page.attributeValues(["src", "href", "action", "srcset", "poster", "data"]).isEmpty, "a page needs no src or href")
            for forbidden in [
                "http:", "https:", "//cdn", "<link", "<iframe", "<img", "@import", "url(", "fetch(", "XMLHttpRequest", "WebSocket",
                "EventSource", "sendBeacon", "import(",
            ] {
                #expect(!page.text.contains(forbidden), "\(arguments): the page contains \(forbidden)")
            }
            #expect(page.text.contains("only interpolates linearly between them"))
        }
    }

    @Test("values from the catalog cannot end the data element or inject markup")
    func hostileNames() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let hostile = "</script><script>alert(1)</script><!--"
        try cli.setUp([["add", "preset", "evil", "--kind", "fade", "--description", hostile]])
        let path = cli.runner.file("page.html")
        expectPreviewWritten(try cli(["preview", "local/evil", "-o", path]), to: path)
        let page = try PreviewPageFile(path: path)
        #expect(!page.text.contains(hostile))
        let clip = try #require((try page.data()["clips"] as? [[String: Any]])?.first)
        #expect(clip["subtitle"] as? String == hostile)
    }

    @Test("the same arguments write the same bytes; without -o the page goes to stdout")
    func deterministic() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let first = try cli(["preview", "--library", "samples"])
        let second = try cli(["preview", "--library", "samples"])
        expectSuccess(first)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.hasPrefix("<!DOCTYPE html>"))
    }

    @Test("--library: every preset of the library as a card, and every route resolved")
    func libraryIndex() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let path = cli.runner.file("index.html")
        // A library named twice is shown once.
        expectPreviewWritten(try cli(["preview", "--library", "demo", "--library", "motion", "--library", "demo", "-o", path]), to: path)
        let data = try PreviewPageFile(path: path).data()
        #expect(data["page"] as? String == "index")
        let index = try #require(data["index"] as? [String: Any])
        let allClips = try #require(data["clips"] as? [[String: Any]])
        let clips = Array(allClips.prefix(try #require(index["cards"] as? Int)))
        let presets = try cli(["list", "presets", "--library", "motion", "--format", "json"]).jsonArray()
        let demoPresets = try cli(["list", "presets", "--library", "demo", "--format", "json"]).jsonArray()
        #expect(clips.compactMap { $0["title"] as? String } == qualifiedNames(demoPresets) + qualifiedNames(presets))
        #expect(clips.compactMap { $0["kind"] as? String } == (demoPresets + presets).compactMap { $0["kind"] as? String })

        #expect(index["libraries"] as? [String] == ["demo", "motion"])
        let routes = try #require(index["routes"] as? [[String: Any]])
        let listed = try cli(["list", "routes", "--format", "json"]).jsonArray().filter {
            ($0["delegate"] as? String)?.hasPrefix("demo/") == true
        }
        #expect(routes.count == listed.count)
        for (row, mapping) in zip(routes, listed) {
            #expect(NSDictionary(dictionary: try #require(row["mapping"] as? [String: Any])).isEqual(to: mapping))
            guard let request = row["request"] as? [String: Any], let resolution = row["resolution"] as? [String: Any] else {
                #expect(row["note"] is String, "a route without a request says why: \(row)")
                continue
            }
            var route = [
                "--op", request["op"] as? String ?? "", "--from", request["from"] as? String ?? "", "--to", request["to"] as? String ?? "",
            ]
            if let container = request["container"] as? String { route += ["--container", container] }
            let resolve = try cli(["resolve"] + route + ["--format", "json"])
            expectSuccess(resolve)
            #expect(NSDictionary(dictionary: resolution).isEqual(to: try resolve.jsonObject()), "route \(mapping)")
            // What UIKit plays for the request is a clip: eval's timeline for the same request.
            let clip = try #require(row["clip"] as? Int, "route \(mapping) has no clip")
            #expect(clip >= clips.count, "a route's clip is not one of the cards")
            let eval = try cli(["eval"] + route + ["--fps", "240", "--format", "json"])
            #expect(
                NSDictionary(dictionary: try PreviewPageFile.evalDocument(of: allClips[clip])).isEqual(to: try eval.jsonObject()),
                "route \(mapping)")
            // The mapping the table resolves for is the one that answers (or a more specific one never is).
            if let answered = resolution["mapping"] as? [String: Any] { #expect(answered["id"] != nil) }
        }
        // The exact mapping Feed → Detail is resolved as itself.
        let exact = try #require(
            routes.first {
                ($0["mapping"] as? [String: Any])?["from"] as? String == "demo/Feed"
                    && ($0["mapping"] as? [String: Any])?["to"] as? String == "demo/Detail"
            })
        #expect(((exact["resolution"] as? [String: Any])?["animator"] as? [String: Any])?["name"] as? String == "zoom")
    }

    @Test("--diff shows exactly the presets diff lists, with their changed fields, before and after")
    func diffPage() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let base = cli.runner.file("base.json")
        let head = cli.runner.file("head.json")
        Self.expectExported(try cli(["export", "--library", "motion", "-o", base]))
        try cli.setUp([
            ["add", "preset", "zoomSlow", "--kind", "zoom", "--duration", "0.8", "--curve", "linear", "--library", "motion"],
            ["rm", "preset", "motion/instant"], ["rm", "preset", "motion/slideLeft"],
            ["add", "preset", "slideLeft", "--kind", "slide", "--direction", "left", "--duration", "0.5", "--library", "motion"],
        ])
        Self.expectExported(try cli(["export", "--library", "motion", "-o", head]))

        let path = cli.runner.file("diff.html")
        expectPreviewWritten(try cli.runner.run(["preview", "--diff", base, head, "-o", path]), to: path)
        let data = try PreviewPageFile(path: path).data()
        let diff = try #require(data["diff"] as? [String: Any])
        let presets = try #require(diff["presets"] as? [[String: Any]])
        let listed = try cli.runner.run(["diff", base, head, "--format", "json"]).jsonArray().filter { $0["kind"] as? String == "preset" }
        #expect(presets.compactMap { $0["name"] as? String } == listed.map { "\($0["library"] ?? "")/\($0["name"] ?? "")" })
        #expect(presets.compactMap { $0["change"] as? String } == listed.compactMap { $0["change"] as? String })
        #expect(Set(presets.compactMap { $0["change"] as? String }) == ["added", "removed", "changed"])
        let clips = try #require(data["clips"] as? [[String: Any]])
        for (pair, entry) in zip(presets, listed) {
            #expect(NSArray(array: pair["fields"] as? [Any] ?? []).isEqual(to: entry["fields"] as? [Any] ?? []))
            let change = pair["change"] as? String
            #expect((pair["before"] is Int) == (change != "added"))
            #expect((pair["after"] is Int) == (change != "removed"))
        }
        // The head side of an added preset is eval's for the same preset.
        let added = try #require(presets.first { $0["change"] as? String == "added" })
        let clip = clips[try #require(added["after"] as? Int)]
        let eval = try cli(["eval", "motion/zoomSlow", "--fps", "240", "--format", "json"])
        #expect(NSDictionary(dictionary: try PreviewPageFile.evalDocument(of: clip)).isEqual(to: try eval.jsonObject()))
    }

    @Test(
        "bad arguments: one line naming the problem, and the documented exit code",
        arguments: [
            ([], 64, ["give a PRESET"]),
            (["motion/zoom", "--library", "motion"], 64, ["only one of"]),
            (["--all", "--library", "motion"], 64, ["only one of"]),
            (["--op", "present", "--from", "Feed"], 64, ["--op, --from and --to"]),
            (["--op", "present"], 64, ["--op is for"]),
            (["--diff", "a.json"], 64, ["--diff takes two files", "got 1"]),
            (["--all", "--gesture", "release@0.1"], 64, ["--gesture is for"]),
            (["motion/zoom", "--fps", "60"], 64, ["--fps", "60", "240"]),
            (["motion/zoom", "--fps", "nan"], 64, ["--fps"]),
            (["motion/zoom", "--screen", "0x10"], 64, ["--screen", "0x10"]),
            (["motion/zoom", "--origin", "1,2"], 64, ["--origin", "1,2"]),
            (["samples/szPresent", "--target", "0,64,-1,280"], 64, ["--target must be X,Y,WIDTH,HEIGHT", "0,64,-1,280"]),
            (["--op", "present", "--from", "A", "--to", "B", "--container", "MainNav"], 64, ["--container is for push, pop and tab"]),
            (["motion/nope"], 66, ["motion/nope"]),
            (["--library", "nope"], 66, ["nope"]),
            (["--diff", "missing-a.json", "missing-b.json"], 66, ["missing-a.json"]),
            (["motion/uncoverDown", "--gesture", "update 2"], 65, ["update 2"]),
            (["motion/zoom", "-o", "no/such/dir/page.html"], 74, ["no/such/dir/page.html"]),
            (["motion/zoom", "--gesture", "release@0.1"], 65, ["'motion/zoom' has no interaction settings"]),
            (["motion/uncoverDown", "--gesture", "release@200"], 65, ["'motion/uncoverDown' lasts 200 s", "120 s"]),
        ] as [([String], Int32, [String])])
    func badArguments(arguments: [String], code: Int32, fragments: [String]) throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        expectError(try cli(["preview"] + arguments), exitCode: code, mentioning: fragments)
    }

    // MARK: In a browser

    // The views' geometry, opacity and z-order at several times, the controls, requests and screenshots
    // are measured in the browser: PreviewBrowserTests.swift.

    @Test("in headless Chromium: an index opens a route's clip with its resolution", .enabled(if: Self.browserAvailable))
    func browserIndexRoute() throws {
        let chromium = try Self.chromium()
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let path = cli.runner.file("index.html")
        expectPreviewWritten(try cli(["preview", "--library", "demo", "--library", "motion", "-o", path]), to: path)
        // Route #2 is `present * → Detail`: the page resolves it for a screen not in the catalog.
        let page = try chromium.load("file://\(path)#route=2&t=0.2")
        Self.expectClean(page, ["--library demo", "#route=2"])
        let detail = String(page.dom[try #require(page.dom.range(of: "data-detail"), "no detail").upperBound...])
        #expect(detail.contains("present (any screen) → demo/Detail"))
        #expect(detail.contains("data-resolution"))
        // Where the route's views are drawn is measured in PreviewBrowserTests (`#route=2`).
    }

    @Test("in headless Chromium: the diff page plays both sides; reduced motion does not autoplay", .enabled(if: Self.browserAvailable))
    func browserDiffAndReducedMotion() throws {
        let chromium = try Self.chromium()
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let base = cli.runner.file("base.json")
        let head = cli.runner.file("head.json")
        Self.expectExported(try cli(["export", "--library", "motion", "-o", base]))
        try cli.setUp([
            ["rm", "preset", "motion/slideLeft"],
            ["add", "preset", "slideLeft", "--kind", "slide", "--duration", "0.6", "--library", "motion"],
        ])
        Self.expectExported(try cli(["export", "--library", "motion", "-o", head]))
        let diff = cli.runner.file("diff.html")
        expectPreviewWritten(try cli.runner.run(["preview", "--diff", base, head, "-o", diff]), to: diff)
        let page = try chromium.load("file://\(diff)")
        Self.expectClean(page, ["--diff"])
        #expect(page.dom.components(separatedBy: "data-container=").count - 1 == 2, "base and head each have a stage")

        let single = cli.runner.file("single.html")
        expectPreviewWritten(try cli(["preview", "motion/zoom", "-o", single]), to: single)
        #expect(try chromium.load("file://\(single)").dom.contains(">Pause</button>"), "it plays on load")
        let reduced = try chromium.load("file://\(single)", reducedMotion: true)
        Self.expectClean(reduced, ["reduced motion"])
        #expect(reduced.dom.contains(">Play</button>"), "with reduced motion it waits to be asked")
    }

    @Test("in headless Chromium: a script error is caught and shown (the check above can fail)", .enabled(if: Self.browserAvailable))
    func browserCatchesErrors() throws {
        let chromium = try Self.chromium()
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let path = cli.runner.file("page.html")
        expectPreviewWritten(try cli(["preview", "motion/zoom", "-o", path]), to: path)
        let broken = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(
            of: "'use strict';", with: "'use strict'; undefinedFunction();")
        try broken.write(toFile: path, atomically: true, encoding: .utf8)
        let page = try chromium.load("file://\(path)")
        #expect(page.dom.contains("data-transdb-errors=\"1\""))
        #expect(!page.dom.contains("data-transdb-ready=\"true\""))
        #expect(page.dom.contains("script error: Uncaught ReferenceError: undefinedFunction is not defined"))
        #expect(page.console.contains { $0.contains("undefinedFunction") })
    }

    /// Expects `export -o FILE` to succeed with its one-line note on stderr.
    static func expectExported(_ result: TransDBRunner.Result, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.exitCode == 0, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stdout == "", "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("wrote 1 library to "), "\(result)", sourceLocation: sourceLocation)
    }

    /// The browser, or a failure when CI requires one and there is none.
    static func chromium() throws -> HeadlessChromium {
        // `.enabled` skips the browser tests when chromium is not installed, unless TRANSDB_REQUIRE_CHROMIUM=1 (CI).
        try #require(
            HeadlessChromium.installed,
            "chromium is not installed, and TRANSDB_REQUIRE_CHROMIUM=1 requires it (apt-get install chromium)")
    }

    /// Expects a page that finished drawing without a script error or any console message.
    static func expectClean(_ page: HeadlessChromium.Page, _ label: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let dom = page.dom
        #expect(
            dom.contains("data-transdb-ready=\"true\""), "\(label): the script did not finish: \(dom.prefix(2000))",
            sourceLocation: sourceLocation)
        let html = dom[(dom.range(of: "<html")?.lowerBound ?? dom.startIndex)...].prefix { $0 != ">" }
        #expect(!html.contains("data-transdb-errors"), "\(label): script errors: \(Self.errors(in: dom))", sourceLocation: sourceLocation)
        #expect(
            dom.contains("<div id=\"transdb-errors\" role=\"alert\" hidden=\"\"></div>"), "\(Self.errors(in: dom))",
            sourceLocation: sourceLocation)
        #expect(page.console.isEmpty, "\(label): console messages: \(page.console)", sourceLocation: sourceLocation)
    }

    static let browserAvailable = HeadlessChromium.installed != nil || HeadlessChromium.isRequired

    static func errors(in dom: String) -> String {
        guard let box = dom.range(of: "id=\"transdb-errors\"") else { return "" }
        return String(dom[box.upperBound...].prefix(1000))
    }
}

/// A preview page read back: its text, its attributes and its embedded data.
struct PreviewPageFile {
    let text: String

    init(path: String) throws {
        text = try String(contentsOfFile: path, encoding: .utf8)
    }

    /// The JSON in `<script type="application/json" id="transdb-data">`, parsed.
    func data() throws -> [String: Any] {
        let open = "<script type=\"application/json\" id=\"transdb-data\">"
        let start = try #require(text.range(of: open)).upperBound
        let end = try #require(text[start...].range(of: "</script>")).lowerBound
        return try #require(try JSONSerialization.jsonObject(with: Data(text[start..<end].utf8)) as? [String: Any])
    }

    /// Every value of the named attributes in the page's markup.
    func attributeValues(_ names: [String]) -> [String] {
        // The markup only: the text of scripts and styles is not attributes.
        let markup = text.replacingOccurrences(
            of: "<(script|style)[^>]*>[\\s\\S]*?</(script|style)>", with: "<removed>", options: .regularExpression)
        return names.flatMap { name -> [String] in
            let pattern = "[\\s<]\(name)\\s*=\\s*(\"[^\"]*\"|'[^']*'|[^\\s>]+)"
            guard let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else { return [] }
            return regex.matches(in: markup, range: NSRange(markup.startIndex..., in: markup)).compactMap { match in
                Range(match.range(at: 1), in: markup).map { String(markup[$0]) }
            }
        }
    }

    /// A clip's timeline read back row by row: `eval --format json`'s document.
    static func evalDocument(of clip: [String: Any]) throws -> [String: Any] {
        var timeline = try #require(clip["timeline"] as? [String: Any])
        let times = try #require(timeline.removeValue(forKey: "time") as? [Any])
        let progress = try #require(timeline.removeValue(forKey: "progress") as? [Any])
        let dimming = try #require(timeline.removeValue(forKey: "dimming") as? [Any])
        let views = try #require(timeline.removeValue(forKey: "views") as? [[String: Any]])
        let shared = timeline.removeValue(forKey: "shared") as? [Any]
        timeline.removeValue(forKey: "fps")
        timeline["samples"] = try times.indices.map { row -> [String: Any] in
            var sample: [String: Any] = ["time": times[row], "progress": progress[row], "dimming": dimming[row]]
            // Without a shared element eval's `shared` is null in every sample: a column of nulls, not a view.
            if let shared { sample["shared"] = shared[row] }
            for view in views {
                let name = try #require(view["name"] as? String)
                let tracks = try #require(view["tracks"] as? [String: [Any]])
                sample[name] = tracks.mapValues { $0[row] }
            }
            return sample
        }
        return timeline
    }
}
