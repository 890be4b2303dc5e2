/// Where the engine finds what a preset refers to by name: named curves and reverse presets.
/// A catalog on disk is one; an app's in-memory catalog is another.
public protocol PresetSource: Sendable {
    /// The curve `reference` stands for: an inline curve itself, a named one looked up.
    func timingCurve(_ reference: CurveReference) throws -> TimingCurve
    /// The preset named `name`.
    func preset(named name: QualifiedName) throws -> Preset
}
