import Testing
import TransDB
import TransDBTestSupport
@testable import TransDBCore

/// `transdb query`'s SQL: rows as a listing, and ``QueryError`` for what it refuses.
@Suite("Read-only queries and QueryError")
struct ReadOnlyQueryTests {
    /// Runs `body` with the path of a new catalog holding the default library.
    static func withCatalog(_ body: (String) throws -> Void) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("catalog.sqlite")
        _ = try Catalog(path: path, mode: .createIfMissing)
        try body(path)
    }

    @Test("the rows of the last statement that returns rows, as a listing with every column")
    func rows() throws {
        try Self.withCatalog { path in
            let result = try ReadOnlyQuery.run("SELECT 1; SELECT 'a' AS x, NULL AS y UNION ALL SELECT 'b', 2.5", catalog: path)
            #expect(result.columns == ["x", "y"])
            #expect(result.listing.rendered(as: .csv) == "x,y\r\na,\r\nb,2.5\r\n")
            #expect(result.listing.tableColumns == ["x", "y"])
        }
    }

    @Test("SQL SQLite cannot run is .invalidSQL, quoting it")
    func invalidSQL() throws {
        try Self.withCatalog { path in
            let error = #expect(throws: QueryError.self) { try ReadOnlyQuery.run("SELEC 1", catalog: path) }
            #expect(error == .invalidSQL(sql: "SELEC 1", reason: #"near "SELEC": syntax error"#))
            #expect(error?.description == #"invalid query 'SELEC 1': near "SELEC": syntax error"#)
        }
    }

    @Test("a statement that would write is .notReadOnly: the authorizer refuses it, and SQLite's read-only check backs it up")
    func notReadOnly() throws {
        try Self.withCatalog { path in
            for sql in ["DELETE FROM route", "ATTACH 'x.sqlite' AS x", "PRAGMA user_version = 5"] {
                let error = #expect(throws: QueryError.self) { try ReadOnlyQuery.run(sql, catalog: path) }
                #expect(error == .notReadOnly(statement: sql, reason: "not authorized"))
                #expect(error?.description == "invalid query '\(sql)': transdb query only reads; not authorized")
            }
        }
        #expect(
            QueryError.notReadOnly(statement: "VACUUM", reason: "this statement would write").description
                == "invalid query 'VACUUM': transdb query only reads; this statement would write")
    }

    @Test("more rows than the limit is .tooManyRows")
    func tooManyRows() throws {
        try Self.withCatalog { path in
            let sql = "SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3"
            let error = #expect(throws: QueryError.self) { try ReadOnlyQuery.run(sql, catalog: path, maximumRows: 2) }
            #expect(error == .tooManyRows(statement: sql, limit: 2))
            #expect(error?.description == "invalid query '\(sql)': more than 2 rows, the most transdb query returns; narrow it with a WHERE or a smaller LIMIT")
        }
    }

    @Test("a value longer than 16 MiB, or more bytes of values than the limit, is an error, not gigabytes held")
    func tooLarge() throws {
        try Self.withCatalog { path in
            let huge = #expect(throws: QueryError.self) { try ReadOnlyQuery.run("SELECT zeroblob(900000000)", catalog: path) }
            #expect(
                huge == .invalidSQL(sql: "SELECT zeroblob(900000000)", reason: "string or blob too big: transdb query makes no value longer than 16 MiB"))
            let longest = try ReadOnlyQuery.run("SELECT length(zeroblob(16777216))", catalog: path)
            #expect(longest.rows == [[.integer(16_777_216)]])
            // Ten rows of 1,000 bytes and 16 per value: 10,160 bytes; 10,000 are allowed.
            let sql = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 10) SELECT printf('%.1000c', 'x') FROM n"
            let many = #expect(throws: QueryError.self) { try ReadOnlyQuery.run(sql, catalog: path, maximumBytes: 10_000) }
            #expect(
                many?.description.hasSuffix(
                    "more than 10000 bytes of values, the most transdb query returns; narrow it with a WHERE or a smaller LIMIT") == true)
            let allowed = try ReadOnlyQuery.run(sql, catalog: path, maximumBytes: 10_160)
            #expect(allowed.rows.count == 10)
        }
    }

    @Test("statements running past the time limit are .timedOut; without a limit a finite query runs")
    func timedOut() throws {
        try Self.withCatalog { path in
            let endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i FROM n) SELECT max(i) FROM n"
            let error = #expect(throws: QueryError.self) { try ReadOnlyQuery.run(endless, catalog: path, timeLimit: 0.1) }
            #expect(error == .timedOut(sql: endless, seconds: 0.1))
            let finite = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 1000) SELECT count(*) FROM n"
            let counted = try ReadOnlyQuery.run(finite, catalog: path, timeLimit: nil)
            #expect(counted.rows == [[.integer(1000)]])
        }
    }

    @Test("an infinite number, which JSON cannot hold, is the text Infinity or -Infinity in every format")
    func infinity() throws {
        try Self.withCatalog { path in
            let result = try ReadOnlyQuery.run("SELECT 1e308 * 10 AS up, -1e308 * 10 AS down, 1.5 AS finite", catalog: path)
            #expect(result.rows == [[.string("Infinity"), .string("-Infinity"), .number(1.5)]])
        }
    }
}
