/// Turns what the resolver answers — a preset, or `nil` for the system default — into a timeline.
///
/// A route plays exactly the preset it names, forward in time, with `from` the controller going
/// away and `to` the one appearing, for every operation: UIKit calls `animateTransition(using:)`
/// on whatever animator the delegate returned. A dismiss or pop names its own preset (often a
/// mirror of the present's, as an animator with a `presenting` flag does); time runs backwards
/// only when an interactive transition is cancelled.
public struct TransitionEngine: Sendable {
    let source: any PresetSource

    /// An engine that reads named curves from `source`.
    public init(source: any PresetSource) {
        self.source = source
    }

    /// The timeline of `animator` (or of the system default when it is `nil`) in `context`.
    ///
    /// - Parameters:
    ///   - systemDefault: The default to play for a `nil` animator; by default the one UIKit uses
    ///     for the context's operation with a coverVertical modal style.
    ///   - interaction: Interaction settings and a gesture, for a percent-driven transition.
    /// - Throws: what `source` throws for a missing curve; ``ModelError`` for an invalid gesture.
    public func timeline(
        for animator: Preset?, context: TransitionContext, systemDefault: SystemTransition? = nil,
        interaction: (settings: InteractionSettings, gesture: GestureScript)? = nil
    ) throws -> Timeline {
        var notes: [String] = []
        let played: Preset
        var fallback: SystemTransition?
        var dimming = (start: 0.0, end: 0.0)
        if let animator {
            played = animator
        } else {
            let chosen = systemDefault ?? SystemTransition.forOperation(context.operation, modalStyle: .coverVertical)
            fallback = chosen
            played = chosen.preset(for: context.operation)
            dimming = chosen.dimming(for: context.operation)
            notes += chosen.notes
            if context.isReverse {
                notes.append(
                    "\(context.operation.rawValue) plays the \(chosen.rawValue) default mirrored: each view runs from its end state to its start state, forward"
                )
            }
        }
        if played.tracks.hidesSource {
            notes.append("the source element at the origin rect is hidden while the transition runs")
        }
        let curve = try source.timingCurve(played.curve)
        let run = curve.runningDuration(transitionDuration: played.duration)
        if run > played.duration {
            notes.append(
                "the spring \(curve.expression) is given by its physics: it runs until it settles, \(run.shortestDescription) s, past the transitionDuration of \(played.duration.shortestDescription) s (documented for mass/stiffness/damping, inferred for the other physical forms)"
            )
        }
        let animation = TransitionAnimation(
            tracks: played.tracks, duration: played.duration, runDuration: run, delay: played.delay,
            timing: curve.function(duration: run), dimming: dimming)
        var drive = Timeline.Drive.automatic
        if let interaction {
            let completion = try source.timingCurve(interaction.settings.completionCurve)
            let plan = try InteractivePlan(
                gesture: interaction.gesture, duration: played.duration, runDuration: run,
                completionSpeed: interaction.settings.completionSpeed, completionTiming: completion.function(duration: nil),
                finishThreshold: interaction.settings.finishThreshold, flickVelocity: interaction.settings.flickVelocity)
            drive = .interactive(plan)
            if played.delay > 0 {
                notes.append("the delay of \(played.delay.shortestDescription) s is not applied to an interactive transition")
            }
            var release =
                "\(plan.finishes ? "finish" : "cancel") at \(plan.releaseTime.shortestDescription) s with percentComplete \(plan.releasePercent.sentenceDescription)"
            if interaction.gesture.ending == .release, let velocity = interaction.gesture.releaseVelocity {
                if let flick = interaction.settings.flickVelocity, abs(velocity) > flick {
                    release += " and a flick of \(velocity.shortestDescription)/s (the preset's flick velocity is \(flick.shortestDescription)/s)"
                } else if interaction.settings.flickVelocity == nil, velocity != 0 {
                    release += " (the release velocity is not asked: the preset decides by position alone)"
                }
            }
            notes.append(
                "\(release): the \(plan.finishes ? "remainder" : "way back") takes \(plan.completionDuration.sentenceDescription) s at completionSpeed \(plan.completionSpeed.shortestDescription)"
            )
        }
        return Timeline(
            animator: animator?.qualifiedName, played: animator == nil ? nil : played.qualifiedName, systemDefault: fallback,
            context: context, animation: animation, drive: drive, notes: notes)
    }

    /// The timeline of what the resolver answered: its animator or its system default. A gesture
    /// plays only when the lookup returned an interaction controller, as UIKit asks for one only
    /// after an animator and runs the transition interactively only when it gets one.
    ///
    /// - Throws: ``ModelError/notInteractive(reason:)`` for a gesture on a non-interactive route.
    public func timeline(
        for resolution: Resolution, context: TransitionContext, gesture: GestureScript? = nil
    ) throws -> Timeline {
        var context = context
        context.operation = resolution.operation
        var interaction: (InteractionSettings, GestureScript)?
        if let gesture {
            guard let animator = resolution.animator else {
                throw ModelError.notInteractive(
                    reason: "the route's animator is nil (the system default), so UIKit asks for no interaction controller")
            }
            guard let controller = resolution.interaction else {
                throw ModelError.notInteractive(
                    reason: "the route's interaction controller is nil, so UIKit plays '\(animator.qualifiedName)' without the gesture")
            }
            interaction = (controller.interaction ?? animator.interaction ?? InteractionSettings(), gesture)
        }
        guard let alternative = resolution.reducedMotion else {
            var result = try timeline(
                for: resolution.animator, context: context, systemDefault: resolution.systemDefault, interaction: interaction)
            if resolution.reduceMotion, let system = resolution.systemDefault {
                result.notes.append(ReducedMotion.systemDefaultNote(system))
            }
            return result
        }
        return try timeline(for: alternative, context: context, interaction: interaction)
    }

    /// The timeline of a Reduce Motion alternative (``ReducedMotion``): its preset plays, the
    /// original stays the animator, and a note says whether the alternative was named or derived.
    public func timeline(
        for alternative: ReducedMotion.Alternative, context: TransitionContext,
        interaction: (settings: InteractionSettings, gesture: GestureScript)? = nil
    ) throws -> Timeline {
        var result = try timeline(for: alternative.preset, context: context, interaction: interaction)
        result.animator = alternative.original.qualifiedName
        result.notes.insert(alternative.summary, at: 0)
        return result
    }
}
