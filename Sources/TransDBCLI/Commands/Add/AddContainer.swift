import ArgumentParser
import TransDB
import TransDBCore

struct AddContainer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "container", abstract: "Add a navigation or tab bar controller.")

    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var dryRun: DryRunOption
    @Argument(help: "The container's name.") var name: String
    @Option(name: .long, help: "navigation or tab.") var kind: ContainerKind
    @Option(name: .long, help: "Its delegate.") var delegate: String?
    @OptionGroup var library: LibraryOption
    @OptionGroup var text: DescriptionOption

    func run() throws {
        try reporting {
            let place = try library.place(name, field: "container name")
            let container = Container(
                library: place.library, name: try Name.validated(place.name, field: "container name"), kind: kind,
                delegate: try delegate.map { try qualifiedName($0, field: "delegate") }, description: text.description)
            let opened = try catalog.open(forWriting: true, dryRun: dryRun.dryRun)
            try opened.addContainer(container, dryRun: dryRun.dryRun)
            Output.line(
                "\(dryRun.added) \(kind.rawValue) container \(container.qualifiedName)" + (container.delegate.map { " (delegate \($0))" } ?? ""))
            try SameNameNote.inform(.container, container.qualifiedName, in: opened, dryRun: dryRun.dryRun)
        }
    }
}
