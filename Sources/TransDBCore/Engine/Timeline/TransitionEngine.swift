/// Turns what the resolver answers — a preset, or `nil` for the system default — into a timeline.
///
/// Presets describe the forward operation (present, push, tab). A dismiss or pop plays the
/// preset's explicit reverse preset when it names one, and otherwise the preset itself backwards,
/// as a UIKit animator with a `presenting` flag does.
public struct TransitionEngine: Sendable {
    let source: any PresetSource

    /// An engine that reads named curves and reverse presets from `source`.
    public init(source: any PresetSource) {
        self.source = source
    }

    /// The timeline of `animator` (or of the system default when it is `nil`) in `context`.
    ///
    /// - Parameters:
    ///   - systemDefault: The default to play for a `nil` animator; by default the one UIKit uses
    ///     for the context's operation with a coverVertical modal style.
    ///   - interaction: Interaction settings and a gesture, for a percent-driven transition.
    /// - Throws: what `source` throws for a missing curve or reverse preset; ``ModelError`` for an invalid gesture.
    public func timeline(
        for animator: Preset?, context: TransitionContext, systemDefault: SystemTransition? = nil,
        interaction: (settings: InteractionSettings, gesture: GestureScript)? = nil
    ) throws -> Timeline {
        var notes: [String] = []
        let played: Preset
        var reversed = false
        var fallback: SystemTransition?
        var dimming = 0.0
        if let animator {
            if context.isReverse, let reverse = animator.reverse {
                played = try source.preset(named: reverse)
                notes.append("\(context.operation.rawValue) plays '\(reverse)', the reverse preset of '\(animator.qualifiedName)'")
            } else {
                played = animator
                reversed = context.isReverse
                if reversed {
                    notes.append("\(context.operation.rawValue) plays '\(animator.qualifiedName)' backwards: it names no reverse preset")
                }
            }
        } else {
            let chosen = systemDefault ?? SystemTransition.forOperation(context.operation, modalStyle: .coverVertical)
            fallback = chosen
            played = chosen.forwardPreset
            reversed = context.isReverse
            dimming = chosen.dimming
            notes += chosen.notes
        }
        let curve = try source.timingCurve(played.curve)
        let animation = TransitionAnimation(
            tracks: played.tracks, duration: played.duration, delay: played.delay,
            timing: curve.function(duration: played.duration), reversed: reversed, dimming: dimming)
        var drive = Timeline.Drive.automatic
        if let interaction {
            let completion = try source.timingCurve(interaction.settings.completionCurve)
            let plan = try InteractivePlan(
                gesture: interaction.gesture, duration: played.duration, completionSpeed: interaction.settings.completionSpeed,
                completionTiming: completion.function(duration: nil), finishThreshold: interaction.settings.finishThreshold)
            drive = .interactive(plan)
            if played.delay > 0 { notes.append("the delay of \(played.delay.shortestDescription) s is not applied to an interactive transition") }
            notes.append(
                "\(plan.finishes ? "finish" : "cancel") at \(plan.releaseTime.shortestDescription) s with percentComplete \(plan.releasePercent.shortestDescription): the remainder takes \(plan.completionDuration.shortestDescription) s at completionSpeed \(plan.completionSpeed.shortestDescription)")
        }
        return Timeline(
            animator: animator?.qualifiedName, played: animator == nil ? nil : played.qualifiedName, systemDefault: fallback,
            context: context, animation: animation, drive: drive, notes: notes)
    }

    /// The timeline of what the resolver answered: its animator or its system default.
    public func timeline(
        for resolution: Resolution, context: TransitionContext, gesture: GestureScript? = nil
    ) throws -> Timeline {
        var context = context
        context.operation = resolution.operation
        let settings = resolution.interaction?.interaction ?? resolution.animator?.interaction ?? InteractionSettings()
        return try timeline(
            for: resolution.animator, context: context, systemDefault: resolution.systemDefault,
            interaction: gesture.map { (settings, $0) })
    }
}
