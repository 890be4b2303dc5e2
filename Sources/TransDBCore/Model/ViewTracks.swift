/// Which of the two views of a transition.
public enum ViewRole: String, CaseIterable, Hashable, Sendable {
    /// The view of the controller being left (`UITransitionContextViewKey.from`).
    case from
    /// The view of the controller being shown (`UITransitionContextViewKey.to`).
    case to
}

/// A view a preset has tracks for: the two views of the transition and the optional shared
/// element (a snapshot of a source element that travels: SZAnimator's provided view, Hero's
/// matched views, iOS 18's zoom).
public enum TrackedView: String, CaseIterable, Hashable, Sendable {
    case from, to, shared
}

extension ViewRole {
    /// The same view among the tracked views.
    public var tracked: TrackedView { self == .from ? .from : .to }
}

/// A rectangle in units of a reference rect, so presets do not depend on a screen size.
///
/// `container(1, 0, 1, 1)` is a full-size frame one container width to the right;
/// `origin(0, 0, 1, 1)` is exactly the origin rect a zoom grows from.
public struct RelativeFrame: Hashable, Sendable {
    /// What the frame is measured against.
    public enum Reference: String, CaseIterable, Hashable, Sendable {
        /// The transition's container view.
        case container
        /// The rect the transition starts from or returns to (a tapped thumbnail's frame).
        case origin
        /// The rect a shared element travels to (the matching element on the new screen).
        case target
    }

    public var reference: Reference
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// Creates a frame.
    public init(_ reference: Reference, x: Double, y: Double, width: Double, height: Double) {
        self.reference = reference
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The whole container.
    public static let container = RelativeFrame(.container, x: 0, y: 0, width: 1, height: 1)
    /// The whole origin rect.
    public static let origin = RelativeFrame(.origin, x: 0, y: 0, width: 1, height: 1)
    /// The whole target rect.
    public static let target = RelativeFrame(.target, x: 0, y: 0, width: 1, height: 1)

    /// The container-sized frame moved by `dx`, `dy` container sizes.
    public static func offset(dx: Double, dy: Double) -> RelativeFrame {
        RelativeFrame(.container, x: dx, y: dy, width: 1, height: 1)
    }
}

/// The animatable state of one view at the start or end of a transition.
public struct ViewState: Hashable, Sendable {
    public var frame: RelativeFrame = .container
    /// Opacity, 0…1.
    public var alpha: Double = 1
    public var scaleX: Double = 1
    public var scaleY: Double = 1
    /// Rotation in the screen plane, in degrees, clockwise.
    public var rotation: Double = 0
    /// Rotation about the vertical axis, in degrees (a flip); a view turned past 90° shows its back,
    /// which UIKit's flip hides.
    public var rotationY: Double = 0
    /// Corner radius in points.
    public var cornerRadius: Double = 0

    /// The identity state: full container frame, opaque, unscaled, unrotated.
    public init() {}

    /// A state with the given frame and alpha, identity otherwise.
    public init(frame: RelativeFrame, alpha: Double = 1) {
        self.frame = frame
        self.alpha = alpha
    }
}

/// How a view goes from one frame to another.
public enum TrackGeometry: String, CaseIterable, Hashable, Sendable {
    /// Its frame changes (UIKit animating `frame`).
    case frame
    /// Its bounds stay those of the larger of its start and end frames, and a scale transform
    /// about its moving centre makes it cover the other (UIKit animating `transform` and `center`,
    /// as PopAnimator does): `width` and `height` are the bounds, `x` and `y` place them around the
    /// centre, and `scaleX`/`scaleY` carry the scale.
    case transform
}

/// Start and end state of one view, and the values its completion sets.
public struct ViewTrack: Hashable, Sendable {
    public var start: ViewState
    public var end: ViewState
    /// The state the transition's completion block leaves the view in, when it differs from
    /// `end` (CustomAnimatedTransitioning sets the from-view's alpha back to 1); nil otherwise.
    public var after: ViewState?
    /// Whether the frame animates as a frame or as a scale transform about the centre.
    public var geometry: TrackGeometry

    /// Creates a track.
    public init(start: ViewState = ViewState(), end: ViewState = ViewState(), after: ViewState? = nil, geometry: TrackGeometry = .frame) {
        self.start = start
        self.end = end
        self.after = after == end ? nil : after
        self.geometry = geometry
    }

    /// A view that does not change.
    public static let still = ViewTrack()

    /// The state after the transition has completed: `after`, or `end`.
    public var final: ViewState { after ?? end }

    /// The track run the other way: from `end` to `start`, forward in time. Completion values
    /// belong to the animation they were written for and are not carried over.
    public var swapped: ViewTrack { ViewTrack(start: end, end: start, geometry: geometry) }
}

/// The explicit property tracks of a preset: both views, an optional shared element, and
/// which of the two views is on top (a shared element is drawn above both).
public struct ViewTracks: Hashable, Sendable {
    public var from: ViewTrack {
        get { tracks.from }
        set { tracks = Tracks(from: newValue, to: tracks.to, shared: tracks.shared) }
    }
    public var to: ViewTrack {
        get { tracks.to }
        set { tracks = Tracks(from: tracks.from, to: newValue, shared: tracks.shared) }
    }
    /// The shared element that travels between the screens, if the preset has one.
    public var shared: ViewTrack? {
        get { tracks.shared }
        set { tracks = Tracks(from: tracks.from, to: tracks.to, shared: newValue) }
    }
    /// The view drawn above the other.
    public var onTop: ViewRole
    /// Whether the source element (the thumbnail at the origin rect) is hidden while the
    /// transition runs, as PopAnimator's delegate hides the tapped image.
    public var hidesSource: Bool

    /// The three tracks, kept out of line and shared by copies: inline they were 816 of a
    /// preset's 1,128 bytes, and a catalog's presets are held by the hundred thousand, often in
    /// several arrays and dictionaries at once. Tracks are read far more often than changed, so
    /// a change makes a new box.
    private final class Tracks: Sendable {
        let from: ViewTrack
        let to: ViewTrack
        let shared: ViewTrack?

        init(from: ViewTrack, to: ViewTrack, shared: ViewTrack?) {
            self.from = from
            self.to = to
            self.shared = shared
        }
    }

    private var tracks: Tracks

    /// Creates tracks.
    public init(
        from: ViewTrack = .still, to: ViewTrack = .still, shared: ViewTrack? = nil, onTop: ViewRole = .to, hidesSource: Bool = false
    ) {
        self.tracks = Tracks(from: from, to: to, shared: shared)
        self.onTop = onTop
        self.hidesSource = hidesSource
    }

    public static func == (lhs: ViewTracks, rhs: ViewTracks) -> Bool {
        lhs.onTop == rhs.onTop && lhs.hidesSource == rhs.hidesSource
            && (lhs.tracks === rhs.tracks || (lhs.from == rhs.from && lhs.to == rhs.to && lhs.shared == rhs.shared))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(from)
        hasher.combine(to)
        hasher.combine(shared)
        hasher.combine(onTop)
        hasher.combine(hidesSource)
    }

    /// The track of one view.
    public subscript(role: ViewRole) -> ViewTrack {
        get { role == .from ? from : to }
        set { if role == .from { from = newValue } else { to = newValue } }
    }

    /// The tracks of the same motion for the opposite operation, as an animator with a
    /// `presenting` flag plays it (PopAnimator, HSLeftPresentAnimation): the view that appeared
    /// now goes away, so the roles swap, and each view runs from where it ended to where it
    /// started — forward in time, on the same curve. The view on top stays the same view.
    public var mirrored: ViewTracks {
        ViewTracks(
            from: to.swapped, to: from.swapped, shared: shared?.swapped, onTop: onTop == .from ? .to : .from, hidesSource: hidesSource)
    }
}
