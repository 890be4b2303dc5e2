/// A preset as people describe it (kind, direction, duration, curve, overrides), before it is
/// expanded into explicit tracks. The CLI and the bundle reader both build presets through it,
/// so both apply the same defaults and the same validation.
public struct PresetDraft: Sendable {
    public var kind: PresetKind
    public var direction: Direction?
    public var duration: Double?
    /// A named duration (`medium2`, `motion/medium2`): the preset uses it, and its seconds are
    /// the named duration's when the preset is stored (``duration`` is then a placeholder, or the
    /// value when the caller knows it).
    public var durationName: String?
    public var delay: Double = 0
    /// A curve name or expression; `nil` means UIKit's default easeInOut.
    public var curve: String?
    /// Explicit tracks (bundles give these for `custom`); `nil` expands the kind.
    public var tracks: ViewTracks?
    public var overrides: [TrackOverride] = []
    /// Interaction settings: any of these makes the preset interactive.
    public var completionSpeed: Double?
    public var completionCurve: String?
    public var finishThreshold: Double?
    /// The flick velocity; `nil` keeps ``InteractionSettings/defaultFlickVelocity`` unless
    /// ``decidesByPositionOnly``.
    public var flickVelocity: Double?
    /// Whether a release decides by position alone (no flick velocity).
    public var decidesByPositionOnly = false
    public var reverse: String?
    /// The preset this one mirrors; its kind, duration, delay, curve and tracks are then taken
    /// from that preset when the preset is stored (the draft's own are placeholders).
    public var mirrorOf: String?
    /// The preset played instead when Reduce Motion is on.
    public var reducedMotion: String?
    public var description: String = ""
    /// Whether the preset is deprecated (see ``Deprecation``).
    public var deprecated: String?

    /// Creates a draft of a kind.
    public init(kind: PresetKind) {
        self.kind = kind
    }

    /// The default curve: UIKit's `UIView.AnimationCurve.easeInOut`.
    public static let defaultCurve = TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    /// Validates the draft and expands it into a preset.
    ///
    /// - Throws: ``ModelError`` naming the field and the value (see `Preset+Validation.swift`).
    public func preset(library: String, name: String) throws -> Preset {
        let name = try Name.validated(name, field: "preset name")
        let direction = self.direction ?? kind.defaultDirection
        try Preset.validateDirection(direction, kind: kind)
        let durationName = try durationName.map { try QualifiedName(parsing: $0, field: "duration") }
        let duration = self.duration ?? kind.defaultDuration
        if durationName == nil || self.duration != nil { try Preset.validateDuration(duration, kind: kind) }
        try Preset.validateDelay(delay)
        let curve = try curve.map { try Self.curveReference($0, field: "curve") } ?? .inline(Self.defaultCurve)
        var tracks = self.tracks ?? kind.tracks(direction: direction)
        for change in overrides { tracks = try change.apply(to: tracks) }

        var interaction: InteractionSettings?
        if decidesByPositionOnly && flickVelocity != nil {
            throw ModelError.invalidValue(
                field: "flick velocity", value: flickVelocity?.shortestDescription ?? "",
                reason: "a release decides by position alone or by a flick velocity, not both")
        }
        if completionSpeed != nil || completionCurve != nil || finishThreshold != nil || flickVelocity != nil || decidesByPositionOnly {
            var settings = InteractionSettings()
            if let speed = completionSpeed {
                try InteractionSettings.validateCompletionSpeed(speed)
                settings.completionSpeed = speed
            }
            if let text = completionCurve { settings.completionCurve = try Self.curveReference(text, field: "completion curve") }
            if let threshold = finishThreshold {
                try InteractionSettings.validateFinishThreshold(threshold)
                settings.finishThreshold = threshold
            }
            if let flickVelocity {
                try InteractionSettings.validateFlickVelocity(flickVelocity)
                settings.flickVelocity = flickVelocity
            }
            if decidesByPositionOnly { settings.flickVelocity = nil }
            interaction = settings
        }
        let reverse = try reverse.map { try QualifiedName(parsing: $0, field: "reverse preset") }
        let mirrorOf = try mirrorOf.map { try QualifiedName(parsing: $0, field: "mirror-of preset") }
        let reducedMotion = try reducedMotion.map { try QualifiedName(parsing: $0, field: "reduced-motion preset") }
        let preset = Preset(
            library: library, name: name, kind: kind, direction: direction, duration: duration, durationName: durationName, delay: delay,
            curve: curve, tracks: tracks, interaction: interaction, reverse: reverse, mirrorOf: mirrorOf,
            reducedMotion: reducedMotion, description: description, deprecated: deprecated)
        try Deprecation.validate(deprecated)
        try preset.validateReverse()
        try preset.validateReducedMotion()
        if let mirrorOf, mirrorOf.local(in: library) == QualifiedName(library: nil, name: name) {
            throw ModelError.invalidValue(field: "mirror-of preset", value: mirrorOf.description, reason: "a preset cannot mirror itself")
        }
        return preset
    }

    /// Reads a curve name or expression, turning expression errors into catalog errors.
    static func curveReference(_ text: String, field: String) throws -> CurveReference {
        do {
            return try CurveReference(parsing: text, field: field)
        } catch let error as CurveExpressionError {
            throw ModelError.invalidCurve(field: field, error: error)
        }
    }
}
