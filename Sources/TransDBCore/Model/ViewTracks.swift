/// Which of the two views of a transition.
public enum ViewRole: String, CaseIterable, Hashable, Sendable {
    /// The view of the controller being left (`UITransitionContextViewKey.from`).
    case from
    /// The view of the controller being shown (`UITransitionContextViewKey.to`).
    case to
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

/// Start and end state of one view.
public struct ViewTrack: Hashable, Sendable {
    public var start: ViewState
    public var end: ViewState

    /// Creates a track.
    public init(start: ViewState = ViewState(), end: ViewState = ViewState()) {
        self.start = start
        self.end = end
    }

    /// A view that does not change.
    public static let still = ViewTrack()
}

/// The explicit property tracks of a preset: both views, and which is on top.
public struct ViewTracks: Hashable, Sendable {
    public var from: ViewTrack
    public var to: ViewTrack
    /// The view drawn above the other.
    public var onTop: ViewRole

    /// Creates tracks.
    public init(from: ViewTrack = .still, to: ViewTrack = .still, onTop: ViewRole = .to) {
        self.from = from
        self.to = to
        self.onTop = onTop
    }

    /// The track of one view.
    public subscript(role: ViewRole) -> ViewTrack {
        get { role == .from ? from : to }
        set { if role == .from { from = newValue } else { to = newValue } }
    }
}
