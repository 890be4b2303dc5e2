import TransDBCore
/// What an import did (or, for a dry run, would do), entry by entry.
public struct ImportReport: Hashable, Sendable {
    /// What happened to one entry.
    public enum Action: String, Hashable, Sendable {
        case added, changed, unchanged, skipped, removed
    }

    /// One entry of the report.
    public struct Entry: Hashable, Sendable {
        public var kind: EntityKind
        /// `library/name`, or for a route `delegate: operation from → to`.
        public var name: String
        public var action: Action
        /// The fields that differ from the catalog (changed and skipped entries).
        public var fields: [String]
    }

    /// What a person should know that no entry says: a new release of a library that left
    /// entries of the old one behind (``BundleImport``). Printed as notes, not part of the entries.
    public var notes: [String] = []

    /// The entries before the routes, the routes', and the entries after them, all held
    /// compactly: an import may have millions of screens and routes.
    var listed = EntryLog()
    var routes = RouteEntries()
    var trailing = EntryLog()

    /// Every entry, in order.
    public var entries: [Entry] {
        get { listed.entries + routes.rows.map(routeEntry) + trailing.entries }
        set {
            listed = EntryLog(newValue)
            routes = RouteEntries()
            trailing = EntryLog()
        }
    }

    /// Adds an entry after those already there.
    mutating func append(_ entry: Entry) {
        if routes.isEmpty && trailing.isEmpty { listed.append(entry) } else { trailing.append(entry) }
    }

    /// Adds an entry for the screen at `position` of `input` (number `table` of the import)
    /// without copying its name, before the routes.
    mutating func appendScreen(_ position: Int, of input: BundleInput, table: Int, action: Action) {
        listed.appendScreen(position, of: input, table: table, action: action)
    }

    /// The route entry of `row`.
    func routeEntry(_ row: RouteEntries.Row) -> Entry { routes.entry(row, listed: listed) }

    /// `delegate: operation from → to` of `row`.
    func routeName(_ row: RouteEntries.Row) -> String { routes.name(of: row, listed: listed) }

    /// How many entries had `action`.
    public func count(_ action: Action) -> Int {
        listed.count(action) + routes.count(action) + trailing.count(action)
    }

    /// The actions a table lists entries of, in order (unchanged entries are only counted).
    public static let listedActions: [Action] = [.added, .changed, .skipped, .removed]

    /// The entries of each action but unchanged that a table lists (``ReportSample``), grouped
    /// by action in the order of ``listedActions``, and how many of each action were left out.
    public func sample(_ sample: ReportSample) -> (entries: [Entry], cut: [(action: Action, count: Int)]) {
        var shown: [Entry] = []
        var cut: [(action: Action, count: Int)] = []
        for action in Self.listedActions {
            var quota = ReportSample.Quota(sample)
            func take(_ log: EntryLog) {
                for index in log.indices where log.action(at: index) == action && quota.admits(log.kind(at: index)) { shown.append(log[index]) }
            }
            take(listed)
            for row in routes.rows where row.action == action {
                guard quota.admits(.route) else { break }
                shown.append(routeEntry(row))
            }
            take(trailing)
            cut.append((action, count(action) - quota.listed))
        }
        return (shown, cut)
    }

    /// Hands the entries to `body` in order, at most `size` at a time, so that a report of a
    /// million routes can be written without making all its entries at once.
    public func forEachSlice(of size: Int, _ body: ([Entry]) throws -> Void) rethrows {
        var slice: [Entry] = []
        slice.reserveCapacity(max(1, size))
        func add(_ entry: Entry) throws {
            slice.append(entry)
            if slice.count >= size {
                try body(slice)
                slice.removeAll(keepingCapacity: true)
            }
        }
        for index in listed.indices { try add(listed[index]) }
        for row in routes.rows { try add(routeEntry(row)) }
        for index in trailing.indices { try add(trailing[index]) }
        if !slice.isEmpty { try body(slice) }
    }

    /// `kind, name, action, fields` per entry.
    public var listing: Listing { Self.listing(entries) }

    /// `kind, name, action, fields` per entry of `entries`.
    public static func listing(_ entries: [Entry]) -> Listing {
        Listing(
            records: entries.map { entry in
                [
                    ("kind", .string(entry.kind.rawValue)), ("name", .string(entry.name)), ("action", .string(entry.action.rawValue)),
                    ("fields", .array(entry.fields.map(JSONValue.string))),
                ]
            }, columns: ["kind", "name", "action", "fields"], tableColumns: ["action", "kind", "name", "fields"])
    }

    /// The counts by action and kind: added, changed and unchanged always, skipped and removed
    /// when there are any.
    public var counts: ReportSummary {
        var summary = ReportSummary(
            actions: [Action.added, .changed, .skipped, .removed, .unchanged].map(\.rawValue),
            alwaysShown: [Action.added.rawValue, Action.changed.rawValue, Action.unchanged.rawValue])
        for log in [listed, trailing] {
            for index in log.indices { summary.add(log.action(at: index).rawValue, log.kind(at: index)) }
        }
        for action in [Action.added, .changed, .skipped, .removed, .unchanged] {
            summary.add(action.rawValue, .route, count: routes.count(action))
        }
        return summary
    }

    /// `added 1 library, 6 curves, 40 routes; 0 changed; 0 unchanged`, or `nothing to do`.
    public var summary: String { counts.text(empty: "nothing to do") }

    public static func == (a: ImportReport, b: ImportReport) -> Bool { a.entries == b.entries }
    public func hash(into hasher: inout Hasher) { hasher.combine(entries) }
}

/// The route entries of an import report: names once each, a route as their indexes. A name
/// may instead be that of an entry the report lists (a screen the import added), which is
/// then not copied.
struct RouteEntries: Sendable {
    struct Row: Sendable {
        /// An index into the names, or ``RouteEntries/listed(_:)`` of a listed entry's index.
        var delegate: Int32
        /// -1 for `*`.
        var from: Int32
        var to: Int32
        var operation: TransitionOperation
        var action: ImportReport.Action
        /// Bit 0: the preset differs, bit 1: the interaction preset differs.
        var fields: UInt8
    }

    /// Names by index. Not deduplicated here: the import asks once per distinct reference, and a
    /// lookup of two million names would cost more than the rare name asked twice.
    private var names = TextColumn()
    private(set) var rows: [Row] = []
    /// Rows per action, by position in ``actions``.
    private var counts = [Int](repeating: 0, count: 5)

    var isEmpty: Bool { rows.isEmpty }

    /// The index of a delegate's or screen's name, added.
    mutating func name(_ text: String) -> Int32 {
        names.append(text)
        return Int32(names.count - 1)
    }

    /// The index that stands for the name of the report's listed entry `index`.
    static func listed(_ index: Int) -> Int32 { Int32(truncatingIfNeeded: -2 - index) }

    mutating func append(_ row: Row) {
        rows.append(row)
        counts[Self.slot(row.action)] += 1
    }

    func count(_ action: ImportReport.Action) -> Int { counts[Self.slot(action)] }

    private static func slot(_ action: ImportReport.Action) -> Int {
        switch action {
        case .added: 0
        case .changed: 1
        case .unchanged: 2
        case .skipped: 3
        case .removed: 4
        }
    }

    /// `delegate: operation from → to`, names of listed entries taken from `listed`.
    func name(of row: Row, listed: EntryLog) -> String {
        func name(_ index: Int32) -> String {
            switch index {
            case 0...: names[Int(index)]
            case -1: "*"
            default: listed.name(at: Int(-2 - index))
            }
        }
        return "\(name(row.delegate)): \(row.operation.rawValue) \(name(row.from)) → \(name(row.to))"
    }

    func entry(_ row: Row, listed: EntryLog) -> ImportReport.Entry {
        let fields = [(1, "preset"), (2, "interaction")].filter { row.fields & $0.0 != 0 }.map(\.1)
        return ImportReport.Entry(kind: .route, name: name(of: row, listed: listed), action: row.action, fields: fields)
    }
}
