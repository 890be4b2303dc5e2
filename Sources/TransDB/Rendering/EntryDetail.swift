import TransDBCore

/// One entry in full, as `transdb show` prints it: one object for scripts, a line per field for
/// people (see ``Catalog/curveDetail(_:)``, ``Catalog/presetDetail(_:)``,
/// ``Catalog/routeDetail(id:)``).
public struct EntryDetail: Sendable {
    /// The entry's fields, in order.
    public var record: [(String, JSONValue)]
    /// Every field an entry of this kind can have, in order, for a CSV header that is the same
    /// whatever the entry (a spring's facts, `deprecated`); `nil` when every entry has them all.
    public var columns: [String]?
    /// The full length of a list the record holds only the first items of (read for a table,
    /// which shows the first ``listedItems``), by field.
    public var totals: [String: Int] = [:]

    /// An entry of these fields.
    public init(record: [(String, JSONValue)], columns: [String]? = nil) {
        self.record = record
        self.columns = columns
    }
}

/// `json` and `ndjson`: the record as one object; `csv`: one row under ``columns``; `table`: a `key  value` line
/// per field, a preset's tracks a line per view and phase with identity values left out.
extension EntryDetail: Renderable {
    public var jsonDocument: JSONValue { .object(record) }

    public func forEachCSVRecord(_ body: ([(String, JSONValue)]) throws -> Void) rethrows {
        try body(columns.map { Listing.aligned(record, to: $0) } ?? record)
    }

    public var tableText: [TextBlock] {
        var rows: [[String]] = []
        for (key, value) in record {
            switch value {
            case let .object(members) where key == "tracks":
                for (view, track) in members {
                    guard case let .object(phases) = track else {
                        rows.append(["tracks.\(view)", track == .null ? "-" : track.cell])
                        continue
                    }
                    for (phase, state) in phases { rows.append(["tracks.\(view).\(phase)", Self.stateSummary(state)]) }
                }
            // Nothing is shown as `-`, whether it is null, an empty list or an empty text.
            case .null, .string(""): rows.append([key, "-"])
            // A screen may have thousands of routes: the table shows the first; JSON lists them all.
            case let .array(items):
                let total = max(items.count, totals[key] ?? 0)
                var shown = items.prefix(Self.listedItems).map(\.cell).joined(separator: ", ")
                if total > Self.listedItems { shown += " and \(total - Self.listedItems) more (--format json lists them all)" }
                rows.append([key, items.isEmpty ? "-" : shown])
            default: rows.append([key, Table.printable(value.cell)])
            }
        }
        return [.table(Table(header: nil, rows: rows))]
    }

    /// How many items of a list a table shows.
    public static let listedItems = 20

    /// `frame container(1, 0, 1, 1), alpha 1, …` with identity values left out.
    private static func stateSummary(_ state: JSONValue) -> String {
        guard case let .object(fields) = state else { return state.cell }
        let identity: [String: String] = [
            "alpha": "1", "scaleX": "1", "scaleY": "1", "rotation": "0", "rotationY": "0", "cornerRadius": "0",
        ]
        let parts = fields.compactMap { key, value -> String? in
            let text = value.cell
            return identity[key] == text ? nil : "\(key) \(text)"
        }
        return parts.joined(separator: ", ")
    }
}
