/// A change to an existing preset, as `transdb set preset` gives it: each field `nil` is left as
/// it is. It is applied through ``PresetDraft``, so a changed preset passes the same rules and
/// gets the same messages as a new one.
public struct PresetEdit: Sendable {
    /// A new kind: the tracks are expanded again from it (then `overrides` apply).
    public var kind: PresetKind?
    /// A new direction: the tracks are expanded again too.
    public var direction: Direction?
    public var duration: Double?
    public var delay: Double?
    /// A curve name or expression.
    public var curve: String?
    /// Track values to change, applied after any new expansion.
    public var overrides: [TrackOverride] = []
    public var completionSpeed: Double?
    public var completionCurve: String?
    public var finishThreshold: Double?
    /// `false` removes the interaction settings.
    public var interactive: Bool?
    /// A new reverse preset; see ``removesReverse``.
    public var reverse: String?
    /// Removes the reverse preset (the preset then plays backwards).
    public var removesReverse = false
    /// A new Reduce Motion alternative; see ``removesReducedMotion``.
    public var reducedMotion: String?
    /// Removes the Reduce Motion alternative (one is then derived).
    public var removesReducedMotion = false
    public var description: String?

    /// An edit that changes nothing.
    public init() {}

    /// The preset with this edit applied.
    ///
    /// - Throws: ``ModelError`` as ``PresetDraft/preset(library:name:)`` does, and for an edit
    ///   that both removes the interaction settings and sets one of them.
    public func applied(to preset: Preset) throws -> Preset {
        let kind = self.kind ?? preset.kind
        let kindChanged = kind != preset.kind
        var draft = PresetDraft(kind: kind)
        if let direction {
            draft.direction = direction
        } else if kind.hasDirection, let old = preset.direction, kind.allowedDirections.contains(old) {
            draft.direction = old
        }
        // A kind of its own duration (`none` has 0) takes the new kind's default unless one is given.
        let keepsDuration = !kindChanged || (kind != .none && preset.kind != .none)
        draft.duration = duration ?? (keepsDuration ? preset.duration : nil)
        draft.delay = delay ?? preset.delay
        draft.curve = curve ?? preset.curve.description
        if !kindChanged && draft.direction == preset.direction { draft.tracks = preset.tracks }
        draft.overrides = overrides
        if interactive == false {
            if completionSpeed != nil || completionCurve != nil || finishThreshold != nil {
                throw ModelError.invalidValue(
                    field: "interaction", value: "--not-interactive",
                    reason:
                        "it removes the interaction settings; do not give --completion-speed, --completion-curve or --finish-threshold with it"
                )
            }
        } else {
            draft.completionSpeed = completionSpeed ?? preset.interaction?.completionSpeed
            draft.completionCurve = completionCurve ?? preset.interaction?.completionCurve.description
            draft.finishThreshold = finishThreshold ?? preset.interaction?.finishThreshold
        }
        draft.reverse = removesReverse ? nil : (reverse ?? preset.reverse?.description)
        draft.reducedMotion = removesReducedMotion ? nil : (reducedMotion ?? preset.reducedMotion?.description)
        draft.description = description ?? preset.description
        return try draft.preset(library: preset.library, name: preset.name)
    }
}
