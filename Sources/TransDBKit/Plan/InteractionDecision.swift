import TransDBCore

extension InteractionSettings {
    /// Whether a pan released at `percentComplete` with `velocity` (progress per second, positive
    /// towards finishing) finishes the transition or cancels it: the engine's rule
    /// (``InteractivePlan``), asked through a one-event gesture so that it is written once.
    ///
    /// - Throws: ``ModelError`` for a completion speed the engine refuses.
    public func finishes(percentComplete: Double, velocity: Double) throws -> Bool {
        var gesture = try GestureScript(parsing: "update 0@0, release@0")
        gesture.updates[0].percent = min(1, max(0, percentComplete))
        gesture.releaseVelocity = velocity
        return try InteractivePlan(
            gesture: gesture, duration: 1, completionSpeed: completionSpeed, completionTiming: TimingCurve.linear.function(duration: nil),
            finishThreshold: finishThreshold, flickVelocity: flickVelocity
        ).finishes
    }
}
