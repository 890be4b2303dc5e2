import ArgumentParser
import Foundation
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb init`: create a catalog with the schema and the default library.
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Create a catalog (--db PATH, else $TRANSDB_DB, else ./transdb.sqlite) with the default library.")

        @Option(
            name: .long, help: ArgumentHelp("The catalog file to create (default: $TRANSDB_DB, else transdb.sqlite).", valueName: "path"))
        var db: String?

        @Option(
            name: .long, parsing: .unconditional,
            help: ArgumentHelp("Seconds to wait for another process's write lock.", valueName: "seconds"), transform: number)
        var busyTimeout: Double = Catalog.defaultBusyTimeout

        @Flag(name: .long, help: "Create the schema only, without the default library.")
        var empty = false

        func validate() throws {
            try CatalogOptions.validate(db: db)
            try CatalogOptions.validate(busyTimeout: busyTimeout)
        }

        func run() throws {
            try reporting {
                // The same rule as every other command, except that init never looks upwards: it
                // creates the catalog here, as `git init` does.
                let db = db ?? getenv("TRANSDB_DB").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "transdb.sqlite"
                if FileManager.default.fileExists(atPath: db) {
                    // Opened to bring its schema up to date; one this user cannot write is only
                    // checked, and refused (exit 77) only when it would need that.
                    let catalog: Catalog
                    do {
                        catalog = try Catalog(path: db, mode: .readWrite, busyTimeout: busyTimeout)
                    } catch CatalogError.notWritable {
                        catalog = try Catalog(path: db, mode: .readOnly, busyTimeout: busyTimeout)
                    }
                    Output.line("catalog '\(db)' already exists (schema \(try catalog.schemaVersion())); nothing changed")
                    return
                }
                let catalog = try Catalog(path: db, mode: .createIfMissing, busyTimeout: busyTimeout, seed: !empty)
                let libraries = try catalog.libraries()
                Output.line(
                    "created catalog '\(db)' (schema \(try catalog.schemaVersion()))"
                        + (libraries.isEmpty ? " with no library" : " with the default library:"))
                let rows = libraries.map { entry in
                    let counts = EntityKind.inLibrary.compactMap { kind -> String? in
                        let count = entry.counts[kind] ?? 0
                        return count > 0 ? "\(count) \(kind.rawValue)\(count == 1 ? "" : "s")" : nil
                    }
                    return ["  " + entry.library.name, counts.isEmpty ? "empty" : counts.joined(separator: ", ")]
                }
                Output.print(Table(header: nil, rows: rows).rendered)
            }
        }
    }
}
