import ArgumentParser
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb check`: is the catalog sound?
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check the catalog: SQLite's integrity check and foreign-key check.",
            discussion: "Exits 0 when both are clean, 65 when they find problems (printed one per line).")

        @OptionGroup var catalog: CatalogOptions

        func run() throws {
            try reporting {
                let catalog = try catalog.open(forWriting: false)
                let result = try catalog.check()
                Output.line("catalog \(catalog.path), schema \(result.schemaVersion)")
                Output.line(
                    "integrity_check: \(result.integrity == ["ok"] ? "ok" : "\(result.integrity.count) problem\(result.integrity.count == 1 ? "" : "s")")"
                )
                if result.integrity != ["ok"] { for line in result.integrity { Output.line("  \(line)") } }
                Output.line(
                    "foreign_key_check: \(result.foreignKeyViolations.isEmpty ? "ok" : "\(result.foreignKeyViolations.count) problem\(result.foreignKeyViolations.count == 1 ? "" : "s")")"
                )
                for line in result.foreignKeyViolations { Output.line("  \(line)") }
                guard result.isOK else {
                    throw CatalogError.failedChecks(path: catalog.path)
                }
            }
        }
    }
}
