import TransDBCore

/// What an app plays when Reduce Motion is on (`UIAccessibility.isReduceMotionEnabled`).
///
/// The catalog's Reduce Motion alternatives come with the lint work, which is not merged yet;
/// this hook is where it connects. Until then ``alternative`` is `nil` and every preset plays
/// as it is, Reduce Motion or not. TransDBKit does not derive alternatives itself.
public struct ReduceMotion: Sendable {
    /// The preset to play instead of a preset when Reduce Motion is on, or `nil` to keep it.
    public var alternative: @Sendable (Preset, TransitionCatalog) -> Preset?

    /// A hook; by default it keeps every preset.
    public init(alternative: @escaping @Sendable (Preset, TransitionCatalog) -> Preset? = { _, _ in nil }) {
        self.alternative = alternative
    }

    /// The preset to play: `preset`, or its alternative when `enabled`.
    public func preset(for preset: Preset, in catalog: TransitionCatalog, enabled: Bool) -> Preset {
        guard enabled, let replacement = alternative(preset, catalog) else { return preset }
        return replacement
    }
}
