import TransDBCore

/// Everything an app's animator decides, as values: a pure function of the preset, the
/// operation, the container's bounds and the origin and target rects. The UIKit glue only applies
/// it; on Linux it is what the tests compare with `transdb eval`, bit for bit, since both come
/// from the same engine (``TransitionEngine``).
public struct TransitionPlan: Sendable {
    /// The preset played.
    public var preset: QualifiedName
    public var operation: TransitionOperation
    /// What `transitionDuration(using:)` reports, in seconds.
    public var duration: Double
    /// Seconds before the animation starts.
    public var delay: Double
    /// Seconds the animation runs: `duration`, or longer for a spring given by its physics.
    public var runDuration: Double
    /// The curve, as a UIKit construct.
    public var timing: TimingPlan
    /// The view of the controller going away.
    public var from: ViewPlan
    /// The view of the controller appearing.
    public var to: ViewPlan
    /// A snapshot that travels between the screens, drawn above both, when the preset has one.
    public var shared: ViewPlan?
    /// Which of the two views is drawn above the other.
    public var onTop: ViewRole
    /// Whether the source element (the thumbnail at the origin rect) is hidden while the
    /// transition runs, as PopAnimator's delegate hides the tapped image.
    public var hidesSource: Bool
    /// The percent-driven interaction's settings, when the preset has them.
    public var interaction: InteractionSettings?
    /// The engine's timeline, for ``sample(at:)``.
    public let timeline: Timeline

    /// Plans `preset` for `operation`.
    ///
    /// - Parameters:
    ///   - container: The container view's bounds size, in points.
    ///   - origin: The rect a zoom grows from (a tapped thumbnail), in the container's coordinates;
    ///     `nil` for the engine's default.
    ///   - target: The rect a shared element travels to; `nil` for the engine's default.
    ///   - curves: Where named curves are found (a ``TransitionCatalog``).
    /// - Throws: what `curves` throws for a curve it does not have.
    public init(
        preset: Preset, operation: TransitionOperation, container: Size, origin: Rect? = nil, target: Rect? = nil,
        curves: any PresetSource
    ) throws {
        let context = TransitionContext(container: container, origin: origin, target: target, operation: operation)
        timeline = try TransitionEngine(source: curves).timeline(for: preset, context: context)
        let animation = timeline.animation
        self.preset = preset.qualifiedName
        self.operation = operation
        duration = animation.duration
        delay = animation.delay
        runDuration = animation.runDuration
        timing = TimingPlan(try curves.timingCurve(preset.curve))
        onTop = preset.tracks.onTop
        hidesSource = preset.tracks.hidesSource
        let fromOnTop = onTop == .from
        from = ViewPlan(preset.tracks.from, in: context, zIndex: fromOnTop ? 1 : 0)
        to = ViewPlan(preset.tracks.to, in: context, zIndex: fromOnTop ? 0 : 1)
        shared = preset.tracks.shared.map { ViewPlan($0, in: context, zIndex: 2) }
        interaction = preset.interaction
    }

    /// Every view at `time` seconds, as `transdb eval` prints it.
    public func sample(at time: Double) -> TimelineSample { timeline.sample(at: time) }
}

/// One view's values in points: set before the animation, animated to, and left by the completion.
public struct ViewPlan: Hashable, Sendable {
    /// The values set before the animation starts.
    public var start: ViewSample
    /// The values the animation block sets.
    public var end: ViewSample
    /// The values the completion leaves (equal to `end` unless the preset has completion values).
    public var after: ViewSample
    /// The track and the context, for ``sample(progress:)``.
    public var track: ViewTrack
    public var context: TransitionContext
    public var zIndex: Int

    /// The values `progress` of the way from `start` to `end` (a keyframe at one of a curve's stops).
    public func sample(progress: Double) -> ViewSample { track.sample(progress: progress, in: context, zIndex: zIndex) }

    init(_ track: ViewTrack, in context: TransitionContext, zIndex: Int) {
        self.track = track
        self.context = context
        self.zIndex = zIndex
        start = track.sample(progress: 0, in: context, zIndex: zIndex)
        end = track.sample(progress: 1, in: context, zIndex: zIndex)
        after = track.completedSample(in: context, zIndex: zIndex)
    }
}
