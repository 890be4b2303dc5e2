import TransDBCore
/// Which libraries have an entry of a kind and name, for resolving references between bundles.
struct ReferenceIndex {
    private var names: [String: [EntityKind: Set<String>]] = [:]
    private var presets: [String: [String: Preset]] = [:]
    /// Library names in the order first seen.
    private var order: [String] = []

    init(_ bundles: [LibraryBundle]) {
        for bundle in bundles where names[bundle.library.name] == nil {
            let library = bundle.library.name
            order.append(library)
            names[library] = [
                .curve: Set(bundle.curves.map(\.name)), .duration: Set(bundle.durations.map(\.name)), .preset: Set(bundle.presets.map(\.name)),
                .delegate: Set(bundle.delegates.map(\.name)), .screen: Set(bundle.screens.map(\.name)),
                .container: Set(bundle.containers.map(\.name)),
            ]
            presets[library] = Dictionary(bundle.presets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    func contains(_ kind: EntityKind, library: String, name: String) -> Bool {
        names[library]?[kind]?.contains(name) ?? false
    }

    /// The libraries with an entry of `kind` named `name`, in the order the bundles were given.
    func libraries(having kind: EntityKind, named name: String) -> [String] {
        order.filter { contains(kind, library: $0, name: name) }
    }

    /// Where `reference`, written in library `own`, points: its library, else `own`, else the one
    /// library with such an entry; `nil` when no entry (or more than one) matches.
    func resolve(_ kind: EntityKind, _ reference: QualifiedName, from own: String) -> QualifiedName? {
        if let library = reference.library {
            return contains(kind, library: library, name: reference.name) ? reference : nil
        }
        if contains(kind, library: own, name: reference.name) { return QualifiedName(library: own, name: reference.name) }
        let owners = libraries(having: kind, named: reference.name)
        return owners.count == 1 ? QualifiedName(library: owners[0], name: reference.name) : nil
    }

    /// The preset a resolved reference names.
    func preset(_ reference: QualifiedName) -> Preset? {
        reference.library.flatMap { presets[$0]?[reference.name] }
    }
}
