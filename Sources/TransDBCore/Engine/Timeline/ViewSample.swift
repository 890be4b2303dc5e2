/// The state of one view at one moment, in points and degrees.
public struct ViewSample: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// Opacity, clamped to [0, 1] (frames and scales are not clamped: springs may overshoot).
    public var alpha: Double
    public var scaleX: Double
    public var scaleY: Double
    /// Rotation in the screen plane, degrees.
    public var rotation: Double
    /// Rotation about the vertical axis, degrees (flips).
    public var rotationY: Double
    public var cornerRadius: Double
    /// 1 for the view drawn on top, 0 for the other; 2 for a shared element, above both.
    public var zIndex: Int

    /// The state `progress` of the way from `start` to `end` (progress may leave [0, 1]).
    ///
    /// With ``TrackGeometry/transform`` the visual rect is the same as with `.frame`, but it is
    /// reported as UIKit's `transform` + `center` animation sets it: bounds of the larger of the
    /// two frames, centred on the moving centre, scaled by the visual size over the bounds.
    init(
        from start: ViewState, to end: ViewState, progress p: Double, context: TransitionContext, zIndex: Int,
        geometry: TrackGeometry = .frame
    ) {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
        let a = start.frame.absolute(in: context)
        let b = end.frame.absolute(in: context)
        x = mix(a.x, b.x)
        y = mix(a.y, b.y)
        width = mix(a.width, b.width)
        height = mix(a.height, b.height)
        alpha = min(1, max(0, mix(start.alpha, end.alpha)))
        scaleX = mix(start.scaleX, end.scaleX)
        scaleY = mix(start.scaleY, end.scaleY)
        if geometry == .transform {
            let bounds = a.width * a.height > b.width * b.height ? a : b
            let centre = (x: x + width / 2, y: y + height / 2)
            if bounds.width > 0 { scaleX *= width / bounds.width }
            if bounds.height > 0 { scaleY *= height / bounds.height }
            width = bounds.width > 0 ? bounds.width : width
            height = bounds.height > 0 ? bounds.height : height
            x = centre.x - width / 2
            y = centre.y - height / 2
        }
        rotation = mix(start.rotation, end.rotation)
        rotationY = mix(start.rotationY, end.rotationY)
        cornerRadius = max(0, mix(start.cornerRadius, end.cornerRadius))
        self.zIndex = zIndex
    }

    /// `x, y, width, height, alpha, scaleX, scaleY, rotation, rotationY, cornerRadius, zIndex`.
    public var record: JSONValue {
        .object([
            ("x", .number(x)), ("y", .number(y)), ("width", .number(width)), ("height", .number(height)),
            ("alpha", .number(alpha)), ("scaleX", .number(scaleX)), ("scaleY", .number(scaleY)),
            ("rotation", .number(rotation)), ("rotationY", .number(rotationY)), ("cornerRadius", .number(cornerRadius)),
            ("zIndex", .integer(Int64(zIndex))),
        ])
    }
}

/// Both views at one moment of a timeline.
public struct TimelineSample: Hashable, Sendable {
    /// Seconds since the transition started.
    public var time: Double
    /// Overall progress of the transition, 0 at the start and 1 at the end (springs may overshoot).
    public var progress: Double
    public var from: ViewSample
    public var to: ViewSample
    /// The shared element, when the preset has one.
    public var shared: ViewSample?
    /// Opacity of the dimming overlay above the lower view (UIKit's navigation transitions), 0 otherwise.
    public var dimming: Double
}
