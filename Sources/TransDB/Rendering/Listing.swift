import TransDBCore

/// A list of records, printable in any ``OutputFormat``. Records keep their keys in the order
/// of `columns`, a key that only some entries have (`deprecated`) absent from the others;
/// `tableColumns` picks the ones a person wants to see in a table.
public struct Listing: Sendable {
    public var records: Records
    /// Every key a record of this listing can have, in order: the `csv` header whatever the
    /// records are, so that a script reads the same columns from an empty list, a list without
    /// deprecated entries and one with them. `nil`: the keys the records have.
    public var columns: [String]?
    public var tableColumns: [String]?

    /// Creates a listing.
    public init(records: [[(String, JSONValue)]], columns: [String]? = nil, tableColumns: [String]? = nil) {
        self.init(records: Records(count: records.count) { records[$0] }, columns: columns, tableColumns: tableColumns)
    }

    /// A listing of `entries`, each made a record only when it is printed: a million routes are
    /// held as routes, not as a million records beside them (several times their size).
    public init<Entry: Sendable>(
        _ entries: [Entry], record: @escaping @Sendable (Entry) -> [(String, JSONValue)], columns: [String]? = nil,
        tableColumns: [String]? = nil
    ) {
        self.init(records: Records(count: entries.count) { record(entries[$0]) }, columns: columns, tableColumns: tableColumns)
    }

    private init(records: Records, columns: [String]?, tableColumns: [String]?) {
        self.records = records
        self.columns = columns
        self.tableColumns = tableColumns
    }

    /// The records, each made when it is read.
    public struct Records: RandomAccessCollection, Sendable {
        public let count: Int
        private let record: @Sendable (Int) -> [(String, JSONValue)]

        init(count: Int, record: @escaping @Sendable (Int) -> [(String, JSONValue)]) {
            self.count = count
            self.record = record
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { count }
        public subscript(position: Int) -> [(String, JSONValue)] { record(position) }
    }
}

/// `json`: an array of objects; `ndjson`: an object a line; `csv`: a row a record under
/// ``columns`` (without them, the records' keys, or ``tableColumns`` when there are no records);
/// `table`: the table columns aligned, only the header when there are no records.
extension Listing: Renderable {
    public var jsonDocument: JSONValue { .array(records.map(JSONValue.object)) }

    public func forEachJSONLine(_ body: (JSONValue) throws -> Void) rethrows {
        for record in records { try body(.object(record)) }
    }

    public var jsonIsArrayOfLines: Bool { true }

    public var csvColumns: [String] { columns ?? tableColumns ?? [] }

    public func forEachCSVRecord(_ body: ([(String, JSONValue)]) throws -> Void) rethrows {
        // Every row has every column: a key a record does not have (`deprecated`, `aliasOf`) is an
        // empty cell.
        var keys = columns ?? []
        if columns == nil {
            var seen = Set<String>()
            for record in records { for (key, _) in record where seen.insert(key).inserted { keys.append(key) } }
        }
        for record in records { try body(Self.aligned(record, to: keys)) }
    }

    /// `record` with exactly `keys`, in their order: a key it does not have is null (an empty cell).
    static func aligned(_ record: [(String, JSONValue)], to keys: [String]) -> [(String, JSONValue)] {
        if record.map(\.0) == keys { return record }
        let values = Dictionary(record, uniquingKeysWith: { first, _ in first })
        return keys.map { ($0, values[$0] ?? .null) }
    }

    public var tableText: [TextBlock] { [.records(self)] }
}
