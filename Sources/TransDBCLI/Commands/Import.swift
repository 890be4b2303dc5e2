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

        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "The files to import; '-' reads standard input.") var files: [String]
        @Option(name: .long, help: "Import a bundle under this library name (one file only; for DTCG, the library of foreign tokens).")
        var library: String?
        @Option(name: .long, help: "fail, skip or replace.") var onConflict: ConflictPolicy = .fail
        @Flag(name: .long, help: "Print what would change and change nothing.") var dryRun = false
        @Flag(
            name: .long,
            help: "Remove the entries of each imported library that its bundle does not have (a release that removed or renamed them).")
        var prune = false
        @Option(name: .long, help: "bundle or dtcg (default: dtcg when every file is named *.tokens or *.tokens.json, else bundle).")
        var format: ImportFormat?
        @Option(name: .long, help: ArgumentHelp("The largest file accepted, in bytes.", valueName: "bytes"))
        var maxSize: Int = BundleFormat.defaultMaximumSize
        @Option(name: .long, help: "The report: table (for people), json, ndjson or csv.") var report: OutputFormat = .table
        @Flag(name: .long, help: "With --report table: list every entry, not a sample of each action.") var all = false
        @OptionGroup var progress: ProgressOptions

        /// The format given, or the one the files' names say.
        private var readFormat: ImportFormat { format ?? ImportFormat.inferred(from: files) }

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("give at least one file to import") }
            if library != nil && files.count > 1 && readFormat == .bundle {
                throw ValidationError("--library renames one bundle; give one file")
            }
            guard maxSize > 0 else { throw ValidationError("--max-size must be a positive number of bytes") }
            if all && report != .table { throw ValidationError("--all is for --report table; json, ndjson and csv always list every entry") }
            if prune && readFormat == .dtcg {
                throw ValidationError("--prune is for bundles: a DTCG file holds a library's motion tokens only, not its screens, delegates and routes")
            }
        }

        func run() throws {
            try reporting {
                let (result, notes) = try progress.run { progress in
                    // A missing or unwritable catalog is told before a large file is read.
                    let catalog = try catalog.open(forWriting: true, dryRun: dryRun)
                    let (result, notes) = try { () throws -> (ImportReport, [String]) in
                        let (inputs, notes) = try readFormat.read(
                            files, library: library, maximumSize: maxSize, progress: progress,
                            standardInput: Input.standardInput(maximumSize: maxSize, progress: progress))
                        return (try catalog.importBundles(inputs, policy: onConflict, dryRun: dryRun, prune: prune, progress: progress), notes)
                    }()
                    // With the files' contents released: the store of a large catalog takes memory to build.
                    if !dryRun { catalog.refreshLookupStore(progress: progress) }
                    return (result, notes)
                }
                for note in notes + result.notes { Output.inform("note: \(note)") }
                Output.print(ImportOutput(result, dryRun: dryRun, listsAll: all), as: report)
            }
        }
    }
}
