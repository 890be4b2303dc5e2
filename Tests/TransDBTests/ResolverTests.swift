import Testing
import TransDB
import TransDBTestSupport
@testable import TransDBCore

/// One case per rule of `uikit-semantics.md`'s lookup, over a small catalog built for it.
@Suite("Resolver follows UIKit's delegate lookup")
struct ResolverTests {
    /// What a resolution must say.
    struct Case: CustomTestStringConvertible, Sendable {
        var rule: String
        var op: TransitionOperation
        var from: String
        var to: String
        var container: String? = nil
        var delegate: String?
        var mapping: String?
        var animator: String?
        var interaction: String? = nil
        var systemDefault: SystemTransition?
        var unknown: [String] = []

        var testDescription: String { rule }
    }

    /// The catalog every case runs against, in library `t`:
    ///
    /// - screens A (delegate D, coverVertical), B (delegate D, crossDissolve), C (no delegate,
    ///   flipHorizontal), E (delegate Gone, released), F (delegate OnlyDismiss), G (delegate D),
    ///   P (partialCurl, fullScreen, no delegate)
    /// - D: present A→B returns p1, present *→B returns p2 (less specific), present *→A returns nil
    ///   explicitly, dismiss B→* returns p3 with interaction i1, present *→* returns p4
    /// - OnlyDismiss: only a dismiss mapping (does not implement the present method)
    /// - Nav (navigation, delegate N): push A→B returns p1 with interaction i1, pop B→A returns p2,
    ///   push *→C returns nil; Plain (navigation, no delegate); Tabs (tab, delegate T): tab A→B returns p4
    static func makeCatalog(in directory: TemporaryDirectory) throws -> Catalog {
        let catalog = try Catalog(path: directory.file("resolver.sqlite"), mode: .createIfMissing, seed: false)
        let lib = "t"
        for (name, kind) in [("p1", PresetKind.push), ("p2", .fade), ("p3", .uncover), ("p4", .zoom)] {
            try catalog.addPreset(try PresetDraft(kind: kind).preset(library: lib, name: name))
        }
        var interactive = PresetDraft(kind: .pull)
        interactive.completionSpeed = 1.5
        try catalog.addPreset(try interactive.preset(library: lib, name: "i1"))
        for name in ["D", "OnlyDismiss", "N", "T"] { try catalog.addDelegate(Delegate(library: lib, name: name)) }
        try catalog.addDelegate(Delegate(library: lib, name: "Gone", released: true))
        func ref(_ name: String) -> QualifiedName { QualifiedName(library: lib, name: name) }
        try catalog.addScreen(Screen(library: lib, name: "A", delegate: ref("D")))
        try catalog.addScreen(Screen(library: lib, name: "B", delegate: ref("D"), modalStyle: .crossDissolve))
        try catalog.addScreen(Screen(library: lib, name: "C", modalStyle: .flipHorizontal))
        try catalog.addScreen(Screen(library: lib, name: "E", delegate: ref("Gone")))
        try catalog.addScreen(Screen(library: lib, name: "F", delegate: ref("OnlyDismiss")))
        try catalog.addScreen(Screen(library: lib, name: "G", delegate: ref("D")))
        try catalog.addScreen(Screen(library: lib, name: "P", modalStyle: .partialCurl, presentationStyle: .fullScreen))
        try catalog.addContainer(Container(library: lib, name: "Nav", kind: .navigation, delegate: ref("N")))
        try catalog.addContainer(Container(library: lib, name: "Plain", kind: .navigation))
        try catalog.addContainer(Container(library: lib, name: "Tabs", kind: .tab, delegate: ref("T")))
        func route(_ delegate: String, _ op: TransitionOperation, _ from: String, _ to: String, _ preset: String?, _ interaction: String? = nil) throws {
            func side(_ s: String) -> ScreenPattern { s == "*" ? .any : .screen(ref(s)) }
            _ = try catalog.addRoute(
                RouteRequest(
                    operation: op, from: side(from), to: side(to), preset: preset.map(ref), interaction: interaction.map(ref),
                    delegate: ref(delegate), library: lib))
        }
        try route("D", .present, "A", "B", "p1")
        try route("D", .present, "*", "B", "p2")
        try route("D", .present, "*", "A", nil)
        try route("D", .dismiss, "B", "*", "p3", "i1")
        try route("D", .present, "*", "*", "p4")
        try route("OnlyDismiss", .dismiss, "F", "*", "p3")
        try route("Gone", .present, "*", "*", "p1")
        try route("N", .push, "A", "B", "p1", "i1")
        try route("N", .pop, "B", "A", "p2")
        try route("N", .push, "*", "C", nil)
        try route("T", .tab, "A", "B", "p4")
        return catalog
    }

    static let cases: [Case] = [
        Case(rule: "present asks the presented screen's delegate; an exact mapping wins", op: .present, from: "A", to: "B",
             delegate: "t/D", mapping: "present t/A → t/B", animator: "t/p1", systemDefault: nil),
        Case(rule: "exact beats a wildcard: from C only the wildcard *→B matches", op: .present, from: "C", to: "B",
             delegate: "t/D", mapping: "present * → t/B", animator: "t/p2", systemDefault: nil),
        Case(rule: "a one-sided wildcard beats *→*", op: .present, from: "B", to: "B",
             delegate: "t/D", mapping: "present * → t/B", animator: "t/p2", systemDefault: nil),
        Case(rule: "*→* is the least specific and answers what nothing else does", op: .present, from: "A", to: "G",
             delegate: "t/D", mapping: "present * → *", animator: "t/p4", systemDefault: nil),
        Case(rule: "an explicit nil is a matched mapping that returns nil: the modal style's default", op: .present, from: "C", to: "A",
             delegate: "t/D", mapping: "present * → t/A", animator: nil, systemDefault: .coverVertical),
        Case(rule: "present does not ask the presenting screen's delegate", op: .present, from: "A", to: "C",
             delegate: nil, mapping: nil, animator: nil, systemDefault: .flipHorizontal),
        Case(rule: "a released (weak) delegate is the same as none", op: .present, from: "A", to: "E",
             delegate: nil, mapping: nil, animator: nil, systemDefault: .coverVertical),
        Case(rule: "a delegate without the present method: system default", op: .present, from: "A", to: "F",
             delegate: "t/OnlyDismiss", mapping: nil, animator: nil, systemDefault: .coverVertical),
        Case(rule: "partialCurl is the default of a partial-curl screen", op: .present, from: "A", to: "P",
             delegate: nil, mapping: nil, animator: nil, systemDefault: .partialCurl),
        Case(rule: "dismiss asks the dismissed screen's delegate and ignores the destination", op: .dismiss, from: "B", to: "C",
             delegate: "t/D", mapping: "dismiss t/B → *", animator: "t/p3", interaction: "t/i1", systemDefault: nil),
        Case(rule: "dismiss with no dismiss mapping matching: the method returns nil, the dismissed screen's style", op: .dismiss, from: "A", to: "B",
             delegate: "t/D", mapping: nil, animator: nil, systemDefault: .coverVertical),
        Case(rule: "dismiss of a screen without delegate uses its own modal style", op: .dismiss, from: "C", to: "A",
             delegate: nil, mapping: nil, animator: nil, systemDefault: .flipHorizontal),
        Case(rule: "push asks the navigation controller's delegate; interaction asked after an animator", op: .push, from: "A", to: "B",
             container: "Nav", delegate: "t/N", mapping: "push t/A → t/B", animator: "t/p1", interaction: "t/i1", systemDefault: nil),
        Case(rule: "pop: an animator without interaction is not interactive", op: .pop, from: "B", to: "A",
             container: "Nav", delegate: "t/N", mapping: "pop t/B → t/A", animator: "t/p2", interaction: nil, systemDefault: nil),
        Case(rule: "push/pop share one method: no pop mapping for this route returns nil", op: .pop, from: "A", to: "B",
             container: "Nav", delegate: "t/N", mapping: nil, animator: nil, systemDefault: .navigationPop),
        Case(rule: "an explicit nil push gives the navigation default", op: .push, from: "B", to: "C",
             container: "Nav", delegate: "t/N", mapping: "push * → t/C", animator: nil, systemDefault: .navigationPush),
        Case(rule: "a navigation controller without delegate: navigationPush", op: .push, from: "A", to: "B",
             container: "Plain", delegate: nil, mapping: nil, animator: nil, systemDefault: .navigationPush),
        Case(rule: "tab asks the tab bar controller's delegate", op: .tab, from: "A", to: "B",
             container: "Tabs", delegate: "t/T", mapping: "tab t/A → t/B", animator: "t/p4", systemDefault: nil),
        Case(rule: "a tab switch with no mapping is instant (none)", op: .tab, from: "B", to: "A",
             container: "Tabs", delegate: "t/T", mapping: nil, animator: nil, systemDefault: SystemTransition.none),
        Case(rule: "an unknown presented screen is a controller with no delegate", op: .present, from: "A", to: "Nowhere",
             delegate: nil, mapping: nil, animator: nil, systemDefault: .coverVertical, unknown: ["Nowhere"]),
        Case(rule: "an unknown presenting screen still matches wildcards", op: .present, from: "Nowhere", to: "B",
             delegate: "t/D", mapping: "present * → t/B", animator: "t/p2", systemDefault: nil, unknown: ["Nowhere"]),
        Case(rule: "an unknown container has no delegate", op: .push, from: "A", to: "B", container: "Ghost",
             delegate: nil, mapping: nil, animator: nil, systemDefault: .navigationPush, unknown: ["Ghost"]),
    ]

    @Test(arguments: cases)
    func resolves(_ expected: Case) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.makeCatalog(in: directory)
        let result = try Resolver(catalog: catalog).resolve(
            Resolver.Request(operation: expected.op, from: expected.from, to: expected.to, container: expected.container))
        #expect(result.delegate?.description == expected.delegate)
        #expect(result.mapping?.routeDescription == expected.mapping)
        #expect(result.animator?.qualifiedName.description == expected.animator)
        #expect(result.interaction?.qualifiedName.description == expected.interaction)
        #expect(result.systemDefault == expected.systemDefault)
        #expect(result.unknownNames == expected.unknown)
        // Exactly one of an animator and a system default.
        #expect((result.animator == nil) != (result.systemDefault == nil))
        #expect(!result.explanation.isEmpty)
    }

    /// Memo keys pack the operation and the container kind as these numbers.
    @Test("each operation's and container kind's ordinal is its place among all cases")
    func ordinals() {
        #expect(TransitionOperation.allCases.map(\.ordinal) == Array(TransitionOperation.allCases.indices))
        #expect(ContainerKind.allCases.map(\.ordinal) == Array(ContainerKind.allCases.indices))
    }

    @Test("the interaction controller is not asked when the animator is nil")
    func interactionNotAskedWithoutAnimator() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.makeCatalog(in: directory)
        let result = try Resolver(catalog: catalog).resolve(Resolver.Request(operation: .present, from: "C", to: "A"))
        #expect(result.explanation.contains("no animator: UIKit does not ask for an interaction controller"))
        #expect(!result.explanation.contains { $0.contains("interactionControllerForPresentation") })
        let withAnimator = try Resolver(catalog: catalog).resolve(Resolver.Request(operation: .present, from: "A", to: "B"))
        #expect(withAnimator.explanation.contains { $0.contains("interactionControllerForPresentation(using:)") })
    }

    @Test("a dismiss explanation says the destination is not visible to the delegate")
    func dismissExplanation() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.makeCatalog(in: directory)
        let result = try Resolver(catalog: catalog).resolve(Resolver.Request(operation: .dismiss, from: "B", to: "A"))
        #expect(result.explanation.first == "dismiss: UIKit asks the dismissed screen 'B' for its transitioningDelegate; animationController(forDismissed:) sees only 'B', not the destination 'A'")
    }

    @Test("a custom pop without interaction warns that swipe-back is lost")
    func popWithoutInteractionWarns() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.makeCatalog(in: directory)
        let result = try Resolver(catalog: catalog).resolve(Resolver.Request(operation: .pop, from: "B", to: "A", container: "Nav"))
        #expect(result.explanation.last?.hasPrefix("warning: a custom pop without an interaction controller") == true)
    }

    @Test("--strict refuses unknown screens and containers")
    func strict() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.makeCatalog(in: directory)
        let resolver = Resolver(catalog: catalog)
        #expect(throws: LookupError.notFound(kind: .screen, name: "Nowhere", suggestion: nil)) {
            try resolver.resolve(Resolver.Request(operation: .present, from: "A", to: "Nowhere"), strict: true)
        }
        #expect(throws: LookupError.notFound(kind: .container, name: "Nab", suggestion: "Nav")) {
            try resolver.resolve(Resolver.Request(operation: .push, from: "A", to: "B", container: "Nab"), strict: true)
        }
    }

    @Test("push without --container uses the only navigation container, or asks for one")
    func containerInference() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.makeCatalog(in: directory)
        let resolver = Resolver(catalog: catalog)
        // Two navigation containers: ambiguous.
        #expect(throws: LookupError.severalContainers(operation: .push, kind: .navigation, candidates: ["t/Nav", "t/Plain"], more: false)) {
            try resolver.resolve(Resolver.Request(operation: .push, from: "A", to: "B"))
        }
        // One tab container: used, and said so.
        let tab = try resolver.resolve(Resolver.Request(operation: .tab, from: "A", to: "B"))
        #expect(tab.container?.description == "t/Tabs")
        #expect(tab.explanation.first == "no --container given: using the only tab container, 't/Tabs'")
        // A tab container for a push is refused.
        #expect(throws: ModelError.invalidValue(field: "container", value: "t/Tabs", reason: "it is a tab container; push needs a navigation container")) {
            try resolver.resolve(Resolver.Request(operation: .push, from: "A", to: "B", container: "Tabs"))
        }
    }
}
