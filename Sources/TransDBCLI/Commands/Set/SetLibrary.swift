import ArgumentParser
import TransDB
import TransDBCore

struct SetLibrary: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "library", abstract: "Change a library's version or description.")

    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The library's name.") var name: String
    @Option(name: .customLong("version"), help: ArgumentHelp("A new version (semver: 1.2.0).", valueName: "version"))
    var libraryVersion: String?
    @OptionGroup var text: SetDescriptionOption
    @OptionGroup var dryRun: DryRunOption
    @OptionGroup var output: FormatOptions

    func run() throws {
        try reporting {
            let report = try catalog.open(forWriting: true).setLibrary(
                try Name.validated(name, field: "library name"), LibraryEdit(version: libraryVersion, description: text.description),
                dryRun: dryRun.dryRun)
            printReport(report, format: output.format)
        }
    }
}
