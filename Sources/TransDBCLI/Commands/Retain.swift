import ArgumentParser
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb retain delegate D`: undo `release`.
    struct Retain: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "retain", abstract: "Mark a released delegate alive again.",
            discussion: "The same as `transdb set delegate D --no-released`, with its --dry-run and --format.")

        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "delegate") var kind: DelegateKeyword
        @Argument(help: "The delegate's name.") var name: String
        @OptionGroup var dryRun: DryRunOption
        @OptionGroup var output: FormatOptions

        func run() throws {
            try reporting {
                try ReleaseState.set(released: false, name, in: catalog, dryRun: dryRun, output: output)
            }
        }
    }
}
