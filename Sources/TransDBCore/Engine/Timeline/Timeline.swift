/// A transition over time: what the engine answers for an animator (or `nil`) in a context.
/// `sample(at:)` gives both views at any time; the timeline starts at 0 and ends at `duration`.
public struct Timeline: Sendable {
    /// The preset that was asked for, or `nil` for the system default.
    public var animator: QualifiedName?
    /// The preset whose tracks play: the animator itself (kept apart for output that names it).
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

    /// The timeline's length in seconds: delay plus the time the animation runs (a spring given
    /// by its physics runs past its duration until it settles), or the gesture plus its completion.
    public var duration: Double {
        switch drive {
        case .automatic: animation.delay + animation.runDuration
        case let .interactive(plan): plan.releaseTime + plan.completionDuration
        }
    }

    /// Every view at `time` seconds. Before 0 the views are at their start; at the end exactly
    /// at their end state; after the end, once the transition completed, in the state its
    /// completion left them (`after` values).
    public func sample(at time: Double) -> TimelineSample {
        let animationTime: Double
        var completed = time > duration
        switch drive {
        case .automatic: animationTime = time - animation.delay
        case let .interactive(plan):
            // A cancelled transition is back at its start once its completion has played, also an
            // instant one (`none`, whose time 0 is its end); its completion values do not apply.
            animationTime =
                !plan.finishes && time >= duration
                ? -.infinity : plan.animationTime(at: time, duration: animation.duration, runDuration: animation.runDuration)
            completed = completed && plan.finishes
        }
        let state = animation.state(atAnimationTime: animationTime, context: context, completed: completed)
        return TimelineSample(
            time: time, progress: state.progress, from: state.from, to: state.to, shared: state.shared, dimming: state.dimming)
    }

    /// How many times ``frameTimes(fps:)`` gives, without making them (a Double: at 10,000 fps
    /// an hour is more than a bound wants to make).
    public func frameCount(fps: Double) -> Double {
        let total = duration
        guard total > 0, fps > 0 else { return animation.hasCompletionValues && fps > 0 ? 2 : 1 }
        return (total * fps).rounded(.up) + 1 + (animation.hasCompletionValues ? 1 : 0)
    }

    /// Evenly spaced times from 0 to `duration` at `fps` frames a second, the end included, and
    /// one frame more when the completion changes a view (to show its `after` values).
    public func frameTimes(fps: Double) -> [Double] {
        let total = duration
        guard total > 0, fps > 0 else { return animation.hasCompletionValues && fps > 0 ? [0, 1 / fps] : [0] }
        let frames = Int((total * fps).rounded(.up))
        var times = (0...frames).map { min(total, Double($0) / fps) }
        if animation.hasCompletionValues { times.append(total + 1 / fps) }
        return times
    }
}
