import TransDBCore

/// Presets and curves read from library bundles, for the engine: what a diff page evaluates each
/// side in, so that a bundle file needs no catalog.
///
/// A reference without a library names an entry of the referring entry's own library, as in a
/// bundle; a bare name given to ``preset(named:)`` or a curve reference without a library is
/// looked up across the libraries and must be unique.
struct BundlePresetSource: PresetSource {
    private var presets: [QualifiedName: Preset] = [:]
    private var curves: [QualifiedName: TimingCurve] = [:]

    /// A source over `bundles`; when two have the same library, the first is used.
    init(bundles: [LibraryBundle]) {
        var seen = Set<String>()
        for bundle in bundles where seen.insert(bundle.library.name).inserted {
            let library = bundle.library.name
            for curve in bundle.curves { curves[QualifiedName(library: library, name: curve.name)] = curve.curve }
            for preset in bundle.presets {
                var preset = preset
                preset.library = library
                preset.curve = preset.curve.qualified(in: library)
                preset.reverse = preset.reverse?.qualified(in: library)
                preset.reducedMotion = preset.reducedMotion?.qualified(in: library)
                if var interaction = preset.interaction {
                    interaction.completionCurve = interaction.completionCurve.qualified(in: library)
                    preset.interaction = interaction
                }
                presets[preset.qualifiedName] = preset
            }
        }
    }

    /// The bundles of `source`; for a bundle file, with the default library's bundles for the
    /// libraries it refers to but does not hold.
    init(_ source: CatalogSource) throws {
        guard source.isBundleFile else {
            self.init(bundles: source.bundles)
            return
        }
        let seeds = try TransDBResourcesSeeds.files.map { try BundleFormat.decode($0.bytes, file: "seed/\($0.name)") }
        self.init(bundles: source.bundles + seeds)
    }

    func timingCurve(_ reference: CurveReference) throws -> TimingCurve {
        switch reference {
        case let .inline(curve): return curve
        case let .named(name): return try Self.find(name, in: curves, kind: .curve)
        }
    }

    func preset(named name: QualifiedName) throws -> Preset {
        try Self.find(name, in: presets, kind: .preset)
    }

    private static func find<Value>(_ name: QualifiedName, in entries: [QualifiedName: Value], kind: EntityKind) throws -> Value {
        if name.library != nil {
            guard let value = entries[name] else { throw LookupError.notFound(kind: kind, name: name.description, suggestion: nil) }
            return value
        }
        let matches = entries.filter { $0.key.name == name.name }
        guard let match = matches.first else { throw LookupError.notFound(kind: kind, name: name.description, suggestion: nil) }
        guard matches.count == 1 else {
            throw LookupError.ambiguous(kind: kind, name: name.name, candidates: matches.keys.map(\.description).sorted())
        }
        return match.value
    }
}
