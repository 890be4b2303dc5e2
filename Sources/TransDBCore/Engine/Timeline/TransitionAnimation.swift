/// One transition's animation, ready to evaluate: explicit tracks, a duration, a timing function,
/// and whether it plays backwards (a dismiss or pop of a preset that names no reverse).
public struct TransitionAnimation: Sendable {
    public var tracks: ViewTracks
    /// Seconds the animation runs, without its delay; 0 is instant.
    public var duration: Double
    /// Seconds before it starts.
    public var delay: Double
    /// Shapes every property track.
    public var timing: any TimingFunction
    /// Played backwards in time with the two views' roles swapped: what was the to-view leaves.
    public var reversed: Bool
    /// Opacity the dimming overlay reaches over the lower view (UIKit's navigation transitions).
    public var dimming: Double

    /// Creates an animation.
    public init(tracks: ViewTracks, duration: Double, delay: Double = 0, timing: any TimingFunction, reversed: Bool = false, dimming: Double = 0) {
        self.tracks = tracks
        self.duration = duration
        self.delay = delay
        self.timing = timing
        self.reversed = reversed
        self.dimming = dimming
    }

    /// Both views at `time` seconds into the animation proper (0…duration, delay excluded).
    public func state(atAnimationTime time: Double, context: TransitionContext) -> (progress: Double, from: ViewSample, to: ViewSample, dimming: Double) {
        // An instant animation is at its end from the first moment.
        let fraction = duration > 0 ? min(1, max(0, time / duration)) : 1
        // Backwards: the forward animation at the mirrored time. At its end an animation is at its
        // final values exactly, as UIKit's completion leaves them, even where a spring has not
        // quite settled within a fixed duration.
        let mirrored = reversed ? 1 - fraction : fraction
        let forward = mirrored >= 1 ? 1 : timing.progress(at: mirrored)
        let fromTrack = reversed ? tracks.to : tracks.from
        let toTrack = reversed ? tracks.from : tracks.to
        let fromOnTop = (tracks.onTop == .from) != reversed
        let from = ViewSample(from: fromTrack.start, to: fromTrack.end, progress: forward, context: context, zIndex: fromOnTop ? 1 : 0)
        let to = ViewSample(from: toTrack.start, to: toTrack.end, progress: forward, context: context, zIndex: fromOnTop ? 0 : 1)
        return (reversed ? 1 - forward : forward, from, to, dimming * forward)
    }
}
