import ArgumentParser
import TransDB
import TransDBCore

struct SetDuration: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "duration", abstract: "Change a named duration's seconds or description; the presets using it follow.")

    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The duration's name.") var name: String
    @Argument(help: ArgumentHelp("New seconds, ≥ 0 and ≤ 60.", valueName: "seconds"), transform: number) var seconds: Double?
    @OptionGroup var text: SetDescriptionOption
    @OptionGroup var deprecation: SetDeprecationOption
    @OptionGroup var dryRun: DryRunOption
    @OptionGroup var output: FormatOptions

    func run() throws {
        try reporting {
            let edit = DurationEdit(
                seconds: seconds, description: text.description, deprecated: deprecation.deprecated,
                removesDeprecation: deprecation.notDeprecated)
            let report = try catalog.open(forWriting: true, dryRun: dryRun.dryRun).setDuration(
                try qualifiedName(name, field: "duration"), edit, dryRun: dryRun.dryRun)
            printReport(report, format: output.format)
        }
    }
}
