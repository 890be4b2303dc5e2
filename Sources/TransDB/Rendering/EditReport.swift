import TransDBCore

/// What `set`, `rename` and `rm` did (or, for a dry run, would do): the entry, each field that
/// changed, and everything else removed or changed with it.
public struct EditReport: Equatable, Sendable {
    /// What was done to the entry.
    public enum Action: String, Sendable {
        case set, rename, remove
    }

    public var action: Action
    public var kind: EntityKind
    /// The entry as it was named before the edit: `library/name`, a library's name, or `#ID` for a route.
    public var name: String
    /// The new name, for a rename.
    public var newName: String?
    /// What a route is (`present Feed → Detail on DetailTransitions`), shown after its id.
    public var detail: String?
    /// Whether nothing was written.
    public var dryRun: Bool
    /// The fields that changed, in the order of the entry's record.
    public var changes: [FieldChange]
    /// The other entries removed with it (`route #3`, `curve coreanimation/easeIn`), in order.
    public var removed: [String]
    /// Other entries the edit changed, field by field: screens and containers left without the
    /// delegate removed.
    public var changedEntries: [EntryChange]
    /// Other effects, as sentences (`screen demo/Detail no longer has a delegate`, `route #1 follows`).
    public var notes: [String]

    /// A field of another entry that an edit changed.
    public struct EntryChange: Equatable, Sendable {
        public var kind: EntityKind
        /// `library/name`.
        public var name: String
        public var change: FieldChange

        /// Creates a change of another entry.
        public init(kind: EntityKind, name: String, change: FieldChange) {
            self.kind = kind
            self.name = name
            self.change = change
        }
    }

    /// Creates a report.
    public init(
        action: Action, kind: EntityKind, name: String, newName: String? = nil, detail: String? = nil, dryRun: Bool,
        changes: [FieldChange] = [], removed: [String] = [], changedEntries: [EntryChange] = [], notes: [String] = []
    ) {
        self.action = action
        self.kind = kind
        self.name = name
        self.newName = newName
        self.detail = detail
        self.dryRun = dryRun
        self.changes = changes
        self.removed = removed
        self.changedEntries = changedEntries
        self.notes = notes
    }

    /// The fields that differ between two records of one entry; nested objects (a preset's
    /// tracks and interaction) are compared field by field as `tracks.to.start.alpha`.
    public static func changes(from old: [(String, JSONValue)], to new: [(String, JSONValue)]) -> [FieldChange] {
        var oldFields: [String: JSONValue] = [:]
        for (key, value) in flatten(old, prefix: "") { oldFields[key] = value }
        var changes: [FieldChange] = []
        var seen = Set<String>()
        for (key, value) in flatten(new, prefix: "") {
            seen.insert(key)
            let before = oldFields[key] ?? .null
            if before != value { changes.append(FieldChange(field: key, old: before, new: value)) }
        }
        for (key, value) in flatten(old, prefix: "") where !seen.contains(key) {
            changes.append(FieldChange(field: key, old: value, new: .null))
        }
        return changes
    }

    private static func flatten(_ fields: [(String, JSONValue)], prefix: String) -> [(String, JSONValue)] {
        fields.flatMap { key, value -> [(String, JSONValue)] in
            if case let .object(members) = value { return flatten(members, prefix: prefix + key + ".") }
            return [(prefix + key, value)]
        }
    }

    /// `set`, `renamed`, `removed`; `would set`… for a dry run.
    private var verb: String {
        switch (action, dryRun) {
        case (.set, false): "set"
        case (.set, true): "would set"
        case (.rename, false): "renamed"
        case (.rename, true): "would rename"
        case (.remove, false): "removed"
        case (.remove, true): "would remove"
        }
    }
}

/// `table`: one line saying what was done, then a line per changed field, removed entry and
/// note; `json`: one object `{action, kind, name, newName, detail, dryRun, changes: [{field, old, new}],
/// removed, changedEntries: [{kind, name, field, old, new}], notes}`.
extension EditReport: Renderable {
    public var jsonDocument: JSONValue {
        .object([
            ("action", .string(action.rawValue)), ("kind", .string(kind.rawValue)), ("name", .string(name)),
            ("newName", .string(newName)), ("detail", .string(detail)), ("dryRun", .bool(dryRun)),
            ("changes", .array(changes.map { .object([("field", .string($0.field)), ("old", $0.old), ("new", $0.new)]) })),
            ("removed", .array(removed.map(JSONValue.string))),
            (
                "changedEntries",
                .array(
                    changedEntries.map {
                        .object([
                            ("kind", .string($0.kind.rawValue)), ("name", .string($0.name)), ("field", .string($0.change.field)),
                            ("old", $0.change.old), ("new", $0.change.new),
                        ])
                    })
            ),
            ("notes", .array(notes.map(JSONValue.string))),
        ])
    }

    /// `csv`: a row per changed field, then (for a rename) the name, then (for a removal) the entry
    /// and each entry removed with it, then a `set` row per field of another entry changed; the
    /// columns are ``csvColumns``. A removed entry's kind is the first word of its description
    /// (`route #3`).
    public func forEachCSVRecord(_ body: ([(String, JSONValue)]) throws -> Void) rethrows {
        func row(
            _ kind: String, _ name: String, field: String?, old: JSONValue = .null, new: JSONValue = .null, action: Action? = nil
        ) -> [(String, JSONValue)] {
            [
                ("action", .string((action ?? self.action).rawValue)), ("kind", .string(kind)), ("name", .string(name)),
                ("field", .string(field)), ("old", .string(old.cell)), ("new", .string(new.cell)),
            ]
        }

        for change in changes { try body(row(kind.rawValue, name, field: change.field, old: change.old, new: change.new)) }
        if action == .rename, let newName { try body(row(kind.rawValue, name, field: "name", old: .string(name), new: .string(newName))) }
        if action == .remove {
            try body(row(kind.rawValue, name, field: nil))
            for entry in removed {
                let parts = entry.split(separator: " ", maxSplits: 1)
                try body(row(String(parts.first ?? ""), parts.count > 1 ? String(parts[1]) : "", field: nil))
            }
        }
        for entry in changedEntries {
            try body(row(entry.kind.rawValue, entry.name, field: entry.change.field, old: entry.change.old, new: entry.change.new, action: .set))
        }
    }

    public var csvColumns: [String] { ["action", "kind", "name", "field", "old", "new"] }

    /// How many entries removed with another a table lists one per line.
    static let listedRemovals = 1000

    public var tableText: [TextBlock] {
        var lines: [String] = []
        let subject = "\(kind.rawValue) \(name)" + (detail.map { ": \($0)" } ?? "")
        switch action {
        case .set where changes.isEmpty: lines.append("\(subject) is unchanged")
        case .set, .remove: lines.append("\(verb) \(subject)")
        case .rename: lines.append("\(verb) \(subject) to \(newName ?? "")")
        }
        for change in changes {
            lines.append("  \(change.field): \(Self.cell(change.old)) → \(Self.cell(change.new))")
        }
        for entry in removed.prefix(Self.listedRemovals) { lines.append("  \(dryRun ? "would remove" : "removed") \(entry)") }
        if removed.count > Self.listedRemovals {
            // A library of a million routes would flood the terminal: the rest are counted by kind.
            var counts: [String: Int] = [:]
            var kinds: [String] = []
            for entry in removed.dropFirst(Self.listedRemovals) {
                let kind = String(entry.prefix { $0 != " " })
                if counts[kind] == nil { kinds.append(kind) }
                counts[kind, default: 0] += 1
            }
            let rest = kinds.map { "\(counts[$0] ?? 0) \($0)\(counts[$0] == 1 ? "" : "s")" }.joined(separator: ", ")
            lines.append("  and \(removed.count - Self.listedRemovals) more: \(rest) (--format csv or json lists every entry)")
        }
        for note in notes { lines.append("  \(note)") }
        return [.text(lines.map(Table.printable).joined(separator: "\n") + "\n")]
    }

    /// A value as a change line shows it: strings in JSON's quotes (so an empty description shows
    /// as "" and a quote inside is escaped), null as -.
    private static func cell(_ value: JSONValue) -> String {
        switch value {
        case .null: "-"
        case .string: value.compact
        default: value.cell
        }
    }
}
