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
        @Argument(help: ArgumentHelp("Their catalog or bundle file.", valueName: "theirs")) var theirs: String
        @Option(name: .long, help: ArgumentHelp("The common ancestor: a catalog or a bundle file.", valueName: "path")) var base: String?
        @Flag(help: "What a conflict takes.") var policy: MergePolicy = .fail
        @Flag(name: .long, help: "Print the changes without writing them.") var dryRun = false
        @OptionGroup var output: FormatOptions

        func validate() throws {
            guard output.format == .table || output.format == .json else {
                throw ValidationError("merge prints --format table or json, not \(output.format.rawValue)")
            }
        }

        func run() throws {
            try reporting {
                let their = try CatalogSource(path: theirs)
                let scope = their.isBundleFile ? Set(their.bundles.map(\.library.name)) : nil
                let base = try self.base.map { try CatalogSource(path: $0).bundles(named: scope) }
                let local = try catalog.open(forWriting: !dryRun)
                let ours = try local.bundles()
                let result = ThreeWayMerge.merge(base: base, ours: ours, theirs: their.bundles, policy: policy)
                guard result.isWritable else {
                    Output.print(output.format == .json ? result.rendered(as: .json) : result.conflictTable)
                    throw CatalogError.conflict(Self.refusal(result.unresolved))
                }
                if !dryRun && !result.changes.isEmpty {
                    // Removed libraries are emptied in the same transaction, then dropped.
                    let emptied = ours.filter { result.removedLibraries.contains($0.library.name) }.map {
                        LibraryBundle(library: $0.library)
                    }
                    _ = try local.synchronize(result.changedLibraries + emptied)
                    for name in result.removedLibraries { try local.remove(.library, QualifiedName(library: nil, name: name)) }
                }
                Output.print(result.rendered(as: output.format))
                if output.format == .table { Output.line(summary(result, path: local.path)) }
            }
        }

        /// `merged into 'transdb.sqlite': 2 added, 1 changed; 1 conflict taken from theirs`.
        private func summary(_ result: MergeResult, path: String) -> String {
            let resolved = result.conflicts.count
            let conflicts = resolved == 0 ? "" : "; \(resolved) conflict\(resolved == 1 ? "" : "s") taken from \(policy.rawValue)"
            if result.changes.isEmpty { return "nothing to merge" + conflicts }
            return (dryRun ? "dry run, nothing written: " : "merged into '\(path)': ") + result.changes.summary + conflicts
        }

        /// The one-line error for conflicts left unresolved.
        static func refusal(_ unresolved: [MergeConflict]) -> String {
            let listed =
                unresolved.prefix(5).map(\.summary).joined(separator: "; ")
                + (unresolved.count > 5 ? "; and \(unresolved.count - 5) more" : "")
            let advice =
                unresolved.allSatisfy(\.reason.isResolvable)
                ? "use --ours or --theirs"
                : unresolved.contains(where: \.reason.isResolvable)
                    ? "use --ours or --theirs for the conflicting values; references and route ties need a change to the local catalog or to theirs"
                    : "no policy resolves references and route ties: change the local catalog or theirs, then merge again"
            return "\(unresolved.count) conflict\(unresolved.count == 1 ? "" : "s"): \(listed); \(advice)"
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
