import TransDBCore

/// A list of records, printable in any ``OutputFormat``. Every record has the same keys in the
/// same order; `tableColumns` picks the ones a person wants to see in a table.
public struct Listing: Sendable {
    public var records: [[(String, JSONValue)]]
    public var tableColumns: [String]?

    /// Creates a listing.
    public init(records: [[(String, JSONValue)]], tableColumns: [String]? = nil) {
        self.records = records
        self.tableColumns = tableColumns
    }
}

/// `json`: an array of objects; `ndjson`: an object a line; `csv`: a row a record, under the
/// records' keys (``tableColumns`` when there are no records); `table`: the table columns
/// aligned, only the header when there are no records.
extension Listing: Renderable {
    public var jsonDocument: JSONValue { .array(records.map(JSONValue.object)) }

    public func forEachJSONLine(_ body: (JSONValue) throws -> Void) rethrows {
        for record in records { try body(.object(record)) }
    }

    public var jsonIsArrayOfLines: Bool { true }

    public var csvColumns: [String] { tableColumns ?? [] }

    public func forEachCSVRecord(_ body: ([(String, JSONValue)]) throws -> Void) rethrows {
        // Every row has every column: a key only some records have (`deprecated`, `aliasOf`) is
        // an empty cell in the others.
        var keys: [String] = []
        var seen = Set<String>()
        for record in records { for (key, _) in record where seen.insert(key).inserted { keys.append(key) } }
        for record in records {
            if record.map(\.0) == keys {
                try body(record)
            } else {
                let values = Dictionary(record, uniquingKeysWith: { first, _ in first })
                try body(keys.map { ($0, values[$0] ?? .null) })
            }
        }
    }

    public var tableText: [TextBlock] { [.records(self)] }
}
