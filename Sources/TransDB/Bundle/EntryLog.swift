import TransDBCore

/// Entries of an import report held compactly: an import of two million screens lists two
/// million entries, so names are kept one after another in a ``TextColumn`` and the fields that
/// differ only for the entries that have some (changed and skipped ones).
struct EntryLog: Sendable {
    private var names = TextColumn()
    private var kinds: [EntityKind] = []
    private var actions: [ImportReport.Action] = []
    private var fields: [Int: [String]] = [:]

    init() {}

    init(_ entries: [ImportReport.Entry]) {
        for entry in entries { append(entry) }
    }

    var count: Int { kinds.count }
    var isEmpty: Bool { kinds.isEmpty }
    var indices: Range<Int> { 0..<count }

    mutating func append(_ entry: ImportReport.Entry) {
        names.append(entry.name)
        kinds.append(entry.kind)
        actions.append(entry.action)
        if !entry.fields.isEmpty { fields[count - 1] = entry.fields }
    }

    func kind(at index: Int) -> EntityKind { kinds[index] }
    func action(at index: Int) -> ImportReport.Action { actions[index] }

    /// Entry `index`. Setting one keeps its name: only an entry's action and fields change.
    subscript(index: Int) -> ImportReport.Entry {
        get { ImportReport.Entry(kind: kinds[index], name: names[index], action: actions[index], fields: fields[index] ?? []) }
        set {
            actions[index] = newValue.action
            fields[index] = newValue.fields.isEmpty ? nil : newValue.fields
        }
    }

    /// Removes the last entry and returns it.
    mutating func removeLast() -> ImportReport.Entry {
        let last = self[count - 1]
        names.removeLast()
        kinds.removeLast()
        actions.removeLast()
        fields[count] = nil
        return last
    }

    /// Whether an entry has `kind` and `name`.
    func contains(kind: EntityKind, name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in indices.contains { kinds[$0] == kind && names.equals($0, bytes) } }
    }

    /// How many entries had `action`.
    func count(_ action: ImportReport.Action) -> Int { actions.count { $0 == action } }

    /// Every entry, in order.
    var entries: [ImportReport.Entry] { indices.map { self[$0] } }
}
