import Foundation
import GRDB
import Testing
@testable import TransDB
import TransDBTestSupport
@testable import TransDBCore

/// A WAL catalog's first page — application id, schema version — reaches the main file only at a
/// checkpoint. A writer that never checkpointed (killed, or a reader kept open until exit) leaves a
/// main file whose header says nothing yet; opening must then ask SQLite, not refuse the file.
@Suite("Catalog header still in the -wal file")
struct WALHeaderTests {
    /// A database in WAL mode whose writer stays open (a checkpoint at close would move the header).
    private func walOnly(_ path: String, catalog: Bool) throws -> DatabaseQueue {
        var config = Configuration()
        config.journalMode = .wal
        let writer = try DatabaseQueue(path: path, configuration: config)
        try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        try writer.inTransaction(.immediate) { db in
            if catalog { try CatalogMigrator.migrate(db, path: path) } else { try db.execute(sql: "CREATE TABLE other (x)") }
            return .commit
        }
        return writer
    }

    /// The application id field of the main file's header.
    private func headerApplicationID(_ path: String) throws -> UInt32 {
        let header = try #require(FileManager.default.contents(atPath: path))
        return header[68..<72].reduce(0) { $0 << 8 | UInt32($1) }
    }

    @Test("a transdb catalog opens for reading and writing, and is seen as the catalog it is")
    func catalogOpens() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("wal-only.sqlite")
        let writer = try walOnly(path, catalog: true)
        #expect(try headerApplicationID(path) == 0, "the main file's header is still blank")
        let reader = try Catalog(path: path, mode: .readOnly)
        #expect(try reader.schemaVersion() == CatalogMigrator.latestVersion)
        #expect(try Catalog(path: path, mode: .readWrite).libraries().isEmpty)
        try writer.close()
    }

    @Test("another application's database in the same state is still refused as not a catalog")
    func foreignRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("other.sqlite")
        let writer = try walOnly(path, catalog: false)
        let error = #expect(throws: CatalogError.self) { try Catalog(path: path, mode: .readOnly) }
        guard case let .notACatalog(_, reason) = error else {
            Issue.record("expected notACatalog, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("without transdb's application id"))
        try writer.close()
    }

    @Test("a created catalog has its application id in the main file at once")
    func createdCatalogCheckpointed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("new.sqlite")
        let catalog = try Catalog(path: path, mode: .createIfMissing, seed: false)
        #expect(try headerApplicationID(path) == UInt32(bitPattern: Catalog.applicationID))
        _ = catalog
    }
}
