import ArgumentParser
import TransDB
import TransDBCore

struct SetContainer: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "container", abstract: "Change a navigation or tab bar controller.")

    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The container's name.") var name: String
    @Option(name: .long, help: "navigation or tab.") var kind: ContainerKind?
    @Option(name: .long, help: "Its delegate.") var delegate: String?
    @Flag(name: .long, help: "Leave it without a delegate.") var noDelegate = false
    @OptionGroup var text: SetDescriptionOption
    @OptionGroup var dryRun: DryRunOption
    @OptionGroup var output: FormatOptions

    func validate() throws {
        if noDelegate && delegate != nil { throw ValidationError("give --delegate NAME or --no-delegate, not both") }
    }

    func run() throws {
        try reporting {
            var edit = ContainerEdit()
            edit.kind = kind
            edit.delegate = try delegate.map { try qualifiedName($0, field: "delegate") }
            edit.removesDelegate = noDelegate
            edit.description = text.description
            let report = try catalog.open(forWriting: true, dryRun: dryRun.dryRun).setContainer(
                try qualifiedName(name, field: "container"), edit, dryRun: dryRun.dryRun)
            printReport(report, format: output.format)
        }
    }
}
