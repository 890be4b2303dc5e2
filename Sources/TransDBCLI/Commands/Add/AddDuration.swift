import ArgumentParser
import TransDB
import TransDBCore

struct AddDuration: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "duration", abstract: "Add a named duration (a design system's medium2) that presets can use.",
        discussion: """
            A preset uses it with --duration NAME (add preset, set preset): its duration is then this one's, and \
            `set duration` changes every preset using it.
            """)

    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var dryRun: DryRunOption
    @Argument(help: "The duration's name.") var name: String
    @Argument(help: ArgumentHelp("Seconds, ≥ 0 and ≤ 60.", valueName: "seconds"), transform: number) var seconds: Double
    @OptionGroup var library: LibraryOption
    @OptionGroup var text: DescriptionOption
    @OptionGroup var deprecation: DeprecationOption

    func run() throws {
        try reporting {
            let place = try library.place(name, field: "duration name")
            let duration = try NamedDuration(
                library: place.library, name: place.name, seconds: seconds, description: text.description, deprecated: deprecation.deprecated
            ).validated()
            let opened = try catalog.open(forWriting: true, dryRun: dryRun.dryRun)
            try opened.addDuration(duration, dryRun: dryRun.dryRun)
            Output.line("\(dryRun.added) duration \(duration.qualifiedName) = \(duration.seconds.shortestDescription) s")
            try SameNameNote.inform(.duration, duration.qualifiedName, in: opened, dryRun: dryRun.dryRun)
        }
    }
}
