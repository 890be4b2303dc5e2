import TransDBCore

extension LibraryBundle {
    /// The bundle with every reference qualified with its library (`fade` in `motion` becomes
    /// `motion/fade`), as a catalog outside its bundle file needs them: generated tables,
    /// TransDBKit's catalog.
    public func qualified() -> LibraryBundle {
        let name = library.name
        var copy = self
        copy.presets = presets.map { preset in
            var preset = preset
            preset.curve = preset.curve.qualified(in: name)
            if let curve = preset.interaction?.completionCurve { preset.interaction?.completionCurve = curve.qualified(in: name) }
            preset.reverse = preset.reverse?.qualified(in: name)
            preset.mirrorOf = preset.mirrorOf?.qualified(in: name)
            preset.reducedMotion = preset.reducedMotion?.qualified(in: name)
            return preset
        }
        copy.screens = screens.map { screen in
            var screen = screen
            screen.delegate = screen.delegate?.qualified(in: name)
            return screen
        }
        copy.containers = containers.map { container in
            var container = container
            container.delegate = container.delegate?.qualified(in: name)
            return container
        }
        func side(_ pattern: ScreenPattern) -> ScreenPattern {
            guard case let .screen(screen) = pattern else { return pattern }
            return .screen(screen.qualified(in: name))
        }
        copy.routes = routes.map { route in
            var route = route
            route.delegate = route.delegate.qualified(in: name)
            route.from = side(route.from)
            route.to = side(route.to)
            route.preset = route.preset?.qualified(in: name)
            route.interaction = route.interaction?.qualified(in: name)
            return route
        }
        return copy
    }

    /// The libraries this bundle's entries refer to, its own excluded, by name.
    public var referencedLibraries: Set<String> {
        let bundle = qualified()
        var names: [String?] = []
        for preset in bundle.presets {
            if case let .named(curve) = preset.curve { names.append(curve.library) }
            if case let .named(curve)? = preset.interaction?.completionCurve { names.append(curve.library) }
            names += [preset.reverse?.library, preset.mirrorOf?.library, preset.reducedMotion?.library]
        }
        names += bundle.screens.map { $0.delegate?.library } + bundle.containers.map { $0.delegate?.library }
        for route in bundle.routes {
            names += [route.delegate.library, route.preset?.library, route.interaction?.library]
            for side in [route.from, route.to] { if case let .screen(screen) = side { names.append(screen.library) } }
        }
        return Set(names.compactMap { $0 }).subtracting([library.name])
    }
}
