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
            or spring(stiffness:, dampingRatio:).
            """)

    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The curve's name.") var name: String
    @Argument(help: "The curve expression.") var expression: String
    @OptionGroup var library: LibraryOption
    @OptionGroup var text: DescriptionOption
    @OptionGroup var deprecation: DeprecationOption

    func run() throws {
        try reporting {
            let curve = try TimingCurve(expression: expression)
            let named = NamedCurve(
                library: try library.name(), name: try NamedCurve.validatedName(name), curve: curve,
                description: text.description, deprecated: deprecation.deprecated)
            try catalog.open(forWriting: true).addCurve(named)
            Output.line("added curve \(named.qualifiedName) = \(curve.expression)")
        }
    }
}
