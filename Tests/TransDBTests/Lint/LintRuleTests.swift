import Testing
import TransDB
import TransDBCore

/// Every lint rule on a catalog that triggers it and on one that does not (the same catalog with
/// the problem fixed), read from bundle text as `transdb lint FILE` reads it.
@Suite("Lint rules: each triggered, each not")
struct LintRuleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var rule: String
        /// Bundles (library `t`, and others when given) with the problem.
        var triggering: [String]
        /// The findings' locations, `library/kind/name`, in report order.
        var expected: [String]
        /// The same catalog without the problem.
        var clean: [String]
        var testDescription: String { rule }
    }

    /// A bundle of library `library` with the given JSON arrays (empty when not given).
    static func bundle(
        library: String = "t", presets: String = "", delegates: String = "", screens: String = "", containers: String = "",
        routes: String = ""
    ) -> String {
        """
        {"transdb": 1, "library": {"name": "\(library)", "version": "1.0.0"},
         "presets": [\(presets)], "delegates": [\(delegates)], "screens": [\(screens)], "containers": [\(containers)],
         "routes": [\(routes)]}
        """
    }

    static let pull = #"{"name": "pull", "kind": "pull", "duration": 0.35, "curve": "linear"}"#
    static let pullInteractive =
        #"{"name": "pullI", "kind": "pull", "duration": 0.35, "curve": "linear", "interaction": {"completionSpeed": 1}}"#
    static let cover = #"{"name": "cover", "kind": "cover", "duration": 0.4, "curve": "linear"}"#
    static let uncover = #"{"name": "uncover", "kind": "uncover", "duration": 0.4, "curve": "linear"}"#
    static let nav = #"{"name": "Nav", "kind": "navigation", "delegate": "D"}"#
    static let screensAB = #"{"name": "A"}, {"name": "B"}"#
    static let screenS = #"{"name": "S", "delegate": "T"}"#

    static let cases: [Case] = [
        Case(
            rule: "TD001",
            triggering: [
                bundle(
                    presets: pull, delegates: #"{"name": "D"}"#, screens: screensAB, containers: nav,
                    routes: #"{"delegate": "D", "op": "pop", "from": "A", "to": "B", "preset": "pull"}"#)
            ],
            expected: ["t/route/D: pop A → B"],
            clean: [
                bundle(
                    presets: pull + ", " + pullInteractive, delegates: #"{"name": "D"}"#, screens: screensAB, containers: nav,
                    routes: #"{"delegate": "D", "op": "pop", "from": "A", "to": "B", "preset": "pull", "interaction": "pullI"}"#)
            ]),
        Case(
            rule: "TD002",
            triggering: [
                bundle(
                    presets: cover, delegates: #"{"name": "T"}"#, screens: screenS,
                    routes: #"{"delegate": "T", "op": "present", "from": "*", "to": "S", "preset": "cover"}"#)
            ],
            expected: ["t/screen/S"],
            clean: [
                bundle(
                    presets: cover + ", " + uncover, delegates: #"{"name": "T"}"#, screens: screenS,
                    routes: #"{"delegate": "T", "op": "present", "from": "*", "to": "S", "preset": "cover"}, "#
                        + #"{"delegate": "T", "op": "dismiss", "from": "S", "to": "*", "preset": "uncover"}"#)
            ]),
        Case(
            rule: "TD003",
            triggering: [
                bundle(
                    presets: cover, delegates: #"{"name": "T"}"#, screens: screenS,
                    routes: #"{"delegate": "T", "op": "dismiss", "from": "S", "to": "*", "preset": "cover"}"#)
            ],
            expected: ["t/route/T: dismiss S → *"],
            clean: [
                bundle(
                    presets: uncover, delegates: #"{"name": "T"}"#, screens: screenS,
                    routes: #"{"delegate": "T", "op": "dismiss", "from": "S", "to": "*", "preset": "uncover"}"#)
            ]),
        Case(
            rule: "TD004",
            // spring(duration: 0.5, bounce: 0.1) settles after about 0.71 s.
            triggering: [
                bundle(presets: #"{"name": "z", "kind": "zoom", "duration": 0.4, "curve": "spring(duration: 0.5, bounce: 0.1)"}"#)
            ],
            expected: ["t/preset/z"],
            clean: [bundle(presets: #"{"name": "z", "kind": "zoom", "duration": 0.7, "curve": "spring(duration: 0.5, bounce: 0.1)"}"#)]),
        Case(
            rule: "TD005",
            triggering: [
                bundle(
                    presets:
                        #"{"name": "c", "kind": "cover", "duration": 0.4, "curve": "cubic-bezier(0.42, 0, 0.58, 1)", "interaction": {"completionSpeed": 1}}"#,
                    delegates: #"{"name": "T"}"#, screens: screenS,
                    routes: #"{"delegate": "T", "op": "present", "from": "*", "to": "S", "preset": "c", "interaction": "c"}"#)
            ],
            expected: ["t/route/T: present * → S"],
            clean: [
                bundle(
                    presets: #"{"name": "c", "kind": "cover", "duration": 0.4, "curve": "linear", "interaction": {"completionSpeed": 1}}"#,
                    delegates: #"{"name": "T"}"#, screens: screenS,
                    routes: #"{"delegate": "T", "op": "present", "from": "*", "to": "S", "preset": "c", "interaction": "c"}"#)
            ]),
        Case(
            rule: "TD006",
            triggering: [bundle(delegates: #"{"name": "T"}, {"name": "U"}"#, screens: screenS)],
            expected: ["t/delegate/U"],
            clean: [bundle(delegates: #"{"name": "T"}, {"name": "U"}"#, screens: screenS + #", {"name": "R", "delegate": "U"}"#)]),
        Case(
            rule: "TD007",
            triggering: [
                bundle(
                    presets: cover, delegates: #"{"name": "T", "released": true}"#, screens: screenS,
                    routes: #"{"delegate": "T", "op": "present", "from": "*", "to": "S", "preset": "cover"}"#)
            ],
            expected: ["t/delegate/T"],
            clean: [bundle(presets: cover, delegates: #"{"name": "T", "released": true}"#, screens: screenS)]),
        Case(
            rule: "TD008",
            triggering: [
                bundle(
                    presets: cover, delegates: #"{"name": "T"}"#, screens: screenS + ", " + #"{"name": "R"}"#,
                    routes: #"{"delegate": "T", "op": "push", "from": "R", "to": "S", "preset": "cover"}"#)
            ],
            expected: ["t/route/T: push R → S"],
            clean: [
                bundle(
                    presets: cover, delegates: #"{"name": "T"}"#, screens: screenS + ", " + #"{"name": "R"}"#,
                    routes: #"{"delegate": "T", "op": "present", "from": "R", "to": "S", "preset": "cover"}"#)
            ]),
        Case(
            rule: "TD009",
            // X does not use T: UIKit never asks T about presenting X. A → * is shadowed by A → S,
            // S being the only screen that uses T.
            triggering: [
                bundle(
                    presets: cover, delegates: #"{"name": "T"}"#, screens: screenS + #", {"name": "X"}, {"name": "A"}"#,
                    routes: #"{"delegate": "T", "op": "present", "from": "*", "to": "X", "preset": "cover"}, "#
                        + #"{"delegate": "T", "op": "present", "from": "A", "to": "*", "preset": "cover"}, "#
                        + #"{"delegate": "T", "op": "present", "from": "A", "to": "S", "preset": null}"#)
            ],
            expected: ["t/route/T: present * → X", "t/route/T: present A → *"],
            clean: [
                bundle(
                    presets: cover, delegates: #"{"name": "T"}"#, screens: screenS + #", {"name": "X"}, {"name": "A"}"#,
                    routes: #"{"delegate": "T", "op": "present", "from": "*", "to": "S", "preset": "cover"}, "#
                        + #"{"delegate": "T", "op": "present", "from": "A", "to": "S", "preset": null}"#)
            ]),
        Case(
            rule: "TD010",
            triggering: [
                bundle(
                    presets: cover, delegates: #"{"name": "T"}"#, screens: screenS + #", {"name": "A"}"#,
                    routes: #"{"delegate": "T", "op": "present", "from": "A", "to": "*", "preset": "cover"}, "#
                        + #"{"delegate": "T", "op": "present", "from": "*", "to": "S", "preset": null}"#)
            ],
            expected: ["t/route/T: present A → *"],
            clean: [
                bundle(
                    presets: cover, delegates: #"{"name": "T"}"#, screens: screenS + #", {"name": "A"}"#,
                    routes: #"{"delegate": "T", "op": "present", "from": "A", "to": "*", "preset": "cover"}, "#
                        + #"{"delegate": "T", "op": "present", "from": "*", "to": "S", "preset": null}, "#
                        + #"{"delegate": "T", "op": "present", "from": "A", "to": "S", "preset": "cover"}"#)
            ]),
        Case(
            rule: "TD011",
            triggering: [
                bundle(
                    presets:
                        #"{"name": "sz", "kind": "custom", "duration": 0.5, "curve": "linear", "set": ["shared.start.frame=origin", "shared.end.frame=target"]}"#
                )
            ],
            expected: ["t/preset/sz"],
            clean: [
                bundle(
                    presets:
                        #"{"name": "sz", "kind": "custom", "duration": 0.5, "curve": "linear", "set": ["shared.start.frame=origin", "shared.end.frame=target"], "reducedMotion": "f"}, "#
                        + #"{"name": "f", "kind": "fade", "duration": 0.3, "curve": "linear"}"#)
            ]),
        Case(
            rule: "TD012",
            triggering: [
                bundle(library: "a", screens: #"{"name": "Checkout"}"#), bundle(library: "b", screens: #"{"name": "\u0421heckout"}"#),
            ],
            expected: ["a/screen/Checkout", "b/screen/\u{0421}heckout"],
            clean: [bundle(library: "a", screens: #"{"name": "Checkout"}"#), bundle(library: "b", screens: #"{"name": "Checkin"}"#)]),
        Case(
            rule: "TD013",
            triggering: [bundle(presets: #"{"name": "slow", "kind": "fade", "duration": 1.5, "curve": "linear"}"#)],
            expected: ["t/preset/slow"],
            clean: [bundle(presets: #"{"name": "slow", "kind": "fade", "duration": 1, "curve": "linear"}"#)]),
        Case(
            rule: "TD014",
            triggering: [
                bundle(
                    presets: #"{"name": "spin", "kind": "custom", "duration": 0.5, "curve": "linear", "set": ["to.start.rotation=720"]}, "#
                        + #"{"name": "grow", "kind": "custom", "duration": 0.5, "curve": "linear", "set": ["to.start.scaleX=0"]}"#)
            ],
            expected: ["t/preset/grow", "t/preset/spin"],
            // Half a turn (a flip) and a small scale are played the same on a device.
            clean: [
                bundle(
                    presets: #"{"name": "flip", "kind": "custom", "duration": 0.5, "curve": "linear", "set": ["to.start.rotationY=-180"]}, "#
                        + #"{"name": "grow", "kind": "custom", "duration": 0.5, "curve": "linear", "set": ["to.start.scaleX=0.01"]}"#)
            ]),
    ]

    static func findings(_ bundles: [String], rule: String) throws -> [LintFinding] {
        let decoded = try bundles.enumerated().map { try BundleFormat.decode(Array($1.utf8), file: "b\($0).json") }
        let input = try LintInput(bundles: decoded)
        return LintReport(findings: input.lint(Linter(rules: [rule])), rules: []).findings
    }

    @Test(arguments: cases)
    func triggers(_ c: Case) throws {
        let found = try Self.findings(c.triggering, rule: c.rule)
        #expect(found.map(\.location.fullyQualifiedName) == c.expected)
        #expect(found.allSatisfy { $0.rule == c.rule && $0.severity == LintRule.named(c.rule)?.severity })
    }

    @Test(arguments: cases)
    func doesNotTrigger(_ c: Case) throws {
        #expect(try Self.findings(c.clean, rule: c.rule).isEmpty)
    }

    @Test("every rule has a case, a unique id, a summary, help and a source")
    func rulesAreComplete() {
        #expect(LintRule.all.map(\.id) == Self.cases.map(\.rule))
        #expect(Set(LintRule.all.map(\.name)).count == LintRule.all.count)
        #expect(LintRule.all.allSatisfy { !$0.summary.isEmpty && !$0.help.isEmpty && !$0.source.isEmpty })
        #expect(LintRule.named("td004")?.id == "TD004")
        #expect(LintRule.named("TD099") == nil)
    }

    @Test("the messages name the entries and values")
    func messages() throws {
        let spring = try Self.findings(Self.cases[3].triggering, rule: "TD004")
        #expect(
            spring.map(\.message) == [
                "'t/z' reports 0.4 s but its spring spring(duration: 0.5, bounce: 0.1) settles after 0.71 s (77 % longer)"
            ])
        let confusable = try Self.findings(Self.cases[11].triggering, rule: "TD012")
        #expect(confusable.first?.message == "the screen 'a/Checkout' (ASCII) looks the same as 'b/\u{0421}heckout' (U+0421)")
    }

    @Test("TD001 is silent on a pop UIKit never asks for: a released delegate's, or one asked only about other operations (TD007, TD008)")
    func popNeverAsked() throws {
        let pop = #"{"delegate": "D", "op": "pop", "from": "A", "to": "B", "preset": "pull"}"#
        // D is the screens' transitioningDelegate, not a navigation controller's delegate.
        let presentOnly = Self.bundle(
            presets: Self.pull, delegates: #"{"name": "D"}"#, screens: #"{"name": "A", "delegate": "D"}, {"name": "B"}"#, routes: pop)
        #expect(try Self.findings([presentOnly], rule: "TD001").isEmpty)
        #expect(try Self.findings([presentOnly], rule: "TD008").map(\.location.fullyQualifiedName) == ["t/route/D: pop A → B"])
        let released = Self.bundle(
            presets: Self.pull, delegates: #"{"name": "D", "released": true}"#, screens: Self.screensAB, containers: Self.nav, routes: pop)
        #expect(try Self.findings([released], rule: "TD001").isEmpty)
        // A delegate nothing uses yet may be wired by the app: the pop is still reported.
        let unused = Self.bundle(presets: Self.pull, delegates: #"{"name": "D"}"#, screens: Self.screensAB, routes: pop)
        #expect(try Self.findings([unused], rule: "TD001").count == 1)
    }

    @Test("an inline suppression with a reason accepts a finding; without a reason it does not")
    func suppressions() throws {
        func unused(_ description: String) throws -> Int {
            try Self.findings(
                [Self.bundle(delegates: #"{"name": "U", "description": "\#(description)"}"#)], rule: "TD006"
            ).count
        }
        #expect(try unused("spare [lint allow TD006: kept for the next release]") == 0)
        #expect(try unused("spare [lint allow TD006, TD007: kept]") == 0)
        #expect(try unused("spare [lint allow TD006]") == 1)
        #expect(try unused("spare [lint allow TD006:   ]") == 1)
        #expect(try unused("spare [lint allow TD007: another rule]") == 1)
        // On a delegate, a suppression covers its routes; on a library, every entry.
        let routes = Self.bundle(
            presets: Self.pull, delegates: #"{"name": "D", "description": "[lint allow TD001: demo]"}"#, screens: Self.screensAB,
            containers: Self.nav, routes: #"{"delegate": "D", "op": "pop", "from": "A", "to": "B", "preset": "pull"}"#)
        #expect(try Self.findings([routes], rule: "TD001").isEmpty)
        let library = """
            {"transdb": 1, "library": {"name": "t", "version": "1.0.0", "description": "[lint allow TD013: slow on purpose]"},
             "presets": [{"name": "slow", "kind": "fade", "duration": 2, "curve": "linear"}]}
            """
        #expect(try Self.findings([library], rule: "TD013").isEmpty)
    }
}

@Suite("UTS #39 skeletons")
struct ConfusablesTests {
    @Test(arguments: [
        ("Checkout", "\u{0421}heckout", true),  // Cyrillic Es
        ("paypal", "\u{0440}\u{0430}y\u{0440}\u{0430}l", true),  // Cyrillic er and a
        ("Login", "L\u{03BF}gin", true),  // Greek omicron
        ("Il1", "lll", true),  // I, l and 1 share a prototype
        ("modern", "modem", true),  // rn looks like m
        ("ＣＡＲＴ", "CART", true),  // fullwidth
        ("Cafe\u{301}", "Café", false),  // the same string once normalised: not two names
        ("Checkout", "Checkin", false),
        ("Checkout", "checkout", false),  // case is not folded
    ])
    func skeleton(_ a: String, _ b: String, confusable: Bool) {
        #expect(Confusables.areConfusable(a, b) == confusable)
    }
}

@Suite("Lint report: the table")
struct LintReportTableTests {
    @Test("the table lists at most 100 findings of a rule and counts the rest; JSON lists every one")
    func capsEachRule() {
        func finding(_ rule: String, _ index: Int) -> LintFinding {
            LintFinding(
                rule: rule, severity: .warning, location: LintLocation(library: "t", kind: .route, name: "#\(index)"), message: "m\(index)")
        }
        let report = LintReport(findings: (0..<130).map { finding("TD001", $0) } + (0..<3).map { finding("TD003", $0) }, rules: [])
        let lines = report.table().split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("warning TD001 ") }.count == 100)
        #expect(lines.filter { $0.hasPrefix("warning TD003 ") }.count == 3)
        #expect(lines.suffix(2) == ["and 30 more TD001 findings (--format json or sarif lists every one)", "133 warnings"])
        guard case let .array(all) = report.json() else {
            Issue.record("not an array")
            return
        }
        #expect(all.count == 133)
    }
}
