import TransDBCore
/// What differs between two catalogs (or bundles), entry by entry.
///
/// Entries are matched by library, kind and name (routes by delegate, operation, from and to),
/// never by the catalogs' row ids: catalogs are created independently, so the same entry has
/// unrelated integer keys in each. That is also why diff and merge work on
/// ``LibraryBundle`` values rather than with SQLite's session extension, whose changesets name
/// rows by primary key.
///
/// Entries come in a fixed order: libraries by name, then within a library its metadata,
/// curves, presets, delegates, screens, containers and routes, each in bundle order (names by
/// Unicode scalars; routes by delegate, operation, from and to). An added or removed library is
/// listed as a `library` entry followed by each of its entries.
public struct CatalogDiff: Hashable, Sendable {
    public var entries: [EntryDiff]

    /// Creates a diff from its entries.
    public init(entries: [EntryDiff] = []) {
        self.entries = entries
    }

    /// Compares two sets of libraries.
    ///
    /// References are compared as they resolve, not as they are spelled: `motion/standard`
    /// inside the library `motion` equals `standard` (see ``LibraryBundle``).
    ///
    /// - Parameters:
    ///   - old: The libraries before, e.g. `catalog.bundles()`.
    ///   - new: The libraries after.
    ///   - progress: Counts the entries compared (both sides), when given.
    /// - Returns: Every entry added, removed or changed from `old` to `new`.
    public static func compare(_ old: consuming [LibraryBundle], _ new: consuming [LibraryBundle], progress: WorkProgress? = nil)
        -> CatalogDiff
    {
        // The sides are handed over, so that each is made comparable where it is.
        let index = ReferenceIndex(old + new)
        return compare(
            comparable: LibraryBundle.comparable(consume old, index: index), LibraryBundle.comparable(consume new, index: index),
            progress: progress)
    }

    /// Compares two sets of libraries already made comparable (``LibraryBundle/comparable(_:index:)``),
    /// as a merge's are.
    static func compare(comparable old: [LibraryBundle], _ new: [LibraryBundle], progress: WorkProgress? = nil) -> CatalogDiff {
        progress.begin("comparing", total: Int64((old.reduce(0) { $0 + $1.entryCount }) + new.reduce(0) { $0 + $1.entryCount }))
        let before = Dictionary(old.map { ($0.library.name, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(new.map { ($0.library.name, $0) }, uniquingKeysWith: { first, _ in first })
        var entries: [EntryDiff] = []
        for name in Set(before.keys).union(after.keys).sorted(by: { EntryKey(name: $0) < EntryKey(name: $1) }) {
            entries += library(name, old: before[name], new: after[name], progress: progress)
        }
        return CatalogDiff(entries: entries)
    }

    /// The differences inside one library, `nil` meaning the library is absent on that side.
    static func library(_ name: String, old: LibraryBundle?, new: LibraryBundle?, progress: WorkProgress? = nil) -> [EntryDiff] {
        entries(.library, library: name, old: old, new: new, progress) + entries(.curve, library: name, old: old, new: new, progress)
            + entries(.duration, library: name, old: old, new: new, progress)
            + entries(.preset, library: name, old: old, new: new, progress)
            + entries(.delegate, library: name, old: old, new: new, progress)
            + entries(.screen, library: name, old: old, new: new, progress)
            + entries(.container, library: name, old: old, new: new, progress)
            + entries(.route, library: name, old: old, new: new, progress)
    }

    /// The entries of one kind, walked in key order on both sides at once.
    private static func entries<Entry>(
        _ schema: EntrySchema<Entry>, library: String, old: LibraryBundle?, new: LibraryBundle?, _ progress: WorkProgress?
    ) -> [EntryDiff] {
        let oldEntries = old.map(schema.entries) ?? []
        let newEntries = new.map(schema.entries) ?? []
        let before = schema.keyOrder(oldEntries)
        let after = schema.keyOrder(newEntries)
        var diffs: [EntryDiff] = []
        var (i, j) = (0, 0)
        // Both sides' entries are counted as they are compared, 4,096 at a time.
        var counted = 0
        defer { progress.advance(by: Int64(oldEntries.count + newEntries.count - counted)) }
        while i < before.count || j < after.count {
            if (i + j) & 4095 == 4095 {
                let due = (oldEntries.count + newEntries.count) * (i + j) / max(1, before.count + after.count)
                progress.advance(by: Int64(due - counted))
                counted = due
            }
            if j == after.count || (i < before.count && before[i].key < after[j].key) {
                let removed = oldEntries[before[i].index]
                diffs.append(
                    EntryDiff(change: .removed, kind: schema.kind, library: library, name: schema.name(removed), value: schema.object(removed)))
                i += 1
            } else if i == before.count || after[j].key < before[i].key {
                let added = newEntries[after[j].index]
                diffs.append(
                    EntryDiff(change: .added, kind: schema.kind, library: library, name: schema.name(added), value: schema.object(added)))
                j += 1
            } else {
                let (old, new) = (oldEntries[before[i].index], newEntries[after[j].index])
                let fields = schema.changes(from: old, to: new)
                if !fields.isEmpty {
                    diffs.append(EntryDiff(change: .changed, kind: schema.kind, library: library, name: schema.name(new), fields: fields))
                }
                i += 1
                j += 1
            }
        }
        return diffs
    }

    /// Whether the two sides are equal.
    public var isEmpty: Bool { entries.isEmpty }

    /// How many entries had `change`.
    public func count(_ change: EntryDiff.Change) -> Int { entries.filter { $0.change == change }.count }

    /// The counts by change and kind.
    public var counts: ReportSummary {
        var summary = ReportSummary(actions: EntryDiff.Change.allCases.map(\.rawValue))
        for entry in entries { summary.add(entry.change.rawValue, entry.kind) }
        return summary
    }

    /// `added 2 presets; removed 1 curve; changed 3 routes`, or `no differences`.
    public var summary: String { counts.text(empty: "no differences") }

    /// The names of the libraries the entries belong to, in order.
    public var libraries: [String] {
        var seen = Set<String>()
        return entries.map(\.library).filter { seen.insert($0).inserted }
    }
}

extension CatalogDiff {
    /// The per-kind comparisons, written out because each kind has its own entry type.
    fileprivate static func entries(
        _ kind: EntityKind, library: String, old: LibraryBundle?, new: LibraryBundle?, _ progress: WorkProgress?
    ) -> [EntryDiff] {
        switch kind {
        case .library: entries(EntrySchema<Library>.library, library: library, old: old, new: new, progress)
        case .curve: entries(EntrySchema<NamedCurve>.curve, library: library, old: old, new: new, progress)
        case .duration: entries(EntrySchema<NamedDuration>.duration, library: library, old: old, new: new, progress)
        case .preset: entries(EntrySchema<Preset>.preset, library: library, old: old, new: new, progress)
        case .delegate: entries(EntrySchema<Delegate>.delegate, library: library, old: old, new: new, progress)
        case .screen: entries(EntrySchema<Screen>.screen, library: library, old: old, new: new, progress)
        case .container: entries(EntrySchema<Container>.container, library: library, old: old, new: new, progress)
        case .route: entries(EntrySchema<RouteMapping>.route, library: library, old: old, new: new, progress)
        }
    }
}
