/// How much a lint finding matters. Ordered: `info` < `warning` < `error`.
public enum LintSeverity: String, CaseIterable, Comparable, Hashable, Sendable {
    case info, warning, error

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (a: LintSeverity, b: LintSeverity) -> Bool { a.rank < b.rank }

    /// SARIF's `level` for the severity (`note`, `warning`, `error`).
    public var sarifLevel: String {
        switch self {
        case .info: "note"
        case .warning: "warning"
        case .error: "error"
        }
    }
}

/// A lint rule: a stable id (`TD001`), a name, a one-line summary, a severity, a help text that
/// says why it matters and how to fix it, and where the knowledge comes from.
public struct LintRule: Hashable, Sendable {
    /// `TD001`…: never reused for another rule.
    public var id: String
    /// A short camel-case name (`customPopWithoutInteraction`), SARIF's `name`.
    public var name: String
    /// One line: what the rule catches.
    public var summary: String
    public var severity: LintSeverity
    /// Why it matters and how to fix it.
    public var help: String
    /// Where the knowledge comes from: a radar, an issue of a transition library, the HIG.
    public var source: String

    /// Creates a rule.
    public init(id: String, name: String, summary: String, severity: LintSeverity, help: String, source: String) {
        self.id = id
        self.name = name
        self.summary = summary
        self.severity = severity
        self.help = help
        self.source = source
    }
}

extension LintRule {
    /// The rule with id `id` (case-insensitive), or `nil`.
    public static func named(_ id: String) -> LintRule? {
        all.first { $0.id.caseInsensitiveCompare(id) == .orderedSame || $0.name == id }
    }

    /// Every rule, by id.
    public static let all: [LintRule] = [
        LintRule(
            id: "TD001", name: "customPopWithoutInteraction",
            summary: "a custom pop with no interaction controller: the swipe-back gesture is disabled", severity: .warning,
            help: """
                Once a navigation controller's delegate implements navigationController(_:animationControllerFor:from:to:), \
                UIKit's interactive swipe-back runs only for pops where the delegate returns nil. A pop mapping that returns \
                a custom animator without an interaction controller leaves the user without swipe-back on that screen. Fix: \
                give the route an interaction preset (`transdb set route … --interaction P`), or map the pop to nil so that \
                the system pop and its gesture run.
                """,
            source: "Apple radar 15215690; Hero #62; WordPress-iOS #6639"),
        LintRule(
            id: "TD002", name: "asymmetricPresentDismiss",
            summary: "a screen presented with a custom animator but dismissed with the system default, or the reverse",
            severity: .warning,
            help: """
                The present and the dismiss of a screen are answered by the same transitioningDelegate. When one is custom \
                and the other the system default, the screen leaves in a way that does not match how it came (a zoom in, \
                a slide down out), and state set up by the custom animator is not undone. Fix: add the missing dismiss \
                (or present) mapping, e.g. with the mirror of the present preset (`add preset … --mirror-of P`).
                """,
            source: "Apple: UIViewControllerTransitioningDelegate (one delegate answers a screen's present and its dismiss)"),
        LintRule(
            id: "TD003", name: "dismissLooksLikePresent",
            summary: "a dismiss or pop route whose preset moves the to-view in from off-screen, as a present or push does",
            severity: .warning,
            help: """
                UIKit plays the animator a route returns forward, with `to` the controller appearing. On a dismiss or pop \
                the controller appearing was already on screen underneath; a preset that brings it in from off-screen is \
                a present or push preset mapped to the wrong operation, and the screen seems to be pushed again. Fix: \
                map the preset's reverse or mirror (`motion/pullRight` for `pushLeft`, `uncoverDown` for `coverUp`).
                """,
            source: "Apple: UIViewControllerContextTransitioning (viewController(forKey: .to) is the controller appearing; animateTransition(using:) plays forward)"),
        LintRule(
            id: "TD004", name: "springOutlastsDuration",
            summary: "a spring that outlasts the preset's duration by more than 10 %", severity: .warning,
            help: """
                A spring given by its physics (mass/stiffness/damping, duration/bounce, response/dampingFraction, \
                stiffness/dampingRatio) runs until it settles, whatever `transitionDuration` reports. When it settles \
                more than 10 % after the preset's duration, the transition completes late: interaction maps progress \
                against the shorter duration, and code that waits `transitionDuration` acts before the views are at rest. \
                Fix: set the preset's duration to the spring's settling time (`transdb show curve C` prints it), or use \
                the UIKit form `spring(duration:, dampingRatio:)`, which is fitted to the duration.
                """,
            source: "Apple: UISpringTimingParameters(mass:stiffness:damping:initialVelocity:) ignores the animator's duration"),
        LintRule(
            id: "TD005", name: "interactiveCurveNotLinear",
            summary: "an interactive route whose animator's curve is not linear: the view will not follow the finger",
            severity: .warning,
            help: """
                While the gesture drives a percent-driven transition, time maps linearly to the finger, but the animation's \
                own curve still shapes each property: with an ease-in-out or a spring the view lags behind the finger and \
                then races ahead of it. The HIG asks to track animations directly with people's gestures. Fix: give the \
                animator of interactive routes a linear curve (the completion curve still shapes what plays after release). \
                `transdb eval --gesture` shows the lag, and TransDBKit's CatalogAnimator plays it the same way (its \
                UIViewPropertyAnimator has scrubsLinearly false, so that the app matches eval). An app animator of its \
                own whose UIViewPropertyAnimator keeps scrubsLinearly true (UIKit's default) is scrubbed linearly: \
                accept the finding for its routes with an inline suppression saying so.
                """,
            source: "Hero #388; HIG (Motion: track animations directly with people's gestures)"),
        LintRule(
            id: "TD006", name: "unusedDelegate",
            summary: "a delegate that no screen or container uses", severity: .warning,
            help: """
                UIKit asks only the delegate set on a screen (transitioningDelegate) or a container (delegate). A delegate \
                no entry uses is never asked: its mappings never answer. Fix: set it on the screens or containers it is \
                for (`transdb set screen S --delegate D`), or remove it.
                """,
            source: "Apple: UIViewController.transitioningDelegate, UINavigationControllerDelegate, UITabBarControllerDelegate (who UIKit asks)"),
        LintRule(
            id: "TD007", name: "releasedDelegateWithMappings",
            summary: "a released delegate that still has route mappings", severity: .warning,
            help: """
                transitioningDelegate and the container delegates are weak references. A delegate that has been released \
                is the same as none: UIKit plays the system default and its mappings never answer — the usual cause of a \
                custom transition that works once and then silently stops. Fix: keep a strong reference to the delegate \
                in the app (and `transdb retain delegate D`), or remove its mappings.
                """,
            source: "UIKit documentation (weak delegates); Hero and WordPress-iOS reports of lost transitions"),
        LintRule(
            id: "TD008", name: "mappingForUnaskedMethod",
            summary: "mappings for a method the delegate's owner never calls (push routes on a screen's transitioningDelegate)",
            severity: .warning,
            help: """
                A screen's transitioningDelegate is asked about present and dismiss only; a navigation controller's \
                delegate about push and pop; a tab bar controller's about tab switches. A mapping for an operation that no \
                screen or container using the delegate asks about never answers. Fix: move the mapping to the delegate of \
                the right owner, or set the delegate on that owner.
                """,
            source: "Apple: UIViewController.transitioningDelegate, UINavigationControllerDelegate, UITabBarControllerDelegate (who UIKit asks)"),
        LintRule(
            id: "TD009", name: "mappingNeverWins",
            summary: "a mapping that can never win: shadowed by a more specific one for every screen that can reach it",
            severity: .warning,
            help: """
                The most specific mapping answers. A mapping whose asked side is a screen that does not use the delegate, \
                or a wildcard for which every screen using the delegate has a more specific mapping, never answers. \
                Fix: remove it, or narrow the mappings that shadow it.
                """,
            source: "transdb lookup (most specific mapping wins)"),
        LintRule(
            id: "TD010", name: "wildcardTie",
            summary: "two wildcard mappings that tie (A → * and * → B both match A → B)", severity: .error,
            help: """
                `A → *` and `* → B` are equally specific and both match the route A → B, so which answers depends on the \
                order the delegate's code tests them. transdb refuses such a pair when it is added or imported; a bundle \
                file written by hand can still hold one. Fix: add the exact mapping A → B, or remove one of the two.
                """,
            source: "transdb lookup (ties are refused)"),
        LintRule(
            id: "TD011", name: "noSensibleReducedMotion",
            summary: "large motion with no Reduce Motion alternative that the derivation can make sensible",
            severity: .warning,
            help: """
                Under Reduce Motion transdb derives an alternative (a cross-fade of the same views, springs without \
                bounce). For a preset whose moving views do not rest on the whole container (a drawer, a card), or whose \
                shared element travels, the derived fade shows views appearing out of nowhere. Fix: name an alternative \
                (`transdb set preset P --reduced-motion Q`, bundle "reducedMotion").
                """,
            source: "Apple HIG (Accessibility, Motion: replace transitions in x-, y-, and z-axes with fades)"),
        LintRule(
            id: "TD012", name: "confusableNames",
            summary: "names that look the same (Unicode confusables, UTS #39 skeleton), e.g. Checkout and Сheckout",
            severity: .warning,
            help: """
                Two names of the same kind whose UTS #39 skeletons are equal look identical on screen (Latin C and \
                Cyrillic С), so a reviewer cannot tell which one a route or screen refers to; a bundle from another team \
                can introduce one. Fix: rename one of them (`transdb rename KIND OLD NEW`).
                """,
            source: "Unicode UTS #39 (confusable detection)"),
        LintRule(
            id: "TD013", name: "durationOutOfRange",
            summary: "a duration outside 0.1–1.0 s", severity: .info,
            help: """
                Transitions shorter than 0.1 s are hard to perceive and longer than 1 s make the app feel slow; UIKit's \
                own run 0.3–0.5 s. Fix: adjust the duration, or accept it with an inline suppression giving the reason.
                """,
            source: "Apple HIG (Motion: brief, precise animations); Material 3 duration tokens"),
        LintRule(
            id: "TD014", name: "transformNotInterpolable",
            summary: "a view that turns more than half a turn, or scales from or to 0: a device plays it differently from eval",
            severity: .warning,
            help: """
                transdb's engine turns a view through every degree between its start and end rotation, and scales it \
                through every value; on a device TransDBKit sets one transform at each end and UIKit interpolates between \
                the two matrices, which takes the shorter way round (a turn of 720° does not spin at all, 270° turns back \
                90°) and cannot interpolate a scale of 0. Fix: keep each rotation within half a turn of its start (split a \
                spin into a preset of its own, or use a custom animation in the app), and scale from a small value such as \
                0.01 instead of 0. Inferred from how Core Animation interpolates transforms.
                """,
            source: "Apple: UIView.transform and CATransform3D interpolation (inferred)"),
    ]
}

extension LintRule {
    /// `id, name, severity, summary, help, source`: `lint --explain --format json`.
    public var record: JSONValue {
        .object([
            ("id", .string(id)), ("name", .string(name)), ("severity", .string(severity.rawValue)), ("summary", .string(summary)),
            ("help", .string(help)), ("source", .string(source)),
        ])
    }
}
