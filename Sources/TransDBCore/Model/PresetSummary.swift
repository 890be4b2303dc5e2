/// What a listing shows of a preset: everything but its tracks and interaction settings, so that
/// `list presets` reads one row per preset instead of a preset's view rows as well.
public struct PresetSummary: Hashable, Sendable {
    public var library: String
    public var name: String
    public var kind: PresetKind
    public var direction: Direction?
    public var duration: Double
    public var delay: Double
    public var curve: CurveReference
    public var isInteractive: Bool
    public var reverse: QualifiedName?
    public var description: String
    /// Whether the preset is deprecated (see ``Deprecation``).
    public var deprecated: String?
    /// The named duration the preset uses, if any (`library/name`).
    public var durationName: QualifiedName?

    /// Creates a summary.
    public init(
        library: String, name: String, kind: PresetKind, direction: Direction?, duration: Double, delay: Double,
        curve: CurveReference, isInteractive: Bool, reverse: QualifiedName?, description: String, deprecated: String? = nil,
        durationName: QualifiedName? = nil
    ) {
        self.durationName = durationName
        self.library = library
        self.name = name
        self.kind = kind
        self.direction = direction
        self.duration = duration
        self.delay = delay
        self.curve = curve
        self.isInteractive = isInteractive
        self.reverse = reverse
        self.description = description
        self.deprecated = deprecated
    }
}

extension Preset {
    /// The preset as a listing shows it.
    public var summary: PresetSummary {
        PresetSummary(
            library: library, name: name, kind: kind, direction: direction, duration: duration, delay: delay, curve: curve,
            isInteractive: interaction != nil, reverse: reverse, description: description, deprecated: deprecated,
            durationName: durationName)
    }
}
