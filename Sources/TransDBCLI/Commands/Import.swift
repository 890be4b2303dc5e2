import ArgumentParser
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb import`: libraries from files, checked whole before one transaction writes them.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import libraries from bundle or DTCG files, in one transaction.",
            discussion: """
                Every file is read and validated before the catalog is touched; files imported together may refer to \
                each other. An entry that exists with other values is a conflict: --on-conflict fail (default) refuses \
                the import listing them, skip keeps the catalog's, replace takes the file's. --dry-run prints what \
                would be added, changed and left alone, and changes nothing. Files larger than --max-size \
                (default \(BundleFormat.defaultMaximumSize) bytes) are refused.
                """)

        /// What `import` reads.
        enum Format: String, CaseIterable, ExpressibleByArgument {
            case bundle, dtcg
        }

        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The files to import.") var files: [String]
        @Option(name: .long, help: "Import a bundle under this library name (one file only; for DTCG, the library of foreign tokens).")
        var library: String?
        @Option(name: .long, help: "fail, skip or replace.") var onConflict: ConflictPolicyArgument = .fail
        @Flag(name: .long, help: "Print what would change and change nothing.") var dryRun = false
        @Option(name: .long, help: "bundle (default) or dtcg.") var format: Format = .bundle
        @Option(name: .long, help: ArgumentHelp("The largest file accepted, in bytes.", valueName: "bytes"))
        var maxSize: Int = BundleFormat.defaultMaximumSize
        @Option(name: .long, help: "The report: table (for people), json, ndjson or csv.") var report: OutputFormat = .table

        /// The most entries the table report lists.
        static let tableLimit = 200

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("give at least one file to import") }
            if library != nil && files.count > 1 && format == .bundle {
                throw ValidationError("--library renames one bundle; give one file")
            }
            guard maxSize > 0 else { throw ValidationError("--max-size must be a positive number of bytes") }
        }

        func run() throws {
            try reporting {
                var inputs: [BundleInput] = []
                var notes: [String] = []
                for file in files {
                    switch format {
                    case .bundle:
                        // Read a chunk at a time: a bundle may hold a million routes.
                        var input = try BundleFormat.read(contentsOf: file, maximumSize: maxSize)
                        if let library { input = input.renamed(to: try Name.validated(library, field: "library name")) }
                        inputs.append(input)
                    case .dtcg:
                        let bytes = try InputFile.read(file, maximumSize: maxSize)
                        let decoded = try DTCGFormat.decode(bytes, file: file, defaultLibrary: try Name.validated(library ?? Library.defaultName, field: "library name"))
                        inputs += decoded.bundles.map { BundleInput(bundle: $0, file: file) }
                        notes += decoded.notes.map { "\(file): \($0)" }
                    }
                }
                let catalog = try catalog.open(forWriting: true)
                let result = try catalog.importBundles(inputs, policy: onConflict.policy, dryRun: dryRun)
                for note in notes { Output.note("note: \(note)") }
                switch report {
                case .table:
                    Output.line((dryRun ? "dry run, nothing written: would be " : "imported: ") + result.summary)
                    // Unchanged entries are not listed; a large import lists its first entries only.
                    let shown = Self.tableLimit
                    let changes = result.changes(limit: shown)
                    Output.print(ImportReport.listing(changes.entries).rendered(as: .table))
                    if changes.count > shown {
                        Output.line("… and \(changes.count - shown) more (--report json lists every entry)")
                    }
                case .ndjson, .csv:
                    // A slice at a time: a million entries rendered at once take gigabytes. Every slice
                    // renders the same CSV header; only the first is kept.
                    var first = true
                    result.forEachSlice(of: 10_000) { slice in
                        var text = ImportReport.listing(slice).rendered(as: report)
                        if !first, report == .csv, let end = text.range(of: "\r\n") { text.removeSubrange(..<end.upperBound) }
                        first = false
                        Output.print(text)
                    }
                    if first { Output.print(ImportReport.listing([]).rendered(as: report)) }
                default:
                    Output.print(result.listing.rendered(as: report))
                }
            }
        }
    }
}

/// `--on-conflict`.
enum ConflictPolicyArgument: String, CaseIterable, ExpressibleByArgument {
    case fail, skip, replace

    var policy: ConflictPolicy { ConflictPolicy(rawValue: rawValue) ?? .fail }
}
