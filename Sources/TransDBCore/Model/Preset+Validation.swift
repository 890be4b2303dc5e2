/// The rules on a preset's values, each written once: the CLI and the bundle and DTCG readers
/// apply them through ``PresetDraft``, a merge through ``Preset/validate()``, and a reader that
/// reports errors field by field calls the one for the field.
extension Preset {
    /// Checks every rule on the preset's values: its direction fits its kind, its duration and
    /// delay are in range, its interaction settings are in range and it is not its own reverse.
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)`` for the first rule broken.
    public func validate() throws {
        try Self.validateDirection(direction, kind: kind)
        try Self.validateDuration(duration, kind: kind)
        try Self.validateDelay(delay)
        try interaction?.validate()
        try validateReverse()
        try validateReducedMotion()
    }

    /// Checks that a preset of `kind` can move in `direction`: one of the kind's directions for
    /// a kind that moves, none for the others.
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public static func validateDirection(_ direction: Direction?, kind: PresetKind) throws {
        let allowed = kind.allowedDirections
        if allowed.isEmpty ? direction == nil : direction.map(allowed.contains) == true { return }
        throw ModelError.invalidValue(
            field: "direction", value: direction?.rawValue ?? "none",
            reason: allowed.isEmpty
                ? "a preset of kind '\(kind.rawValue)' has no direction"
                : "a preset of kind '\(kind.rawValue)' moves \(allowed.map(\.rawValue).alternatives)")
    }

    /// Checks a duration for a preset of `kind`: 0 for `none`, else in (0, ``maximumDuration``].
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public static func validateDuration(_ duration: Double, kind: PresetKind) throws {
        if kind == .none {
            guard duration == 0 else {
                throw ModelError.invalidValue(
                    field: "duration", value: duration.shortestDescription, reason: "a preset of kind 'none' is instant: its duration is 0")
            }
        } else if !(duration > 0 && duration <= maximumDuration) {
            throw ModelError.invalidValue(
                field: "duration", value: duration.shortestDescription,
                reason: "a duration is a number of seconds > 0 and ≤ \(maximumDuration.shortestDescription)")
        }
    }

    /// Checks a delay: in [0, ``maximumDuration``].
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public static func validateDelay(_ delay: Double) throws {
        guard delay >= 0 && delay <= maximumDuration else {
            throw ModelError.invalidValue(
                field: "delay", value: delay.shortestDescription,
                reason: "a delay is a number of seconds ≥ 0 and ≤ \(maximumDuration.shortestDescription)")
        }
    }

    /// Checks that the preset's reverse is another preset: a reference to its own name, bare or
    /// in its own library, is refused.
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public func validateReverse() throws {
        guard let reverse, reverse.local(in: library) == QualifiedName(library: nil, name: name) else { return }
        throw ModelError.invalidValue(field: "reverse preset", value: reverse.description, reason: "a preset cannot be its own reverse")
    }

    /// Checks that the preset's Reduce Motion alternative is another preset.
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public func validateReducedMotion() throws {
        guard let reducedMotion, reducedMotion.local(in: library) == QualifiedName(library: nil, name: name) else { return }
        throw ModelError.invalidValue(
            field: "reduced-motion preset", value: reducedMotion.description,
            reason: "a preset cannot be its own Reduce Motion alternative; leave it out to derive one")
    }
}

extension InteractionSettings {
    /// Checks the settings' numbers (``validateCompletionSpeed(_:)``, ``validateFinishThreshold(_:)``).
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public func validate() throws {
        try Self.validateCompletionSpeed(completionSpeed)
        try Self.validateFinishThreshold(finishThreshold)
        if let flickVelocity { try Self.validateFlickVelocity(flickVelocity) }
    }

    /// Checks a flick velocity: in (0, 1000] progress per second (1000 plays the whole
    /// transition in a millisecond; faster is no flick a finger makes).
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public static func validateFlickVelocity(_ velocity: Double) throws {
        guard velocity > 0 && velocity <= 1000 else {
            throw ModelError.invalidValue(
                field: "flick velocity", value: velocity.shortestDescription,
                reason: "a flick velocity is > 0 and ≤ 1000 (progress per second); to decide by position alone, give none")
        }
    }

    /// Checks a `completionSpeed`: in (0, 100].
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public static func validateCompletionSpeed(_ speed: Double) throws {
        guard speed > 0 && speed <= 100 else {
            throw ModelError.invalidValue(
                field: "completion speed", value: speed.shortestDescription,
                reason: "completionSpeed must be > 0 and ≤ 100 (UIKit treats ≤ 0 as 1; transdb refuses it)")
        }
    }

    /// Checks a finish threshold: a fraction in [0, 1].
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public static func validateFinishThreshold(_ threshold: Double) throws {
        guard (0...1).contains(threshold) else {
            throw ModelError.invalidValue(
                field: "finish threshold", value: threshold.shortestDescription, reason: "a threshold is a fraction in [0, 1]")
        }
    }
}
