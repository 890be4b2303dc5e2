import GRDB
import TransDBCore

/// UIKit's lookup reading a ``LookupStore`` for screens, containers, delegates, mappings and
/// presets, and the catalog for the suggestions of an error. Ids are the store's: an entry's
/// offset for screens and containers, an ordinal for delegates; mapping and preset ids are the
/// catalog's.
struct StoreLookupSource: LookupSource {
    let store: LookupStore
    private let db: Database
    /// In a batch, the presets the other lanes have read, and how a preset read here is kept.
    var batch: BatchPresets?
    /// The delegate read last: the lookup asks for one delegate's name, then whether it has
    /// mappings, then its mappings, and each would read and check its entry again.
    private var lastDelegate: (ordinal: Int64, entry: LookupStore.DelegateEntry)?

    /// A source over `store`, which must have been built at the stamp `db` reads.
    init(_ store: LookupStore, _ db: Database) {
        self.store = store
        self.db = db
    }

    var readsQuickly: Bool { true }

    mutating func screen(_ name: QualifiedName) throws -> LookupScreen? {
        guard let entry = try entry(screens: true, name) else { return nil }
        return LookupScreen(
            id: entry.id, name: qualifiedName(entry, named: name), modalStyle: Self.element(ModalTransitionStyle.allCases, Int(entry.flags & 3)),
            presentationStyle: Self.element(ModalPresentationStyle.allCases, Int(entry.flags >> 2)), delegateID: entry.delegate)
    }

    mutating func container(_ name: QualifiedName) throws -> LookupContainer? {
        guard let entry = try entry(screens: false, name) else { return nil }
        return container(entry, name: qualifiedName(entry, named: name))
    }

    mutating func containers(kind: ContainerKind, limit: Int) throws -> [LookupContainer] {
        var found: [LookupContainer] = []
        for id in try store.containerIDsByName() where found.count < limit {
            let entry = try store.entry(screens: false, id: id)
            guard Int(entry.flags) == kind.ordinal else { continue }
            found.append(container(entry, name: qualifiedName(entry)))
        }
        return found
    }

    private func container(_ entry: LookupStore.Entry, name: QualifiedName) -> LookupContainer {
        LookupContainer(id: entry.id, name: name, kind: Self.element(ContainerKind.allCases, Int(entry.flags)), delegateID: entry.delegate)
    }

    /// As the catalog finds it: a qualified name in its library; a bare name only when one
    /// library has it, the first 50 by id listed otherwise, as SQLite's index gives them.
    /// (The entry alone, not with its qualified name: an optional of a tuple holding strings is
    /// copied and destroyed through the Swift runtime, four times a request.)
    private func entry(screens: Bool, _ name: QualifiedName) throws -> LookupStore.Entry? {
        guard let (entry, another) = try store.firstEntry(screens: screens, named: name.name, library: name.library) else { return nil }
        if another && name.library == nil {
            let found = try store.entries(screens: screens, named: name.name, library: nil, limit: 50)
            let candidates = found.map { "\(store.libraries[$0.library])/\(name.name)" }
            throw LookupError.ambiguous(
                kind: screens ? .screen : .container, name: name.name,
                candidates: candidates.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        }
        return entry
    }

    /// The entry found for `name`, in its library: the name asked for, not decoded again from
    /// the entry's bytes (which ``qualifiedName(_:)`` does for an entry found by id).
    private func qualifiedName(_ entry: LookupStore.Entry, named name: QualifiedName) -> QualifiedName {
        QualifiedName(library: store.libraries[entry.library], name: name.name)
    }

    private func qualifiedName(_ entry: LookupStore.Entry) -> QualifiedName {
        QualifiedName(library: store.libraries[entry.library], name: String(decoding: entry.name, as: UTF8.self))
    }

    private mutating func delegateEntry(_ ordinal: Int64) throws -> LookupStore.DelegateEntry {
        if let last = lastDelegate, last.ordinal == ordinal { return last.entry }
        let entry = try store.delegate(ordinal)
        lastDelegate = (ordinal, entry)
        return entry
    }

    mutating func delegate(id: Int64) throws -> LookupDelegate {
        let delegate = try delegateEntry(id)
        return LookupDelegate(
            name: QualifiedName(library: store.libraries[delegate.library], name: String(decoding: delegate.name, as: UTF8.self)),
            released: delegate.released)
    }

    mutating func hasMappings(delegateID: Int64, for operations: [TransitionOperation]) throws -> Bool {
        let shapes = try delegateEntry(delegateID).shapes
        return operations.contains { LookupStoreLayout.shape(shapes, operation: $0.ordinal).contains(.any) }
    }

    mutating func mappings(delegateID: Int64, operation: TransitionOperation, from: Int64?, to: Int64?, all: Bool) throws
        -> [LookupMapping]
    {
        let shape = LookupStoreLayout.shape(try delegateEntry(delegateID).shapes, operation: operation.ordinal)
        return try RouteKeyProbes.mappings(from: from ?? 0, to: to ?? 0, shape: shape, all: all) { keyFrom, keyTo in
            try store.route(delegate: delegateID, operation: operation.ordinal, from: keyFrom, to: keyTo)
        }
    }

    mutating func screenName(id: Int64) throws -> QualifiedName {
        qualifiedName(try store.entry(screens: true, id: id))
    }

    /// As the catalog reads it, from the rows the store keeps (``StoredRow``).
    mutating func preset(id: Int64) throws -> Preset {
        let reader = CatalogReader(db: db)
        return try store.withPresetRows(id: id) { preset, views in try reader.preset(row: preset, viewRows: views) }
    }

    mutating func presetBox(id: Int64) throws -> Boxed<Preset> {
        var source = self
        let read = { try source.preset(id: id) }
        return try batch.map { try $0.box(id: id, orRead: read) } ?? Boxed(wrappedValue: read())
    }

    mutating func suggestion(_ kind: EntityKind, _ name: QualifiedName) throws -> String? {
        try CatalogLookup.suggestion(kind, name, db)
    }

    /// `cases[index]`; the first case for an index the store cannot have written.
    private static func element<T>(_ cases: [T], _ index: Int) -> T { cases.indices.contains(index) ? cases[index] : cases[0] }
}
