import Foundation
import GRDB
import Testing
import TransDB
import TransDBTestSupport
@testable import TransDBCore

/// Route ids are never reused (migration 0003): a script holding an id can never reach another
/// route with it.
@Suite("Route ids")
struct RouteIDTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func qn(_ library: String?, _ name: String) -> QualifiedName { QualifiedName(library: library, name: name) }

    /// A catalog with a delegate, two screens and routes `A → B` and `B → A`.
    static func populated(_ catalog: Catalog) throws -> (first: Int64, second: Int64) {
        try catalog.addScreen(Screen(library: "app", name: "A"))
        try catalog.addScreen(Screen(library: "app", name: "B"))
        try catalog.addDelegate(Delegate(library: "app", name: "D"))
        let first = try catalog.addRoute(
            RouteRequest(operation: .present, from: .screen(qn(nil, "A")), to: .screen(qn(nil, "B")), preset: nil, delegate: qn(nil, "D")))
        let second = try catalog.addRoute(
            RouteRequest(operation: .present, from: .screen(qn(nil, "B")), to: .screen(qn(nil, "A")), preset: nil, delegate: qn(nil, "D")))
        return (try #require(first.mapping.id), try #require(second.mapping.id))
    }

    @Test("after the routes with the largest ids are removed, the next route gets a new id")
    func neverReused() throws {
        let catalog = try Catalog(DatabaseQueue())
        let (first, second) = try Self.populated(catalog)
        try catalog.removeRoute(.id(second))
        try catalog.remove(.delegate, Self.qn(nil, "D"))
        try catalog.addDelegate(Delegate(library: "app", name: "D"))
        let again = try catalog.addRoute(
            RouteRequest(
                operation: .present, from: .screen(Self.qn(nil, "A")), to: .screen(Self.qn(nil, "B")), preset: nil,
                delegate: Self.qn(nil, "D")))
        #expect(again.mapping.id == second + 1)
        #expect(first < second)
    }

    @Test("a catalog of schema 1 is upgraded with its routes and ids, and then never reuses one")
    func upgradeFromSchema1() throws {
        let queue = try DatabaseQueue()
        let schema1 = try String(contentsOf: Self.packageRoot.appendingPathComponent("migrations/0001_catalog.sql"), encoding: .utf8)
        try queue.inDatabase { db in
            try db.execute(sql: "PRAGMA application_id = \(Catalog.applicationID)")
            try db.execute(
                sql:
                    "CREATE TABLE transdb_migration (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL DEFAULT '') STRICT"
            )
            try db.execute(sql: schema1)
            try db.execute(sql: "INSERT INTO transdb_migration (version, name) VALUES (1, '0001_catalog.sql')")
            try db.execute(sql: "PRAGMA user_version = 1")
            try db.execute(
                sql: """
                    INSERT INTO library (id, name) VALUES (1, 'app');
                    INSERT INTO screen (id, library_id, name) VALUES (1, 1, 'A'), (2, 1, 'B');
                    INSERT INTO delegate (id, library_id, name) VALUES (1, 1, 'D');
                    INSERT INTO route (id, delegate_id, operation, from_screen_id, to_screen_id) VALUES (7, 1, 'present', 1, 2), (9, 1, 'present', 2, 1);
                    """)
        }
        let catalog = try Catalog(queue)
        #expect(try catalog.routes().compactMap(\.id) == [7, 9])
        #expect(try catalog.check().isOK)
        try catalog.removeRoute(.id(9))
        let added = try catalog.addRoute(
            RouteRequest(
                operation: .present, from: .screen(Self.qn(nil, "B")), to: .screen(Self.qn(nil, "A")), preset: nil,
                delegate: Self.qn(nil, "D")))
        #expect(added.mapping.id == 10)
        // The indexes were made again: a duplicate is still refused.
        #expect(throws: CatalogError.self) {
            try catalog.addRoute(
                RouteRequest(
                    operation: .present, from: .screen(Self.qn(nil, "B")), to: .screen(Self.qn(nil, "A")), preset: nil,
                    delegate: Self.qn(nil, "D")))
        }
    }
}
