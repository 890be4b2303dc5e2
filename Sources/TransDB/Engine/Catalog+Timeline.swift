import TransDBCore

extension Catalog {
    /// The preset `name` played forward in `context`, whatever its operation; with a gesture,
    /// driven interactively with the preset's interaction settings.
    ///
    /// - Throws: ``LookupError`` for an unknown preset, ``ModelError`` for a gesture the
    ///   preset cannot play (it has no interaction settings, or the gesture is invalid).
    public func timeline(
        preset name: QualifiedName, context: TransitionContext, gesture: GestureScript?, reduceMotion: Bool = false
    ) throws -> Timeline {
        let animator = try preset(name).preset
        var interaction: (InteractionSettings, GestureScript)?
        if let gesture {
            guard let settings = animator.interaction else {
                throw ModelError.notInteractive(
                    reason: "the preset '\(animator.qualifiedName)' has no interaction settings (add them with --completion-speed, --completion-curve or --finish-threshold)")
            }
            interaction = (settings, gesture)
        }
        let engine = TransitionEngine(catalog: self)
        if reduceMotion {
            return try engine.timeline(
                for: try ReducedMotion.alternative(for: animator, source: self), context: context, interaction: interaction)
        }
        return try engine.timeline(for: animator, context: context, interaction: interaction)
    }

    /// What UIKit plays for `request` in `context` (``Resolver``), the system default for a nil
    /// answer; with a gesture, driven interactively.
    ///
    /// - Throws: ``ModelError`` and ``LookupError`` from the lookup or the engine.
    public func timeline(route request: Resolver.Request, context: TransitionContext, gesture: GestureScript?) throws -> Timeline {
        let resolution = try Resolver(catalog: self).resolve(request)
        return try TransitionEngine(catalog: self).timeline(for: resolution, context: context, gesture: gesture)
    }
}
