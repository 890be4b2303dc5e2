import GRDB
import TransDBCore

/// What `transdb check` found.
public struct CatalogCheck: Hashable, Sendable {
    /// The schema version of the catalog.
    public var schemaVersion: Int
    /// `PRAGMA integrity_check`'s lines; `["ok"]` when the file is sound.
    public var integrity: [String]
    /// `PRAGMA foreign_key_check`'s findings, one sentence each.
    public var foreignKeyViolations: [String]

    /// Whether nothing was found.
    public var isOK: Bool { integrity == ["ok"] && foreignKeyViolations.isEmpty }
}

extension Catalog {
    /// Runs SQLite's integrity and foreign-key checks over the whole catalog.
    public func check() throws -> CatalogCheck {
        try readOutsideTransaction { db in
            // What a check found before a page too damaged to walk stopped it with an error: that
            // error is its last finding.
            func findings(_ sql: String, _ finding: (Row) -> String) throws -> [String] {
                var found: [String] = []
                do {
                    let rows = try Row.fetchCursor(db, sql: sql)
                    while let row = try rows.next() { found.append(finding(row)) }
                } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB {
                    found.append("SQLite stopped reading the file: \(error.message ?? "database disk image is malformed")")
                }
                return found
            }
            // `*** in database main ***` heads SQLite's list of problems, on the first one's line;
            // it is not one of them.
            let integrity = try findings("PRAGMA integrity_check") { $0[0] as String? ?? "" }
                .flatMap { $0.split(separator: "\n").map(String.init) }.filter { !$0.hasPrefix("*** in database ") }
            let violations = try findings("PRAGMA foreign_key_check") { row in
                let table: String = row[0]
                let rowid: Int64? = row[1]
                let parent: String = row[2]
                return "\(table) row \(rowid.map(String.init) ?? "?") refers to a missing \(parent)"
            }
            return CatalogCheck(
                schemaVersion: try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0, integrity: integrity,
                foreignKeyViolations: violations)
        }
    }
}
