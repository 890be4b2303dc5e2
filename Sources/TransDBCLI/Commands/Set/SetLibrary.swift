import ArgumentParser
import TransDB
import TransDBCore

struct SetLibrary: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "library", abstract: "Change a library's version, description or tokens schema.")

    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The library's name.") var name: String
    @Option(name: .customLong("version"), help: ArgumentHelp("A new version (semver: 1.2.0).", valueName: "version"))
    var libraryVersion: String?
    @OptionGroup var text: SetDescriptionOption
    @Option(help: ArgumentHelp("A new JSON schema of its design-token file (written as $schema by export --format dtcg).", valueName: "uri"))
    var tokensSchema: String?
    @Flag(help: "Remove its tokens schema.") var noTokensSchema = false
    @OptionGroup var dryRun: DryRunOption
    @OptionGroup var output: FormatOptions

    func validate() throws {
        if tokensSchema != nil && noTokensSchema {
            throw ValidationError("--tokens-schema and --no-tokens-schema cannot be used together")
        }
    }

    func run() throws {
        try reporting {
            let schema: String?? = noTokensSchema ? .some(nil) : tokensSchema.map { .some($0) }
            let report = try catalog.open(forWriting: true, dryRun: dryRun.dryRun).setLibrary(
                try Name.validated(name, field: "library name"), LibraryEdit(version: libraryVersion, description: text.description, tokensSchema: schema),
                dryRun: dryRun.dryRun)
            printReport(report, format: output.format)
        }
    }
}
