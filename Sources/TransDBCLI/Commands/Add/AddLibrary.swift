import ArgumentParser
import TransDB
import TransDBCore

struct AddLibrary: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "library", abstract: "Add an empty library.")

    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var dryRun: DryRunOption
    @Argument(help: "The library's name.") var name: String
    @Option(name: .customLong("version"), help: "The library's version.") var libraryVersion: String = "1.0.0"
    @OptionGroup var text: DescriptionOption
    @Option(help: ArgumentHelp("The JSON schema of the design-token file it follows, written as $schema by export --format dtcg.", valueName: "uri"))
    var tokensSchema: String?

    func run() throws {
        try reporting {
            let library = try Library(name: name, version: libraryVersion, description: text.description, tokensSchema: tokensSchema).validated()
            try catalog.open(forWriting: true, dryRun: dryRun.dryRun).addLibrary(library, dryRun: dryRun.dryRun)
            Output.line("\(dryRun.added) library \(library.name) \(library.version)")
        }
    }
}
