import GRDB
import TransDBResources
import TransDBCore

/// Applies the SQL files of `migrations/` (embedded in the binary) in order, recording each in
/// `transdb_migration` and the count in `PRAGMA user_version`.
enum CatalogMigrator {
    /// A migration file: `NNNN_what_it_does.sql`.
    struct Migration {
        var version: Int
        var name: String
        var sql: String
    }

    /// The embedded migrations, by version.
    static var migrations: [Migration] {
        EmbeddedResources.migrations.compactMap { file in
            guard let version = Int(file.name.prefix(4)) else { return nil }
            return Migration(version: version, name: file.name, sql: file.text)
        }
    }

    /// The schema version a fully migrated catalog has.
    static var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Applies every migration newer than the catalog's `user_version`. Must run inside a
    /// transaction: an upgrade happens entirely or not at all.
    static func migrate(_ db: Database, path: String) throws {
        let current = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        if current == 0 {
            try db.execute(sql: "PRAGMA application_id = \(Catalog.applicationID)")
            try db.execute(
                sql: """
                    CREATE TABLE transdb_migration (
                        version    INTEGER PRIMARY KEY,
                        name       TEXT NOT NULL,
                        applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                    ) STRICT
                    """)
        }
        for migration in migrations where migration.version > current {
            let renamed = migration.version == 2 ? try MirrorNameClashes.prepare(db) : []
            try db.execute(sql: migration.sql)
            if !renamed.isEmpty { try MirrorNameClashes.finish(renamed, db) }
            // A migration that edits sqlite_schema itself must say so to every connection,
            // this one included: a new schema version makes each read the tables again.
            if migration.sql.contains("PRAGMA writable_schema = ON") {
                let schemaVersion = try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
                try db.execute(sql: "PRAGMA schema_version = \(schemaVersion + 1)")
                db.clearSchemaCache()
            }
            try db.execute(
                sql: "INSERT INTO transdb_migration (version, name) VALUES (?, ?)",
                arguments: [migration.version, migration.name])
            try db.execute(sql: "PRAGMA user_version = \(migration.version)")
        }
    }
}
