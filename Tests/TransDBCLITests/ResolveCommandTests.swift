import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

@Suite("transdb resolve")
struct ResolveCommandTests {
    /// The keys of `resolve --format json`, in their documented order.
    static let answerKeys = [
        "operation", "from", "to", "container", "delegate", "mapping", "animator", "interaction", "systemDefault", "unknown",
        "explanation",
    ]

    /// One path through the resolver over the seeded `demo` library, and what it must answer.
    struct DemoCase: Sendable, CustomTestStringConvertible {
        var title: String
        var arguments: [String]
        var container: String? = nil
        var delegate: String?
        var mapping: Int? = nil
        /// `library/name` of the animator, `nil` for none.
        var animator: String? = nil
        var interaction: String? = nil
        var systemDefault: String? = nil
        var unknown: [String] = []
        /// A step the explanation must contain.
        var step: String

        var testDescription: String { title }
    }

    static let demoCases: [DemoCase] = [
        DemoCase(
            title: "present Feed→Detail: the exact mapping wins over the wildcard",
            arguments: ["--op", "present", "--from", "Feed", "--to", "Detail"],
            delegate: "demo/DetailTransitions", mapping: 1, animator: "motion/zoom",
            step: "mapping #1 present demo/Feed → demo/Detail matches (exact); it is more specific than #2 present * → demo/Detail"),
        DemoCase(
            title: "present Settings→Detail: the wildcard mapping",
            arguments: ["--op", "present", "--from", "Settings", "--to", "Detail"],
            delegate: "demo/DetailTransitions", mapping: 2, animator: "motion/coverUp",
            step: "mapping #2 present * → demo/Detail matches (one side a wildcard)"),
        DemoCase(
            title: "present Feed→Help: an explicit nil plays the screen's modal style",
            arguments: ["--op", "present", "--from", "Feed", "--to", "Help"],
            delegate: "demo/ModalTransitions", mapping: 6, systemDefault: "crossDissolve",
            step: "mapping #6 returns nil explicitly"),
        DemoCase(
            title: "present Feed→Compose: the delegate does not implement the present method",
            arguments: ["--op", "present", "--from", "Feed", "--to", "Compose"],
            delegate: "demo/ComposeTransitions", systemDefault: "coverVertical",
            step:
                "'demo/ComposeTransitions' does not implement animationController(forPresented:presenting:source:) (it has no present mappings)"
        ),
        DemoCase(
            title: "present Feed→Login: a released delegate is no delegate",
            arguments: ["--op", "present", "--from", "Feed", "--to", "Login"],
            delegate: nil, systemDefault: "flipHorizontal",
            step:
                "the transitioningDelegate of screen 'demo/Login', 'demo/LegacyTransitions', has been released: the weak reference is nil, as if there were no delegate"
        ),
        DemoCase(
            title: "present Feed→Profile: no delegate",
            arguments: ["--op", "present", "--from", "Feed", "--to", "Profile"],
            delegate: nil, systemDefault: "coverVertical",
            step: "screen 'demo/Profile' has no transitioningDelegate"),
        DemoCase(
            title: "present Feed→Photo: a custom presentation style is noted",
            arguments: ["--op", "present", "--from", "Feed", "--to", "Photo"],
            delegate: "demo/DetailTransitions", mapping: 3, animator: "samples/popAnimator",
            step:
                "'Photo' has modalPresentationStyle custom: its delegate's presentationController(forPresented:presenting:source:) supplies the presentation controller"
        ),
        DemoCase(
            title: "dismiss Detail→Feed: animator and interaction",
            arguments: ["--op", "dismiss", "--from", "Detail", "--to", "Feed"],
            delegate: "demo/DetailTransitions", mapping: 4, animator: "motion/uncoverDown", interaction: "motion/uncoverDown",
            step: "it returns the interaction controller 'motion/uncoverDown': the transition is interactive (percent-driven)"),
        DemoCase(
            title: "dismiss Compose→Feed: the dismiss method is implemented",
            arguments: ["--op", "dismiss", "--from", "Compose", "--to", "Feed"],
            delegate: "demo/ComposeTransitions", mapping: 7, animator: "motion/uncoverDown",
            step: "the animator plays forward as the dismiss: 'from' is the controller going away, 'to' the one appearing"),
        DemoCase(
            title: "push Feed→Detail on MainNav",
            arguments: ["--op", "push", "--from", "Feed", "--to", "Detail", "--container", "MainNav"],
            container: "demo/MainNav", delegate: "demo/MainNavDelegate", mapping: 9, animator: "motion/pushLeft",
            step: "push: UIKit asks the navigation controller 'demo/MainNav' for its delegate"),
        DemoCase(
            title: "pop Detail→Feed on MainNav: interactive",
            arguments: ["--op", "pop", "--from", "Detail", "--to", "Feed", "--container", "MainNav"],
            container: "demo/MainNav", delegate: "demo/MainNavDelegate", mapping: 11, animator: "motion/pullRight",
            interaction: "motion/pullRight",
            step: "it returns the interaction controller 'motion/pullRight': the transition is interactive (percent-driven)"),
        DemoCase(
            title: "pop Profile→Detail on MainNav: a custom pop with UIKit's pop as interaction controller",
            arguments: ["--op", "pop", "--from", "Profile", "--to", "Detail", "--container", "MainNav"],
            container: "demo/MainNav", delegate: "demo/MainNavDelegate", mapping: 12, animator: "motion/pageOut",
            interaction: "uikit/navigationPop",
            step: "it returns the interaction controller 'uikit/navigationPop': the transition is interactive (percent-driven)"),
        DemoCase(
            title: "pop Settings→Feed on MainNav: an explicit nil plays the system pop",
            arguments: ["--op", "pop", "--from", "Settings", "--to", "Feed", "--container", "MainNav"],
            container: "demo/MainNav", delegate: "demo/MainNavDelegate", mapping: 13, systemDefault: "navigationPop",
            step: "mapping #13 returns nil explicitly"),
        DemoCase(
            title: "push on SettingsNav: no delegate, the system push",
            arguments: ["--op", "push", "--from", "Feed", "--to", "Detail", "--container", "SettingsNav"],
            container: "demo/SettingsNav", delegate: nil, systemDefault: "navigationPush",
            step: "container 'demo/SettingsNav' has no delegate"),
        DemoCase(
            title: "tab Feed→Profile on MainTabs",
            arguments: ["--op", "tab", "--from", "Feed", "--to", "Profile", "--container", "MainTabs"],
            container: "demo/MainTabs", delegate: "demo/MainTabsDelegate", mapping: 14, animator: "motion/fade",
            step: "mapping #14 tab demo/Feed → demo/Profile matches (exact)"),
        DemoCase(
            title: "tab Profile→Detail on MainTabs: no mapping, no animation",
            arguments: ["--op", "tab", "--from", "Profile", "--to", "Detail", "--container", "MainTabs"],
            container: "demo/MainTabs", delegate: "demo/MainTabsDelegate", systemDefault: "none",
            step: "no tab mapping of 'demo/MainTabsDelegate' matches Profile → Detail: the method returns nil"),
        DemoCase(
            title: "present Feed→Ghost: an unknown screen is a controller without a delegate",
            arguments: ["--op", "present", "--from", "Feed", "--to", "Ghost"],
            delegate: nil, systemDefault: "coverVertical", unknown: ["Ghost"],
            step: "'Ghost' is not in the catalog: it is treated as a controller with no transitioningDelegate and UIKit's default styles"),
        DemoCase(
            title: "present Ghost→Detail: an unknown screen matches only wildcards",
            arguments: ["--op", "present", "--from", "Ghost", "--to", "Detail"],
            delegate: "demo/DetailTransitions", mapping: 2, animator: "motion/coverUp", unknown: ["Ghost"],
            step: "mapping #2 present * → demo/Detail matches (one side a wildcard)"),
        DemoCase(
            title: "push on an unknown container: a navigation controller without a delegate",
            arguments: ["--op", "push", "--from", "Feed", "--to", "Detail", "--container", "GhostNav"],
            delegate: nil, systemDefault: "navigationPush", unknown: ["GhostNav"],
            step: "push: the container 'GhostNav' is not in the catalog: it is treated as a navigation controller with no delegate"),
    ]

    /// The `articles` library (which plays the `samples` presets) against each seed article's delegate code: who is asked,
    /// what it returns, and where the article returns nothing (its absent methods).
    static let samplesCases: [DemoCase] = [
        DemoCase(
            title: "seed 000: ViewController presents SecondViewController with HSLeftPresentAnimation (isPresent = YES), not interactively",
            arguments: ["--op", "present", "--from", "articles/HSViewController", "--to", "articles/HSSecondViewController"],
            delegate: "articles/HSTransitions", mapping: 18, animator: "samples/hsLeftPresent",
            step: "it returns nil: the transition is not interactive"),
        DemoCase(
            title: "seed 000: SecondViewController's dismiss (isPresent = NO), with its percent-driven interaction",
            arguments: ["--op", "dismiss", "--from", "articles/HSSecondViewController", "--to", "articles/HSViewController"],
            delegate: "articles/HSTransitions", mapping: 19, animator: "samples/hsLeftDismiss", interaction: "samples/hsLeftDismiss",
            step: "UIKit calls 'articles/HSTransitions'.interactionControllerForDismissal(using:) with that animator"),
        DemoCase(
            title: "seed 000: ViewController itself has no transitioningDelegate",
            arguments: ["--op", "present", "--from", "articles/HSSecondViewController", "--to", "articles/HSViewController"],
            delegate: nil, systemDefault: "coverVertical", step: "screen 'articles/HSViewController' has no transitioningDelegate"),
        DemoCase(
            title: "seed 001: SZAnimator, the presented controller's transitioningDelegate, returns itself, presenting",
            arguments: ["--op", "present", "--from", "articles/SZSourceViewController", "--to", "articles/SZPresentedViewController"],
            delegate: "articles/SZAnimator", mapping: 20, animator: "samples/szPresent",
            step: "UIKit calls 'articles/SZAnimator'.animationController(forPresented:presenting:source:)"),
        DemoCase(
            title: "seed 001: and dismissing",
            arguments: ["--op", "dismiss", "--from", "articles/SZPresentedViewController", "--to", "articles/SZSourceViewController"],
            delegate: "articles/SZAnimator", mapping: 21, animator: "samples/szDismiss",
            step: "UIKit calls 'articles/SZAnimator'.animationController(forDismissed:)"),
        DemoCase(
            title: "seed 002: the presenting controller returns its presentAnimation",
            arguments: ["--op", "present", "--from", "articles/CustomTransitionViewController", "--to", "articles/AnoViewController"],
            delegate: "articles/CustomTransitionViewController", mapping: 22, animator: "samples/customTransition",
            step: "mapping #22 present * → * matches (both sides wildcards)"),
        DemoCase(
            title: "seed 002: the article shows no dismiss method, so UIKit plays its default",
            arguments: [
                "--op", "dismiss", "--from", "articles/AnoViewController", "--to", "articles/CustomTransitionViewController",
            ],
            delegate: "articles/CustomTransitionViewController", systemDefault: "coverVertical",
            step: "'articles/CustomTransitionViewController' does not implement animationController(forDismissed:) (it has no dismiss mappings)"),
        DemoCase(
            title: "seed 003: ViewController's one PopAnimator, presenting = true",
            arguments: ["--op", "present", "--from", "articles/PopViewController", "--to", "articles/PopDetailViewController"],
            delegate: "articles/PopViewController", mapping: 23, animator: "samples/popAnimator",
            step: "it returns the animator 'samples/popAnimator' (zoom, 1 s, spring(duration: 1, dampingRatio: 0.4, velocity: 0))"),
        DemoCase(
            title: "seed 003: and presenting = false",
            arguments: ["--op", "dismiss", "--from", "articles/PopDetailViewController", "--to", "articles/PopViewController"],
            delegate: "articles/PopViewController", mapping: 24, animator: "samples/popAnimatorDismiss",
            step: "mapping #24 dismiss * → * matches (both sides wildcards)"),
        DemoCase(
            title: "seed 004: the 'showlogin' segue's destination, presented with CustomAnimatedTransitioning",
            arguments: ["--op", "present", "--from", "articles/MainViewController", "--to", "articles/LoginViewController"],
            delegate: "articles/MainViewController", mapping: 25, animator: "samples/customAnimatedTransitioning",
            step: "transitioningDelegate is 'articles/MainViewController'"),
        DemoCase(
            title: "seed 004: a push in MainViewController's navigation controller, which it is the delegate of",
            arguments: [
                "--op", "push", "--from", "articles/MainViewController", "--to", "articles/LoginViewController", "--container",
                "articles/MainNavigationController",
            ],
            container: "articles/MainNavigationController", delegate: "articles/MainViewController", mapping: 26,
            animator: "samples/customAnimatedTransitioning",
            step: "UIKit calls 'articles/MainViewController'.navigationController(_:animationControllerFor:from:to:)"),
        DemoCase(
            title: "seed 004: its dismiss returns DismissAnimatedTransitioning, which the article never shows: an inferred stand-in, never UIKit's default",
            arguments: ["--op", "dismiss", "--from", "articles/LoginViewController", "--to", "articles/MainViewController"],
            delegate: "articles/MainViewController", mapping: 27, animator: "articles/dismissAnimatedTransitioning",
            step: "UIKit calls 'articles/MainViewController'.animationController(forDismissed:)"),
        DemoCase(
            title: "seed 004: and so does its pop, with no interaction controller",
            arguments: [
                "--op", "pop", "--from", "articles/LoginViewController", "--to", "articles/MainViewController", "--container",
                "articles/MainNavigationController",
            ],
            container: "articles/MainNavigationController", delegate: "articles/MainViewController", mapping: 28,
            animator: "articles/dismissAnimatedTransitioning", step: "mapping #28 pop * → * matches (both sides wildcards)"),
    ]

    @Test("the demo library's paths, as JSON", arguments: demoCases)
    func demoPath(_ expected: DemoCase) throws {
        try check(expected)
    }

    @Test("the articles library answers as each seed article's delegate code does", arguments: samplesCases)
    func samplesPath(_ expected: DemoCase) throws {
        try check(expected)
    }

    private func check(_ expected: DemoCase) throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let result = try cli(["resolve"] + expected.arguments + ["--format", "json"])

        expectSuccess(result)
        #expect(topLevelKeys(ofPrettyJSON: result.stdout) == Self.answerKeys)
        let answer = try result.jsonObject()
        func qualified(_ value: Any?) -> String? {
            guard let object = value as? [String: Any] else { return nil }
            return "\(object["library"] as? String ?? "?")/\(object["name"] as? String ?? "?")"
        }
        #expect(answer["container"] as? String == expected.container)
        #expect(isNull(answer["container"]) == (expected.container == nil))
        #expect(answer["delegate"] as? String == expected.delegate)
        #expect(isNull(answer["delegate"]) == (expected.delegate == nil))
        #expect((answer["mapping"] as? [String: Any])?["id"] as? Int == expected.mapping)
        #expect(isNull(answer["mapping"]) == (expected.mapping == nil))
        #expect(qualified(answer["animator"]) == expected.animator)
        #expect(isNull(answer["animator"]) == (expected.animator == nil))
        #expect(qualified(answer["interaction"]) == expected.interaction)
        #expect(isNull(answer["interaction"]) == (expected.interaction == nil))
        #expect(answer["systemDefault"] as? String == expected.systemDefault)
        #expect(isNull(answer["systemDefault"]) == (expected.systemDefault == nil))
        #expect(answer["unknown"] as? [String] == expected.unknown)
        let explanation = try #require(answer["explanation"] as? [String])
        #expect(explanation.contains(expected.step), "\(explanation)")
        if expected.animator == nil {
            #expect(explanation.last?.hasPrefix("animator is nil: UIKit plays the system default \(expected.systemDefault ?? "?")") == true)
        }
    }

    @Test("the table answer for people")
    func table() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let animator = try cli(["resolve", "--op", "pop", "--from", "Detail", "--to", "Feed", "--container", "MainNav"])
        expectSuccess(animator)
        #expect(animator.stdout == """
            route        pop Detail → Feed
            container    demo/MainNav
            delegate     demo/MainNavDelegate
            mapping      #11 pop demo/Detail → demo/Feed
            animator     motion/pullRight (pull, 0.35 s, motion/standard)
            interaction  motion/pullRight

            """)

        let unknown = try cli(["resolve", "--op", "present", "--from", "Feed", "--to", "Ghost"])
        expectSuccess(unknown)
        #expect(
            unknown.stdout == """
                route           present Feed → Ghost
                delegate        nil
                mapping         -
                animator        nil → system default coverVertical
                not in catalog  Ghost

                """)
    }

    @Test("--explain numbers the steps and ends with DELEGATE:#ID:ROUTE<TAB>ANSWER")
    func explain() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let route = ["resolve", "--op", "present", "--from", "Feed", "--to", "Detail"]

        let result = try cli(route + ["--explain"])
        let steps = try cli(route + ["--format", "json"]).jsonObject()["explanation"] as? [String]

        expectSuccess(result)
        let lines = result.stdoutLines
        #expect(lines.last == "demo/DetailTransitions:#1:present demo/Feed → demo/Detail\tmotion/zoom")
        #expect(lines.dropLast().last == "", "a blank line before the summary line")
        // The summary table, a blank line, the numbered steps, a blank line, the summary line.
        let numbered = lines.filter { $0.range(of: #"^ *[0-9]+\. "#, options: .regularExpression) != nil }
        #expect(numbered.count == 7)
        for (index, line) in numbered.enumerated() {
            let number = String(index + 1)
            let prefix = String(repeating: " ", count: 3 - number.count) + number + ". "
            #expect(line.hasPrefix(prefix), "\(line)")
            #expect(String(line.dropFirst(prefix.count)) == steps?[index])
        }
        #expect(
            numbered.first == "  1. present: UIKit asks the presented screen 'Detail' for its transitioningDelegate (presenting: 'Feed')")
        #expect(numbered.last == "  7. it returns nil: the transition is not interactive")
        #expect(
            lines.prefix(5) == [
                "route        present Feed → Detail",
                "delegate     demo/DetailTransitions",
                "mapping      #1 present demo/Feed → demo/Detail",
                "animator     motion/zoom (zoom, 0.4 s, motion/gentleSpring)",
                "interaction  nil",
            ])
    }

    @Test(
        "--explain's summary line for a nil answer: empty fields where there was none",
        arguments: [
            (["--op", "present", "--from", "Feed", "--to", "Help"], "demo/ModalTransitions:#6:present * → demo/Help\tnil (crossDissolve)"),
            (["--op", "present", "--from", "Feed", "--to", "Profile"], "::\tnil (coverVertical)"),
            (["--op", "present", "--from", "Feed", "--to", "Compose"], "demo/ComposeTransitions::\tnil (coverVertical)"),
            (["--op", "tab", "--from", "Profile", "--to", "Detail", "--container", "MainTabs"], "demo/MainTabsDelegate::\tnil (none)"),
        ])
    func explainNil(arguments: [String], summary: String) throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let result = try cli(["resolve"] + arguments + ["--explain"])

        expectSuccess(result)
        #expect(result.stdoutLines.last == summary)
    }

    @Test("--format ndjson is one line and csv a header row and one row")
    func scriptFormats() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let route = ["resolve", "--op", "dismiss", "--from", "Detail", "--to", "Feed"]

        let json = try cli(route + ["--format", "json"])
        let ndjson = try cli(route + ["--format", "ndjson"])
        let csv = try cli(route + ["--format", "csv"])

        expectSuccess(ndjson)
        #expect(ndjson.stdoutLines.count == 1)
        #expect(ndjson.stdout.hasSuffix("}\n"))
        let compact = try ndjson.jsonObject()
        let pretty = try json.jsonObject()
        #expect(NSDictionary(dictionary: compact).isEqual(to: pretty))
        #expect(
            ndjson.stdout.hasPrefix(
                #"{"operation":"dismiss","from":"Detail","to":"Feed","container":null,"delegate":"demo/DetailTransitions","#))

        expectSuccess(csv)
        let rows = csv.stdout.components(separatedBy: "\r\n")
        // The same columns with and without --reduce-motion: a script reads them by position.
        let csvColumns = Self.answerKeys.dropLast() + ["reduceMotion", "explanation"]
        #expect(rows.first == csvColumns.joined(separator: ","))
        #expect(rows.count == 3, "a header, one row and the final CRLF: \(rows)")
        #expect(rows.dropFirst().first?.hasPrefix("dismiss,Detail,Feed,,demo/DetailTransitions,") == true)
        let reduced = try cli(route + ["--format", "csv", "--reduce-motion"])
        expectSuccess(reduced)
        #expect(reduced.stdout.components(separatedBy: "\r\n").first == csvColumns.joined(separator: ","))
    }

    @Test("an unknown screen exits 0; with --strict it exits 66 with one line naming it")
    func strict() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let lenient = try cli(["resolve", "--op", "present", "--from", "Feed", "--to", "Ghost", "--format", "json"])
        expectSuccess(lenient)
        #expect(try lenient.jsonObject()["unknown"] as? [String] == ["Ghost"])
        // One unknown screen named on both sides is listed once.
        let twice = try cli(["resolve", "--op", "present", "--from", "Ghost", "--to", "Ghost", "--format", "json"])
        #expect(try twice.jsonObject()["unknown"] as? [String] == ["Ghost"])

        let strict = try cli(["resolve", "--op", "present", "--from", "Feed", "--to", "Ghost", "--strict"])
        expectError(strict, exitCode: 66, mentioning: ["'Ghost'", "screen"])

        let container = try cli(["resolve", "--op", "push", "--from", "Feed", "--to", "Detail", "--container", "GhostNav", "--strict"])
        expectError(container, exitCode: 66, mentioning: ["'GhostNav'", "container"])
    }

    @Test("an unknown name a letter away from an entry is answered, with a note suggesting the entry")
    func typoNote() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let screen = try cli(["resolve", "--op", "present", "--from", "Feed", "--to", "Detial", "--format", "json"])
        #expect(screen.exitCode == 0)
        #expect(try screen.jsonObject()["unknown"] as? [String] == ["Detial"])
        #expect(screen.stderrLines == ["transdb: note: 'Detial' is not in the catalog (did you mean 'Detail'?); --strict refuses unknown names"])
        let container = try cli(["resolve", "--op", "push", "--from", "Feed", "--to", "Detail", "--container", "MainNaw"])
        #expect(container.exitCode == 0)
        #expect(container.stderrLines == ["transdb: note: 'MainNaw' is not in the catalog (did you mean 'MainNav'?); --strict refuses unknown names"])
        // A name like no entry's is a question of its own: no note.
        let ghost = try cli(["resolve", "--op", "present", "--from", "Feed", "--to", "Ghost"])
        #expect(ghost.exitCode == 0 && ghost.stderr.isEmpty)
    }

    @Test("push without --container when there are two navigation containers exits 65 naming them")
    func pushNeedsContainer() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let result = try cli(["resolve", "--op", "push", "--from", "Feed", "--to", "Detail"])

        expectError(result, exitCode: 65, mentioning: ["--container", "demo/MainNav", "demo/SettingsNav"])
    }

    @Test("with one container of the kind, --container may be left out")
    func onlyContainer() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let result = try cli(["resolve", "--op", "tab", "--from", "Feed", "--to", "Profile", "--format", "json"])

        expectSuccess(result)
        let answer = try result.jsonObject()
        #expect(answer["container"] as? String == "demo/MainTabs")
        #expect((answer["animator"] as? [String: Any])?["name"] as? String == "fade")
        #expect((answer["explanation"] as? [String])?.first == "no --container given: using the only tab container, 'demo/MainTabs'")
    }

    @Test("a container of the wrong kind exits 65")
    func wrongContainerKind() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let result = try cli(["resolve", "--op", "push", "--from", "Feed", "--to", "Detail", "--container", "MainTabs"])

        expectError(result, exitCode: 65, mentioning: ["'demo/MainTabs'", "tab container"])
    }

    @Test("'*' is not a screen to resolve: exit 65")
    func wildcardIsNotAScreen() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let result = try cli(["resolve", "--op", "present", "--from", "*", "--to", "Detail"])

        expectError(result, exitCode: 65, mentioning: ["'*'", "from screen"])
        expectError(
            try cli(["resolve", "--op", "push", "--from", "Feed", "--to", "Detail", "--container", "*"]), exitCode: 65,
            mentioning: ["invalid container '*': a route to resolve names a real container; '*' is only for mappings' screens"])
    }

    @Test("a dismiss may leave out its destination (--to, or '*'): UIKit does not tell the delegate; other operations may not")
    func dismissWithoutDestination() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let full = try cli(["resolve", "--op", "dismiss", "--from", "Detail", "--to", "Feed", "--format", "json"]).jsonObject()
        let result = try cli(["resolve", "--op", "dismiss", "--from", "Detail", "--format", "json", "--explain"])
        expectSuccess(result)
        let bare = try result.jsonObject()
        #expect(bare["to"] as? String == "*" && bare["unknown"] as? [String] == [])
        for key in ["delegate", "mapping", "animator", "interaction", "systemDefault"] {
            #expect((bare[key] as? NSObject) == (full[key] as? NSObject), "\(key)")
        }
        #expect(
            (bare["explanation"] as? [String])?.first
                == "dismiss: UIKit asks the dismissed screen 'Detail' for its transitioningDelegate; animationController(forDismissed:) sees only 'Detail'")
        let batch = try cli.runner.run(
            ["resolve", "--batch", "--db", cli.db], stdin: #"{"op": "dismiss", "from": "Detail", "to": "*"}"# + "\n" + #"{"op": "dismiss", "from": "Detail"}"# + "\n")
        expectSuccess(batch)
        #expect(batch.stdoutLines.count == 2 && batch.stdoutLines[0] == batch.stdoutLines[1])
        #expect(batch.stdout.contains(#""to":"*""#) && batch.stdout.contains(#""preset":"motion/uncoverDown""#))
        expectError(
            try cli(["resolve", "--op", "present", "--from", "Feed"]), exitCode: 64,
            mentioning: ["give --op, --from and --to (a dismiss may leave out --to), or --batch"])
        // A destination given is not looked up: an ambiguous or unknown one changes nothing, even
        // with --strict; a CSV batch leaves it out with an empty field.
        try cli.setUp([["add", "screen", "Feed", "--library", "other"]])
        for to in ["Feed", "Nowhere"] {
            let given = try cli(["resolve", "--op", "dismiss", "--from", "Detail", "--to", to, "--strict", "--format", "json"])
            expectSuccess(given)
            let answer = try given.jsonObject()
            #expect(answer["to"] as? String == to && (answer["mapping"] as? NSObject) == (full["mapping"] as? NSObject))
        }
        let csv = try cli.runner.run(["resolve", "--batch", "--db", cli.db], stdin: "op,from,to\ndismiss,Detail,\npresent,Detail,\n")
        #expect(csv.exitCode == 65)
        #expect(csv.stdoutLines.first == batch.stdoutLines[0])
        #expect(csv.stdoutLines.last == #"{"line":3,"error":"invalid to screen '': a name cannot be empty"}"#)
    }

    @Test("--explain names presentationController(forPresented:…) only for a present of a custom style with a live delegate")
    func customPresentationStep() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        try cli.setUp([
            ["add", "screen", "Sheet", "--presentation-style", "custom"],
            ["add", "screen", "Gone", "--presentation-style", "custom", "--delegate", "demo/LegacyTransitions"],
        ])
        func mentions(_ arguments: [String]) throws -> Bool {
            let result = try cli(["resolve", "--explain"] + arguments)
            expectSuccess(result)
            return result.stdout.contains("presentationController(forPresented:presenting:source:)")
        }
        #expect(try mentions(["--op", "present", "--from", "Feed", "--to", "Photo"]))
        #expect(try !mentions(["--op", "dismiss", "--from", "Photo"]))
        #expect(try !mentions(["--op", "present", "--from", "Feed", "--to", "Sheet"]))
        #expect(try !mentions(["--op", "present", "--from", "Feed", "--to", "Gone"]))
    }

    @Test("a bare name in two libraries is ambiguous: exit 65 naming both")
    func ambiguous() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        try cli.setUp([["add", "screen", "Feed"]])

        let result = try cli(["resolve", "--op", "present", "--from", "Feed", "--to", "Detail"])
        expectError(result, exitCode: 65, mentioning: ["'Feed'", "ambiguous", "'demo/Feed'", "'local/Feed'"])

        let qualified = try cli(["resolve", "--op", "present", "--from", "demo/Feed", "--to", "Detail", "--format", "json"])
        expectSuccess(qualified)
        #expect((try qualified.jsonObject()["mapping"] as? [String: Any])?["id"] as? Int == 1)
    }

    @Test("the swipe-back warning goes to stderr in the plain form; JSON keeps it in the explanation")
    func swipeBackWarning() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        // A pop of its own without an interaction controller (the demo's pops all have one).
        try cli.setUp([["add", "route", "--op", "pop", "--from", "Help", "--to", "*", "--delegate", "MainNavDelegate", "--preset", "motion/pageOut"]])
        let arguments = ["resolve", "--op", "pop", "--from", "Help", "--to", "Detail", "--container", "MainNav"]

        let plain = try cli(arguments)
        #expect(plain.exitCode == 0)
        #expect(
            plain.stderr
                == "transdb: warning: a custom pop without an interaction controller disables the system's swipe-back gesture for this route (radar 15215690)\n"
        )
        let json = try cli(arguments + ["--format", "json"])
        expectSuccess(json)
        let interactive = try cli(["resolve", "--op", "pop", "--from", "Detail", "--to", "Feed", "--container", "MainNav"])
        expectSuccess(interactive)
    }

    @Test("--reduce-motion: a named alternative, a derived one, a system default marked inferred; the same in --batch")
    func reduceMotion() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        try cli.setUp([["set", "preset", "motion/coverUp", "--reduced-motion", "motion/fade"]])
        func reduced(_ arguments: [String]) throws -> [String: Any] {
            let result = try cli(["resolve"] + arguments + ["--reduce-motion", "--format", "json"])
            expectSuccess(result)
            return try #require(try result.jsonObject()["reduceMotion"] as? [String: Any])
        }
        let named = try reduced(["--op", "present", "--from", "Settings", "--to", "Detail"])
        #expect(named["origin"] as? String == "named" && named["inferred"] as? Bool == false)
        #expect((named["preset"] as? [String: Any])?["name"] as? String == "fade")
        let derived = try reduced(["--op", "present", "--from", "Feed", "--to", "Detail"])
        #expect(derived["origin"] as? String == "derived")
        let preset = try #require(derived["preset"] as? [String: Any])
        #expect(preset["name"] as? String == "zoom" && preset["kind"] as? String == "custom" && preset["duration"] as? Double == 0.4)
        #expect(preset["curveExpression"] as? String == "spring(mass: 1, stiffness: 169.21740869266654, damping: 26.01671837051449, velocity: 0)")
        let system = try reduced(["--op", "push", "--from", "Feed", "--to", "Detail", "--container", "SettingsNav"])
        #expect(system["origin"] as? String == "system" && system["systemDefault"] as? String == "navigationPush")
        #expect(system["inferred"] as? Bool == true && system["preset"] is NSNull)
        // Without --reduce-motion the answer has no reduceMotion key.
        #expect(try cli(["resolve", "--op", "present", "--from", "Feed", "--to", "Detail", "--format", "json"]).jsonObject()["reduceMotion"] == nil)
        // The explanation says which.
        let explained = try cli(["resolve", "--op", "present", "--from", "Settings", "--to", "Detail", "--reduce-motion", "--explain"])
        #expect(explained.stdout.contains("Reduce Motion: 'motion/coverUp' names its alternative 'motion/fade', which plays instead"))
        #expect(explained.stdoutLines.contains { $0.hasPrefix("reduce motion  motion/fade (named; fade, ") })
        // --batch: the same object per line as --format json, without the explanation.
        let single = try cli(["resolve", "--op", "present", "--from", "Settings", "--to", "Detail", "--reduce-motion", "--format", "json"])
        var object = try single.jsonObject()
        object["explanation"] = nil
        let batch = try cli.runner.run(
            ["resolve", "--batch", "--db", cli.db],
            stdin: #"{"op": "present", "from": "Settings", "to": "Detail", "reduceMotion": true}"# + "\n"
                + #"{"op": "present", "from": "Settings", "to": "Detail", "reduceMotion": "yes"}"# + "\n")
        #expect(batch.exitCode == 65)
        let lines = batch.stdoutLines
        let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? NSDictionary
        #expect(first == (object as NSDictionary))
        #expect(lines[1].hasPrefix(#"{"line":2,"error":"invalid batch line 2 "#) && lines[1].hasSuffix(#"': 'reduceMotion' must be true or false"}"#))
        // --batch --reduce-motion asks every line with Reduce Motion on; a CSV batch has a reduceMotion column.
        let everyLine = try cli.runner.run(
            ["resolve", "--batch", "--reduce-motion", "--db", cli.db], stdin: #"{"op": "present", "from": "Settings", "to": "Detail"}"# + "\n")
        expectSuccess(everyLine)
        #expect(try JSONSerialization.jsonObject(with: Data(everyLine.stdoutLines[0].utf8)) as? NSDictionary == (object as NSDictionary))
        let csv = try cli.runner.run(
            ["resolve", "--batch", "--db", cli.db],
            stdin: "op,from,to,container,reduceMotion\npresent,Settings,Detail,,true\npresent,Settings,Detail,,\npresent,Settings,Detail,,maybe\n")
        #expect(csv.exitCode == 65)
        #expect(try JSONSerialization.jsonObject(with: Data(csv.stdoutLines[0].utf8)) as? NSDictionary == (object as NSDictionary))
        let withoutReduceMotion = try #require(try JSONSerialization.jsonObject(with: Data(csv.stdoutLines[1].utf8)) as? [String: Any])
        #expect(withoutReduceMotion["reduceMotion"] == nil)
        #expect(csv.stdoutLines[2].hasSuffix(#"'reduceMotion' must be true, false or empty, not 'maybe'"}"#))
        let badHeader = try cli.runner.run(["resolve", "--batch", "--db", cli.db], stdin: "op,from,to,reduceMotion,container\n")
        #expect(badHeader.exitCode == 65)
        #expect(badHeader.stdout.contains("a CSV batch starts with the header op,from,to, then optionally container and reduceMotion in that order"))
    }

    @Test("--batch refuses --format json, csv and table instead of ignoring them", arguments: ["json", "csv", "table"])
    func batchFormat(_ format: String) throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let result = try cli.runner.run(
            ["resolve", "--batch", "--format", format, "--db", cli.db], stdin: #"{"op": "present", "from": "Feed", "to": "Detail"}"# + "\n")
        expectError(
            result, exitCode: 64,
            mentioning: ["--batch writes one JSON answer per line (NDJSON); --format \(format) is not available with it: give --format ndjson"])
    }
}
