import GRDB
import TransDBCore

/// Finding entries by the names people write: `library/name`, or a bare `name` that must be
/// unique across libraries (or found in the library the caller prefers).
enum CatalogLookup {
    /// The row id of the entry `reference` names.
    ///
    /// - Parameter prefer: For a bare name found in several libraries, the library to take it from.
    /// - Throws: ``CatalogError/notFound(kind:name:suggestion:)`` or ``CatalogError/ambiguous(kind:name:candidates:)``.
    static func id(_ kind: EntityKind, _ reference: QualifiedName, prefer: String? = nil, _ db: Database) throws -> Int64 {
        if let id = try find(kind, reference, prefer: prefer, db) { return id }
        throw LookupError.notFound(kind: kind, name: reference.description, suggestion: try suggestion(kind, reference, db))
    }

    /// Like ``id(_:_:prefer:_:)`` but `nil` when nothing has that name.
    static func find(_ kind: EntityKind, _ reference: QualifiedName, prefer: String? = nil, _ db: Database) throws -> Int64? {
        let table = kind.table
        if let library = reference.library {
            let statement = try DirectStatement(
                "SELECT e.id FROM \(table) e JOIN library l ON l.id = e.library_id WHERE l.name = ? AND e.name = ?", db)
            return try statement.firstInt64([.text(library), .text(reference.name)])
        }
        // The preferred library first: among many libraries with the name, it may not be among
        // the candidates an ambiguity lists.
        if let prefer, let id = try find(kind, QualifiedName(library: prefer, name: reference.name), db) { return id }
        let rows = try Row.fetchAll(
            try db.cachedStatement(
                sql: "SELECT e.id, l.name AS library FROM \(table) e JOIN library l ON l.id = e.library_id WHERE e.name = ? ORDER BY l.name LIMIT 50"),
            arguments: [reference.name])
        if rows.count == 1 { return rows[0]["id"] }
        if rows.isEmpty { return nil }
        throw LookupError.ambiguous(
            kind: kind, name: reference.name,
            candidates: rows.map { "\($0["library"] as String)/\(reference.name)" })
    }

    /// The `library/name` of the entry with row id `id`.
    static func name(_ kind: EntityKind, id: Int64, _ db: Database) throws -> QualifiedName {
        guard let row = try Row.fetchOne(
            try db.cachedStatement(sql: "SELECT e.name, l.name AS library FROM \(kind.table) e JOIN library l ON l.id = e.library_id WHERE e.id = ?"),
            arguments: [id])
        else { throw LookupError.notFound(kind: kind, name: "#\(id)", suggestion: nil) }
        return QualifiedName(library: row["library"], name: row["name"])
    }

    /// The id of the library `name`, created when `create` is set and it does not exist.
    static func libraryID(_ name: String, create: Bool, _ db: Database) throws -> Int64 {
        if let id = try DirectStatement("SELECT id FROM library WHERE name = ?", db).firstInt64([.text(name)]) { return id }
        guard create else {
            throw LookupError.notFound(kind: .library, name: name, suggestion: try suggestion(.library, QualifiedName(library: nil, name: name), db))
        }
        try db.execute(sql: "INSERT INTO library (name) VALUES (?)", arguments: [name])
        return db.lastInsertedRowID
    }

    /// The closest existing name, for "did you mean" in errors.
    static func suggestion(_ kind: EntityKind, _ reference: QualifiedName, _ db: Database) throws -> String? {
        // The first libraries' entries named `name`, as the error quotes them ('a/x' or 'b/x').
        func qualified(_ name: String) throws -> [String] {
            try String.fetchAll(
                db,
                sql: "SELECT l.name || '/' || e.name FROM \(kind.table) e JOIN library l ON l.id = e.library_id WHERE e.name = ? ORDER BY l.name LIMIT 5",
                arguments: [name])
        }
        if let library = reference.library, kind != .library {
            // Suggest within the library that was named, keeping it in the suggestion.
            let names = try String.fetchAll(
                db, sql: "SELECT e.name FROM \(kind.table) e JOIN library l ON l.id = e.library_id WHERE l.name = ? LIMIT 100000",
                arguments: [library])
            if let closest = NameSuggestion.closest(to: reference.name, in: names) { return "\(library)/\(closest)" }
            // The name written in the wrong library (`uikit/zoom` for `motion/zoom`): the libraries that have it.
            let elsewhere = try qualified(reference.name)
            return elsewhere.isEmpty ? nil : elsewhere.joined(separator: "' or '")
        }
        let names = try String.fetchAll(db, sql: "SELECT DISTINCT name FROM \(kind.table) LIMIT 100000")
        let closest = NameSuggestion.closest(to: reference.name, in: names)
        guard let closest, kind != .library else { return closest }
        // A bare name several libraries have would only be refused as ambiguous: suggest each
        // library's.
        let libraries = try qualified(closest)
        return libraries.count > 1 ? libraries.joined(separator: "' or '") : closest
    }
}

extension Catalog {
    /// The name of an entry of `kind` closest to `name` (`library/name` looks in that library),
    /// for a "did you mean"; `nil` when none is close.
    public func closestName(_ kind: EntityKind, to name: String) throws -> String? {
        let reference = (try? QualifiedName(parsing: name, field: "name")) ?? QualifiedName(library: nil, name: name)
        return try read { db in try CatalogLookup.suggestion(kind, reference, db) }
    }
}
