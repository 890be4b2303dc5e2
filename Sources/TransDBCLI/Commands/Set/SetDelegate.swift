import ArgumentParser
import TransDB
import TransDBCore

struct SetDelegate: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delegate", abstract: "Change a delegate; its routes follow.")

    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The delegate's name.") var name: String
    @Flag(inversion: .prefixedNo, help: "Whether it is released (a weak reference that is gone).") var released: Bool?
    @OptionGroup var text: SetDescriptionOption
    @OptionGroup var dryRun: DryRunOption
    @OptionGroup var output: FormatOptions

    func run() throws {
        try reporting {
            let report = try catalog.open(forWriting: true, dryRun: dryRun.dryRun).setDelegate(
                try qualifiedName(name, field: "delegate"), DelegateEdit(released: released, description: text.description),
                dryRun: dryRun.dryRun)
            printReport(report, format: output.format)
        }
    }
}
