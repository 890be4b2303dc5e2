import Foundation

/// An animator preset: what a delegate's `animationController(…)` returns, as data.
public struct Preset: Hashable, Sendable {
    /// The library the preset belongs to.
    public var library: String
    /// The preset's name, unique in its library.
    public var name: String
    public var kind: PresetKind
    /// The direction of motion, for the kinds that have one.
    public var direction: Direction?
    /// `transitionDuration`, in seconds; 0 only for `none`.
    public var duration: Double
    /// The named duration the preset uses, if any: ``duration`` is then its seconds, kept equal
    /// to them by the catalog (`set duration` changes every preset using it).
    public var durationName: QualifiedName?
    /// Seconds before the animation starts.
    public var delay: Double
    public var curve: CurveReference
    /// The explicit per-view tracks the kind expanded to (with any overrides applied).
    public var tracks: ViewTracks
    /// Percent-driven interaction settings, when the preset can drive an interactive transition.
    public var interaction: InteractionSettings?
    /// The preset for the opposite operation (dismiss for a present, pop for a push): a pairing
    /// for review and code generation; what a route plays is the preset it names.
    public var reverse: QualifiedName?
    /// The preset this one mirrors: its kind, duration, delay, curve and tracks are that preset's
    /// with start and end and the two roles swapped (``Preset/mirroring(_:)``), and follow it
    /// when it changes.
    public var mirrorOf: QualifiedName?
    /// The preset played instead of this one when Reduce Motion is on; `nil` derives one
    /// (``ReducedMotion/derived(from:curve:)``).
    public var reducedMotion: QualifiedName?
    public var description: String
    /// Whether the preset is deprecated (see ``Deprecation``).
    public var deprecated: String?

    /// Creates a preset.
    public init(
        library: String, name: String, kind: PresetKind, direction: Direction? = nil,
        duration: Double, durationName: QualifiedName? = nil, delay: Double = 0, curve: CurveReference, tracks: ViewTracks,
        interaction: InteractionSettings? = nil, reverse: QualifiedName? = nil, mirrorOf: QualifiedName? = nil,
        reducedMotion: QualifiedName? = nil, description: String = "", deprecated: String? = nil
    ) {
        self.library = library
        self.name = name
        self.kind = kind
        self.direction = direction
        self.duration = duration
        self.durationName = durationName
        self.delay = delay
        self.curve = curve
        self.tracks = tracks
        self.interaction = interaction
        self.reverse = reverse
        self.mirrorOf = mirrorOf
        self.reducedMotion = reducedMotion
        self.description = description
        self.deprecated = deprecated
    }

    /// `library/name`.
    public var qualifiedName: QualifiedName { QualifiedName(library: library, name: name) }

    /// The longest duration or delay accepted, in seconds.
    public static let maximumDuration = 60.0
}

/// The kinds of preset. Each expands to explicit view tracks (see `PresetKind+Tracks.swift`).
public enum PresetKind: String, CaseIterable, Hashable, Sendable {
    /// No animation: the views swap at once (a tab switch's default).
    case none
    /// Cross-dissolve: the from-view fades out while the to-view fades in.
    case fade
    /// The to-view pushes in while the from-view moves a third of the way out (navigation push).
    case push
    /// The from-view is pulled away while the to-view follows from a third of the way (navigation pop).
    case pull
    /// The to-view slides in over the still from-view.
    case cover
    /// The from-view slides out, uncovering the still to-view.
    case uncover
    /// Both views slide together by a whole container size.
    case slide
    /// The to-view grows from the origin rect to the container.
    case zoom
    /// Both views turn about the vertical axis.
    case flip
    /// The to-view rises as a card while the from-view recedes (iOS page sheet).
    case sheet
    /// No motion of its own: the tracks are given explicitly.
    case custom

    /// Whether the kind takes a direction.
    public var hasDirection: Bool {
        switch self {
        case .push, .pull, .cover, .uncover, .slide, .flip: true
        case .none, .fade, .zoom, .sheet, .custom: false
        }
    }

    /// The direction used when none is given.
    public var defaultDirection: Direction? {
        switch self {
        case .push, .slide, .flip: .left
        case .pull: .right
        case .cover: .up
        case .uncover: .down
        case .none, .fade, .zoom, .sheet, .custom: nil
        }
    }

    /// The directions the kind accepts.
    public var allowedDirections: [Direction] {
        switch self {
        case .flip: [.left, .right]
        default: hasDirection ? Direction.allCases : []
        }
    }

    /// The duration used when none is given, in seconds.
    public var defaultDuration: Double {
        switch self {
        case .none: 0
        case .fade: 0.3
        case .push, .pull: 0.35
        case .cover, .uncover, .sheet: 0.4
        case .slide, .zoom, .custom: 0.35
        case .flip: 0.75
        }
    }
}

/// A direction of motion on screen.
public enum Direction: String, CaseIterable, Hashable, Sendable {
    case left, right, up, down

    /// The unit offset of this direction, in container sizes (y grows downwards, as in UIKit).
    var unit: (dx: Double, dy: Double) {
        switch self {
        case .left: (-1, 0)
        case .right: (1, 0)
        case .up: (0, -1)
        case .down: (0, 1)
        }
    }
}

/// A preset's timing curve: a named curve of the catalog, or an inline expression.
public enum CurveReference: Hashable, Sendable, CustomStringConvertible {
    case named(QualifiedName)
    case inline(TimingCurve)

    /// Reads a curve reference as people write it: `linear` or anything with `(` is an
    /// expression, everything else a curve name (`easeInOut`, `uikit/easeInOut`).
    ///
    /// - Throws: ``CurveExpressionError`` or ``CatalogError``.
    public init(parsing text: String, field: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "linear" || trimmed.contains("(") {
            self = .inline(try TimingCurve(expression: trimmed))
        } else {
            self = .named(try QualifiedName(parsing: text, field: field))
        }
    }

    /// The name, or the canonical expression.
    public var description: String {
        switch self {
        case let .named(name): name.description
        case let .inline(curve): curve.expression
        }
    }
}

/// The settings of a `UIPercentDrivenInteractiveTransition` driven by this preset.
public struct InteractionSettings: Hashable, Sendable {
    /// `completionSpeed`: > 0; 1 plays the remainder at the animation's own speed.
    public var completionSpeed: Double
    /// `completionCurve`; UIKit's default is easeInOut.
    public var completionCurve: CurveReference
    /// The gesture finishes when progress at release is above this, else cancels.
    public var finishThreshold: Double
    /// The release velocity, in progress per second, above which a `release` finishes (below its
    /// negative, cancels) whatever the progress; `nil` when the release decides by position
    /// alone, as seed 000's pan does (`process > 0.5`). UIKit's percent-driven class has no such
    /// setting: the app's gesture handler decides, and gesture-driven libraries finish a flick.
    public var flickVelocity: Double?

    /// The flick velocity of settings that do not give one (inferred from gesture-driven
    /// libraries): a flick that would play the whole transition in a second.
    public static let defaultFlickVelocity = 1.0

    /// Creates settings; the defaults are UIKit's (speed 1, easeInOut), the seed documents'
    /// threshold (0.5) and ``defaultFlickVelocity``.
    public init(
        completionSpeed: Double = 1,
        completionCurve: CurveReference = .inline(.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)),
        finishThreshold: Double = 0.5,
        flickVelocity: Double? = defaultFlickVelocity
    ) {
        self.completionSpeed = completionSpeed
        self.completionCurve = completionCurve
        self.finishThreshold = finishThreshold
        self.flickVelocity = flickVelocity
    }
}
