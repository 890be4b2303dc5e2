import Foundation
import GRDBSQLite

/// A row of SQLite kept in the lookup store as a query read it, each column's value with its
/// type, so that the code turning the catalog's rows into model values (``CatalogReader``)
/// reads it back as it reads SQLite's: one conversion for both.
///
/// Bytes: the column count (varint), then per column a type (`u8`: 0 null, 1 integer, 2 real,
/// 3 text) and the value: an integer zigzagged (varint), a real's 8 bytes, a text's length
/// (varint) and UTF-8. A blob is kept as text, as `sqlite3_column_text` would read it.
struct StoredRow: ColumnReading {
    /// A column's value; a text points into the bytes the row was read from.
    enum Value {
        case null
        case integer(Int64)
        case real(Double)
        case text(UnsafeRawBufferPointer)
    }

    /// In the buffer ``read(_:into:)`` filled: a preset is five rows or so, and a batch reads
    /// thousands, which an array each would allocate and free.
    private let values: UnsafeBufferPointer<Value>

    /// A row of `values` (valid while they are).
    init(_ values: UnsafeBufferPointer<Value>) { self.values = values }

    /// Appends the row `statement` is on.
    static func append(_ statement: OpaquePointer, to bytes: inout [UInt8]) {
        let count = sqlite3_column_count(statement)
        Varint.append(UInt64(count), to: &bytes)
        for column in 0..<count {
            switch sqlite3_column_type(statement, column) {
            case SQLITE_NULL:
                bytes.append(0)
            case SQLITE_INTEGER:
                bytes.append(1)
                Varint.append(Varint.zigzag(sqlite3_column_int64(statement, column)), to: &bytes)
            case SQLITE_FLOAT:
                bytes.append(2)
                withUnsafeBytes(of: sqlite3_column_double(statement, column).bitPattern.littleEndian) { bytes += $0 }
            default:
                bytes.append(3)
                let text = sqlite3_column_text(statement, column)
                let length = Int(sqlite3_column_bytes(statement, column))
                Varint.append(UInt64(length), to: &bytes)
                if let text, length > 0 { bytes += UnsafeRawBufferPointer(start: text, count: length) }
            }
        }
    }

    /// Appends the values of the row `reader` is at to `values` and says where they are; `nil`
    /// when its bytes are not a row.
    static func read(_ reader: inout ByteReader, into values: inout [Value]) -> Range<Int>? {
        guard let count = reader.varint(), count <= 1 << 10 else { return nil }
        let start = values.count
        values.reserveCapacity(start + Int(count))
        for _ in 0..<count {
            switch reader.u8() {
            case 0: values.append(.null)
            case 1:
                guard let value = reader.varint() else { return nil }
                values.append(.integer(Varint.unzigzag(value)))
            case 2:
                guard let bits = reader.u64() else { return nil }
                values.append(.real(Double(bitPattern: bits)))
            case 3:
                guard let length = reader.varint(), length <= UInt64(Int.max), let text = reader.bytes(Int(length)) else { return nil }
                values.append(.text(text))
            default: return nil
            }
        }
        return start..<values.count
    }

    // SQLite's conversions where a column's type is not the one asked for (a STRICT column's
    // always is); a column past the last reads as NULL, as in SQLite.

    func int64(_ column: Int) -> Int64? {
        switch value(column) {
        case .null: nil
        case let .integer(value): value
        case let .real(value): Int64(exactly: value.rounded(.towardZero)) ?? (value < 0 ? .min : .max)
        case let .text(text): Int64(String(decoding: text, as: UTF8.self)) ?? 0
        }
    }

    func double(_ column: Int) -> Double? {
        switch value(column) {
        case .null: nil
        case let .integer(value): Double(value)
        case let .real(value): value
        case let .text(text): Double(String(decoding: text, as: UTF8.self)) ?? 0
        }
    }

    func text(_ column: Int) -> String? {
        switch value(column) {
        case .null: nil
        case let .integer(value): String(value)
        case let .real(value): String(value)
        case let .text(text): String(decoding: text, as: UTF8.self)
        }
    }

    /// Matched against the bytes as stored, without making a string: a batch decodes thousands of
    /// presets, each with about twenty such columns.
    func value<T: RawRepresentable & CaseIterable>(_ column: Int, as type: T.Type) -> T? where T.RawValue == String {
        guard case let .text(bytes) = value(column) else { return text(column).flatMap(T.init(rawValue:)) }
        for candidate in T.allCases {
            var raw = candidate.rawValue
            let same = raw.withUTF8 { UnsafeRawBufferPointer($0).hasSameBytes(as: bytes) }
            if same { return candidate }
        }
        return nil
    }

    private func value(_ column: Int) -> Value { values.indices.contains(column) ? values[column] : .null }
}
