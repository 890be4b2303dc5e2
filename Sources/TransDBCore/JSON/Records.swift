/// The machine-readable shape of every entry, shared by `list`, `show` and `resolve`. Keys and
/// their order are part of transdb's stable output (documented in the README).
extension NamedCurve {
    /// The keys of ``record``, in order, some present only on some entries.
    public static let recordKeys = ["name", "library", "kind", "expression", "description", "deprecated", "aliasOf"]

    /// `name, library, kind, expression, description`, then `deprecated` and `aliasOf` when the
    /// curve has them.
    public var record: [(String, JSONValue)] {
        [
            ("name", .string(name)), ("library", .string(library)), ("kind", .string(curve.kind.rawValue)),
            ("expression", .string(curve.expression)), ("description", .string(description)),
        ] + Self.deprecation(deprecated) + (aliasOf.map { [("aliasOf", .string($0.description))] } ?? [])
    }
}

extension NamedCurve {
    /// `("deprecated", true or the reason)` when the entry is deprecated, else nothing: the key is
    /// present only on deprecated entries, as DTCG's `$deprecated`.
    package static func deprecation(_ deprecated: String?) -> [(String, JSONValue)] {
        Deprecation.json(deprecated).map { [("deprecated", $0)] } ?? []
    }
}

extension NamedDuration {
    /// The keys of ``record``, in order, some present only on some entries.
    public static let recordKeys = ["name", "library", "seconds", "description", "deprecated"]

    /// `name, library, seconds, description`, then `deprecated` when the duration is.
    public var record: [(String, JSONValue)] {
        [("name", .string(name)), ("library", .string(library)), ("seconds", .number(seconds)), ("description", .string(description))]
            + NamedCurve.deprecation(deprecated)
    }
}

extension SpringFacts {
    /// The keys of ``record``, in order.
    public static let recordKeys = ["physical", "dampingRatio", "settlingDuration", "overshoot", "equivalents"]

    /// `physical, dampingRatio, settlingDuration, overshoot, equivalents`; `settlingDuration` is
    /// null for a spring that never comes to rest.
    public var record: [(String, JSONValue)] {
        [
            ("physical", .string(physical.expression)), ("dampingRatio", .number(dampingRatio)),
            ("settlingDuration", .number(settlingDuration)), ("overshoot", .number(overshoot)),
            ("equivalents", .array(equivalents.map(JSONValue.string))),
        ]
    }
}

extension ViewState {
    package var record: JSONValue {
        .object([
            ("frame", .string(frame.expression)), ("alpha", .number(alpha)), ("scaleX", .number(scaleX)),
            ("scaleY", .number(scaleY)), ("rotation", .number(rotation)), ("rotationY", .number(rotationY)),
            ("cornerRadius", .number(cornerRadius)),
        ])
    }
}

extension ViewTracks {
    /// `{"onTop", "from": {"start", "end"[, "after"]}, "to": {…}, "shared": {…} or null}`;
    /// `after` only when the completion changes the view.
    public var record: JSONValue {
        func track(_ track: ViewTrack) -> JSONValue {
            var phases: [(String, JSONValue)] = [("start", track.start.record), ("end", track.end.record)]
            if let after = track.after { phases.append(("after", after.record)) }
            if track.geometry != .frame { phases.append(("geometry", .string(track.geometry.rawValue))) }
            return .object(phases)
        }
        var fields: [(String, JSONValue)] = [
            ("onTop", .string(onTop.rawValue)), ("from", track(from)), ("to", track(to)), ("shared", shared.map(track) ?? .null),
        ]
        if hidesSource { fields.append(("hidesSource", .bool(true))) }
        return .object(fields)
    }
}

extension PresetSummary {
    /// The keys of ``record``, in order, some present only on some entries.
    public static let recordKeys = ["name", "library", "kind", "direction", "duration", "delay", "curve", "interactive", "reverse", "description", "deprecated"]

    /// `name, library, kind, direction, duration, delay, curve, interactive, reverse, description`,
    /// then `deprecated` when the preset is. `curve` is the curve's name when it is a named curve, else its expression.
    public var record: [(String, JSONValue)] {
        [
            ("name", .string(name)), ("library", .string(library)), ("kind", .string(kind.rawValue)),
            ("direction", .string(direction?.rawValue)), ("duration", .number(duration)), ("delay", .number(delay)),
            ("curve", .string(curve.description)), ("interactive", .bool(isInteractive)),
            ("reverse", .string(reverse?.description)), ("description", .string(description)),
        ] + NamedCurve.deprecation(deprecated)
    }
}

extension Preset {
    /// The preset's summary record (see ``PresetSummary/record``).
    public var record: [(String, JSONValue)] { summary.record }

    /// The keys of ``detailedRecord(curveExpression:completionCurveExpression:)``, in order, some
    /// present only on some presets.
    public static let detailedRecordKeys: [String] = {
        var keys = PresetSummary.recordKeys
        keys.insert("curveExpression", at: 7)
        return keys + ["interaction", "mirrorOf", "reducedMotion", "durationName", "tracks"]
    }()

    /// The full preset: the summary plus the curve's expression, the interaction settings and the tracks.
    public func detailedRecord(curveExpression: String, completionCurveExpression: String?) -> [(String, JSONValue)] {
        var fields = record
        fields.insert(("curveExpression", .string(curveExpression)), at: 7)
        let interactionValue: JSONValue = interaction.map { settings in
            .object([
                ("completionSpeed", .number(settings.completionSpeed)),
                ("completionCurve", .string(settings.completionCurve.description)),
                ("completionCurveExpression", .string(completionCurveExpression)),
                ("finishThreshold", .number(settings.finishThreshold)),
                ("flickVelocity", .number(settings.flickVelocity)),
            ])
        } ?? .null
        fields.append(("interaction", interactionValue))
        fields.append(("mirrorOf", .string(mirrorOf?.description)))
        fields.append(("reducedMotion", .string(reducedMotion?.description)))
        fields.append(("durationName", .string(durationName?.description)))
        fields.append(("tracks", tracks.record))
        return fields
    }
}

extension Screen {
    /// The keys of ``record``, in order, some present only on some entries.
    public static let recordKeys = ["name", "library", "delegate", "modalStyle", "presentationStyle", "description"]

    /// `name, library, delegate, modalStyle, presentationStyle, description`.
    public var record: [(String, JSONValue)] {
        [
            ("name", .string(name)), ("library", .string(library)), ("delegate", .string(delegate?.description)),
            ("modalStyle", .string(modalStyle.rawValue)), ("presentationStyle", .string(presentationStyle.rawValue)),
            ("description", .string(description)),
        ]
    }
}

extension Container {
    /// The keys of ``record``, in order, some present only on some entries.
    public static let recordKeys = ["name", "library", "kind", "delegate", "description"]

    /// `name, library, kind, delegate, description`.
    public var record: [(String, JSONValue)] {
        [
            ("name", .string(name)), ("library", .string(library)), ("kind", .string(kind.rawValue)),
            ("delegate", .string(delegate?.description)), ("description", .string(description)),
        ]
    }
}

extension Delegate {
    /// The keys of ``record``, in order, some present only on some entries.
    public static let recordKeys = ["name", "library", "released", "description"]

    /// `name, library, released, description`.
    public var record: [(String, JSONValue)] {
        [
            ("name", .string(name)), ("library", .string(library)), ("released", .bool(released)),
            ("description", .string(description)),
        ]
    }
}

extension RouteMapping {
    /// The keys of ``record``, in order, some present only on some entries.
    public static let recordKeys = ["id", "delegate", "operation", "from", "to", "preset", "interaction"]

    /// `id, delegate, operation, from, to, preset, interaction`; `preset` null is an explicit nil.
    public var record: [(String, JSONValue)] {
        [
            ("id", id.map(JSONValue.integer) ?? .null), ("delegate", .string(delegate.description)),
            ("operation", .string(operation.rawValue)), ("from", .string(from.description)), ("to", .string(to.description)),
            ("preset", .string(preset?.description)), ("interaction", .string(interaction?.description)),
        ]
    }
}

extension Library {
    /// The keys of ``record``, in order, some present only on some entries.
    public static let recordKeys = ["name", "version", "description", "tokensSchema"]

    /// `name, version, description, tokensSchema` (null when none).
    public var record: [(String, JSONValue)] {
        [("name", .string(name)), ("version", .string(version)), ("description", .string(description)), ("tokensSchema", .string(tokensSchema))]
    }
}

extension Resolution {
    /// The answer as documented for `transdb resolve --format json`.
    ///
    /// - Parameters:
    ///   - curveExpressions: The expression of the animator's and interaction's curves by name.
    ///   - includeExplanation: Whether to add the `explanation` array.
    public func record(curveExpression: (CurveReference) -> String, includeExplanation: Bool = true) -> [(String, JSONValue)] {
        func presetValue(_ preset: Preset?) -> JSONValue {
            preset.map { $0.resolutionRecord(curveExpression: curveExpression) } ?? .null
        }
        var fields: [(String, JSONValue)] = [
            ("operation", .string(operation.rawValue)), ("from", .string(from)), ("to", .string(to)),
            ("container", .string(container?.description)), ("delegate", .string(delegate?.description)),
            ("mapping", mapping.map { .object($0.record) } ?? .null), ("animator", presetValue(animator)),
            ("interaction", presetValue(interaction)), ("systemDefault", .string(systemDefault?.rawValue)),
            ("unknown", .array(unknownNames.map(JSONValue.string))),
        ]
        if let value = reduceMotionRecord(curveExpression: curveExpression) { fields.append(("reduceMotion", value)) }
        if includeExplanation { fields.append(("explanation", .array(explanation.map(JSONValue.string)))) }
        return fields
    }
}

extension Resolution {
    /// Under Reduce Motion, `{origin, preset, systemDefault, inferred}`: `origin` `named` or
    /// `derived` and `preset` what plays instead of the animator (its `curveExpression` the
    /// derived curve's), or for a system default `origin` `system`, `preset` null and `inferred`
    /// whether UIKit's behaviour under Reduce Motion is inferred; `nil` when Reduce Motion was not asked.
    package func reduceMotionRecord(curveExpression: (CurveReference) -> String) -> JSONValue? {
        guard reduceMotion else { return nil }
        if let alternative = reducedMotion {
            return .object([
                ("origin", .string(alternative.origin.rawValue)),
                ("preset", alternative.preset.resolutionRecord(curveExpression: curveExpression)),
                ("systemDefault", .null), ("inferred", .bool(false)),
            ])
        }
        let inferred = systemDefault.map { $0 != .crossDissolve && $0 != .none } ?? false
        return .object([
            ("origin", .string(systemDefault == nil ? nil : "system")), ("preset", .null),
            ("systemDefault", .string(systemDefault?.rawValue)), ("inferred", .bool(inferred)),
        ])
    }
}

extension Preset {
    /// The preset as a resolution shows it (`animator`, `interaction`): the summary's fields that
    /// matter for playing it, with the curves' expressions. The batch resolver keeps these by preset.
    package func resolutionRecord(curveExpression: (CurveReference) -> String) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("name", .string(name)), ("library", .string(library)), ("kind", .string(kind.rawValue)),
            ("direction", .string(direction?.rawValue)), ("duration", .number(duration)),
            ("delay", .number(delay)), ("curve", .string(curve.description)),
            ("curveExpression", .string(curveExpression(curve))),
        ]
        if let interaction {
            fields.append(
                ("interaction", .object([
                    ("completionSpeed", .number(interaction.completionSpeed)),
                    ("completionCurve", .string(interaction.completionCurve.description)),
                    ("completionCurveExpression", .string(curveExpression(interaction.completionCurve))),
                    ("finishThreshold", .number(interaction.finishThreshold)),
                    ("flickVelocity", .number(interaction.flickVelocity)),
                ])))
        } else {
            fields.append(("interaction", .null))
        }
        fields.append(("reverse", .string(reverse?.description)))
        return .object(fields)
    }
}
