import ArgumentParser
import TransDB
import TransDBCore

struct SetCurve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curve", abstract: "Change a named curve's expression or description; the presets and aliases using it follow.")

    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The curve's name.") var name: String
    @Argument(help: "A new curve expression (an alias then becomes a curve of its own).") var expression: String?
    @Option(name: .customLong("alias-of"), help: ArgumentHelp("Make it an alias of this curve.", valueName: "curve"))
    var aliasOf: String?
    @OptionGroup var text: SetDescriptionOption
    @OptionGroup var deprecation: SetDeprecationOption
    @OptionGroup var dryRun: DryRunOption
    @OptionGroup var output: FormatOptions

    func validate() throws {
        if expression != nil && aliasOf != nil { throw ValidationError("give a new expression or --alias-of CURVE, not both") }
    }

    func run() throws {
        try reporting {
            let edit = CurveEdit(
                curve: try expression.map { try TimingCurve(expression: $0) }, description: text.description,
                deprecated: deprecation.deprecated, removesDeprecation: deprecation.notDeprecated,
                aliasOf: try aliasOf.map { try qualifiedName($0, field: "alias-of curve") })
            let report = try catalog.open(forWriting: true, dryRun: dryRun.dryRun).setCurve(try qualifiedName(name, field: "curve"), edit, dryRun: dryRun.dryRun)
            printReport(report, format: output.format)
        }
    }
}
