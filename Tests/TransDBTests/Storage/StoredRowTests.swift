import Foundation
import GRDB
import Testing
@testable import TransDB
@testable import TransDBCore

/// The rows the lookup store keeps, read back as SQLite reads them: `StoredRow.value(_:as:)`
/// matches stored bytes against an enum's raw values without making a string, and must agree
/// with `text` → `init(rawValue:)`, GRDB's reading of the same row, for every type of column.
@Suite("Stored rows")
struct StoredRowTests {
    /// The columns, as `StoredRow.append` writes a statement's row.
    private static let row: [UInt8] = {
        var bytes: [UInt8] = []
        Varint.append(8, to: &bytes)
        for text in ["shared", "end", "", "ends", "fad"] {
            bytes.append(3)
            Varint.append(UInt64(text.utf8.count), to: &bytes)
            bytes += Array(text.utf8)
        }
        bytes.append(0)  // NULL
        bytes.append(1)  // the integer 7
        Varint.append(Varint.zigzag(7), to: &bytes)
        bytes.append(2)  // the real 1.5
        withUnsafeBytes(of: (1.5).bitPattern.littleEndian) { bytes += $0 }
        return bytes
    }()

    private func withRow<T>(_ body: (StoredRow) throws -> T) rethrows -> T {
        try Self.row.withUnsafeBytes { bytes in
            var reader = ByteReader(bytes)
            var values: [StoredRow.Value] = []
            let range = try #require(StoredRow.read(&reader, into: &values))
            #expect(range == 0..<8)
            return try values.withUnsafeBufferPointer { try body(StoredRow(UnsafeBufferPointer(rebasing: $0[range]))) }
        }
    }

    @Test("an enum read from the bytes is the one its text names, for every column and type")
    func enumsAgreeWithText() throws {
        try withRow { row in
            for column in 0..<10 {
                #expect(row.value(column, as: TrackedView.self) == row.text(column).flatMap(TrackedView.init(rawValue:)), "column \(column)")
                #expect(row.value(column, as: TrackOverride.Phase.self) == row.text(column).flatMap(TrackOverride.Phase.init(rawValue:)))
                #expect(row.value(column, as: PresetKind.self) == row.text(column).flatMap(PresetKind.init(rawValue:)))
            }
            #expect(row.value(0, as: TrackedView.self) == .shared)
            #expect(row.value(1, as: TrackOverride.Phase.self) == .end)
            // An empty text, a longer or shorter spelling, NULL, a number and a column past the last.
            #expect(row.value(2, as: TrackOverride.Phase.self) == nil)
            #expect(row.value(3, as: TrackOverride.Phase.self) == nil)
            #expect(row.value(4, as: PresetKind.self) == nil)
            #expect(row.value(5, as: TrackedView.self) == nil)
            #expect(row.value(6, as: TrackedView.self) == nil)
            #expect(row.value(9, as: TrackedView.self) == nil)
        }
    }

    @Test("a row reads as GRDB reads the same values from SQLite")
    func rowReadsAsSQLite() throws {
        let queue = try DatabaseQueue()
        let grdb = try queue.read { db in
            try #require(try Row.fetchOne(db, sql: "SELECT 'shared', 'end', '', 'ends', 'fad', NULL, 7, 1.5"))
        }
        // GRDB refuses (traps on) a text read as a number and a number read as text, which
        // SQLite converts: each is compared where both read it.
        try withRow { row in
            for column in 0..<6 {
                #expect(row.text(column) == grdb.text(column), "column \(column)")
                #expect(row.value(column, as: TrackedView.self) == grdb.value(column, as: TrackedView.self), "column \(column)")
            }
            for column in 5..<8 {
                #expect(row.int64(column) == grdb.int64(column), "column \(column)")
                #expect(row.double(column) == grdb.double(column), "column \(column)")
            }
        }
    }
}
