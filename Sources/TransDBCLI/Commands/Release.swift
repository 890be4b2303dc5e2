import ArgumentParser
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb release delegate D`: model a weak reference whose object is gone.
    struct Release: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "release",
            abstract: "Mark a delegate released: its weak references are nil, so UIKit sees no delegate.")

        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "delegate") var kind: DelegateKeyword
        @Argument(help: "The delegate's name.") var name: String

        func run() throws {
            try reporting {
                let delegate = try catalog.open(forWriting: true).setReleased(try qualifiedName(name, field: "delegate"), true)
                Output.line("released delegate \(delegate.qualifiedName): UIKit now sees no delegate where it was set")
            }
        }
    }
}

/// The word `delegate` in `transdb release delegate D` and `transdb retain delegate D`.
enum DelegateKeyword: String, CaseIterable, ExpressibleByArgument {
    case delegate
}
