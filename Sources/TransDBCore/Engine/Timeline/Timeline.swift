/// A transition over time: what the engine answers for an animator (or `nil`) in a context.
/// `sample(at:)` gives both views at any time; the timeline starts at 0 and ends at `duration`.
public struct Timeline: Sendable {
    /// The preset that was asked for, or `nil` for the system default.
    public var animator: QualifiedName?
    /// The preset whose tracks play: the animator, or its explicit reverse for a dismiss or pop.
    public var played: QualifiedName?
    /// The system default played when the animator is `nil`.
    public var systemDefault: SystemTransition?
    public var context: TransitionContext
    public var animation: TransitionAnimation
    /// How the clock maps to the animation: by itself, or driven by a gesture.
    public var drive: Drive
    /// Facts about how the timeline was made, and which of them are inferred.
    public var notes: [String]

    /// What moves the animation forward.
    public enum Drive: Sendable {
        /// It plays by itself after its delay.
        case automatic
        /// A percent-driven interactive transition.
        case interactive(InteractivePlan)
    }

    /// The timeline's length in seconds: delay plus duration, or the gesture plus its completion.
    public var duration: Double {
        switch drive {
        case .automatic: animation.delay + animation.duration
        case let .interactive(plan): plan.releaseTime + plan.completionDuration
        }
    }

    /// Both views at `time` seconds (clamped to the timeline).
    public func sample(at time: Double) -> TimelineSample {
        let animationTime: Double
        switch drive {
        case .automatic: animationTime = time - animation.delay
        case let .interactive(plan): animationTime = plan.animationTime(at: time, duration: animation.duration)
        }
        let state = animation.state(atAnimationTime: animationTime, context: context)
        return TimelineSample(time: time, progress: state.progress, from: state.from, to: state.to, dimming: state.dimming)
    }

    /// Evenly spaced times from 0 to `duration` at `fps` frames a second, the end included.
    public func frameTimes(fps: Double) -> [Double] {
        let total = duration
        guard total > 0, fps > 0 else { return [0] }
        let frames = Int((total * fps).rounded(.up))
        return (0...frames).map { min(total, Double($0) / fps) }
    }
}
