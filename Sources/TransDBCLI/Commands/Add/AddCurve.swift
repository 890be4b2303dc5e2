import ArgumentParser
import TransDB
import TransDBCore

struct AddCurve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curve", abstract: "Add a named timing curve.",
        discussion: """
            EXPRESSION is linear, cubic-bezier(x1, y1, x2, y2), steps(n[, jump-start|jump-end|jump-none|jump-both]), \
            linear(output [percent%], …), spring(mass:, stiffness:, damping:, velocity:), \
            spring(duration:, dampingRatio:, velocity:), spring(duration:, bounce:), spring(response:, dampingFraction:) \
            or spring(stiffness:, dampingRatio:). --alias-of CURVE instead makes the curve stand for another (a DTCG \
            alias): it has that curve's expression and follows it when it changes.
            """)

    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var dryRun: DryRunOption
    @Argument(help: "The curve's name.") var name: String
    @Argument(help: "The curve expression.") var expression: String?
    @Option(name: .customLong("alias-of"), help: ArgumentHelp("Make it an alias of this curve.", valueName: "curve"))
    var aliasOf: String?
    @OptionGroup var library: LibraryOption
    @OptionGroup var text: DescriptionOption
    @OptionGroup var deprecation: DeprecationOption

    func validate() throws {
        if (expression == nil) == (aliasOf == nil) { throw ValidationError("give the curve expression, or --alias-of CURVE") }
    }

    func run() throws {
        try reporting {
            let place = try library.place(name, field: "curve name")
            let named = NamedCurve(
                library: place.library, name: try NamedCurve.validatedName(place.name),
                curve: try expression.map { try TimingCurve(expression: $0) } ?? .linear, description: text.description,
                deprecated: deprecation.deprecated, aliasOf: try aliasOf.map { try qualifiedName($0, field: "alias-of curve") })
            let opened = try catalog.open(forWriting: true, dryRun: dryRun.dryRun)
            let stored = try opened.addCurve(named, dryRun: dryRun.dryRun)
            Output.line("\(dryRun.added) curve \(stored.qualifiedName) = " + (stored.aliasOf.map { "\($0) (\(stored.curve.expression))" } ?? stored.curve.expression))
            try SameNameNote.inform(.curve, stored.qualifiedName, in: opened, dryRun: dryRun.dryRun)
        }
    }
}
