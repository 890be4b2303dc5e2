import ArgumentParser
import Foundation
import TransDB
import TransDBCore

/// `--db` and `--busy-timeout`, and how a command finds its catalog.
struct CatalogOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The catalog file.", valueName: "path"))
    var db: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Seconds to wait for another process's write lock.", valueName: "seconds"), transform: number)
    var busyTimeout: Double = Catalog.defaultBusyTimeout

    func validate() throws {
        try Self.validate(db: db)
        try Self.validate(busyTimeout: busyTimeout)
    }

    /// Refuses a busy timeout that is not a number of seconds from 0 to 3600.
    static func validate(busyTimeout: Double) throws {
        guard busyTimeout.isFinite, busyTimeout >= 0, busyTimeout <= 3600 else {
            throw ValidationError("--busy-timeout must be a number of seconds from 0 to 3600, got \(busyTimeout.shortestDescription)")
        }
    }

    /// Refuses an empty `--db` before any file is looked for (SQLite would open a temporary database).
    static func validate(db: String?) throws {
        if db?.isEmpty == true { throw ValidationError("--db must name a catalog file; it is empty") }
    }

    /// Opens the catalog: `--db`, else `$TRANSDB_DB`, else the nearest `transdb.sqlite` upwards,
    /// else the per-user catalog, created and seeded on first use.
    ///
    /// A catalog opened for reading is never closed: the process ends with it open. Closing
    /// releases GRDB's dispatch queue, and libdispatch frees the queue's specific data (GRDB's
    /// reentrancy check) on a worker thread it starts for that alone — a thread created at the
    /// end of every `resolve` and `list`. A reader holds no lock worth releasing early and has
    /// nothing to write, so leaving the file to the kernel is the same. The reader gets one
    /// retain that is never balanced, rather than a place in a global list.
    func open(forWriting: Bool) throws -> Catalog {
        let catalog = try locateAndOpen(forWriting: forWriting)
        if !forWriting { _ = Unmanaged.passRetained(catalog) }
        return catalog
    }

    /// The catalog for a command that writes, or, with `dryRun`, only says what it would write: a
    /// dry run on a file this process cannot write (or whose directory it cannot write, where
    /// SQLite keeps its journal) runs on a copy in memory, so that it needs no right to write.
    func open(forWriting: Bool, dryRun: Bool) throws -> Catalog {
        guard forWriting, dryRun else { return try open(forWriting: forWriting) }
        let catalog: Catalog
        do {
            catalog = try open(forWriting: true)
        } catch let error as CatalogError {
            guard case .notWritable = error else { throw error }
            return try open(forWriting: false).inMemoryCopy()
        }
        let directory = (catalog.path as NSString).deletingLastPathComponent
        if access(catalog.path, W_OK) == 0 && access(directory.isEmpty ? "." : directory, W_OK) == 0 { return catalog }
        return try catalog.inMemoryCopy()
    }

    private func locateAndOpen(forWriting: Bool) throws -> Catalog {
        let mode: Catalog.Mode = forWriting ? .readWrite : .readOnly
        if let db { return try Catalog(path: db, mode: mode, busyTimeout: busyTimeout) }
        // getenv, not ProcessInfo: copying the whole environment into a dictionary shows up in a
        // command's start-up profile.
        if let path = getenv("TRANSDB_DB").map({ String(cString: $0) }), !path.isEmpty {
            return try Catalog(path: path, mode: mode, busyTimeout: busyTimeout)
        }
        if let found = Self.nearestCatalog(from: FileManager.default.currentDirectoryPath) {
            return try Catalog(path: found, mode: mode, busyTimeout: busyTimeout)
        }
        let path = try Self.userCatalogPath(environment: ProcessInfo.processInfo.environment)
        if FileManager.default.fileExists(atPath: path) { return try Catalog(path: path, mode: mode, busyTimeout: busyTimeout) }
        let catalog = try Catalog(path: path, mode: .createIfMissing, busyTimeout: busyTimeout)
        Output.note("transdb: created the per-user catalog '\(path)' with the default library")
        return catalog
    }

    /// The nearest `transdb.sqlite` in `directory` or one of its parents.
    static func nearestCatalog(from directory: String) -> String? {
        var current = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        while true {
            let candidate = current.appendingPathComponent("transdb.sqlite").path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }

    /// `$XDG_DATA_HOME/transdb/transdb.sqlite`, or `~/.local/share/transdb/transdb.sqlite`; the
    /// directory is created.
    static func userCatalogPath(environment: [String: String]) throws -> String {
        let base: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = (home as NSString).appendingPathComponent(".local/share")
        }
        let directory = (base as NSString).appendingPathComponent("transdb")
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CatalogError.notWritable(path: directory, reason: "cannot create the per-user catalog directory")
        }
        return (directory as NSString).appendingPathComponent("transdb.sqlite")
    }
}

/// `--format`.
struct FormatOptions: ParsableArguments {
    @Option(name: .long, help: "Output format: table (for people), json, ndjson or csv (for scripts).")
    var format: OutputFormat = .table

    @Flag(name: .long, help: "In a terminal, print every table cell in full instead of fitting the terminal's width.")
    var wide = false
}

/// What `eval` and `sample` write: a listing in one of the ``OutputFormat``s, or an SVG image.
/// Only these two commands take `svg`; every other `--format` is ``FormatOptions``'s.
enum DrawingFormat: String, CaseIterable, ExpressibleByArgument {
    case table, json, ndjson, csv, svg

    /// The listing format, or `nil` for `svg`.
    var listing: OutputFormat? { OutputFormat(rawValue: rawValue) }
}

/// `--format` of the commands that can also draw (`eval`, `sample`).
struct DrawingFormatOptions: ParsableArguments {
    @Option(name: .long, help: "Output format: table (for people), json, ndjson or csv (for scripts), or svg (an image).")
    var format: DrawingFormat = .table

    @Flag(name: .long, help: "In a terminal, print every table cell in full instead of fitting the terminal's width.")
    var wide = false
}
