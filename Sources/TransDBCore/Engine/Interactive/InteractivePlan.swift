/// How `UIPercentDrivenInteractiveTransition` drives an animation through a gesture:
/// during the gesture the animation stands at `percentComplete · duration` (a linear map); at the
/// release the remainder plays in `(1 − p) · duration / completionSpeed` seconds when finishing,
/// or back to the start in `p · duration / completionSpeed` when cancelling, shaped by the
/// completion curve.
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

    /// Plans the gesture over an animation of `duration` seconds.
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)`` when completionSpeed ≤ 0.
    public init(gesture: GestureScript, duration: Double, completionSpeed: Double, completionTiming: any TimingFunction, finishThreshold: Double) throws {
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
        case .release: finishes = percent > finishThreshold
        }
        completionDuration = (finishes ? 1 - percent : percent) * duration / completionSpeed
    }

    /// The animation's own time at `time` seconds of the gesture's timeline.
    func animationTime(at time: Double, duration: Double) -> Double {
        if time < releaseTime { return gesture.percentComplete(at: time) * duration }
        let start = releasePercent * duration
        let target = finishes ? duration : 0
        guard completionDuration > 0 else { return target }
        let shaped = completionTiming.progress(at: min(1, (time - releaseTime) / completionDuration))
        return start + (target - start) * shaped
    }
}
