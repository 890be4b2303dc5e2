import GRDB
import TransDBCore

/// The writes of `transdb set` and `transdb rename`: one row changed in place, so that
/// everything referring to it by row id follows.
extension CatalogWriter {
    /// Changes a curve; an alias takes its target's expression, and the aliases of this curve
    /// (and theirs) follow it. An alias that would lead back to the curve is refused.
    func updateCurve(id: Int64, _ curve: NamedCurve) throws {
        try Deprecation.validate(curve.deprecated)
        let (aliasID, expression) = try aliasColumns(curve)
        if let aliasID {
            // Following the new target's aliases must not come back here.
            var next: Int64? = aliasID
            var seen = Set<Int64>()
            while let current = next, seen.insert(current).inserted {
                if current == id {
                    throw ModelError.invalidValue(
                        field: "alias-of curve", value: curve.aliasOf?.description ?? "",
                        reason: "it leads back to '\(curve.qualifiedName)': a curve cannot be an alias of itself")
                }
                next = try Int64.fetchOne(db, sql: "SELECT alias_of_id FROM curve WHERE id = ?", arguments: [current])
            }
        }
        let value = try expression.map(CatalogReader.storedCurve) ?? curve.curve
        try db.execute(
            sql: "UPDATE curve SET kind = ?, expression = ?, description = ?, deprecated = ?, alias_of_id = ? WHERE id = ?",
            arguments: [value.kind.rawValue, value.expression, curve.description, curve.deprecated, aliasID, id])
        try followAliases(of: id)
    }

    /// Gives the aliases of curve `id`, and theirs, its kind and expression.
    func followAliases(of id: Int64) throws {
        var pending = [id]
        var done = Set<Int64>()
        while let current = pending.popLast() {
            guard done.insert(current).inserted else { continue }
            try db.execute(
                sql: """
                    UPDATE curve SET kind = (SELECT kind FROM curve WHERE id = ?1), expression = (SELECT expression FROM curve WHERE id = ?1)
                    WHERE alias_of_id = ?1
                    """,
                arguments: [current])
            pending += try Int64.fetchAll(db, sql: "SELECT id FROM curve WHERE alias_of_id = ?", arguments: [current])
        }
    }

    func updateScreen(id: Int64, _ screen: Screen) throws {
        let delegateID = try screen.delegate.map { try CatalogLookup.id(.delegate, $0, prefer: screen.library, db) }
        try db.execute(
            sql: "UPDATE screen SET delegate_id = ?, modal_style = ?, presentation_style = ?, description = ? WHERE id = ?",
            arguments: [delegateID, screen.modalStyle.rawValue, screen.presentationStyle.rawValue, screen.description, id])
    }

    func updateContainer(id: Int64, _ container: Container) throws {
        let delegateID = try container.delegate.map { try CatalogLookup.id(.delegate, $0, prefer: container.library, db) }
        try db.execute(
            sql: "UPDATE container SET kind = ?, delegate_id = ?, description = ? WHERE id = ?",
            arguments: [container.kind.rawValue, delegateID, container.description, id])
    }

    func updateDelegate(id: Int64, _ delegate: Delegate) throws {
        try db.execute(
            sql: "UPDATE delegate SET released = ?, description = ? WHERE id = ?", arguments: [delegate.released, delegate.description, id])
    }

    func updateLibrary(id: Int64, _ library: Library) throws {
        try db.execute(
            sql: "UPDATE library SET version = ?, description = ?, tokens_schema = ? WHERE id = ?",
            arguments: [library.version, library.description, library.tokensSchema, id])
    }

    /// Renames the entry with row id `id`, refusing a name its library already has.
    func rename(_ kind: EntityKind, id: Int64, to name: String) throws {
        if kind == .library {
            if try Int64.fetchOne(db, sql: "SELECT id FROM library WHERE name = ?", arguments: [name]) != nil {
                throw CatalogError.alreadyExists(kind: .library, name: name)
            }
            try db.execute(sql: "UPDATE library SET name = ? WHERE id = ?", arguments: [name, id])
            return
        }
        let row = try Row.fetchOne(
            db, sql: "SELECT e.library_id, l.name FROM \(kind.table) e JOIN library l ON l.id = e.library_id WHERE e.id = ?",
            arguments: [id])
        guard let row else { throw LookupError.notFound(kind: kind, name: "#\(id)", suggestion: nil) }
        let libraryID: Int64 = row[0]
        let libraryName: String = row[1]
        if try Int64.fetchOne(db, sql: "SELECT id FROM \(kind.table) WHERE library_id = ? AND name = ?", arguments: [libraryID, name])
            != nil
        {
            throw CatalogError.alreadyExists(kind: kind, name: "\(libraryName)/\(name)")
        }
        try db.execute(sql: "UPDATE \(kind.table) SET name = ? WHERE id = ?", arguments: [name, id])
    }
}
