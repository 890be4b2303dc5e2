/// A catalog held in memory, for UIKit's lookup inside an app (loaded from a bundle or from
/// generated tables) and as the plain reference the storage's index probes are tested against.
/// Entries get ids by position; mappings keep their own ids when they have them.
public struct MemoryCatalog: LookupSource, Sendable {
    private var screens: [LookupScreen] = []
    private var containers: [LookupContainer] = []
    private var delegates: [LookupDelegate] = []
    private var presets: [Preset] = []
    private var screensByName: [String: [Int]] = [:]
    private var containersByName: [String: [Int]] = [:]
    private var mappingsByKey: [MappingKey: LookupMapping] = [:]
    private var methods: Set<MethodKey> = []

    private struct MappingKey: Hashable {
        var delegate: Int64
        var operation: TransitionOperation
        var from: Int64?
        var to: Int64?
    }

    private struct MethodKey: Hashable {
        var delegate: Int64
        var operation: TransitionOperation
    }

    /// A catalog of these entries. References between them are by qualified name.
    ///
    /// - Throws: ``LookupError/notFound(kind:name:suggestion:)`` for a reference to an entry
    ///   that is not among them.
    public init(screens: [Screen], containers: [Container], delegates: [Delegate], presets: [Preset], routes: [RouteMapping]) throws {
        var delegateIDs: [QualifiedName: Int64] = [:]
        for (index, delegate) in delegates.enumerated() {
            self.delegates.append(LookupDelegate(name: delegate.qualifiedName, released: delegate.released))
            delegateIDs[delegate.qualifiedName] = Int64(index + 1)
        }
        func delegateID(_ name: QualifiedName?) throws -> Int64? {
            guard let name else { return nil }
            guard let id = delegateIDs[name] else { throw LookupError.notFound(kind: .delegate, name: name.description, suggestion: nil) }
            return id
        }
        var screenIDs: [QualifiedName: Int64] = [:]
        for (index, screen) in screens.enumerated() {
            self.screens.append(
                LookupScreen(
                    id: Int64(index + 1), name: screen.qualifiedName, modalStyle: screen.modalStyle,
                    presentationStyle: screen.presentationStyle, delegateID: try delegateID(screen.delegate)))
            screensByName[screen.name, default: []].append(index)
            screenIDs[screen.qualifiedName] = Int64(index + 1)
        }
        for (index, container) in containers.enumerated() {
            self.containers.append(
                LookupContainer(
                    id: Int64(index + 1), name: QualifiedName(library: container.library, name: container.name), kind: container.kind,
                    delegateID: try delegateID(container.delegate)))
            containersByName[container.name, default: []].append(index)
        }
        var presetIDs: [QualifiedName: Int64] = [:]
        for (index, preset) in presets.enumerated() {
            self.presets.append(preset)
            presetIDs[preset.qualifiedName] = Int64(index + 1)
        }
        func id(_ name: QualifiedName?, in ids: [QualifiedName: Int64], kind: EntityKind) throws -> Int64? {
            guard let name else { return nil }
            guard let id = ids[name] else { throw LookupError.notFound(kind: kind, name: name.description, suggestion: nil) }
            return id
        }
        func side(_ pattern: ScreenPattern) throws -> Int64? {
            guard case let .screen(name) = pattern else { return nil }
            return try id(name, in: screenIDs, kind: .screen)
        }
        for (index, route) in routes.enumerated() {
            guard let delegate = try delegateID(route.delegate) else { continue }
            let mapping = LookupMapping(
                id: route.id ?? Int64(index + 1), fromScreenID: try side(route.from), toScreenID: try side(route.to),
                presetID: try id(route.preset, in: presetIDs, kind: .preset), interactionID: try id(route.interaction, in: presetIDs, kind: .preset))
            mappingsByKey[MappingKey(delegate: delegate, operation: route.operation, from: mapping.fromScreenID, to: mapping.toScreenID)] = mapping
            methods.insert(MethodKey(delegate: delegate, operation: route.operation))
        }
    }

    // MARK: LookupSource

    public mutating func screen(_ name: QualifiedName) throws -> LookupScreen? {
        try Self.find(name, kind: .screen, in: screensByName, screens, \.name)
    }

    public mutating func container(_ name: QualifiedName) throws -> LookupContainer? {
        try Self.find(name, kind: .container, in: containersByName, containers, \.name)
    }

    public mutating func containers(kind: ContainerKind, limit: Int) throws -> [LookupContainer] {
        Array(containers.filter { $0.kind == kind }.sorted { $0.name.description < $1.name.description }.prefix(limit))
    }

    public mutating func delegate(id: Int64) throws -> LookupDelegate {
        delegates[Int(id) - 1]
    }

    public mutating func hasMappings(delegateID: Int64, for operations: [TransitionOperation]) throws -> Bool {
        operations.contains { methods.contains(MethodKey(delegate: delegateID, operation: $0)) }
    }

    public mutating func mappings(delegateID: Int64, operation: TransitionOperation, from: Int64?, to: Int64?, all: Bool) throws
        -> [LookupMapping]
    {
        let keys = [(from, to), (from, nil), (nil, to), (nil, nil)]
        var found: [LookupMapping] = []
        for (keyFrom, keyTo) in keys {
            guard let mapping = mappingsByKey[MappingKey(delegate: delegateID, operation: operation, from: keyFrom, to: keyTo)],
                !found.contains(mapping)
            else { continue }
            found.append(mapping)
        }
        found.sort { $0.specificity != $1.specificity ? $0.specificity > $1.specificity : $0.id < $1.id }
        return all ? found : Array(found.prefix(1))
    }

    public mutating func screenName(id: Int64) throws -> QualifiedName {
        screens[Int(id) - 1].name
    }

    public mutating func preset(id: Int64) throws -> Preset {
        presets[Int(id) - 1]
    }

    public mutating func suggestion(_ kind: EntityKind, _ name: QualifiedName) throws -> String? {
        let names: [QualifiedName] = kind == .container ? containers.map(\.name) : screens.map(\.name)
        if let library = name.library {
            return NameSuggestion.closest(to: name.name, in: names.filter { $0.library == library }.map(\.name)).map { "\(library)/\($0)" }
        }
        return NameSuggestion.closest(to: name.name, in: Set(names.map(\.name)))
    }

    /// A qualified name in its library; a bare name when one library has it.
    private static func find<Entry>(
        _ name: QualifiedName, kind: EntityKind, in index: [String: [Int]], _ entries: [Entry], _ qualifiedName: KeyPath<Entry, QualifiedName>
    ) throws -> Entry? {
        let candidates = (index[name.name] ?? []).map { entries[$0] }
        if let library = name.library { return candidates.first { $0[keyPath: qualifiedName].library == library } }
        if candidates.count > 1 {
            throw LookupError.ambiguous(
                kind: kind, name: name.name, candidates: candidates.map { $0[keyPath: qualifiedName].description }.sorted())
        }
        return candidates.first
    }
}
