import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

@Suite("transdb add")
struct AddCommandTests {
    @Test("walkthrough: add a curve, presets, a delegate, screens, a container and routes, then list and resolve them")
    func walkthrough() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        // Adding: each command prints one line saying what it added.
        let steps: [([String], String)] = [
            (["add", "curve", "snappy", "cubic-bezier(0.2, 0.9, 0.1, 1)", "--library", "app"],
             "added curve app/snappy = cubic-bezier(0.2, 0.9, 0.1, 1)\n"),
            (["add", "preset", "slideUp", "--kind", "slide", "--direction", "up", "--duration", "0.3", "--curve", "app/snappy", "--library", "app"],
             "added preset app/slideUp (slide up, 0.3 s, app/snappy)\n"),
            (["add", "preset", "dragDown", "--kind", "slide", "--direction", "down", "--completion-speed", "1.5", "--library", "app"],
             "added preset app/dragDown (slide down, 0.35 s, cubic-bezier(0.42, 0, 0.58, 1))\n"),
            (["add", "delegate", "CardTransitions", "--library", "app"], "added delegate app/CardTransitions\n"),
            (["add", "screen", "Home", "--library", "app"], "added screen app/Home\n"),
            (["add", "screen", "Card", "--delegate", "app/CardTransitions", "--modal-style", "crossDissolve", "--library", "app"],
             "added screen app/Card (transitioningDelegate app/CardTransitions)\n"),
            (["add", "container", "AppNav", "--kind", "navigation", "--library", "app"], "added navigation container app/AppNav\n"),
            (["add", "route", "--op", "present", "--from", "Home", "--to", "Card", "--preset", "app/slideUp", "--delegate", "app/CardTransitions"],
             "added route #29: present app/Home → app/Card on app/CardTransitions returns app/slideUp\n"),
            (["add", "route", "--op", "dismiss", "--from", "Card", "--preset", "app/dragDown", "--interaction", "app/dragDown"],
             "added to 'app/CardTransitions', the transitioningDelegate of screen 'app/Card'\n"
                + "added route #30: dismiss app/Card → * on app/CardTransitions returns app/dragDown, interaction app/dragDown\n"),
            (["add", "route", "--op", "push", "--from", "Home", "--to", "Card", "--container", "AppNav", "--preset", "app/slideUp"],
             "container 'app/AppNav' had no delegate: created delegate 'app/AppNavDelegate' and set it\n"
                + "added route #31: push app/Home → app/Card on app/AppNavDelegate returns app/slideUp\n"),
        ]
        for (arguments, expected) in steps {
            let result = try cli(arguments)
            #expect(result.exitCode == 0, "\(result)")
            #expect(result.stdout == expected, "\(arguments.joined(separator: " "))")
            // swiftui has a curve named snappy too: from now on a bare 'snappy' is ambiguous.
            let note =
                arguments.starts(with: ["add", "curve", "snappy"])
                ? "note: a bare 'snappy' now names a curve in 2 libraries (app, swiftui); write 'app/snappy' where a library is not implied\n" : ""
            #expect(result.stderr == note, "\(arguments.joined(separator: " "))")
        }

        // Listing, for people: a header row and one aligned row per preset.
        let table = try cli(["list", "presets", "--library", "app"])
        expectSuccess(table)
        #expect(table.stdout == """
            library  name      kind   direction  duration  curve                           interactive  reverse
            app      dragDown  slide  down       0.35      cubic-bezier(0.42, 0, 0.58, 1)  true         -
            app      slideUp   slide  up         0.3       app/snappy                      false        -

            """)

        // Listing, for scripts.
        let presets = try cli(["list", "presets", "--library", "app", "--format", "json"]).jsonArray()
        #expect(presets.count == 2)
        for preset in presets {
            #expect(Set(preset.keys) == ListCommandTests.presetKeys)
        }
        let slideUp = try #require(presets.first { $0["name"] as? String == "slideUp" })
        #expect(slideUp["library"] as? String == "app")
        #expect(slideUp["kind"] as? String == "slide")
        #expect(slideUp["direction"] as? String == "up")
        #expect(slideUp["duration"] as? Double == 0.3)
        #expect(slideUp["delay"] as? Double == 0)
        #expect(slideUp["curve"] as? String == "app/snappy")
        #expect(slideUp["interactive"] as? Bool == false)
        #expect(isNull(slideUp["reverse"]))
        let dragDown = try #require(presets.first { $0["name"] as? String == "dragDown" })
        #expect(dragDown["interactive"] as? Bool == true)
        #expect(dragDown["duration"] as? Double == 0.35)

        let curves = try cli(["list", "curves", "--library", "app", "--format", "json"]).jsonArray()
        #expect(curves.count == 1)
        #expect(Set(curves[0].keys) == ListCommandTests.curveKeys)
        #expect(curves[0]["name"] as? String == "snappy")
        #expect(curves[0]["library"] as? String == "app")
        #expect(curves[0]["kind"] as? String == "cubic-bezier")
        #expect(curves[0]["expression"] as? String == "cubic-bezier(0.2, 0.9, 0.1, 1)")

        let routes = try cli(["list", "routes", "--library", "app", "--format", "json"]).jsonArray()
        #expect(routes.compactMap { $0["id"] as? Int } == [29, 30, 31])
        #expect(routes.compactMap { $0["delegate"] as? String } == ["app/CardTransitions", "app/CardTransitions", "app/AppNavDelegate"])

        // Resolving what was added, step by step.
        let explained = try cli(["resolve", "--op", "present", "--from", "Home", "--to", "Card", "--explain"])
        expectSuccess(explained)
        #expect(explained.stdoutLines.last == "app/CardTransitions:#29:present app/Home → app/Card\tapp/slideUp")
        let dismissed = try cli(["resolve", "--op", "dismiss", "--from", "Card", "--to", "Home", "--format", "json"]).jsonObject()
        #expect((dismissed["animator"] as? [String: Any])?["name"] as? String == "dragDown")
        #expect((dismissed["interaction"] as? [String: Any])?["name"] as? String == "dragDown")
        let pushed = try cli(["resolve", "--op", "push", "--from", "Home", "--to", "Card", "--container", "app/AppNav", "--format", "json"])
            .jsonObject()
        #expect(pushed["delegate"] as? String == "app/AppNavDelegate")
        #expect((pushed["animator"] as? [String: Any])?["curveExpression"] as? String == "cubic-bezier(0.2, 0.9, 0.1, 1)")
    }

    @Test("the README's walkthrough, in a project directory without --db")
    func readmeWalkthrough() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        func run(_ arguments: String...) throws -> TransDBRunner.Result {
            let result = try runner.run(arguments)
            expectSuccess(result)
            return result
        }

        _ = try run("init")
        #expect(try run("list", "libraries").stdoutLines.first?.hasPrefix("name  ") == true)
        #expect(try run("list", "presets", "--library", "motion").stdoutLines.count == 21)
        #expect(try run("show", "preset", "samples/popAnimator").stdoutLines.first == "name                popAnimator")
        #expect(try run("add", "screen", "Inbox").stdout == "added screen local/Inbox\n")
        #expect(try run("add", "screen", "Message", "--modal-style", "crossDissolve").stdout == "added screen local/Message\n")
        _ = try run(
            "add", "preset", "messageIn", "--kind", "cover", "--direction", "up", "--duration", "0.45", "--curve",
            "spring(duration: 0.45, bounce: 0.15)")
        #expect(try run("add", "route", "--op", "present", "--from", "Inbox", "--to", "Message", "--preset", "messageIn").stdoutLines == [
            "screen 'local/Message' had no transitioningDelegate: created delegate 'local/MessageTransitioningDelegate' and set it",
            "added route #29: present local/Inbox → local/Message on local/MessageTransitioningDelegate returns local/messageIn",
        ])
        #expect(try run("resolve", "--op", "present", "--from", "Inbox", "--to", "Message", "--explain").stdoutLines.last
            == "local/MessageTransitioningDelegate:#29:present local/Inbox → local/Message\tlocal/messageIn")
        let dismiss = try run("resolve", "--op", "dismiss", "--from", "Message", "--to", "Inbox", "--format", "json").jsonObject()
        #expect(dismiss["delegate"] as? String == "local/MessageTransitioningDelegate")
        #expect(isNull(dismiss["animator"]))
        #expect(dismiss["systemDefault"] as? String == "crossDissolve")
        _ = try run("release", "delegate", "MessageTransitioningDelegate")
        let released = try run("resolve", "--op", "present", "--from", "Inbox", "--to", "Message", "--format", "json").jsonObject()
        #expect(isNull(released["delegate"]))
        #expect(released["systemDefault"] as? String == "crossDissolve")
        // Everything went to ./transdb.sqlite, nothing to the per-user catalog.
        #expect(FileManager.default.fileExists(atPath: runner.file("transdb.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: runner.userCatalog))
    }

    @Test("add route without --delegate on a screen with none creates a delegate, sets it, and the route resolves")
    func routeCreatesDelegate() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        try cli.setUp([["add", "screen", "Inbox"], ["add", "screen", "Message"]])

        let added = try cli(["add", "route", "--op", "present", "--from", "Inbox", "--to", "Message", "--preset", "motion/zoom"])

        expectSuccess(added)
        #expect(added.stdoutLines == [
            "screen 'local/Message' had no transitioningDelegate: created delegate 'local/MessageTransitioningDelegate' and set it",
            "added route #29: present local/Inbox → local/Message on local/MessageTransitioningDelegate returns motion/zoom",
        ])
        let screens = try cli(["list", "screens", "--library", "local", "--format", "json"]).jsonArray()
        let message = try #require(screens.first { $0["name"] as? String == "Message" })
        #expect(message["delegate"] as? String == "local/MessageTransitioningDelegate")

        let resolved = try cli(["resolve", "--op", "present", "--from", "Inbox", "--to", "Message", "--format", "json"])
        expectSuccess(resolved)
        let answer = try resolved.jsonObject()
        #expect(answer["delegate"] as? String == "local/MessageTransitioningDelegate")
        #expect((answer["animator"] as? [String: Any])?["library"] as? String == "motion")
        #expect((answer["animator"] as? [String: Any])?["name"] as? String == "zoom")
        #expect((answer["mapping"] as? [String: Any])?["id"] as? Int == 29)
    }

    @Test("add --dry-run prints what it would add, refuses what add refuses, and writes nothing", arguments: [
        (["add", "library", "app"], "would add library app 1.0.0"),
        (["add", "curve", "crisp", "cubic-bezier(0.2, 0.9, 0.1, 1)"], "would add curve local/crisp = cubic-bezier(0.2, 0.9, 0.1, 1)"),
        (["add", "duration", "quick", "0.2"], "would add duration local/quick = 0.2 s"),
        (["add", "preset", "up", "--kind", "slide", "--direction", "up", "--duration", "0.3"],
         "would add preset local/up (slide up, 0.3 s, cubic-bezier(0.42, 0, 0.58, 1))"),
        (["add", "screen", "Inbox"], "would add screen local/Inbox"),
        (["add", "container", "Nav", "--kind", "navigation"], "would add navigation container local/Nav"),
        (["add", "delegate", "Router"], "would add delegate local/Router"),
    ])
    func dryRun(arguments: [String], line: String) throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let before = try cli.state()

        let result = try cli(arguments + ["--dry-run"])

        expectSuccess(result)
        #expect(result.stdoutLines == [line])
        #expect(try cli.state() == before)
    }

    @Test("add --dry-run and rename say when a bare name would name entries of several libraries, as add does")
    func sameNameNotes() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let dryRun = try cli(["add", "preset", "fade", "--kind", "fade", "--dry-run"])
        #expect(dryRun.exitCode == 0)
        #expect(dryRun.stderr == "note: a bare 'fade' would then name a preset in 3 libraries (local, material, motion); write 'local/fade' where a library is not implied\n")
        expectSuccess(try cli(["add", "preset", "messageIn", "--kind", "fade"]))
        let renamed = try cli(["rename", "preset", "messageIn", "zoom"])
        #expect(renamed.exitCode == 0)
        #expect(renamed.stdoutLines == ["renamed preset local/messageIn to local/zoom"])
        #expect(renamed.stderr == "note: a bare 'zoom' now names a preset in 2 libraries (local, motion); write 'local/zoom' where a library is not implied\n")
    }

    @Test("add route --dry-run says which delegate it would create, and a refused route is refused as without it")
    func routeDryRun() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        try cli.setUp([["add", "screen", "Inbox"], ["add", "screen", "Message"]])
        let before = try cli.state()

        let added = try cli(["add", "route", "--op", "present", "--from", "Inbox", "--to", "Message", "--preset", "motion/zoom", "--dry-run"])

        expectSuccess(added)
        #expect(added.stdoutLines == [
            "screen 'local/Message' had no transitioningDelegate: would create delegate 'local/MessageTransitioningDelegate' and set it",
            "would add route #29: present local/Inbox → local/Message on local/MessageTransitioningDelegate returns motion/zoom",
        ])
        #expect(try cli.state() == before)

        let refused = try cli(["add", "route", "--op", "present", "--from", "Inbox", "--to", "Message", "--preset", "motion/nosuch", "--dry-run"])
        let plain = try cli(["add", "route", "--op", "present", "--from", "Inbox", "--to", "Message", "--preset", "motion/nosuch"])
        #expect(refused.exitCode == plain.exitCode && refused.exitCode != 0)
        #expect(refused.stderr == plain.stderr)
        #expect(try cli.state() == before)
    }

    @Test("a created delegate's name does not collide with an existing one")
    func createdDelegateNameIsFree() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        try cli.setUp([["add", "delegate", "MessageTransitioningDelegate"], ["add", "screen", "Message"]])

        let added = try cli(["add", "route", "--op", "present", "--from", "*", "--to", "Message", "--preset", "motion/zoom"])

        expectSuccess(added)
        #expect(added.stdoutLines.first
            == "screen 'local/Message' had no transitioningDelegate: created delegate 'local/MessageTransitioningDelegate2' and set it")
    }

    @Test("a screen's name too long to make a delegate's of is shortened, and two such delegates differ")
    func createdDelegateNameFits() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let long = String(repeating: "S", count: 120)
        try cli.setUp([["add", "screen", long], ["add", "screen", long + "T"]])
        let kept = String(repeating: "S", count: 128 - "TransitioningDelegate".count - 4)
        for (screen, delegate) in [(long, kept + "TransitioningDelegate"), (long + "T", kept + "TransitioningDelegate2")] {
            let added = try cli(["add", "route", "--op", "present", "--from", "*", "--to", screen, "--preset", "motion/zoom"])
            expectSuccess(added)
            #expect(added.stdoutLines.first?.hasSuffix("created delegate 'local/\(delegate)' and set it") == true, "\(added.stdoutLines)")
        }
    }

    @Test("add route with a delegate the screen does not use adds a note that UIKit will not ask it")
    func unreachableDelegateNote() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        try cli.setUp([["add", "delegate", "Spare"]])

        let added = try cli([
            "add", "route", "--op", "present", "--from", "Feed", "--to", "Profile", "--preset", "motion/fade", "--delegate", "Spare",
        ])

        expectSuccess(added)
        #expect(added.stdoutLines == [
            "note: screen 'Profile' does not have 'Spare' as its transitioningDelegate, so UIKit will not ask it for this route",
            "added route #29: present demo/Feed → demo/Profile on local/Spare returns motion/fade",
        ])
        let resolved = try cli(["resolve", "--op", "present", "--from", "Feed", "--to", "Profile", "--format", "json"]).jsonObject()
        #expect(isNull(resolved["animator"]))
        #expect(resolved["systemDefault"] as? String == "coverVertical")
    }

    @Test("add route --nil stores an explicit nil that resolves to the system default")
    func explicitNil() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let added = try cli(["add", "route", "--op", "present", "--from", "Settings", "--to", "Detail", "--nil"])

        expectSuccess(added)
        #expect(added.stdoutLines == [
            "added to 'demo/DetailTransitions', the transitioningDelegate of screen 'demo/Detail'",
            "added route #29: present demo/Settings → demo/Detail on demo/DetailTransitions returns nil",
        ])
        let resolved = try cli(["resolve", "--op", "present", "--from", "Settings", "--to", "Detail", "--format", "json"]).jsonObject()
        #expect((resolved["mapping"] as? [String: Any])?["id"] as? Int == 29)
        #expect(isNull(resolved["animator"]))
        #expect(resolved["systemDefault"] as? String == "coverVertical")
    }

    @Test("add library and add preset with a curve expression and overrides")
    func libraryAndPresetOptions() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let library = try cli(["add", "library", "brand", "--version", "2.1.0", "--description", "Our brand's motion"])
        expectSuccess(library)
        #expect(library.stdout == "added library brand 2.1.0\n")

        let preset = try cli([
            "add", "preset", "pop", "--kind", "zoom", "--duration", "0.25", "--curve", "spring(duration: 0.3, bounce: 0.2)",
            "--set", "to.start.alpha=0", "--set", "on-top=from", "--library", "brand",
        ])
        expectSuccess(preset)
        #expect(preset.stdout == "added preset brand/pop (zoom, 0.25 s, spring(duration: 0.3, bounce: 0.2))\n")

        let shown = try cli(["show", "preset", "brand/pop", "--format", "json"]).jsonObject()
        #expect(shown["curveExpression"] as? String == "spring(duration: 0.3, bounce: 0.2)")
        let tracks = try #require(shown["tracks"] as? [String: Any])
        #expect(tracks["onTop"] as? String == "from")
        let toStart = ((tracks["to"] as? [String: Any])?["start"] as? [String: Any])
        #expect(toStart?["alpha"] as? Double == 0)

        let libraries = try cli(["list", "libraries", "--format", "json"]).jsonArray()
        let brand = try #require(libraries.first { $0["name"] as? String == "brand" })
        #expect(brand["version"] as? String == "2.1.0")
        #expect(brand["description"] as? String == "Our brand's motion")
        #expect(brand["presets"] as? Int == 1)
    }

    /// The model words each rule once: `add` and `import` of a bundle refuse the same case with the
    /// same words, `import` adding the file and the JSON path, a usage error adding the options.
    @Test("a catalog rule refuses alike through add and import: one line each, the model's words")
    func rulesAlike() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let before = try cli.state()
        let curl =
            "invalid modal style 'partialCurl': UIKit allows a partial curl only with presentation style fullScreen, not automatic "
            + "(it raises an exception otherwise)"
        let interaction =
            "invalid interaction 'zoom': UIKit asks for an interaction controller only when the delegate returned an animator; "
            + "give the route a preset too"
        let dismiss =
            "invalid dismiss route 'Detail → Feed': UIKit's animationController(forDismissed:) sees only the dismissed screen, "
            + "so a dismiss route's destination is '*'"
        let file = cli.runner.file("team.json")
        func importing(_ sections: String) throws -> TransDBRunner.Result {
            FileManager.default.createFile(atPath: file, contents: Data(#"{"transdb": 1, "library": {"name": "team"}, \#(sections)}"#.utf8))
            return try cli(["import", file])
        }
        let cases: [(result: TransDBRunner.Result, exitCode: Int32, line: String)] = [
            (try cli(["add", "screen", "Curl", "--modal-style", "partialCurl"]), 65, curl),
            (try importing(#""screens": [{"name": "Curl", "modalStyle": "partialCurl"}]"#), 65, "\(file): $.screens[0]: \(curl)"),
            (
                try cli(["add", "route", "--op", "present", "--from", "Feed", "--to", "Detail", "--nil", "--interaction", "zoom"]), 64,
                "--interaction with --nil: \(interaction) (see 'transdb add route --help')"
            ),
            (
                try importing(
                    #""presets": [{"name": "zoom", "kind": "zoom"}], "delegates": [{"name": "D"}], "screens": [{"name": "Feed"}, {"name": "Detail"}], "#
                        + #""routes": [{"delegate": "D", "op": "present", "from": "Feed", "to": "Detail", "preset": null, "interaction": "zoom"}]"#),
                65, "\(file): $.routes[0].interaction: \(interaction)"
            ),
            (try cli(["add", "route", "--op", "dismiss", "--from", "Detail", "--to", "Feed", "--preset", "motion/fade"]), 65, dismiss),
            (
                try importing(
                    #""delegates": [{"name": "D"}], "screens": [{"name": "Feed"}, {"name": "Detail"}], "#
                        + #""routes": [{"delegate": "D", "op": "dismiss", "from": "Detail", "to": "Feed", "preset": null}]"#),
                65, "\(file): $.routes[0].to: \(dismiss)"
            ),
        ]
        for (result, exitCode, line) in cases {
            #expect(result.exitCode == exitCode, "\(result)")
            #expect(result.stdout == "", "\(result)")
            #expect(result.stderr == "transdb: error: \(line)\n")
        }
        #expect(try cli.state() == before)
    }
}
