import TransDBCore
/// The field-level three-way merge of libraries and their entries, collecting conflicts.
///
/// For each entry (and each library) with a base value `b`, ours `o` and theirs `t` — any of
/// them absent — the rules are: `o == t` takes it; `b == o` takes `t` (a change, addition or
/// deletion made by them only); `b == t` takes `o`; otherwise, when one side deleted the entry
/// it is a delete/change conflict, and when both have it, the fields merge one by one with the
/// same rules, a field changed differently on both sides being a conflict. Without a base
/// (`b` absent) this is the two-way merge: entries only in theirs are added, entries only in
/// ours kept, and every field that differs is a conflict.
struct EntryMerger {
    let policy: MergePolicy
    /// Whether the merge has a base at all; without one, conflicts are `differs`.
    let hasBase: Bool
    private(set) var conflicts: [MergeConflict] = []

    init(policy: MergePolicy, hasBase: Bool) {
        self.policy = policy
        self.hasBase = hasBase
    }

    /// The merged library named `name`, or `nil` when the merge has none.
    mutating func library(_ name: String, base: LibraryBundle?, ours: LibraryBundle?, theirs: LibraryBundle?) -> LibraryBundle? {
        if ours == theirs { return ours }
        if base == ours { return theirs }
        if base == theirs { return ours }
        guard let ours, let theirs else {
            // One side removed the library, the other changed it (so the base has it).
            let deletedByUs = ours == nil
            let changes = CatalogDiff.library(name, old: base, new: deletedByUs ? theirs : ours)
            let value = JSONValue.array(changes.map { .string("\($0.change.sign) \($0.kind.rawValue) \($0.qualifiedName)") })
            conflicts.append(
                MergeConflict(
                    kind: .library, library: name, name: name, field: nil, reason: deletedByUs ? .deletedByUs : .deletedByThem,
                    base: base.map { EntrySchema<Library>.library.object($0.library) }, ours: deletedByUs ? nil : value,
                    theirs: deletedByUs ? value : nil, resolution: policy.side))
            return policy.side == .theirs ? theirs : ours
        }
        var merged = ours
        merge(.library, library: name, base: base, ours: ours, theirs: theirs, into: &merged)
        merge(.curve, library: name, base: base, ours: ours, theirs: theirs, into: &merged)
        merge(.duration, library: name, base: base, ours: ours, theirs: theirs, into: &merged)
        merge(.preset, library: name, base: base, ours: ours, theirs: theirs, into: &merged)
        merge(.delegate, library: name, base: base, ours: ours, theirs: theirs, into: &merged)
        merge(.screen, library: name, base: base, ours: ours, theirs: theirs, into: &merged)
        merge(.container, library: name, base: base, ours: ours, theirs: theirs, into: &merged)
        merge(.route, library: name, base: base, ours: ours, theirs: theirs, into: &merged)
        merged.canonicalize()
        return merged
    }

    private mutating func merge<Entry>(
        _ schema: EntrySchema<Entry>, library: String, base: LibraryBundle?, ours: LibraryBundle, theirs: LibraryBundle,
        into merged: inout LibraryBundle
    ) {
        // The three sides walked in key order together, as `CatalogDiff` walks two.
        let sides = [base.map(schema.entries) ?? [], schema.entries(ours), schema.entries(theirs)]
        let orders = sides.map(schema.keyOrder)
        var next = [0, 0, 0]
        var result: [Entry] = []
        while true {
            var smallest: EntryKey?
            for side in 0..<3 where next[side] < orders[side].count {
                let key = orders[side][next[side]].key
                if smallest.map({ key < $0 }) ?? true { smallest = key }
            }
            guard let key = smallest else { break }
            func take(_ side: Int) -> Entry? {
                guard next[side] < orders[side].count, orders[side][next[side]].key == key else { return nil }
                defer { next[side] += 1 }
                return sides[side][orders[side][next[side]].index]
            }
            let (b, o, t) = (take(0), take(1), take(2))
            // A library the base does not have is merged as without a base: its differences are
            // not "added on both sides".
            if let entry = entry(schema, library: library, base: b, ours: o, theirs: t, inBase: base != nil) { result.append(entry) }
        }
        schema.store(&merged, result)
    }

    /// One entry: whole-entry rules first, then field by field.
    private mutating func entry<Entry>(
        _ schema: EntrySchema<Entry>, library: String, base: Entry?, ours: Entry?, theirs: Entry?, inBase libraryInBase: Bool
    ) -> Entry?
    {
        func same(_ a: Entry?, _ b: Entry?) -> Bool {
            switch (a, b) {
            case (nil, nil): true
            case let (a?, b?): schema.object(a) == schema.object(b)
            default: false
            }
        }
        if same(ours, theirs) { return ours }
        if same(base, ours) { return theirs }
        if same(base, theirs) { return ours }
        guard let ours, let theirs else {
            // Deleted on one side, changed on the other: the conflict shows what was changed.
            let deletedByUs = ours == nil
            guard let kept = ours ?? theirs else { return nil }
            let changes = base.map { schema.changes(from: $0, to: kept) } ?? []
            let changed = JSONValue.object(changes.map { ($0.field, $0.new) })
            conflicts.append(
                MergeConflict(
                    kind: schema.kind, library: library, name: schema.name(kept), field: nil,
                    reason: deletedByUs ? .deletedByUs : .deletedByThem, base: .object(changes.map { ($0.field, $0.old) }),
                    ours: deletedByUs ? nil : changed, theirs: deletedByUs ? changed : nil, resolution: policy.side))
            return policy.side == .theirs ? theirs : ours
        }
        return fields(schema, library: library, base: base, ours: ours, theirs: theirs, inBase: libraryInBase)
    }

    /// An entry both sides have, merged field by field.
    private mutating func fields<Entry>(
        _ schema: EntrySchema<Entry>, library: String, base: Entry?, ours: Entry, theirs: Entry, inBase libraryInBase: Bool
    ) -> Entry {
        let name = schema.name(ours)
        let reason: MergeConflict.Reason = base != nil ? .bothChanged : (hasBase && libraryInBase ? .bothAdded : .differs)
        let side = policy.side
        var merged = ours
        func conflict(_ field: String, base: JSONValue?, ours: JSONValue, theirs: JSONValue) {
            conflicts.append(
                MergeConflict(
                    kind: schema.kind, library: library, name: name, field: field, reason: reason, base: base, ours: ours, theirs: theirs,
                    resolution: side))
        }
        var skipped = Set<String>()
        if let group = schema.group {
            let b = base.map(group.value)
            let o = group.value(ours)
            let t = group.value(theirs)
            if o == t || b == t {
                skipped = group.members
            } else if b == o {
                group.copy(&merged, theirs)
                skipped = group.members
            } else if o == .null || t == .null {
                // One side removed the group (or never had it) and the other changed (or added) it.
                conflict(group.name, base: b, ours: o, theirs: t)
                if side == .theirs { group.copy(&merged, theirs) }
                skipped = group.members
            }
        }
        let baseFields = base.map { Dictionary(schema.fields($0), uniquingKeysWith: { first, _ in first }) }
        let theirFields = Dictionary(schema.fields(theirs), uniquingKeysWith: { first, _ in first })
        for (field, o) in schema.fields(ours) where !skipped.contains(field) {
            guard let copy = schema.copiers[field], let t = theirFields[field], o != t else { continue }
            let b = baseFields?[field]
            if b == o {
                copy(&merged, theirs)
            } else if b != t {
                conflict(field, base: b, ours: o, theirs: t)
                if side == .theirs { copy(&merged, theirs) }
            }
        }
        for rule in schema.rules {
            guard let problem = rule.problem(merged) else { continue }
            func values(_ entry: Entry) -> JSONValue { .object(schema.fields(entry).filter { rule.fields.contains($0.0) }) }
            conflicts.append(
                MergeConflict(
                    kind: schema.kind, library: library, name: name, field: rule.fields.joined(separator: ", "), reason: .inconsistent,
                    base: base.map(values), ours: values(ours), theirs: values(theirs), detail: problem, resolution: side))
            // Take the fields together from one side; unresolved, from ours, so the value stays whole.
            let source = side == .theirs ? theirs : ours
            for field in rule.fields { schema.copiers[field]?(&merged, source) }
        }
        return merged
    }
}

extension EntryMerger {
    /// The per-kind merges, written out because each kind has its own entry type.
    fileprivate mutating func merge(
        _ kind: EntityKind, library: String, base: LibraryBundle?, ours: LibraryBundle, theirs: LibraryBundle,
        into merged: inout LibraryBundle
    ) {
        switch kind {
        case .library: merge(EntrySchema<Library>.library, library: library, base: base, ours: ours, theirs: theirs, into: &merged)
        case .curve: merge(EntrySchema<NamedCurve>.curve, library: library, base: base, ours: ours, theirs: theirs, into: &merged)
        case .duration: merge(EntrySchema<NamedDuration>.duration, library: library, base: base, ours: ours, theirs: theirs, into: &merged)
        case .preset: merge(EntrySchema<Preset>.preset, library: library, base: base, ours: ours, theirs: theirs, into: &merged)
        case .delegate: merge(EntrySchema<Delegate>.delegate, library: library, base: base, ours: ours, theirs: theirs, into: &merged)
        case .screen: merge(EntrySchema<Screen>.screen, library: library, base: base, ours: ours, theirs: theirs, into: &merged)
        case .container: merge(EntrySchema<Container>.container, library: library, base: base, ours: ours, theirs: theirs, into: &merged)
        case .route: merge(EntrySchema<RouteMapping>.route, library: library, base: base, ours: ours, theirs: theirs, into: &merged)
        }
    }
}
