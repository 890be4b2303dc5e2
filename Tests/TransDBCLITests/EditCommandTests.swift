import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

/// `transdb set`, `rename` and `rm --dry-run`, and routes named by their key: changing a catalog
/// in place, end to end.
@Suite("transdb set, rename and rm --dry-run")
struct EditCommandTests {
    // MARK: set

    @Test("set preset changes only what is given; the routes using it keep their ids")
    func setPreset() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let routesBefore = try cli(["list", "routes", "--format", "json"]).stdout

        let result = try cli(["set", "preset", "motion/zoom", "--duration", "0.5", "--description", "bigger"])

        expectSuccess(result)
        #expect(
            result.stdout
                == "set preset motion/zoom\n  duration: 0.4 → 0.5\n  description: \"The new view grows from the origin rect (a tapped cell's frame); the spring, given by its physics, runs until it settles (about 0.71 s) [lint allow TD004: the zoom is not interactive and completes when its spring settles (about 0.71 s); only code that reads transitionDuration sees 0.4 s]\" → \"bigger\"\n"
        )
        let shown = try cli(["show", "preset", "motion/zoom", "--format", "json"]).jsonObject()
        #expect(shown["duration"] as? Double == 0.5)
        #expect(shown["curve"] as? String == "motion/gentleSpring")
        #expect(try cli(["list", "routes", "--format", "json"]).stdout == routesBefore)
        let answer = try cli(["resolve", "--op", "present", "--from", "Feed", "--to", "Detail", "--format", "json"]).jsonObject()
        #expect((answer["animator"] as? [String: Any])?["duration"] as? Double == 0.5)
    }

    @Test("set preset --kind expands the tracks again; --set changes one value of the kept tracks")
    func setPresetTracks() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        try cli.setUp([["add", "preset", "p", "--kind", "cover", "--direction", "up"]])

        let alpha = try cli(["set", "preset", "p", "--set", "to.start.alpha=0.5"])
        expectSuccess(alpha)
        #expect(alpha.stdout == "set preset local/p\n  tracks.to.start.alpha: 1 → 0.5\n")
        let kind = try cli(["set", "preset", "p", "--kind", "fade"])
        expectSuccess(kind)
        #expect(kind.stdoutLines.prefix(3) == ["set preset local/p", "  kind: \"cover\" → \"fade\"", "  direction: \"up\" → -"])
        let shown = try cli(["show", "preset", "p", "--format", "json"]).jsonObject()
        #expect(shown["kind"] as? String == "fade")
        let same = try cli(["set", "preset", "p", "--kind", "fade"])
        expectSuccess(same)
        #expect(same.stdout == "preset local/p is unchanged\n")
    }

    @Test("set preset on a mirror: its own fields keep the link; its derived ones are refused until --no-mirror; --mirror-of links again")
    func setMirror() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        // The description is the mirror's own: it stays a mirror.
        let described = try cli(["set", "preset", "motion/zoomOut", "--description", "shrinks back", "--format", "json"])
        expectSuccess(described)
        #expect(try cli(["show", "preset", "motion/zoomOut", "--format", "json"]).jsonObject()["mirrorOf"] as? String == "motion/zoom")
        // Its timing is the original's: refused, naming both ways out; nothing changes.
        let before = try cli.state()
        expectError(
            try cli(["set", "preset", "motion/zoomOut", "--duration", "0.5"]), exitCode: 65,
            mentioning: [
                "invalid preset 'motion/zoomOut': it is the mirror of 'motion/zoom', whose kind, timing, curve and tracks it plays swapped: change 'motion/zoom', or give --no-mirror to make it a preset of its own (--duration then apply)"
            ])
        #expect(try cli.state() == before)
        // --no-mirror: a preset of its own, then changed; --mirror-of links it again, its values derived.
        let own = try cli(["set", "preset", "motion/zoomOut", "--no-mirror", "--duration", "0.5"])
        expectSuccess(own)
        #expect(own.stdoutLines.contains("  mirrorOf: \"motion/zoom\" → -") && own.stdoutLines.contains("  duration: 0.4 → 0.5"))
        let linked = try cli(["set", "preset", "motion/zoomOut", "--mirror-of", "motion/zoom"])
        expectSuccess(linked)
        #expect(linked.stdoutLines.contains("  mirrorOf: - → \"motion/zoom\"") && linked.stdoutLines.contains("  duration: 0.5 → 0.4"))
        expectError(
            try cli(["set", "preset", "motion/zoomOut", "--mirror-of", "motion/zoom", "--curve", "linear"]), exitCode: 65,
            mentioning: ["--mirror-of takes the kind, timing, curve and tracks from the preset it mirrors; leave out --curve"])
        // A preset that is mirrored cannot become a mirror.
        expectError(
            try cli(["set", "preset", "motion/zoom", "--mirror-of", "motion/fade"]), exitCode: 65,
            mentioning: ["invalid mirror-of preset 'motion/fade': 'motion/zoom' is itself mirrored (by 'motion/zoomOut'), and a mirror cannot be mirrored"])
        expectError(try cli(["set", "preset", "motion/zoomOut", "--mirror-of", "motion/zoom", "--no-mirror"]), exitCode: 64, mentioning: ["not both"])
    }

    @Test("set preset --not-interactive is refused while routes use the preset as their interaction controller")
    func interactionKeepsItsSettings() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let before = try cli.state()
        expectError(
            try cli(["set", "preset", "motion/uncoverDown", "--not-interactive"]), exitCode: 65,
            mentioning: [
                "invalid interaction settings 'motion/uncoverDown': the preset has none, but route #4 dismiss demo/Detail → * uses it as its interaction controller; give the route another interaction preset, or none, first"
            ])
        #expect(try cli.state() == before)
        // Once the route no longer names it, the settings can go.
        expectSuccess(try cli(["set", "route", "4", "--no-interaction"]))
        let settled = try cli(["set", "preset", "motion/uncoverDown", "--not-interactive"])
        expectSuccess(settled)
        #expect(try cli(["show", "preset", "motion/uncoverDown", "--format", "json"]).jsonObject()["interaction"] is NSNull)
        // One import may move a route's interaction to another preset and take the settings off
        // the first: the rule holds for the catalog the import leaves, not midway.
        let bundle = { (interaction: String, pSettings: Bool) in
            #"{"transdb": 1, "library": {"name": "t", "version": "1.0.0"}, "presets": ["#
                + #"{"name": "P", "kind": "fade", "curve": "linear""# + (pSettings ? #", "interaction": {"completionSpeed": 1}"# : "") + "},"
                + #"{"name": "Q", "kind": "fade", "curve": "linear", "interaction": {"completionSpeed": 1}}], "delegates": [{"name": "D"}],"#
                + #""routes": [{"delegate": "D", "op": "dismiss", "from": "*", "to": "*", "preset": "P", "interaction": "\#(interaction)"}]}"#
        }
        try bundle("P", true).write(toFile: cli.runner.file("t1.json"), atomically: true, encoding: .utf8)
        try bundle("Q", false).write(toFile: cli.runner.file("t2.json"), atomically: true, encoding: .utf8)
        expectSuccess(try cli(["import", cli.runner.file("t1.json"), "-q"]))
        expectSuccess(try cli(["import", cli.runner.file("t2.json"), "--on-conflict", "replace", "-q"]))
        #expect((try cli(["show", "preset", "t/P", "--format", "json"]).jsonObject()["interaction"]) is NSNull)
    }

    @Test("set --dry-run prints the change and writes nothing")
    func setDryRun() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let before = try cli.state()

        let result = try cli(["set", "preset", "zoom", "--curve", "linear", "--dry-run"])

        expectSuccess(result)
        #expect(
            result.stdout == """
                would set preset motion/zoom
                  curve: \"motion/gentleSpring\" → \"linear\"
                  curveExpression: \"spring(duration: 0.5, bounce: 0.1)\" → \"linear\"

                """)
        #expect(try cli.state() == before)
    }

    @Test(
        "set refuses what add refuses, with the same message, and changes nothing",
        arguments: [
            (["set", "preset", "zoom", "--duration", "0"], 65, "invalid duration '0'"),
            (["set", "preset", "zoom", "--curve", "nope"], 66, "no curve named 'nope'"),
            (["set", "preset", "zoom", "--reverse", "zoom"], 65, "a preset cannot be its own reverse"),
            (["set", "preset", "zoom", "--set", "to.start.alpha=2"], 65, "alpha"),
            (["set", "preset", "ghost", "--duration", "1"], 66, "no preset named 'ghost'"),
            (["set", "screen", "Detail", "--modal-style", "partialCurl"], 65, "partial curl"),
            (["set", "screen", "Detail", "--delegate", "Ghost"], 66, "no delegate named 'Ghost'"),
            (["set", "curve", "motion/gentleSpring", "spring(duration: 0.5, bounce: 7)"], 65, "bounce"),
            (["set", "library", "demo", "--version", ""], 65, "version"),
            (["set", "route", "4", "--nil", "--interaction", "motion/coverDown"], 65, "interaction"),
            (["set", "route", "99", "--nil"], 66, "no route named '#99'"),
            (["set", "route", "--op", "present", "--from", "Inbox", "--to", "Detail", "--nil"], 66, "no screen named 'Inbox'"),
        ] as [([String], Int32, String)])
    func setRefused(_ arguments: [String], _ code: Int32, _ fragment: String) throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let before = try cli.state()

        expectError(try cli(arguments), exitCode: code, mentioning: [fragment])
        #expect(try cli.state() == before)
    }

    @Test("set for screens, containers, delegates, libraries and curves")
    func setOtherKinds() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let screen = try cli(["set", "screen", "Detail", "--no-delegate", "--modal-style", "crossDissolve"])
        expectSuccess(screen)
        #expect(
            screen.stdout
                == "set screen demo/Detail\n  delegate: \"demo/DetailTransitions\" → -\n  modalStyle: \"coverVertical\" → \"crossDissolve\"\n"
        )
        let answer = try cli(["resolve", "--op", "present", "--from", "Feed", "--to", "Detail", "--format", "json"]).jsonObject()
        #expect(answer["systemDefault"] as? String == "crossDissolve")

        let container = try cli(["set", "container", "MainNav", "--description", "root"])
        #expect(container.stdout == "set container demo/MainNav\n  description: \"\" → \"root\"\n")
        let delegate = try cli(["set", "delegate", "DetailTransitions", "--released"])
        #expect(delegate.stdout == "set delegate demo/DetailTransitions\n  released: false → true\n")
        let library = try cli(["set", "library", "demo", "--version", "1.1.0"])
        #expect(library.stdout == "set library demo\n  version: \"1.0.0\" → \"1.1.0\"\n")
        let curve = try cli(["set", "curve", "gentleSpring", "spring(duration: 0.5, bounce: 0.2)"])
        #expect(
            curve.stdout
                == "set curve motion/gentleSpring\n  expression: \"spring(duration: 0.5, bounce: 0.1)\" → \"spring(duration: 0.5, bounce: 0.2)\"\n"
                + "  now spring(duration: 0.5, bounce: 0.2): preset motion/zoom, preset motion/zoomOut\n"
        )
    }

    @Test("set route by id or by key changes what it returns and keeps its id")
    func setRoute() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let byID = try cli(["set", "route", "1", "--nil"])
        expectSuccess(byID)
        #expect(byID.stdout == "set route #1: present demo/Feed → demo/Detail on demo/DetailTransitions\n  preset: \"motion/zoom\" → -\n")
        let byKey = try cli([
            "set", "route", "--delegate", "DetailTransitions", "--op", "present", "--from", "Feed", "--to", "Detail", "--preset",
            "motion/fade",
        ])
        expectSuccess(byKey)
        #expect(byKey.stdout == "set route #1: present demo/Feed → demo/Detail on demo/DetailTransitions\n  preset: - → \"motion/fade\"\n")
        let shown = try cli(["show", "route", "--op", "present", "--from", "Feed", "--to", "Detail", "--format", "json"]).jsonObject()
        #expect(shown["id"] as? Int == 1)
        #expect(shown["preset"] as? String == "motion/fade")
    }

    // MARK: rename

    @Test("rename preset: routes and reverses follow")
    func renamePreset() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let result = try cli(["rename", "preset", "motion/zoom", "zoomIn"])

        expectSuccess(result)
        #expect(result.stdout == "renamed preset motion/zoom to motion/zoomIn\n  now refer to 'motion/zoomIn': preset motion/zoomOut, route #1\n")
        let route = try cli(["show", "route", "1", "--format", "json"]).jsonObject()
        #expect(route["preset"] as? String == "motion/zoomIn")
        expectError(try cli(["show", "preset", "motion/zoom"]), exitCode: 66, mentioning: ["no preset named 'motion/zoom'"])

        let reversed = try cli(["rename", "preset", "uikit/navigationPop", "pop"])
        expectSuccess(reversed)
        let push = try cli(["show", "preset", "uikit/navigationPush", "--format", "json"]).jsonObject()
        #expect(push["reverse"] as? String == "uikit/pop")
    }

    @Test("rename curve, delegate, screen and library: every reference follows")
    func renameOthers() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        // The routes that follow a rename: the first five, then how many more.
        #expect(
            try cli(["rename", "screen", "Feed", "Timeline", "--dry-run"]).stdoutLines == [
                "would rename screen demo/Feed to demo/Timeline",
                "  now refer to 'demo/Timeline': route #1, route #3, route #9, route #11, route #14 and 1 more",
            ])

        try cli.setUp([
            ["rename", "curve", "motion/gentleSpring", "soft"], ["rename", "delegate", "DetailTransitions", "DetailDelegate"],
            ["rename", "screen", "Feed", "Timeline"], ["rename", "library", "demo", "app"],
        ])

        let zoom = try cli(["show", "preset", "motion/zoom", "--format", "json"]).jsonObject()
        #expect(zoom["curve"] as? String == "motion/soft")
        let screen = try cli(["show", "screen", "app/Detail", "--format", "json"]).jsonObject()
        #expect(screen["delegate"] as? String == "app/DetailDelegate")
        let answer = try cli(["resolve", "--op", "present", "--from", "Timeline", "--to", "Detail", "--format", "json"]).jsonObject()
        #expect((answer["mapping"] as? [String: Any])?["id"] as? Int == 1)
        #expect(answer["delegate"] as? String == "app/DetailDelegate")
    }

    @Test(
        "rename refuses a taken or invalid name and changes nothing",
        arguments: [
            (["rename", "preset", "motion/zoom", "fade"], 65, "a preset named 'motion/fade' already exists"),
            (["rename", "screen", "Feed", "*"], 65, "'*' stands for any screen"),
            (["rename", "curve", "gentleSpring", "a(b"], 65, "parentheses"),
            (["rename", "preset", "motion/zoom", "uikit/zoom"], 65, "keeps an entry in its library 'motion'"),
            (["rename", "library", "demo", "motion"], 65, "a library named 'motion' already exists"),
            (["rename", "delegate", "Ghost", "G"], 66, "no delegate named 'Ghost'"),
        ] as [([String], Int32, String)])
    func renameRefused(_ arguments: [String], _ code: Int32, _ fragment: String) throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let before = try cli.state()

        expectError(try cli(arguments), exitCode: code, mentioning: [fragment])
        #expect(try cli.state() == before)
    }

    @Test("rename --dry-run changes nothing")
    func renameDryRun() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let before = try cli.state()
        let result = try cli(["rename", "library", "coreanimation", "ca", "--dry-run"])
        expectSuccess(result)
        #expect(result.stdout == "would rename library coreanimation to ca\n  its 5 entries are now in 'ca'\n")
        #expect(try cli.state() == before)
    }

    // MARK: rm

    @Test("rm library --dry-run lists every entry it would remove and removes nothing")
    func removeLibraryDryRun() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let before = try cli.state()

        let result = try cli(["rm", "library", "coreanimation", "--dry-run"])

        expectSuccess(result)
        #expect(
            result.stdout == """
                would remove library coreanimation
                  would remove curve coreanimation/default
                  would remove curve coreanimation/easeIn
                  would remove curve coreanimation/easeInEaseOut
                  would remove curve coreanimation/easeOut
                  would remove curve coreanimation/linear

                """)
        #expect(try cli.state() == before)
        let real = try cli(["rm", "library", "coreanimation"])
        #expect(real.stdout == result.stdout.replacingOccurrences(of: "would remove", with: "removed"))
    }

    @Test("rm route by its key; an unknown key exits 66")
    func removeRouteByKey() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let result = try cli(["rm", "route", "--op", "present", "--from", "Feed", "--to", "Detail"])
        expectSuccess(result)
        #expect(result.stdout == "removed route #1: present demo/Feed → demo/Detail on demo/DetailTransitions\n")
        expectError(
            try cli(["rm", "route", "--op", "present", "--from", "Feed", "--to", "Detail"]), exitCode: 66,
            mentioning: ["no route present Feed → Detail (see `transdb list routes`)"])
        expectError(try cli(["rm", "route"]), exitCode: 64, mentioning: ["name the route by its id, or by its key"])
        expectError(try cli(["rm", "route", "1", "--op", "push"]), exitCode: 64, mentioning: ["not both"])
    }

    @Test("route ids are never reused: after the last routes are removed, the next route gets a new id")
    func idsNeverReused() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        try cli.setUp([
            ["add", "screen", "A"], ["add", "screen", "B"], ["add", "route", "--op", "present", "--from", "A", "--to", "B", "--nil"],
            ["add", "route", "--op", "present", "--from", "B", "--to", "B", "--nil", "--delegate", "BTransitioningDelegate"],
        ])
        #expect(try cli(["list", "routes", "--format", "json"]).jsonArray().compactMap { $0["id"] as? Int }.max() == 30)
        let removed = try cli(["rm", "delegate", "BTransitioningDelegate"])
        expectSuccess(removed)
        #expect(
            removed.stdout == """
                removed delegate local/BTransitioningDelegate
                  removed route #29: present local/A → local/B on local/BTransitioningDelegate
                  removed route #30: present local/B → local/B on local/BTransitioningDelegate
                  screen local/B no longer has a delegate

                """)

        let added = try cli(["add", "route", "--op", "present", "--from", "A", "--to", "B", "--nil"])
        expectSuccess(added)
        #expect(added.stdoutLines.last == "added route #31: present local/A → local/B on local/BTransitioningDelegate returns nil")
    }

    // MARK: show and list

    @Test("show screen, container, delegate, library and a curve expression")
    func showKinds() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let screen = try cli(["show", "screen", "Photo", "--format", "json"]).jsonObject()
        #expect(screen["delegate"] as? String == "demo/DetailTransitions")
        #expect(
            screen["routes"] as? [String] == [
                "#3 present demo/Feed → demo/Photo on demo/DetailTransitions returns samples/popAnimator",
                "#16 dismiss demo/Photo → * on demo/DetailTransitions returns samples/popAnimatorDismiss",
            ])
        let delegate = try cli(["show", "delegate", "DetailTransitions", "--format", "json"]).jsonObject()
        #expect(delegate["setOn"] as? [String] == ["screen demo/Detail", "screen demo/Photo"])
        #expect((delegate["routes"] as? [String])?.count == 5)
        let container = try cli(["show", "container", "MainNav"])
        expectSuccess(container)
        #expect(container.stdoutLines.contains("delegate     demo/MainNavDelegate"))
        let library = try cli(["show", "library", "coreanimation", "--format", "json"]).jsonObject()
        #expect(library["curves"] as? Int == 5)
        let curve = try cli(["show", "curve", "spring(duration: 0.5, bounce: 0.1)", "--format", "json"]).jsonObject()
        #expect(curve["dampingRatio"] as? Double == 0.9)
        #expect(curve["sameAs"] as? [String] == ["motion/gentleSpring"])
        // Another spelling of the same spring finds it too; a different spring finds nothing.
        let respelled = try cli(["show", "curve", "spring(response: 0.5, dampingFraction: 0.7)", "--format", "json"]).jsonObject()
        #expect(respelled["sameAs"] as? [String] == ["swiftui/bouncy"])
        let other = try cli(["show", "curve", "spring(response: 0.5, dampingFraction: 0.71)", "--format", "json"]).jsonObject()
        #expect(other["sameAs"] as? [String] == [])
        // Each equivalent `show curve` prints, its numbers rounded, is the same spring; so is one
        // with twice the mass and twice the forces.
        let bouncy = try cli(["show", "curve", "swiftui/bouncy", "--format", "json"]).jsonObject()
        let equivalents = try #require(bouncy["equivalents"] as? [String])
        #expect(equivalents.count == 5)
        for spelling in equivalents {
            let found = try cli(["show", "curve", spelling, "--format", "json"]).jsonObject()
            #expect(found["sameAs"] as? [String] == ["swiftui/bouncy"], "\(spelling)")
        }
        let heavier = try cli(["show", "curve", "spring(mass: 2, stiffness: 315.82734083485946, damping: 35.18583772020568, velocity: 0)", "--format", "json"])
        #expect(try heavier.jsonObject()["sameAs"] as? [String] == ["swiftui/bouncy"])
        // The identity has many spellings: `linear`, a Bézier on the diagonal, a `linear(…)` on it.
        for identity in ["linear", "cubic-bezier(0.3, 0.3, 0.6, 0.6)", "linear(0, 0.5, 1)"] {
            let found = try cli(["show", "curve", identity, "--format", "json"]).jsonObject()
            #expect(found["sameAs"] as? [String] == ["coreanimation/linear", "uikit/linear"], "\(identity)")
        }
        // A named curve lists the others that are the same curve, itself left out.
        let named = try cli(["show", "curve", "uikit/linear", "--format", "json"]).jsonObject()
        #expect(named["sameAs"] as? [String] == ["coreanimation/linear"])
        let nearly = try cli(["show", "curve", "cubic-bezier(0.3, 0.3, 0.6, 0.61)", "--format", "json"]).jsonObject()
        #expect(nearly["sameAs"] as? [String] == [])
        expectError(try cli(["show", "curve", "spring(duration: 0.5"]), exitCode: 65, mentioning: ["spring(duration: 0.5"])
        expectError(try cli(["show", "library", "dem"]), exitCode: 66, mentioning: ["no library named 'dem' (did you mean 'demo'?)"])
    }

    @Test("show lists the first 20 items of a long list in the table, and every item in JSON")
    func showLongList() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let screens = (0..<25).map { #"{"name": "S\#($0)"}"# }.joined(separator: ", ")
        let routes = (0..<25).map { #"{"delegate": "D", "op": "present", "from": "Hub", "to": "S\#($0)", "preset": "motion/fade"}"# }
        let bundle = #"{"transdb": 1, "library": {"name": "hub", "version": "1.0.0"}, "delegates": [{"name": "D"}], "screens": [{"name": "Hub"}, "#
            + screens + #"], "routes": ["# + routes.joined(separator: ", ") + "]}"
        let file = cli.runner.file("hub.json")
        try bundle.write(toFile: file, atomically: true, encoding: .utf8)
        expectSuccess(try cli(["import", file]))
        let table = try cli(["show", "screen", "hub/Hub"])
        let line = try #require(table.stdoutLines.first { $0.hasPrefix("routes") })
        #expect(line.hasSuffix(" and 5 more (--format json lists them all)"), "\(line)")
        #expect(line.components(separatedBy: " returns motion/fade").count - 1 == 20)
        #expect((try cli(["show", "screen", "hub/Hub", "--format", "json"]).jsonObject()["routes"] as? [String])?.count == 25)
        // A delegate's table reads only the routes it shows, and counts the rest.
        let delegate = try #require(try cli(["show", "delegate", "hub/D"]).stdoutLines.first { $0.hasPrefix("routes") })
        #expect(delegate.hasSuffix(" and 5 more (--format json lists them all)") && delegate.hasPrefix("routes       #"), "\(delegate)")
        #expect((try cli(["show", "delegate", "hub/D", "--format", "json"]).jsonObject()["routes"] as? [String])?.count == 25)
    }

    @Test("list filters: routes by preset, presets by curve, screens by delegate")
    func listFilters() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let routes = try cli(["list", "routes", "--preset", "motion/zoom", "--format", "json"]).jsonArray()
        #expect(routes.compactMap { $0["id"] as? Int } == [1])
        let presets = try cli(["list", "presets", "--curve", "gentleSpring", "--format", "json"]).jsonArray()
        // motion/zoomOut mirrors motion/zoom, and so plays its curve.
        #expect(qualifiedNames(presets) == ["motion/zoom", "motion/zoomOut"])
        let screens = try cli(["list", "screens", "--delegate", "DetailTransitions", "--format", "json"]).jsonArray()
        #expect(qualifiedNames(screens) == ["demo/Detail", "demo/Photo"])
        expectError(try cli(["list", "curves", "--preset", "zoom"]), exitCode: 64, mentioning: ["--preset filter routes"])
        expectError(try cli(["list", "screens", "--delegate", "Ghost"]), exitCode: 66, mentioning: ["no delegate named 'Ghost'"])
    }

    // MARK: diff and import

    @Test("diff OTHER compares the catalog with a file; --exit-code exits 1 on differences; --library narrows to the file's libraries")
    func diffAgainstCatalog() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let bundle = cli.runner.file("demo.json")
        try cli.setUp([["export", "--library", "demo", "-o", bundle]])

        let same = try cli(["diff", bundle, "--exit-code"])
        expectSuccess(same)
        #expect(same.stdout == "no differences\n")
        try cli.setUp([["set", "route", "2", "--nil"]])
        let changed = try cli(["diff", bundle, "--exit-code"])
        #expect(changed.exitCode == 1)
        #expect(changed.stdout == "changed 1 route\n~ route demo/DetailTransitions: present * → Detail  preset  - → motion/coverUp\n")
        // The file stands for library demo alone: narrowing to another compares nothing, an error.
        let other = try cli(["diff", bundle, "--library", "motion", "--exit-code"])
        expectError(other, exitCode: 66, mentioning: ["the library 'motion' is not in '\(bundle)', which holds 'demo'"])
        #expect(try cli(["diff", bundle, "--library", "demo", "--exit-code"]).exitCode == 1)
        #expect(try cli(["diff", bundle]).exitCode == 0)
        expectError(try cli(["diff", bundle, "--library", "nope"]), exitCode: 66, mentioning: ["no library named 'nope'"])
    }

    @Test("import - reads standard input; errors name it")
    func importStandardInput() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let bundle = #"{"transdb": 1, "library": {"name": "piped"}, "curves": [{"name": "c", "expression": "linear"}]}"#

        let result = try cli.runner.run(["import", "-", "--db", cli.db], stdin: bundle)
        expectSuccess(result)
        let curves = try cli(["list", "curves", "--library", "piped", "--format", "json"]).jsonArray()
        #expect(qualifiedNames(curves) == ["piped/c"])

        let before = try cli.state()
        let bad = try cli.runner.run(["import", "-", "--db", cli.db], stdin: "{")
        expectError(bad, exitCode: 65, mentioning: ["standard input: $:"])
        #expect(try cli.state() == before)
    }
}

extension EditCommandTests {
    @Test("a library's tokens schema: from a DTCG file's $schema, shown, changed, removed, and written back as $schema")
    func tokensSchema() throws {
        let cli = try CLIFixture.initialized(empty: true)
        defer { cli.remove() }
        let schema = "https://www.designtokens.org/schemas/2025.10/format.json"
        let file = cli.runner.file("ds.tokens.json")
        try #"{"$schema": "\#(schema)", "ease": {"$type": "cubicBezier", "$value": [0.4, 0, 0.2, 1]}}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        expectSuccess(try cli(["import", "--format", "dtcg", file, "--library", "ds"]))
        #expect(try cli(["show", "library", "ds", "--format", "json"]).jsonObject()["tokensSchema"] as? String == schema)
        let exported = try cli(["export", "--format", "dtcg"])
        expectSuccess(exported)
        #expect(exported.stdout.hasPrefix("{\n  \"$schema\": \"\(schema)\",\n  \"ds\": {"))

        let set = try cli(["set", "library", "ds", "--tokens-schema", "https://example.com/next.json"])
        #expect(set.stdout == "set library ds\n  tokensSchema: \"\(schema)\" → \"https://example.com/next.json\"\n")
        let removed = try cli(["set", "library", "ds", "--no-tokens-schema"])
        #expect(removed.stdout == "set library ds\n  tokensSchema: \"https://example.com/next.json\" → -\n")
        #expect(!(try cli(["export", "--format", "dtcg"]).stdout.contains("$schema")))

        let before = try cli(["export"]).stdout
        expectError(
            try cli(["set", "library", "ds", "--tokens-schema", "next.json"]), exitCode: 65,
            mentioning: ["invalid tokens schema 'next.json'", "absolute URI"])
        expectError(try cli(["add", "library", "x", "--tokens-schema", "a b:c"]), exitCode: 65, mentioning: ["invalid tokens schema 'a b:c'"])
        #expect(try cli(["export"]).stdout == before)
    }
}
