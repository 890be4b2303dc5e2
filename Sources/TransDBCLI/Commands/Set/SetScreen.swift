import ArgumentParser
import TransDB
import TransDBCore

struct SetScreen: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "screen", abstract: "Change a screen; routes using it follow.")

    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The screen's name.") var name: String
    @Option(name: .long, help: "Its transitioningDelegate.") var delegate: String?
    @Flag(name: .long, help: "Leave it without a transitioningDelegate.") var noDelegate = false
    @Option(name: .long, help: "modalTransitionStyle: coverVertical, flipHorizontal, crossDissolve or partialCurl.")
    var modalStyle: ModalTransitionStyle?
    @Option(name: .long, help: "modalPresentationStyle.") var presentationStyle: ModalPresentationStyle?
    @OptionGroup var text: SetDescriptionOption
    @OptionGroup var dryRun: DryRunOption
    @OptionGroup var output: FormatOptions

    func validate() throws {
        if noDelegate && delegate != nil { throw ValidationError("give --delegate NAME or --no-delegate, not both") }
    }

    func run() throws {
        try reporting {
            var edit = ScreenEdit()
            edit.delegate = try delegate.map { try qualifiedName($0, field: "delegate") }
            edit.removesDelegate = noDelegate
            edit.modalStyle = modalStyle
            edit.presentationStyle = presentationStyle
            edit.description = text.description
            let report = try catalog.open(forWriting: true, dryRun: dryRun.dryRun).setScreen(try qualifiedName(name, field: "screen"), edit, dryRun: dryRun.dryRun)
            printReport(report, format: output.format)
        }
    }
}
