/// One transition's animation, ready to evaluate: explicit tracks, how long it runs, and a timing
/// function. It always plays forward in time, as UIKit runs whatever animator it was given; only
/// cancelling an interactive transition runs it back (``InteractivePlan``).
public struct TransitionAnimation: Sendable {
    public var tracks: ViewTracks
    /// `transitionDuration`, in seconds: what the animator reports and what a percent-driven
    /// interaction maps progress against; 0 is instant.
    public var duration: Double
    /// Seconds the animation actually runs: `duration`, or longer for a spring given by its
    /// physics, which runs until it settles (``TimingCurve/runningDuration(transitionDuration:)``).
    public var runDuration: Double
    /// Seconds before it starts.
    public var delay: Double
    /// Shapes every property track over normalised time 0…1 of `runDuration`.
    public var timing: any TimingFunction
    /// Opacity of the dimming overlay over the lower view at the start and at the end
    /// (UIKit's navigation transitions: up to 0.1 on a push, back to 0 on a pop).
    public var dimming: (start: Double, end: Double)

    /// Creates an animation.
    public init(
        tracks: ViewTracks, duration: Double, runDuration: Double? = nil, delay: Double = 0, timing: any TimingFunction,
        dimming: (start: Double, end: Double) = (0, 0)
    ) {
        self.tracks = tracks
        self.duration = duration
        self.runDuration = max(duration, runDuration ?? duration)
        self.delay = delay
        self.timing = timing
        self.dimming = dimming
    }

    /// The views at one moment of the animation.
    public struct State {
        public var progress: Double
        public var from: ViewSample
        public var to: ViewSample
        public var shared: ViewSample?
        public var dimming: Double
    }

    /// The views at `time` seconds into the animation proper (0…runDuration, delay excluded);
    /// with `completed`, after the completion block ran: each view's completion values applied.
    public func state(atAnimationTime time: Double, context: TransitionContext, completed: Bool = false) -> State {
        // An instant animation is at its start during its delay and at its end from then on.
        let fraction = runDuration > 0 ? min(1, max(0, time / runDuration)) : (time < 0 ? 0 : 1)
        // At its end an animation is at its final values exactly, as UIKit's completion leaves
        // them, even where a UIKit-form spring has not quite come to rest within its duration.
        let progress = fraction >= 1 ? 1 : timing.progress(at: fraction)
        func sample(_ track: ViewTrack, zIndex: Int) -> ViewSample {
            if completed && fraction >= 1 {
                return ViewSample(
                    from: track.start, to: track.final, progress: 1, context: context, zIndex: zIndex, geometry: track.geometry)
            }
            return ViewSample(
                from: track.start, to: track.end, progress: progress, context: context, zIndex: zIndex, geometry: track.geometry)
        }
        let fromOnTop = tracks.onTop == .from
        return State(
            progress: progress, from: sample(tracks.from, zIndex: fromOnTop ? 1 : 0), to: sample(tracks.to, zIndex: fromOnTop ? 0 : 1),
            shared: tracks.shared.map { sample($0, zIndex: 2) },
            dimming: max(0, dimming.start + (dimming.end - dimming.start) * progress))
    }

    /// Whether any view has completion values (eval then shows a sample after the end).
    public var hasCompletionValues: Bool {
        tracks.from.after != nil || tracks.to.after != nil || tracks.shared?.after != nil
    }
}
