import Foundation
import GRDB
import TransDBCore

/// A transdb catalog: one SQLite file holding libraries of curves, presets, screens, containers,
/// delegates and route mappings.
///
/// Opening checks that the file is a transdb catalog (`PRAGMA application_id`) of a schema this
/// build knows, and brings an older schema up to date. Every write happens in one
/// `BEGIN IMMEDIATE` transaction: it happens entirely or not at all.
public final class Catalog: Sendable {
    /// The path of the catalog file (GRDB's `path`: `:memory:` for an in-memory database).
    public let path: String
    /// Whether the catalog was opened for reading only.
    public let isReadOnly: Bool
    /// The connection every read and write goes through.
    let writer: any DatabaseWriter

    /// `PRAGMA application_id` of every transdb catalog: "TrDB".
    public static let applicationID: Int32 = 0x5472_4442
    /// The busy timeout used when none is given, in seconds.
    public static let defaultBusyTimeout: Double = 5

    /// How a catalog is opened.
    public enum Mode: Sendable {
        /// For reading; the file must exist.
        case readOnly
        /// For reading and writing; the file must exist.
        case readWrite
        /// For reading and writing; a missing file is created with the schema and the default library.
        case createIfMissing
    }

    private init(writer: any DatabaseWriter, path: String, isReadOnly: Bool) {
        self.writer = writer
        self.path = path
        self.isReadOnly = isReadOnly
    }

    /// A catalog over a database connection you made: an in-memory `DatabaseQueue()` for a
    /// test, or a queue with a configuration of your own. An empty database becomes a catalog
    /// (the schema, and the default library when `seed` is set); a catalog of an older schema is
    /// brought up to date.
    ///
    /// - Parameters:
    ///   - writer: The connection; the catalog uses it for every read and write.
    ///   - seed: Whether an empty database gets the default library.
    /// - Throws: ``CatalogError``: `.notACatalog` for another application's database,
    ///   `.newerSchema`, `.notWritable` when a read-only connection would need a migration.
    public convenience init(_ writer: some DatabaseWriter, seed: Bool = false) throws {
        self.init(writer: writer, path: writer.path, isReadOnly: writer.configuration.readonly)
        let isEmpty = try read { db in
            try Int32.fetchOne(db, sql: "PRAGMA application_id") == 0
                && Int.fetchOne(db, sql: "PRAGMA user_version") == 0
                && Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") == 0
        }
        if isEmpty {
            try write { db in try Catalog.createSchema(db, path: writer.path, seed: seed) }
        } else {
            try checkIdentityAndMigrate(busyTimeout: nil, checkApplicationID: true, version: nil)
        }
    }

    /// Opens the catalog at `path`.
    ///
    /// - Parameters:
    ///   - path: The catalog file.
    ///   - mode: Whether to write, and whether to create a missing catalog.
    ///   - busyTimeout: How long to wait for another process's write lock, in seconds.
    ///   - seed: Whether a created catalog gets the default library.
    /// - Throws: ``CatalogError``: `.missingCatalog`, `.notACatalog`, `.newerSchema`,
    ///   `.notWritable`, `.io`, `.busy`.
    public convenience init(path: String, mode: Mode, busyTimeout: Double = Catalog.defaultBusyTimeout, seed: Bool = true) throws {
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists, case .createIfMissing = mode {
            self.init(writer: try Catalog.create(at: path, busyTimeout: busyTimeout, seed: seed), path: path, isReadOnly: false)
            return
        }
        guard exists else { throw CatalogError.missingCatalog(path: path) }
        let identityInHeader = try Catalog.checkHeader(at: path)
        var version: Int?  // the schema version, when opening already read it
        if case .readOnly = mode {
            let (queue, known) = try Catalog.openForReading(path, busyTimeout: busyTimeout)
            self.init(writer: queue, path: path, isReadOnly: true)
            version = known
        } else {
            // SQLite would open a file it cannot write for reading and fail only at the first
            // write, or not at all when nothing needs writing: a command that writes is refused
            // the same way whatever it finds to do.
            if access(path, W_OK) != 0 {
                throw CatalogError.notWritable(path: path, reason: "this user cannot write the file")
            }
            let queue = try Catalog.mapErrors(path: path) {
                try DatabaseQueue(path: path, configuration: Catalog.configuration(readOnly: false, busyTimeout: busyTimeout))
            }
            self.init(writer: queue, path: path, isReadOnly: false)
        }
        try checkIdentityAndMigrate(busyTimeout: busyTimeout, checkApplicationID: !identityInHeader, version: version)
    }

    /// The schema, and the default library when `seed` is set, in an empty database; inside the
    /// caller's transaction.
    private static func createSchema(_ db: Database, path: String, seed: Bool) throws {
        try CatalogMigrator.migrate(db, path: path)
        if seed { try SeedLoader.loadDefaultLibrary(into: db) }
    }

    /// Creates a new catalog file with the schema and the default library, in one transaction.
    private static func create(at path: String, busyTimeout: Double, seed: Bool) throws -> DatabaseQueue {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty && !FileManager.default.fileExists(atPath: directory) {
            throw CatalogError.notWritable(path: path, reason: "the directory '\(directory)' does not exist")
        }
        return try mapErrors(path: path) {
            var config = configuration(readOnly: false, busyTimeout: busyTimeout)
            config.journalMode = .wal
            let queue = try DatabaseQueue(path: path, configuration: config)
            do {
                try queue.inTransaction(.immediate) { db in
                    try createSchema(db, path: path, seed: seed)
                    return .commit
                }
                // Into the main file at once: its header then carries the application id even if
                // this process never closes the catalog (readers leave theirs open until exit).
                try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            } catch {
                try? queue.close()
                try? FileManager.default.removeItem(atPath: path)
                for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
                throw error
            }
            return queue
        }
    }

    /// Opens an existing catalog for reading, also where SQLite alone cannot: a WAL catalog in
    /// a directory this process may not write to has no `-shm` file and SQLite cannot make one.
    /// Such a catalog is opened `immutable` when its `-wal` file is absent or empty, since its
    /// main file then holds every committed change; with changes still in the `-wal` file it is
    /// refused, because reading without the `-shm` index would miss them.
    /// Returns the queue and the schema version, read to find out whether the catalog can be read.
    private static func openForReading(_ path: String, busyTimeout: Double) throws -> (DatabaseQueue, Int) {
        let config = configuration(readOnly: true, busyTimeout: busyTimeout)
        do {
            return try mapErrors(path: path) {
                let queue = try DatabaseQueue(path: path, configuration: config)
                return (queue, try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 })
            }
        } catch CatalogError.notWritable {
            guard hasNoPendingWAL(path) else {
                throw CatalogError.notWritable(
                    path: path,
                    reason:
                        "its -wal file holds changes that cannot be read without writing a -shm file beside it; ask its owner to open it once"
                )
            }
            return try mapErrors(path: path) {
                let queue = try DatabaseQueue(path: immutableURI(path), configuration: config)
                return (queue, try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 })
            }
        }
    }

    /// Whether the catalog's `-wal` file is absent or empty, so that its main file holds every
    /// committed change and an `immutable` read sees them all.
    static func hasNoPendingWAL(_ path: String) -> Bool { hasNoFile(path + "-wal") }

    /// Whether `path` is absent or empty.
    private static func hasNoFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) != 0 || status.st_size == 0
    }

    /// `file:PATH?immutable=1`, the path percent-encoded (Debian's SQLite accepts URI file names).
    static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
        let encoded = absolute.utf8.map { allowed.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }.joined()
        return "file:\(encoded)?immutable=1"
    }

    private static func configuration(readOnly: Bool, busyTimeout: Double) -> Configuration {
        var config = Configuration()
        config.readonly = readOnly
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(busyTimeout)
        config.label = "transdb"
        return config
    }

    /// Refuses files that are not SQLite databases before SQLite sees them, so that an empty
    /// file is never silently turned into a database. Returns `false` when the header could not
    /// confirm the application id because the file's first page is still in its `-wal` file (a
    /// catalog whose last writer never checkpointed): SQLite must read it, and the caller checks
    /// the id after opening.
    private static func checkHeader(at path: String) throws -> Bool {
        // POSIX calls rather than FileManager: this runs on every start, and FileManager's
        // attribute dictionaries cost more than the rest of opening (callgrind).
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == EISDIR { throw CatalogError.notACatalog(path: path, reason: "it is a directory") }
            throw CatalogError.io(path: path, reason: "the file cannot be opened for reading")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw CatalogError.io(path: path, reason: "the file cannot be examined") }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw CatalogError.notACatalog(path: path, reason: "it is a directory") }
        if (status.st_mode & S_IFMT) != S_IFREG {
            let what = (status.st_mode & S_IFMT) == S_IFCHR ? "a character device" : (status.st_mode & S_IFMT) == S_IFIFO ? "a pipe" : "a special file"
            throw CatalogError.notACatalog(path: path, reason: "it is \(what), not a file")
        }
        var header = [UInt8](repeating: 0, count: 100)
        let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 100, 0) }
        if count == 0 {
            throw CatalogError.notACatalog(path: path, reason: "the file is empty")
        }
        guard count == 100, header.starts(with: Array("SQLite format 3\u{0}".utf8)) else {
            throw CatalogError.notACatalog(path: path, reason: "it is not an SQLite database")
        }
        func integer(_ range: Range<Int>) -> UInt32 { header[range].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
        // The application id is a big-endian integer at offset 68 of the header.
        let id = Int32(bitPattern: integer(68..<72))
        if id == 0 && !hasNoPendingWAL(path) { return false }
        guard id == applicationID else {
            throw CatalogError.notACatalog(path: path, reason: foreignReason(id))
        }
        // Read from the header too, so that SQLite never opens (and never adds -wal and -shm files
        // beside) a file that is refused: a newer schema, or a file shorter than its header says.
        let version = Int(integer(60..<64))
        if version > CatalogMigrator.latestVersion {
            throw CatalogError.newerSchema(path: path, found: version, supported: CatalogMigrator.latestVersion)
        }
        let pageSize = integer(16..<18) == 1 ? 65536 : Int(integer(16..<18))
        let pages = Int(integer(28..<32))
        // A writer or a checkpoint writes page 1 (and its page count) before the pages that
        // extend the file, so the size is compared only when no write can be under way: with no
        // changes in a -wal or -journal file, read after the header, and the size read after that.
        guard pages > 0, integer(24..<28) == integer(92..<96), hasNoPendingWAL(path), hasNoFile(path + "-journal") else { return true }
        guard fstat(descriptor, &status) == 0 else { throw CatalogError.io(path: path, reason: "the file cannot be examined") }
        let size = Int(status.st_size)
        if size < pages * pageSize {
            throw CatalogError.notACatalog(path: path, reason: "the file is truncated (\(size) bytes; its header says \(pages * pageSize))")
        }
        return true
    }

    /// Why a file with application id `id` is not a transdb catalog.
    private static func foreignReason(_ id: Int32) -> String {
        id == 0
            ? "it is an SQLite database without transdb's application id (another application's database?)"
            : "it is the SQLite database of another application (application id \(id))"
    }

    /// Checks that the database is a transdb catalog of a schema this build knows, and brings an
    /// older schema up to date. A catalog opened read-only by path is upgraded through a
    /// short-lived writer (`busyTimeout` is its timeout); one over a read-only connection given
    /// to ``init(_:seed:)`` (no `busyTimeout`) cannot be.
    private func checkIdentityAndMigrate(busyTimeout: Double?, checkApplicationID: Bool, version known: Int?) throws {
        if checkApplicationID {
            let id = try read { db in try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0 }
            guard id == Catalog.applicationID else { throw CatalogError.notACatalog(path: path, reason: Catalog.foreignReason(id)) }
        }
        let version = try known ?? read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
        let supported = CatalogMigrator.latestVersion
        if version > supported {
            throw CatalogError.newerSchema(path: path, found: version, supported: supported)
        }
        guard version < supported else { return }
        if isReadOnly, let busyTimeout {
            // An older catalog is upgraded even by a read, through a short-lived writer.
            let writer = try Catalog.mapErrors(path: path) {
                try DatabaseQueue(path: path, configuration: Catalog.configuration(readOnly: false, busyTimeout: busyTimeout))
            }
            try Catalog.mapErrors(path: path) {
                try writer.inTransaction(.immediate) { db in
                    try CatalogMigrator.migrate(db, path: self.path)
                    return .commit
                }
            }
        } else {
            try write { db in try CatalogMigrator.migrate(db, path: self.path) }
        }
    }

    /// The schema version of this catalog.
    public func schemaVersion() throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
    }

    // MARK: Transactions

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction, committed when it returns.
    @discardableResult
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        if isReadOnly {
            throw CatalogError.notWritable(path: path, reason: "it was opened for reading only")
        }
        // GRDB's write transactions on a writable connection are IMMEDIATE.
        return try Catalog.mapErrors(path: path) { try writer.write(body) }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction, committed when `commit` is set and
    /// rolled back otherwise (a dry run sees exactly what the write would do).
    ///
    /// A dry run keeps nothing, so it needs no right to write: on a catalog this process can
    /// only read (a read-only file, directory or mount), it runs again on a copy in memory.
    func transaction<T>(commit: Bool, _ body: (Database) throws -> T) throws -> T {
        if commit { return try write(body) }
        // A dry run needs the write lock only because SQLite takes it for the writes it rolls
        // back: on a file it cannot write, or while another process holds the lock past the busy
        // timeout, it runs on a copy of the last commit instead.
        if !isReadOnly {
            do {
                return try Catalog.mapErrors(path: path) { try Catalog.rolledBack(writer, body) }
            } catch CatalogError.notWritable {
            } catch CatalogError.busy {}
        }
        return try Catalog.mapErrors(path: path) {
            let copy = try DatabaseQueue(configuration: Catalog.configuration(readOnly: false, busyTimeout: 0))
            try writer.backup(to: copy)
            return try Catalog.rolledBack(copy, body)
        }
    }

    /// `body` in a transaction that is always rolled back.
    private static func rolledBack<T>(_ writer: some DatabaseWriter, _ body: (Database) throws -> T) throws -> T {
        try writer.writeWithoutTransaction { db in
            try db.beginTransaction(.immediate)
            // Whatever `body` does, and whether or not it throws, nothing is kept.
            defer { try? db.rollback() }
            return try body(db)
        }
    }

    /// The page cache of a batch's connections together: room for the index pages that a long
    /// run of lookups touches (the default 2 MiB cache re-reads most probes' leaf pages), within
    /// the batch's memory budget of 100 MB together with what its lookups remember. Several
    /// connections each remember presets and screens of their own, so they share half as much.
    static func batchPageCacheKiB(connections: Int) -> Int { connections == 1 ? 16384 : 8192 / connections }

    /// Sets this connection's page cache. Memory grows only as pages are used.
    func setPageCache(kibibytes: Int) throws {
        try Catalog.mapErrors(path: path) {
            try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA cache_size = -\(kibibytes)") }
        }
    }

    /// A copy of the catalog in memory that answers to the same path, for a dry run on a file
    /// this process cannot write: the dry run's writes, rolled back in any case, then need no
    /// right to write the file. The copy is as large as the catalog.
    public func inMemoryCopy() throws -> Catalog {
        let memory = try DatabaseQueue(configuration: Catalog.configuration(readOnly: false, busyTimeout: 0))
        try Catalog.mapErrors(path: path) { try writer.backup(to: memory) }
        return Catalog(writer: memory, path: path, isReadOnly: false)
    }

    /// Whether the catalog is a file that other connections can open (not an in-memory database).
    var isOnDisk: Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// The state of the catalog as seen from `db`: other connections' commits
    /// (`PRAGMA data_version`) and this connection's own changes.
    static func dataVersion(_ db: Database) throws -> [Int64] {
        [try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0, Int64(db.totalChangesCount)]
    }

    /// Runs `body` for reading.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try Catalog.mapErrors(path: path) { try writer.read(body) }
    }

    /// Runs `body` outside a transaction, for SQLite's checks: a damaged page ends a check with
    /// an error that also ends the transaction around it, whose commit would then fail.
    func readOutsideTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try Catalog.mapErrors(path: path) { try writer.unsafeRead(body) }
    }

    /// Turns SQLite's errors into ``CatalogError``s that name the catalog.
    static func mapErrors<T>(path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            switch error.resultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                throw CatalogError.busy(path: path)
            case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
                throw CatalogError.notWritable(path: path, reason: error.message ?? "read-only")
            case .SQLITE_CANTOPEN:
                throw CatalogError.notWritable(path: path, reason: error.message ?? "cannot open the file")
            case .SQLITE_FULL:
                throw CatalogError.io(path: path, reason: "the disk is full")
            case .SQLITE_IOERR:
                throw CatalogError.io(path: path, reason: error.message ?? "input/output error")
            case .SQLITE_NOTADB:
                throw CatalogError.notACatalog(path: path, reason: error.message ?? "it is not an SQLite database")
            // Opening checked the header: a page that cannot be read is damage, not a foreign file.
            case .SQLITE_CORRUPT:
                throw CatalogError.damaged(path: path, reason: error.message ?? "database disk image is malformed")
            case .SQLITE_CONSTRAINT:
                throw CatalogError.constraintViolated(reason: error.message ?? "constraint failed")
            default:
                throw CatalogError.io(path: path, reason: error.message ?? "\(error.resultCode)")
            }
        }
    }
}
