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
        try read { db in
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            let violations = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").map { row -> String in
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
