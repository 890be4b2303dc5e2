import ArgumentParser
import TransDB
import TransDBCore

struct AddDelegate: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delegate", abstract: "Add a delegate object.")

    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var dryRun: DryRunOption
    @Argument(help: "The delegate's name.") var name: String
    @Flag(name: .long, help: "Add it already released (a weak reference that is gone).") var released = false
    @OptionGroup var library: LibraryOption
    @OptionGroup var text: DescriptionOption

    func run() throws {
        try reporting {
            let place = try library.place(name, field: "delegate name")
            let delegate = Delegate(
                library: place.library, name: try Name.validated(place.name, field: "delegate name"), released: released,
                description: text.description)
            let opened = try catalog.open(forWriting: true, dryRun: dryRun.dryRun)
            try opened.addDelegate(delegate, dryRun: dryRun.dryRun)
            Output.line("\(dryRun.added) delegate \(delegate.qualifiedName)" + (released ? " (released)" : ""))
            try SameNameNote.inform(.delegate, delegate.qualifiedName, in: opened, dryRun: dryRun.dryRun)
        }
    }
}
