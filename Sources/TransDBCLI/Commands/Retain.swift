import ArgumentParser
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb retain delegate D`: undo `release`.
    struct Retain: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "retain", abstract: "Mark a released delegate alive again.")

        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "delegate") var kind: DelegateKeyword
        @Argument(help: "The delegate's name.") var name: String

        func run() throws {
            try reporting {
                let delegate = try catalog.open(forWriting: true).setReleased(try qualifiedName(name, field: "delegate"), false)
                Output.line("retained delegate \(delegate.qualifiedName)")
            }
        }
    }
}
