/// A change to an existing preset, as `transdb set preset` gives it: each field `nil` is left as
/// it is. It is applied through ``PresetDraft``, so a changed preset passes the same rules and
/// gets the same messages as a new one.
public struct PresetEdit: Sendable {
    /// A new kind: the tracks are expanded again from it (then `overrides` apply).
    public var kind: PresetKind?
    /// A new direction: the tracks are expanded again too.
    public var direction: Direction?
    /// New seconds, or a named duration to use.
    public var duration: DurationReference?
    public var delay: Double?
    /// A curve name or expression.
    public var curve: String?
    /// Track values to change, applied after any new expansion.
    public var overrides: [TrackOverride] = []
    public var completionSpeed: Double?
    public var completionCurve: String?
    public var finishThreshold: Double?
    /// A new flick velocity; see ``decidesByPositionOnly``.
    public var flickVelocity: Double?
    /// A release decides by position alone (the flick velocity is removed).
    public var decidesByPositionOnly = false
    /// `false` removes the interaction settings.
    public var interactive: Bool?
    /// A new reverse preset; see ``removesReverse``.
    public var reverse: String?
    /// Removes the reverse preset (the preset then plays backwards).
    public var removesReverse = false
    /// Makes the preset the mirror of this one: its kind, timing, curve and tracks are then that
    /// preset's (see ``Preset/mirroring(_:)``); see ``removesMirror``.
    public var mirrorOf: String?
    /// Makes a mirror a preset of its own, its values as they are.
    public var removesMirror = false
    /// A new Reduce Motion alternative; see ``removesReducedMotion``.
    public var reducedMotion: String?
    /// Removes the Reduce Motion alternative (one is then derived).
    public var removesReducedMotion = false
    public var description: String?
    /// Deprecates the preset (`""`: without a reason); see ``removesDeprecation``.
    public var deprecated: String?
    /// The preset is no longer deprecated.
    public var removesDeprecation = false

    /// An edit that changes nothing.
    public init() {}

    /// The preset with this edit applied.
    ///
    /// - Throws: ``ModelError`` as ``PresetDraft/preset(library:name:)`` does, and for an edit
    ///   that both removes the interaction settings and sets one of them.
    public func applied(to preset: Preset) throws -> Preset {
        // A mirror takes its kind, timing, curve and tracks from its original: they are edited there.
        let mirror = removesMirror ? nil : mirrorOf ?? preset.mirrorOf?.description
        if let mirror {
            let derived = [
                ("--kind", kind != nil), ("--duration", duration != nil), ("--delay", delay != nil), ("--curve", curve != nil),
                ("--direction", direction != nil), ("--set", !overrides.isEmpty),
            ].filter(\.1).map(\.0)
            if !derived.isEmpty {
                throw ModelError.invalidValue(
                    field: "preset", value: preset.qualifiedName.description,
                    reason: mirrorOf != nil
                        ? "--mirror-of takes the kind, timing, curve and tracks from the preset it mirrors; leave out \(derived.joined(separator: ", "))"
                        : "it is the mirror of '\(mirror)', whose kind, timing, curve and tracks it plays swapped: change '\(mirror)', or give --no-mirror to make it a preset of its own (\(derived.joined(separator: ", ")) then apply)"
                )
            }
        }
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
        switch duration {
        case let .seconds(seconds)?: draft.duration = seconds
        case let .named(name)?: draft.durationName = name.description
        case nil:
            draft.duration = keepsDuration ? preset.duration : nil
            draft.durationName = keepsDuration ? preset.durationName?.description : nil
        }
        draft.delay = delay ?? preset.delay
        draft.curve = curve ?? preset.curve.description
        if !kindChanged && draft.direction == preset.direction { draft.tracks = preset.tracks }
        draft.overrides = overrides
        if interactive == false {
            if completionSpeed != nil || completionCurve != nil || finishThreshold != nil || flickVelocity != nil || decidesByPositionOnly {
                throw ModelError.invalidValue(
                    field: "interaction", value: "--not-interactive",
                    reason:
                        "it removes the interaction settings; do not give --completion-speed, --completion-curve, --finish-threshold, --flick-velocity or --no-flick with it"
                )
            }
        } else {
            draft.completionSpeed = completionSpeed ?? preset.interaction?.completionSpeed
            draft.completionCurve = completionCurve ?? preset.interaction?.completionCurve.description
            draft.finishThreshold = finishThreshold ?? preset.interaction?.finishThreshold
            if flickVelocity != nil || decidesByPositionOnly {
                draft.flickVelocity = flickVelocity
                draft.decidesByPositionOnly = decidesByPositionOnly
            } else if let settings = preset.interaction {
                draft.flickVelocity = settings.flickVelocity
                draft.decidesByPositionOnly = settings.flickVelocity == nil
            }
        }
        draft.reverse = removesReverse ? nil : (reverse ?? preset.reverse?.description)
        draft.reducedMotion = removesReducedMotion ? nil : (reducedMotion ?? preset.reducedMotion?.description)
        draft.mirrorOf = mirror
        draft.description = description ?? preset.description
        draft.deprecated = removesDeprecation ? nil : (deprecated ?? preset.deprecated)
        return try draft.preset(library: preset.library, name: preset.name)
    }
}
