import TransDBCore
/// How the entries of one kind are found in a bundle, told apart, compared field by field and
/// merged — the one description of an entry that ``CatalogDiff`` and ``ThreeWayMerge`` share.
///
/// Compared fields are the entry's machine-readable record (``Preset/record`` and friends)
/// without the fields that identify it (library, name; for routes id, delegate, operation, from,
/// to); a preset's fields are those import compares (``EntryFields/preset(_:)``).
struct EntrySchema<Entry> {
    /// Fields that are present or absent together, like a preset's interaction settings. When one
    /// side removes the group and the other changes it, that is one conflict on the group; when
    /// both sides have it, its fields merge one by one.
    struct Group {
        /// The name conflicts on the whole group are reported under (`interaction`).
        var name: String
        /// The compared fields that belong to the group.
        var members: Set<String>
        /// The whole group as one value, `null` when the entry has none.
        var value: (Entry) -> JSONValue
        /// Copies the whole group from the second entry to the first.
        var copy: (inout Entry, Entry) -> Void
    }

    /// Fields whose values must agree with each other (a preset's kind and direction). A merge
    /// that takes them from different sides and breaks the rule takes them together instead.
    struct Rule {
        var fields: [String]
        /// The model's check of the rule (``Preset/validateDirection(_:kind:)`` and the like),
        /// throwing ``ModelError`` for an entry that breaks it.
        var check: (Entry) throws -> Void

        /// Why the entry breaks the rule, in the model's words, or `nil` when it does not.
        func problem(_ entry: Entry) -> String? {
            do {
                try check(entry)
                return nil
            } catch {
                return String(describing: error)
            }
        }
    }

    let kind: EntityKind
    /// The entries of this kind in a bundle.
    let entries: (LibraryBundle) -> [Entry]
    /// Replaces the entries of this kind in a bundle.
    let store: (inout LibraryBundle, [Entry]) -> Void
    let key: (Entry) -> EntryKey
    /// The name shown in output: the entry's name, or a route's `delegate: operation from → to`.
    let name: (Entry) -> String
    /// The compared fields, in output order.
    let fields: (Entry) -> [(String, JSONValue)]
    /// How each merged field is copied from one entry to another. A compared field without a
    /// copier is derived from another (a curve's kind from its expression) and is not merged.
    let copiers: [String: (inout Entry, Entry) -> Void]
    var group: Group?
    var rules: [Rule] = []

    /// The keys of `entries` in order, each with the index of its first entry: a sorted list
    /// rather than a dictionary, which costs several times as much memory for a million routes.
    /// (Bundles' entries usually come in key order, and sorting them is then one pass.)
    func keyOrder(_ entries: [Entry]) -> [(key: EntryKey, index: Int)] {
        var keyed = entries.indices.map { (key: key(entries[$0]), index: $0) }
        // Equal keys (only in a hand-made bundle) keep the first entry, as a dictionary would.
        keyed.sort { $0.key < $1.key || (!($1.key < $0.key) && $0.index < $1.index) }
        var count = 0
        for position in keyed.indices where count == 0 || keyed[count - 1].key != keyed[position].key {
            keyed[count] = keyed[position]
            count += 1
        }
        keyed.removeLast(keyed.count - count)
        return keyed
    }

    /// The compared fields of `entry` as an object.
    func object(_ entry: Entry) -> JSONValue { .object(fields(entry)) }

    /// The fields of `new` that differ from `old`, in field order.
    func changes(from old: Entry, to new: Entry) -> [FieldChange] {
        zip(fields(old), fields(new)).compactMap { old, new in
            old.1 == new.1 ? nil : FieldChange(field: old.0, old: old.1, new: new.1)
        }
    }
}
