import ArgumentParser
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb rename KIND OLD NEW`.
    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename",
            abstract: "Rename a library, curve, duration, preset, screen, container or delegate; everything referring to it follows.",
            discussion: """
                Routes, reverse presets, presets' curves and durations and screens' and containers' delegates refer to entries by id, so \
                they follow the new name. An entry stays in its library. --dry-run prints what would change.
                """)

        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "library, curve, duration, preset, screen, container or delegate.") var kind: RenamableKind
        @Argument(help: "The current name (library/name or name).") var old: String
        @Argument(help: "The new name.") var new: String
        @OptionGroup var dryRun: DryRunOption
        @OptionGroup var output: FormatOptions

        func run() throws {
            try reporting {
                let entity = EntityKind(rawValue: kind.rawValue) ?? .preset
                let reference =
                    kind == .library
                    ? QualifiedName(library: nil, name: try Name.validated(old, field: "library name"))
                    : try qualifiedName(old, field: "\(kind.rawValue) name")
                let opened = try catalog.open(forWriting: true, dryRun: dryRun.dryRun)
                let report = try opened.rename(entity, reference, to: new, dryRun: dryRun.dryRun)
                printReport(report, format: output.format)
                if kind != .library, let renamed = report.newName {
                    try SameNameNote.inform(entity, try QualifiedName(parsing: renamed, field: "new name"), in: opened, dryRun: dryRun.dryRun)
                }
            }
        }
    }
}

/// What `rename` renames.
enum RenamableKind: String, CaseIterable, ExpressibleByArgument {
    case library, curve, duration, preset, screen, container, delegate
}
