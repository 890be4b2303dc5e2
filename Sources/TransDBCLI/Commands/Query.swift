import ArgumentParser
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb query SQL`: read the catalog with SQL, never write it.
    struct Query: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "query",
            abstract: "Run read-only SQL against the catalog (for scripts).",
            discussion: """
                The catalog is opened read-only and every statement that would write is refused, whatever it tries: \
                INSERT/UPDATE/DELETE, writes inside a WITH, ATTACH, PRAGMAs that set, VACUUM INTO, load_extension. \
                The rows of the last statement that returns rows are printed. The tables: transdb query \"SELECT sql FROM sqlite_schema\".
                """)

        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The SQL.") var sql: String
        @Option(help: "Stop the query after this many seconds (0: no limit).")
        var timeout: Double = ReadOnlyQuery.defaultTimeLimit
        @OptionGroup var output: FormatOptions

        func validate() throws {
            guard timeout.isFinite, timeout >= 0, timeout <= 86400 else {
                throw ValidationError("--timeout must be a number of seconds from 0 to 86400, 0 for no limit, got \(timeout.shortestDescription)")
            }
        }

        func run() throws {
            try reporting {
                // Opening it as a catalog first refuses files that are not transdb catalogs.
                let catalog = try catalog.open(forWriting: false)
                let result = try ReadOnlyQuery.run(sql, catalog: catalog.path, timeLimit: timeout > 0 ? timeout : nil)
                Output.print(result.listing, as: output.format, wide: output.wide)
            }
        }
    }
}
