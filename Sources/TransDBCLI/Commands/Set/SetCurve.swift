import ArgumentParser
import TransDB
import TransDBCore

struct SetCurve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curve", abstract: "Change a named curve's expression or description; the presets using it follow.")

    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The curve's name.") var name: String
    @Argument(help: "A new curve expression.") var expression: String?
    @OptionGroup var text: SetDescriptionOption
    @OptionGroup var deprecation: SetDeprecationOption
    @OptionGroup var dryRun: DryRunOption
    @OptionGroup var output: FormatOptions

    func run() throws {
        try reporting {
            let edit = CurveEdit(
                curve: try expression.map { try TimingCurve(expression: $0) }, description: text.description,
                deprecated: deprecation.deprecated, removesDeprecation: deprecation.notDeprecated)
            let report = try catalog.open(forWriting: true).setCurve(try qualifiedName(name, field: "curve"), edit, dryRun: dryRun.dryRun)
            printReport(report, format: output.format)
        }
    }
}
