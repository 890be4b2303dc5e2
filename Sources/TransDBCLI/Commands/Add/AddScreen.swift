import ArgumentParser
import TransDB
import TransDBCore

struct AddScreen: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "screen", abstract: "Add a screen (a view controller).")

    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var dryRun: DryRunOption
    @Argument(help: "The screen's name.") var name: String
    @Option(name: .long, help: "Its transitioningDelegate.") var delegate: String?
    @Option(name: .long, help: "modalTransitionStyle: coverVertical, flipHorizontal, crossDissolve or partialCurl.")
    var modalStyle: ModalTransitionStyle = .coverVertical
    @Option(name: .long, help: "modalPresentationStyle (default automatic).")
    var presentationStyle: ModalPresentationStyle = .automatic
    @OptionGroup var library: LibraryOption
    @OptionGroup var text: DescriptionOption

    func run() throws {
        try reporting {
            let place = try library.place(name, field: "screen name")
            let screen = try Screen(
                library: place.library, name: place.name, delegate: try delegate.map { try qualifiedName($0, field: "delegate") },
                modalStyle: modalStyle, presentationStyle: presentationStyle, description: text.description
            ).validated()
            let opened = try catalog.open(forWriting: true, dryRun: dryRun.dryRun)
            try opened.addScreen(screen, dryRun: dryRun.dryRun)
            Output.line("\(dryRun.added) screen \(screen.qualifiedName)" + (screen.delegate.map { " (transitioningDelegate \($0))" } ?? ""))
            try SameNameNote.inform(.screen, screen.qualifiedName, in: opened, dryRun: dryRun.dryRun)
        }
    }
}
