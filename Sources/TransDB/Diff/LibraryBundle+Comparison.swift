import TransDBCore
extension LibraryBundle {
    /// `bundles` written the one way diff and merge compare them, so that the same library read
    /// from a catalog and from a bundle file gives equal values: entries in canonical order,
    /// route ids dropped, references to entries of the bundle's own library bare (except a curve
    /// named `linear`, which bare would read as the expression), and bare references to entries
    /// of other libraries qualified when exactly one library of `index` has such an entry (as
    /// `import` would resolve them). A library named twice keeps its first bundle. Each bundle is
    /// converted where it is: a catalog of a million routes is not held twice when the caller
    /// hands its only copy over.
    static func comparable(_ bundles: consuming [LibraryBundle], index: ReferenceIndex) -> [LibraryBundle] {
        var converted = bundles
        var seen = Set<String>()
        converted.removeAll { !seen.insert($0.library.name).inserted }
        for position in converted.indices { converted[position].makeComparable(index: index) }
        return converted
    }

    private mutating func makeComparable(index: ReferenceIndex) {
        let own = library.name
        /// A local reference; when bare and naming no entry of `own` but one of exactly one other
        /// library, qualified with that library.
        func resolved(_ kind: EntityKind, _ reference: QualifiedName) -> QualifiedName {
            guard reference.library == nil, !index.contains(kind, library: own, name: reference.name) else { return reference }
            let owners = index.libraries(having: kind, named: reference.name).filter { $0 != own }
            return owners.count == 1 ? reference.qualified(in: owners[0]) : reference
        }
        func normal(_ kind: EntityKind, _ reference: QualifiedName?) -> QualifiedName? {
            reference.map { resolved(kind, $0.local(in: own)) }
        }
        func normal(_ curve: CurveReference) -> CurveReference {
            guard case let .named(reference) = curve.local(in: own) else { return curve }
            return .named(resolved(.curve, reference))
        }
        func normal(_ pattern: ScreenPattern) -> ScreenPattern {
            guard case let .screen(reference) = pattern.local(in: own) else { return .any }
            return .screen(resolved(.screen, reference))
        }
        for i in curves.indices {
            curves[i].library = own
            curves[i].aliasOf = normal(.curve, curves[i].aliasOf)
        }
        for i in durations.indices { durations[i].library = own }
        for i in presets.indices {
            var preset = presets[i]
            preset.library = own
            preset.curve = normal(preset.curve)
            preset.reverse = normal(.preset, preset.reverse)
            preset.durationName = normal(.duration, preset.durationName)
            preset.mirrorOf = normal(.preset, preset.mirrorOf)
            preset.reducedMotion = normal(.preset, preset.reducedMotion)
            if var interaction = preset.interaction {
                interaction.completionCurve = normal(interaction.completionCurve)
                preset.interaction = interaction
            }
            presets[i] = preset
        }
        for i in delegates.indices { delegates[i].library = own }
        for i in screens.indices {
            screens[i].library = own
            screens[i].delegate = normal(.delegate, screens[i].delegate)
        }
        for i in containers.indices {
            containers[i].library = own
            containers[i].delegate = normal(.delegate, containers[i].delegate)
        }
        for i in routes.indices {
            routes[i].delegate = normal(.delegate, routes[i].delegate) ?? routes[i].delegate
            routes[i].from = normal(routes[i].from)
            routes[i].to = normal(routes[i].to)
            routes[i].preset = normal(.preset, routes[i].preset)
            routes[i].interaction = normal(.preset, routes[i].interaction)
        }
        canonicalize()
    }
}
