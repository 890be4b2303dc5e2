/// How `UIPercentDrivenInteractiveTransition` drives an animation through a gesture:
/// during the gesture the animation stands at `percentComplete · duration` (a linear map); at the
/// release the remainder plays in `(1 − p) · duration / completionSpeed` seconds when finishing,
/// or back to the start in `p · duration / completionSpeed` when cancelling, shaped by the
/// completion curve. An animation that runs past its duration (a spring given by its physics)
/// finishes at the end of its run: `(run − p · duration) / completionSpeed` (inferred: the paused
/// layer animation resumes and runs to its own end).
public struct InteractivePlan: Sendable {
    public var gesture: GestureScript
    public var completionSpeed: Double
    public var completionTiming: any TimingFunction
    /// Whether the transition finishes (or is cancelled).
    public var finishes: Bool
    /// `percentComplete` at the release.
    public var releasePercent: Double
    public var releaseTime: Double { gesture.endTime }
    /// Seconds the completion takes after the release.
    public var completionDuration: Double

    /// Plans the gesture over an animation of `duration` seconds (`transitionDuration`) that runs
    /// for `runDuration` seconds (by default the same).
    ///
    /// - Parameters:
    ///   - flickVelocity: A release faster than this (progress per second) finishes, slower than
    ///     its negative cancels, whatever the progress; between them, or when it is `nil`, the
    ///     threshold decides.
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)`` when completionSpeed ≤ 0.
    public init(
        gesture: GestureScript, duration: Double, runDuration: Double? = nil, completionSpeed: Double,
        completionTiming: any TimingFunction, finishThreshold: Double, flickVelocity: Double?
    ) throws {
        guard completionSpeed > 0, completionSpeed.isFinite else {
            throw ModelError.invalidValue(
                field: "completion speed", value: completionSpeed.shortestDescription, reason: "completionSpeed must be > 0")
        }
        self.gesture = gesture
        self.completionSpeed = completionSpeed
        self.completionTiming = completionTiming
        let percent = gesture.percentComplete(at: gesture.endTime)
        releasePercent = percent
        switch gesture.ending {
        case .finish: finishes = true
        case .cancel: finishes = false
        case .release:
            if let velocity = gesture.releaseVelocity, let flickVelocity, abs(velocity) > flickVelocity {
                finishes = velocity > 0
            } else {
                finishes = percent > finishThreshold
            }
        }
        let run = max(duration, runDuration ?? duration)
        completionDuration = (finishes ? run - percent * duration : percent * duration) / completionSpeed
    }

    /// The animation's own time at `time` seconds of the gesture's timeline.
    func animationTime(at time: Double, duration: Double, runDuration: Double) -> Double {
        if time < releaseTime { return gesture.percentComplete(at: time) * duration }
        let start = releasePercent * duration
        let target = finishes ? runDuration : 0
        guard completionDuration > 0 else { return target }
        let shaped = completionTiming.progress(at: min(1, (time - releaseTime) / completionDuration))
        return start + (target - start) * shaped
    }
}
