import ArgumentParser
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb merge THEIRS [--base BASE] [--ours|--theirs|--fail] [--dry-run]`.
    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Bring the changes of another catalog or bundle file into the local catalog.",
            discussion: """
                THEIRS and BASE are transdb catalogs or bundle files. With --base (the version both sides started from) \
                the merge is three-way: a change made on one side only is taken, the same field changed differently on \
                both sides is a conflict, an entry deleted on one side and changed on the other too. Without --base it \
                is two-way: entries only in THEIRS are added, entries only in the local catalog kept, and every field \
                that differs is a conflict. A bundle file stands for its one library; the local catalog's other \
                libraries are left alone.

                Conflicts are listed with both values. --fail (the default) writes nothing if there is one, --ours \
                keeps the local value and --theirs takes theirs. A merge that would leave a reference to a removed \
                entry, or two routes that tie, is refused whatever the policy. The merged libraries are written in one \
                transaction.
                """)

        @OptionGroup var catalog: CatalogOptions
        @Argument(help: ArgumentHelp("Their catalog or bundle file; '-' reads a bundle from standard input.", valueName: "theirs"))
        var theirs: String
        @Option(name: .long, help: ArgumentHelp("The common ancestor: a catalog or a bundle file.", valueName: "path")) var base: String?
        @Flag(help: "What a conflict takes.") var policy: MergePolicy = .fail
        @Flag(name: .long, help: "Print the changes without writing them.") var dryRun = false
        @OptionGroup var output: FormatOptions
        @Flag(name: .long, help: "With --format table: list every change, not a sample of each kind.") var all = false
        @Option(name: .long, help: ArgumentHelp("The largest bundle file accepted, in bytes.", valueName: "bytes"))
        var maxSize: Int = BundleFormat.defaultMaximumSize
        @OptionGroup var progress: ProgressOptions

        func validate() throws {
            guard maxSize > 0 else { throw ValidationError("--max-size must be a positive number of bytes") }
            if all && output.format != .table { throw ValidationError("--all is for --format table; json, ndjson and csv always list every change") }
            if theirs == "-" && base == "-" { throw ValidationError("standard input can be read only once; give '-' once") }
        }

        func run() throws {
            try reporting {
                var report = try progress.run { progress in
                    let standardInput = Input.standardInput(maximumSize: maxSize, progress: progress)
                    func source(_ path: String) throws -> CatalogSource {
                        try CatalogSource(path: path, maximumSize: maxSize, progress: progress, standardInput: standardInput)
                    }
                    // A missing or unwritable catalog, and a missing or oversized file, are told
                    // before large files are read.
                    let catalog = try catalog.open(forWriting: !dryRun)
                    for path in [theirs, base].compactMap({ $0 }) { try CatalogSource.check(path: path, maximumSize: maxSize) }
                    let their = try source(theirs)
                    let base = try self.base.map(source)
                    let report = try catalog.merge(consume their, base: consume base, policy: policy, dryRun: dryRun, progress: progress)
                    if !dryRun { catalog.refreshLookupStore(progress: progress) }
                    return report
                }
                report.tableSample = all ? .all : .sample
                Output.print(report, as: output.format, wide: output.wide)
                if let refusal = report.refusal { throw refusal }
            }
        }
    }
}

/// `--ours`, `--theirs`, `--fail`.
extension MergePolicy: EnumerableFlag {
    /// The help line of each flag.
    public static func help(for value: MergePolicy) -> ArgumentHelp? {
        switch value {
        case .ours: "Resolve conflicts by keeping the local value."
        case .theirs: "Resolve conflicts by taking theirs."
        case .fail: "Write nothing if there is a conflict."
        }
    }
}
