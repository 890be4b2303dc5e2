import ArgumentParser
import TransDB
import TransDBCore

struct SetRoute: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route", abstract: "Change what a route returns; the route keeps its id.",
        discussion: "Name the route by its id, or by its key: --op, --from, --to (and --delegate when several delegates map it).")

    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The route's id.") var id: String?
    @OptionGroup var key: RouteKeyOptions
    @Option(name: .long, help: "The animator the delegate returns.") var preset: String?
    @Flag(name: .customLong("nil"), help: "The delegate returns nil explicitly (the system default).") var returnsNil = false
    @Option(name: .long, help: "The interaction controller's preset.") var interaction: String?
    @Flag(name: .long, help: "Return no interaction controller.") var noInteraction = false
    @OptionGroup var dryRun: DryRunOption
    @OptionGroup var output: FormatOptions

    func validate() throws {
        if preset != nil && returnsNil { throw ValidationError("give --preset NAME or --nil, not both") }
        if interaction != nil && noInteraction { throw ValidationError("give --interaction NAME or --no-interaction, not both") }
        _ = try key.selector(id: id)
    }

    func run() throws {
        try reporting {
            var edit = RouteEdit()
            edit.preset = try preset.map { try qualifiedName($0, field: "preset") }
            edit.returnsNil = returnsNil
            edit.interaction = try interaction.map { try qualifiedName($0, field: "interaction") }
            edit.removesInteraction = noInteraction
            let report = try catalog.open(forWriting: true, dryRun: dryRun.dryRun).setRoute(try key.selector(id: id), edit, dryRun: dryRun.dryRun)
            printReport(report, format: output.format)
        }
    }
}
