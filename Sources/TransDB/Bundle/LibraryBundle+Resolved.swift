import TransDBCore

extension LibraryBundle {
    /// `bundles` with the values that a reference to another bundle's library stands for filled
    /// in, as `import` fills them from the catalog: a preset's named duration gives its seconds,
    /// a curve alias its target's curve (through chains). A bundle file alone knows only its own
    /// library's; what no bundle has is left as read.
    ///
    /// A reference without a library names its own library's entry first, else the one entry of
    /// that name across the bundles.
    static func resolvingReferences(_ bundles: [LibraryBundle]) -> [LibraryBundle] {
        var seconds: [QualifiedName: Double] = [:]
        var curves: [QualifiedName: NamedCurve] = [:]
        // A library given twice: its first bundle, as the callers use it.
        var seen = Set<String>()
        for bundle in bundles where seen.insert(bundle.library.name).inserted {
            for duration in bundle.durations { seconds[QualifiedName(library: bundle.library.name, name: duration.name)] = duration.seconds }
            for curve in bundle.curves { curves[QualifiedName(library: bundle.library.name, name: curve.name)] = curve }
        }
        func key<Value>(_ reference: QualifiedName, from library: String, in entries: [QualifiedName: Value]) -> QualifiedName? {
            let own = reference.qualified(in: library)
            if entries[own] != nil { return own }
            guard reference.library == nil else { return nil }
            let matches = entries.keys.filter { $0.name == reference.name }
            return matches.count == 1 ? matches[0] : nil
        }
        return bundles.map { bundle in
            var copy = bundle
            let library = bundle.library.name
            copy.curves = bundle.curves.map { curve in
                var resolved = curve
                var current = QualifiedName(library: library, name: curve.name)
                var seen: Set<QualifiedName> = [current]
                while let target = curves[current]?.aliasOf, let next = key(target, from: current.library ?? library, in: curves),
                    seen.insert(next).inserted
                {
                    current = next
                }
                if let final = curves[current], final.aliasOf == nil { resolved.curve = final.curve }
                return resolved
            }
            copy.presets = bundle.presets.map { preset in
                guard let name = preset.durationName, let found = key(name, from: library, in: seconds), let value = seconds[found]
                else { return preset }
                var resolved = preset
                resolved.duration = value
                return resolved
            }
            return copy
        }
    }
}
