import TransDBCore

extension Catalog {
    /// The preset `name` played in `context`: forwards, or backwards for dismiss and pop; with a
    /// gesture, driven interactively (with the preset's interaction settings, or the defaults).
    ///
    /// - Throws: ``LookupError`` for an unknown preset, ``ModelError`` for a gesture the
    ///   preset cannot play.
    public func timeline(preset name: QualifiedName, context: TransitionContext, gesture: GestureScript?) throws -> Timeline {
        let animator = try preset(name).preset
        return try TransitionEngine(catalog: self).timeline(
            for: animator, context: context, interaction: gesture.map { (animator.interaction ?? InteractionSettings(), $0) })
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
