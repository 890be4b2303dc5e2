import TransDBCore
extension LibraryBundle {
    /// `bundles` written the one way diff and merge compare them, so that the same library read
    /// from a catalog and from a bundle file gives equal values: entries in canonical order,
    /// route ids dropped, references to entries of the bundle's own library bare (except a curve
    /// named `linear`, which bare would read as the expression), and bare references to entries
    /// of other libraries qualified when exactly one library of `context` has such an entry
    /// (as `import` would resolve them). A library named twice keeps its first bundle.
    static func comparable(_ bundles: [LibraryBundle], context: [LibraryBundle]) -> [LibraryBundle] {
        let index = ReferenceIndex(bundles + context)
        var seen = Set<String>()
        return bundles.filter { seen.insert($0.library.name).inserted }.map { $0.comparable(index: index) }
    }

    private func comparable(index: ReferenceIndex) -> LibraryBundle {
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
        var copy = self
        copy.curves = curves.map { curve in
            var curve = curve
            curve.library = own
            return curve
        }
        copy.presets = presets.map { preset in
            var preset = preset
            preset.library = own
            preset.curve = normal(preset.curve)
            preset.reverse = normal(.preset, preset.reverse)
            preset.mirrorOf = normal(.preset, preset.mirrorOf)
            preset.reducedMotion = normal(.preset, preset.reducedMotion)
            if var interaction = preset.interaction {
                interaction.completionCurve = normal(interaction.completionCurve)
                preset.interaction = interaction
            }
            return preset
        }
        copy.delegates = delegates.map { delegate in
            var delegate = delegate
            delegate.library = own
            return delegate
        }
        copy.screens = screens.map { screen in
            var screen = screen
            screen.library = own
            screen.delegate = normal(.delegate, screen.delegate)
            return screen
        }
        copy.containers = containers.map { container in
            var container = container
            container.library = own
            container.delegate = normal(.delegate, container.delegate)
            return container
        }
        copy.routes = routes.map { route in
            var route = route
            route.id = nil
            route.delegate = normal(.delegate, route.delegate) ?? route.delegate
            route.from = normal(route.from)
            route.to = normal(route.to)
            route.preset = normal(.preset, route.preset)
            route.interaction = normal(.preset, route.interaction)
            return route
        }
        return copy.canonicalized()
    }
}
