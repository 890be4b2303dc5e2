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

        /// `1 problem`, `3 problems`; SQLite's integrity check stops at 100, so 100 or more is
        /// "at least".
        static func problems(_ count: Int) -> String {
            count >= 100 ? "at least \(count) problems (SQLite lists the first 100)" : "\(count) problem\(count == 1 ? "" : "s")"
        }

        func run() throws {
            try reporting {
                let catalog: Catalog
                do {
                    catalog = try self.catalog.open(forWriting: false)
                } catch let CatalogError.damaged(path, reason) {
                    // So damaged that opening failed (the schema's page): that is what check finds.
                    Output.line("catalog \(path)")
                    Output.line("integrity_check: 1 problem")
                    Output.line("  SQLite cannot read the catalog's schema: \(reason)")
                    throw CatalogError.failedChecks(path: path)
                }
                let result = try catalog.check()
                Output.line("catalog \(catalog.path), schema \(result.schemaVersion)")
                Output.line(
                    "integrity_check: \(result.integrity == ["ok"] ? "ok" : Self.problems(result.integrity.count))"
                )
                if result.integrity != ["ok"] { for line in result.integrity { Output.line("  \(line)") } }
                Output.line(
                    "foreign_key_check: \(result.foreignKeyViolations.isEmpty ? "ok" : Self.problems(result.foreignKeyViolations.count))"
                )
                for line in result.foreignKeyViolations { Output.line("  \(line)") }
                guard result.isOK else {
                    throw CatalogError.failedChecks(path: catalog.path)
                }
            }
        }
    }
}
