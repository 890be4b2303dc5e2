import TransDBCore

/// Entries of an import report held compactly: an import of two million screens lists two
/// million entries. Names are kept one after another in a ``TextColumn``, or not at all for
/// screens listed in the order of an input's ``ScreenTable`` (a created library's), whose names
/// the input has; the fields that differ are kept only for the entries that have some.
struct EntryLog: Sendable {
    /// The names of the entries that are not in a run, in order.
    private var names = TextColumn()
    private var kinds: [EntityKind] = []
    private var actions: [ImportReport.Action] = []
    private var fields: [Int: [String]] = [:]
    /// Entries named by a screen table, in order: few (one per created library).
    private var runs: [Run] = []

    /// Consecutive entries whose names are consecutive screens of a table.
    private struct Run: Sendable {
        var first: Int
        var count: Int
        /// The input's number in the import, its library and its tables.
        var table: Int
        var library: String
        var tables: BundleTables
        /// The screen of the run's first entry.
        var start: Int

        func contains(_ index: Int) -> Bool { index >= first && index < first + count }
    }

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

    /// Appends the screen at `position` of input `table`'s screens, in its library, with
    /// `action`, its name left in the input.
    mutating func appendScreen(_ position: Int, of input: BundleInput, table: Int, action: ImportReport.Action) {
        // Through the subscript, not `runs.last`: a copy of the run would retain its tables for
        // each of two million screens.
        let last = runs.count - 1
        if last >= 0, runs[last].table == table, runs[last].first + runs[last].count == count, runs[last].start + runs[last].count == position {
            runs[last].count += 1
        } else {
            runs.append(Run(first: count, count: 1, table: table, library: input.bundle.library.name, tables: input.tables, start: position))
        }
        kinds.append(.screen)
        actions.append(action)
    }

    /// The name of entry `index`.
    func name(at index: Int) -> String {
        var before = 0
        // By index, not `for run in runs`: each copy of a run would retain its tables.
        for number in runs.indices {
            if runs[number].contains(index) {
                return "\(runs[number].library)/\(runs[number].tables.screenName(at: runs[number].start + index - runs[number].first))"
            }
            if runs[number].first < index { before += runs[number].count }
        }
        return names[index - before]
    }

    func kind(at index: Int) -> EntityKind { kinds[index] }
    func action(at index: Int) -> ImportReport.Action { actions[index] }

    /// Entry `index`. Setting one keeps its name: only an entry's action and fields change.
    subscript(index: Int) -> ImportReport.Entry {
        get { ImportReport.Entry(kind: kinds[index], name: name(at: index), action: actions[index], fields: fields[index] ?? []) }
        set {
            actions[index] = newValue.action
            fields[index] = newValue.fields.isEmpty ? nil : newValue.fields
        }
    }

    /// Removes the last entry and returns it.
    mutating func removeLast() -> ImportReport.Entry {
        let last = self[count - 1]
        if let run = runs.last, run.contains(count - 1) {
            if run.count == 1 { runs.removeLast() } else { runs[runs.count - 1].count -= 1 }
        } else {
            names.removeLast()
        }
        kinds.removeLast()
        actions.removeLast()
        fields[count] = nil
        return last
    }

    /// Whether an entry has `kind` and `name`.
    func contains(kind: EntityKind, name: String) -> Bool {
        indices.contains { kinds[$0] == kind && self.name(at: $0) == name }
    }

    /// How many entries had `action`.
    func count(_ action: ImportReport.Action) -> Int { actions.count { $0 == action } }

    /// Every entry, in order.
    var entries: [ImportReport.Entry] { indices.map { self[$0] } }
}
