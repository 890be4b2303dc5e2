import TransDBCore

/// What an app plays when Reduce Motion is on (`UIAccessibility.isReduceMotionEnabled`).
///
/// By default the catalog's answer, as `transdb resolve --reduce-motion` gives it: the preset's
/// named alternative (`reducedMotion`), or the one derived by Apple's HIG (``ReducedMotion``:
/// a cross-fade of the same views, springs without bounce). An app may replace the hook.
public struct ReduceMotion: Sendable {
    /// The preset to play instead of a preset when Reduce Motion is on, or `nil` to keep it.
    public var alternative: @Sendable (Preset, TransitionCatalog) -> Preset?

    /// A hook; by default the catalog's named or derived alternative.
    public init(alternative: @escaping @Sendable (Preset, TransitionCatalog) -> Preset? = ReduceMotion.catalogAlternative) {
        self.alternative = alternative
    }

    /// The catalog's alternative of `preset` (``ReducedMotion/alternative(for:source:)``), or
    /// `nil` when a name or curve it needs is missing.
    public static let catalogAlternative: @Sendable (Preset, TransitionCatalog) -> Preset? = { preset, catalog in
        try? ReducedMotion.alternative(for: preset, source: catalog).preset
    }

    /// The preset to play: `preset`, or its alternative when `enabled`.
    public func preset(for preset: Preset, in catalog: TransitionCatalog, enabled: Bool) -> Preset {
        guard enabled, let replacement = alternative(preset, catalog) else { return preset }
        return replacement
    }
}
