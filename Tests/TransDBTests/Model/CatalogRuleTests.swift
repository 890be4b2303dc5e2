import GRDB
import Testing
import TransDB
import TransDBCore

/// Each catalog rule is written once, in the model, and every path calls it: the model's
/// function refuses a case, and adding it to a catalog, importing it in a bundle (whose routes
/// take the stream reader's fast path when they can), importing it in a DTCG file and merging
/// into it refuse it with the same words, each path adding only where it is.
@Suite("Catalog rules: one function each, the same refusal on every path")
struct CatalogRuleTests {
    /// One rule and a case that breaks it, as each path meets it.
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        /// What the model's function throws.
        var error: ModelError
        /// Calls the model's function on the case.
        var model: @Sendable () throws -> Void
        /// Adds the case to a catalog holding ``CatalogRuleTests/fixture``, as the `add` commands do.
        var add: @Sendable (Catalog) throws -> Void
        /// A bundle with the case, and the JSON path of the refusal.
        var bundle: (document: String, path: String)
        /// A DTCG file with the case, and the JSON path of the refusal.
        var dtcg: (document: String, path: String)?
        /// Base, ours and theirs of a merge whose result breaks the rule; nil for a rule a merge
        /// cannot break (a route's destination is part of its key, names and versions are not merged).
        var merge: (@Sendable () throws -> (base: LibraryBundle, ours: LibraryBundle, theirs: LibraryBundle))?
        var testDescription: String { label }
    }

    /// Library `app`: a delegate, two screens, a preset and an interactive preset.
    static let fixture = bundle(
        """
        "presets": [{"name": "fade", "kind": "fade"}, {"name": "pull", "kind": "pull", "interaction": {"completionSpeed": 1}}],
        "delegates": [{"name": "D"}], "screens": [{"name": "A"}, {"name": "B"}]
        """)

    /// A bundle of library `app` with `sections`.
    static func bundle(_ sections: String, library: String = #"{"name": "app"}"#) -> String {
        #"{"transdb": 1, "library": \#(library)\#(sections.isEmpty ? "" : ", ")\#(sections)}"#
    }

    /// A DTCG file with the transdb library `app`: `data` in its extension, then `members`.
    static func dtcg(_ data: String, members: String = "") -> String {
        #"{"app": {"$extensions": {"org.transdb": {"format": 1\#(data.isEmpty ? "" : ", ")\#(data)}}\#(members)}}"#
    }

    /// A DTCG file with the transdb preset `p` of `kind` (and `more` in its extension), lasting `duration`.
    static func dtcgPreset(_ kind: String, duration: String, _ more: String = "") -> String {
        dtcg(
            "",
            members: #", "presets": {"p": {"$type": "transition", "$value": {"duration": "\#(duration)", "delay": "0ms", "#
                + #""timingFunction": [0, 0, 1, 1]}, "$extensions": {"org.transdb": {"kind": "\#(kind)"\#(more)}}}}"#)
    }

    /// A URI of 1,110 characters and 2,210 code points (`e` and a combining acute accent, repeated).
    static let longSchema = "https://x/" + String(repeating: "e\u{301}", count: 1_100)

    static func qn(_ name: String) -> QualifiedName { QualifiedName(library: nil, name: name) }

    /// A preset `p` of library `app`, as the `add preset` command makes it.
    static func draft(_ kind: PresetKind, _ change: (inout PresetDraft) -> Void = { _ in }) throws -> Preset {
        var draft = PresetDraft(kind: kind)
        change(&draft)
        return try draft.preset(library: "app", name: "p")
    }

    /// Library `app` as the fixture has it, with more entries.
    static func library(screens: [Screen] = [], presets: [Preset] = [], routes: [RouteMapping] = []) throws -> LibraryBundle {
        var bundle = LibraryBundle(library: Library(name: "app"))
        var pull = PresetDraft(kind: .pull)
        pull.completionSpeed = 1
        bundle.presets = [try PresetDraft(kind: .fade).preset(library: "app", name: "fade"), try pull.preset(library: "app", name: "pull")]
        bundle.presets += presets
        bundle.delegates = [Delegate(library: "app", name: "D")]
        bundle.screens = [Screen(library: "app", name: "A"), Screen(library: "app", name: "B")] + screens
        bundle.routes = routes
        return bundle.canonicalized()
    }

    static func route(
        _ operation: TransitionOperation = .present, to: ScreenPattern = .screen(qn("B")), preset: String?, interaction: String?
    ) -> RouteMapping {
        RouteMapping(
            delegate: qn("D"), operation: operation, from: .screen(qn("A")), to: to, preset: preset.map(qn),
            interaction: interaction.map(qn))
    }

    static let curl = Screen(library: "app", name: "S", modalStyle: .partialCurl, presentationStyle: .pageSheet)

    static let cases: [Case] = [
        Case(
            label: "a partial curl needs a full-screen presentation",
            error: .invalidValue(
                field: "modal style", value: "partialCurl",
                reason:
                    "UIKit allows a partial curl only with presentation style fullScreen, not pageSheet (it raises an exception otherwise)"),
            model: { try curl.validateStyles() },
            add: { try $0.addScreen(curl) },
            bundle: (bundle(#""screens": [{"name": "S", "modalStyle": "partialCurl", "presentationStyle": "pageSheet"}]"#), "$.screens[0]"),
            dtcg: (
                dtcg(#""screens": [{"name": "S", "modalStyle": "partialCurl", "presentationStyle": "pageSheet"}]"#),
                #"$.app.$extensions["org.transdb"].screens[0]"#
            ),
            merge: {
                (
                    try library(screens: [Screen(library: "app", name: "S", presentationStyle: .fullScreen)]),
                    try library(screens: [Screen(library: "app", name: "S", modalStyle: .partialCurl, presentationStyle: .fullScreen)]),
                    try library(screens: [Screen(library: "app", name: "S", presentationStyle: .pageSheet)])
                )
            }),
        Case(
            label: "an interaction needs an animator",
            error: .invalidValue(
                field: "interaction", value: "pull",
                reason: "UIKit asks for an interaction controller only when the delegate returned an animator; give the route a preset too"),
            model: { try route(preset: nil, interaction: "pull").validateInteraction() },
            add: {
                _ = try $0.addRoute(
                    RouteRequest(
                        operation: .present, from: .screen(qn("A")), to: .screen(qn("B")), preset: nil, interaction: qn("pull"),
                        delegate: qn("D"), library: "app"))
            },
            bundle: (
                bundle(#""routes": [{"delegate": "D", "op": "present", "from": "A", "to": "B", "preset": null, "interaction": "pull"}]"#),
                "$.routes[0].interaction"
            ),
            dtcg: (
                dtcg(#""routes": [{"delegate": "D", "op": "present", "from": "A", "to": "B", "preset": null, "interaction": "pull"}]"#),
                #"$.app.$extensions["org.transdb"].routes[0]"#
            ),
            merge: {
                (
                    try library(routes: [route(preset: "fade", interaction: nil)]),
                    try library(routes: [route(preset: nil, interaction: nil)]),
                    try library(routes: [route(preset: "fade", interaction: "pull")])
                )
            }),
        Case(
            label: "a dismiss route's destination is the wildcard",
            error: .invalidValue(
                field: "dismiss route", value: "A → B",
                reason: "UIKit's animationController(forDismissed:) sees only the dismissed screen, so a dismiss route's destination is '*'"
            ),
            model: { try route(.dismiss, preset: "fade", interaction: nil).validateDestination() },
            add: {
                _ = try $0.addRoute(
                    RouteRequest(
                        operation: .dismiss, from: .screen(qn("A")), to: .screen(qn("B")), preset: qn("fade"), delegate: qn("D"),
                        library: "app"))
            },
            bundle: (
                bundle(#""routes": [{"delegate": "D", "op": "dismiss", "from": "A", "to": "B", "preset": "fade"}]"#), "$.routes[0].to"
            ),
            dtcg: (
                dtcg(#""routes": [{"delegate": "D", "op": "dismiss", "from": "A", "to": "B", "preset": "fade"}]"#),
                #"$.app.$extensions["org.transdb"].routes[0]"#
            ),
            merge: nil),
        Case(
            label: "'*' cannot name a screen",
            error: .invalidValue(field: "screen name", value: "*", reason: "'*' stands for any screen in routes"),
            model: { _ = try Screen.validatedName("*") },
            add: { try $0.addScreen(Screen(library: "app", name: "*")) },
            bundle: (bundle(#""screens": [{"name": "*"}]"#), "$.screens[0].name"),
            dtcg: (dtcg(#""screens": [{"name": "*"}]"#), #"$.app.$extensions["org.transdb"].screens[0].name"#),
            merge: nil),
        Case(
            label: "a curve name has no parentheses",
            error: .invalidValue(
                field: "curve name", value: "ease(1)", reason: "a curve name cannot contain parentheses: they mark a curve expression"),
            model: { _ = try NamedCurve.validatedName("ease(1)") },
            add: { try $0.addCurve(NamedCurve(library: "app", name: "ease(1)", curve: .linear)) },
            bundle: (bundle(#""curves": [{"name": "ease(1)", "expression": "linear"}]"#), "$.curves[0].name"),
            dtcg: (dtcg(#""curves": [{"name": "ease(1)", "expression": "steps(2)"}]"#), #"$.app.$extensions["org.transdb"].curves[0].name"#),
            merge: nil),
        Case(
            label: "a library version is a semantic version",
            error: .invalidValue(field: "library version", value: "1\n2", reason: "a version is a semantic version of at most 64 characters: MAJOR.MINOR.PATCH, e.g. 1.2.0 or 2.0.0-beta.1"),
            model: { _ = try Library.validatedVersion("1\n2") },
            add: { try $0.addLibrary(Library(name: "other", version: "1\n2")) },
            bundle: (bundle("", library: #"{"name": "app", "version": "1\n2"}"#), "$.library.version"),
            dtcg: (dtcg(#""version": "1\n2""#), #"$.app.$extensions["org.transdb"].version"#),
            merge: nil),
        // 1,110 characters but 2,210 code points: the schema's CHECK counts code points.
        Case(
            label: "a tokens schema is an absolute URI of at most 2,048 code points",
            error: .invalidValue(
                field: "tokens schema", value: longSchema,
                reason: "a tokens schema is an absolute URI of at most 2048 code points without spaces, e.g. https://www.designtokens.org/schemas/2025.10/format.json"),
            model: { _ = try Library.validatedTokensSchema(longSchema) },
            add: { try $0.addLibrary(Library(name: "other", tokensSchema: longSchema)) },
            bundle: (bundle("", library: #"{"name": "app", "tokensSchema": "\#(longSchema)"}"#), "$.library.tokensSchema"),
            dtcg: (dtcg(#""tokensSchema": "\#(longSchema)""#), #"$.app.$extensions["org.transdb"].tokensSchema"#),
            merge: nil),
        Case(
            label: "a preset is not its own reverse",
            error: .invalidValue(field: "reverse preset", value: "app/p", reason: "a preset cannot be its own reverse"),
            model: {
                let preset = try draft(.fade)
                try Preset(
                    library: "app", name: "p", kind: .fade, duration: 0.3, curve: preset.curve, tracks: preset.tracks,
                    reverse: QualifiedName(library: "app", name: "p")
                ).validateReverse()
            },
            add: { catalog in _ = try catalog.addPreset(try draft(.fade) { $0.reverse = "app/p" }) },
            bundle: (bundle(#""presets": [{"name": "p", "kind": "fade", "reverse": "app/p"}]"#), "$.presets[0].reverse"),
            dtcg: (dtcgPreset("fade", duration: "300ms", #", "reverse": "app/p""#), "$.app.presets.p"),
            merge: nil),
        Case(
            label: "a preset's direction fits its kind",
            error: .invalidValue(field: "direction", value: "up", reason: "a preset of kind 'flip' moves left or right"),
            model: { try Preset.validateDirection(.up, kind: .flip) },
            add: { catalog in _ = try catalog.addPreset(try draft(.flip) { $0.direction = .up }) },
            bundle: (bundle(#""presets": [{"name": "p", "kind": "flip", "direction": "up"}]"#), "$.presets[0].direction"),
            dtcg: (dtcgPreset("flip", duration: "750ms", #", "direction": "up""#), #"$.app.presets.p.$extensions["org.transdb"].direction"#),
            merge: {
                let base = try draft(.slide) { $0.duration = 0.75 }
                var ours = base
                ours.kind = .flip
                var theirs = base
                theirs.direction = .up
                return (try library(presets: [base]), try library(presets: [ours]), try library(presets: [theirs]))
            }),
        Case(
            label: "a preset of kind none is instant",
            error: .invalidValue(field: "duration", value: "0.5", reason: "a preset of kind 'none' is instant: its duration is 0"),
            model: { try Preset.validateDuration(0.5, kind: .none) },
            add: { catalog in _ = try catalog.addPreset(try draft(.none) { $0.duration = 0.5 }) },
            bundle: (bundle(#""presets": [{"name": "p", "kind": "none", "duration": 0.5}]"#), "$.presets[0].duration"),
            dtcg: (dtcgPreset("none", duration: "500ms"), "$.app.presets.p.$value.duration"),
            merge: {
                // Kind from theirs; the duration, changed on both sides, stays ours under --fail.
                let base = try draft(.fade)
                var ours = base
                ours.duration = 0.5
                var theirs = base
                theirs.kind = .none
                theirs.duration = 0
                return (try library(presets: [base]), try library(presets: [ours]), try library(presets: [theirs]))
            }),
        Case(
            label: "a completion speed is in (0, 100]",
            error: .invalidValue(
                field: "completion speed", value: "0",
                reason: "completionSpeed must be > 0 and ≤ 100 (UIKit treats ≤ 0 as 1; transdb refuses it)"),
            model: { try InteractionSettings.validateCompletionSpeed(0) },
            add: { catalog in _ = try catalog.addPreset(try draft(.pull) { $0.completionSpeed = 0 }) },
            bundle: (
                bundle(#""presets": [{"name": "p", "kind": "pull", "interaction": {"completionSpeed": 0}}]"#), "$.presets[0].interaction"
            ),
            dtcg: (
                dtcgPreset("pull", duration: "350ms", #", "interaction": {"completionSpeed": 0}"#),
                #"$.app.presets.p.$extensions["org.transdb"].interaction.completionSpeed"#
            ),
            merge: nil),
    ]

    @Test("the model's function refuses the case", arguments: cases)
    func model(_ rule: Case) {
        #expect(throws: rule.error) { try rule.model() }
    }

    @Test("adding the case to a catalog is refused with the model's error", arguments: cases)
    func add(_ rule: Case) throws {
        let catalog = try Catalog(DatabaseQueue())
        try catalog.importBundle(Array(Self.fixture.utf8), file: "fixture.json")
        #expect(throws: rule.error) { try rule.add(catalog) }
    }

    @Test("importing the case in a bundle is refused at its JSON path with the model's words", arguments: cases)
    func importBundle(_ rule: Case) throws {
        let catalog = try Catalog(DatabaseQueue())
        #expect(throws: CatalogError.invalidBundle(file: "app.json", path: rule.bundle.path, reason: rule.error.description)) {
            try catalog.importBundle(Array(rule.bundle.document.utf8), file: "app.json")
        }
        #expect(try catalog.libraryNames().isEmpty)
    }

    @Test("reading the case in a DTCG file is refused at its JSON path with the model's words", arguments: cases.filter { $0.dtcg != nil })
    func dtcg(_ rule: Case) throws {
        let file = try #require(rule.dtcg)
        // A duration is named as the file writes it ('500ms'), not in seconds.
        var error = rule.error
        if case let .invalidValue("duration", _, reason) = error, let typed = file.document.firstMatch(of: #/"duration": "(?<text>[^"]+)"/#) {
            error = .invalidValue(field: "duration", value: String(typed.text), reason: reason)
        }
        #expect(throws: CatalogError.invalidBundle(file: "app.tokens.json", path: file.path, reason: error.description)) {
            try DTCGFormat.decode(Array(file.document.utf8), file: "app.tokens.json", defaultLibrary: "tokens")
        }
    }

    @Test("a merge that would break the rule reports it in the model's words", arguments: cases.filter { $0.merge != nil })
    func merge(_ rule: Case) throws {
        let make = try #require(rule.merge)
        let sides = try make()
        // Each side keeps the rule; only their merge breaks it.
        for side in [sides.base, sides.ours, sides.theirs] {
            for screen in side.screens { try screen.validateStyles() }
            for preset in side.presets { try preset.validate() }
            for route in side.routes { try route.validate() }
        }
        let result = ThreeWayMerge.merge(base: [sides.base], ours: [sides.ours], theirs: [sides.theirs], policy: .fail)
        let inconsistent: [MergeConflict] = result.conflicts.filter { $0.reason == .inconsistent }
        let details: [String?] = inconsistent.map { $0.detail }
        #expect(details == [rule.error.description])
        #expect(!result.isWritable)
    }

    @Test("the command line refuses --interaction with --nil through the same rule, before opening the catalog")
    func commandLineInteraction() {
        #expect(
            throws: ModelError.invalidValue(
                field: "interaction", value: "pull",
                reason: "UIKit asks for an interaction controller only when the delegate returned an animator; give the route a preset too")
        ) {
            try RouteMapping.validateInteraction("pull", returnsAnimator: false)
        }
        #expect(throws: Never.self) { try RouteMapping.validateInteraction("pull", returnsAnimator: true) }
        #expect(throws: Never.self) { try RouteMapping.validateInteraction(nil, returnsAnimator: false) }
    }

    @Test("the stream reader's fast path keeps the same rules as the model: it takes only routes the model accepts")
    func fastPathPredicates() {
        for operation in TransitionOperation.allCases {
            for to in [ScreenPattern.any, .screen(Self.qn("B"))] {
                for preset in [nil, "fade"] {
                    for interaction in [nil, "pull"] {
                        let route = Self.route(operation, to: to, preset: preset, interaction: interaction)
                        let kept =
                            RouteMapping.keepsDestinationRule(operation: operation, toAnyScreen: to == .any)
                            && RouteMapping.keepsInteractionRule(returnsAnimator: preset != nil, hasInteraction: interaction != nil)
                        #expect(kept == ((try? route.validate()) != nil), "\(route.routeDescription)")
                    }
                }
            }
        }
    }
}
