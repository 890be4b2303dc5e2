import GRDB
import TransDBCore

/// The steps that run around migration 0002 when the names it gives its new mirrors are taken.
///
/// 0002 adds a mirror `NAME~mirror` (the first 121 code points of `NAME`, then `~mirror`) for each
/// preset that dismiss and pop routes name. A library that already has a preset of that name, or
/// two long names that share their first 121 code points, would make its `INSERT` fail and the
/// catalog could not be opened. The migration is shipped and never edited, so in such a library
/// the presets in the way (the mirrors' sources and the holders of the names) get temporary names
/// before it; after it they get their names back, and each new mirror the name 0002 would have
/// given it or, when that is taken, the first free `…~mirror2`, `…~mirror3`, …
enum MirrorNameClashes {
    /// A preset given a temporary name, and its own.
    struct Renamed {
        var id: Int64
        var name: String
    }

    /// The presets dismiss and pop routes name that have no reverse: those 0002 mirrors.
    private static let sources = """
        SELECT id, library_id, name FROM preset
        WHERE reverse_id IS NULL AND id IN (SELECT preset_id FROM route WHERE operation IN ('dismiss', 'pop') AND preset_id IS NOT NULL)
        """

    private static let suffix = "~mirror"

    /// Gives the presets in the way temporary names, in the libraries where 0002's names clash.
    ///
    /// - Returns: The presets renamed; empty (and nothing changed) when no name clashes.
    static func prepare(_ db: Database) throws -> [Renamed] {
        let clashing = try Int64.fetchAll(
            db,
            sql: """
                WITH source AS (\(sources))
                SELECT DISTINCT s.library_id FROM source s
                JOIN preset p ON p.library_id = s.library_id AND p.name = substr(s.name, 1, 121) || '\(suffix)'
                UNION
                SELECT library_id FROM source GROUP BY library_id, substr(name, 1, 121) HAVING count(*) > 1
                """)
        var renamed: [Renamed] = []
        for library in clashing {
            let rows = try Row.fetchAll(
                db,
                sql: """
                    WITH source AS (\(sources))
                    SELECT id, name FROM preset WHERE library_id = ?1
                      AND (id IN (SELECT id FROM source)
                           OR name IN (SELECT substr(name, 1, 121) || '\(suffix)' FROM source WHERE library_id = ?1))
                    ORDER BY id
                    """, arguments: [library])
            for row in rows {
                let entry = Renamed(id: row["id"], name: row["name"])
                let name = try freeName(temporary(entry.id), library, db) { "\(temporary(entry.id))-\($0)" }
                try db.execute(sql: "UPDATE preset SET name = ? WHERE id = ?", arguments: [name, entry.id])
                renamed.append(entry)
            }
        }
        return renamed
    }

    /// Gives the renamed presets their names back, and their new mirrors their names.
    static func finish(_ renamed: [Renamed], _ db: Database) throws {
        struct Mirror {
            var id: Int64
            var library: Int64
            var description: String
            var source: Renamed
        }
        var mirrors: [Mirror] = []
        for entry in renamed {
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT id, library_id, description FROM preset WHERE mirror_of_id = ?", arguments: [entry.id])
            else { continue }
            let mirror = Mirror(id: row["id"], library: row["library_id"], description: row["description"], source: entry)
            // Out of the way first: a mirror of a temporary name might be someone's name.
            try db.execute(sql: "UPDATE preset SET name = ? WHERE id = ?", arguments: [temporary(mirror.id) + "-mirror", mirror.id])
            mirrors.append(mirror)
        }
        for entry in renamed {
            try db.execute(sql: "UPDATE preset SET name = ? WHERE id = ?", arguments: [entry.name, entry.id])
        }
        for mirror in mirrors {
            let base = String(mirror.source.name.unicodeScalars.prefix(121))
            let name = try freeName(base + suffix, mirror.library, db) { number in
                let digits = String(number)
                return String(mirror.source.name.unicodeScalars.prefix(Name.maximumLength - suffix.count - digits.count)) + suffix + digits
            }
            let description = mirror.description.replacingOccurrences(
                of: "The mirror of \(temporary(mirror.source.id)) ", with: "The mirror of \(mirror.source.name) ")
            try db.execute(sql: "UPDATE preset SET name = ?, description = ? WHERE id = ?", arguments: [name, description, mirror.id])
        }
    }

    private static func temporary(_ id: Int64) -> String { "transdb-migration-0002-\(id)" }

    /// `name` when the library has no preset of that name, else the first free `numbered(n)`, n ≥ 2.
    private static func freeName(
        _ name: String, _ library: Int64, _ db: Database, numbered: (Int) -> String
    ) throws -> String {
        func isTaken(_ candidate: String) throws -> Bool {
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM preset WHERE library_id = ? AND name = ?)", arguments: [library, candidate]) ?? false
        }
        if try !isTaken(name) { return name }
        var number = 2
        while try isTaken(numbered(number)) { number += 1 }
        return numbered(number)
    }
}
