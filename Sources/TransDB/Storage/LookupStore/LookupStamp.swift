import GRDB

/// The catalog's `lookup_stamp`: a random number that every change of a library, screen,
/// container, delegate or route (`migrations/0009_lookup_stamp.sql`), or of a preset, its views,
/// a curve or a duration (`0010_lookup_stamp_presets.sql`) replaces, so that a lookup store
/// built at one stamp is known to describe the catalog exactly while the stamp stays.
enum LookupStamp {
    /// The stamp as `db` reads it, `nil` for a schema before 9.
    static func current(_ db: Database) -> Int64? {
        try? Int64.fetchOne(db, sql: "SELECT stamp FROM lookup_stamp WHERE id = 1")
    }

    /// Runs a bulk write (an import of millions of rows) without the stamp's triggers, then
    /// draws one new stamp, all in the caller's transaction. A trigger makes SQLite keep a
    /// statement journal for every statement it fires on, which doubled an import's time; a
    /// rollback restores the triggers with everything else, and no other connection ever sees
    /// the catalog without them.
    static func bulkWrite<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        let triggers = try Row.fetchAll(
            db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('library', 'screen', 'container', 'delegate', 'route', 'preset', 'preset_view', 'curve', 'duration') AND name LIKE '%\\_stamp' ESCAPE '\\'")
        for trigger in triggers { try db.execute(sql: "DROP TRIGGER \((trigger["name"] as String).quotedDatabaseIdentifier)") }
        let result = try body()
        for trigger in triggers { try db.execute(sql: trigger["sql"]) }
        try db.execute(sql: "UPDATE lookup_stamp SET stamp = random() WHERE id = 1")
        return result
    }
}
