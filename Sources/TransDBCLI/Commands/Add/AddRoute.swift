import ArgumentParser
import TransDB
import TransDBCore

struct AddRoute: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route", abstract: "Map a route to the animator a delegate returns for it.",
        discussion: """
            Without --delegate the route goes to the delegate UIKit asks: the presented screen's (present), the dismissed \
            screen's (dismiss) or the container's (push, pop, tab); one is created when there is none. '*' matches any \
            screen and the most specific mapping wins. A dismiss route has no destination: UIKit shows the delegate only \
            the dismissed screen.
            """)

    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var dryRun: DryRunOption
    @Option(name: .long, help: "present, dismiss, push, pop or tab.") var op: TransitionOperation
    @Option(name: .long, help: "The screen being left, or '*'.") var from: String
    @Option(name: .long, help: "The screen being shown, or '*' (default '*' for dismiss).") var to: String?
    @Option(name: .long, help: "The animator the delegate returns.") var preset: String?
    @Flag(name: .customLong("nil"), help: "The delegate returns nil explicitly (the system default).")
    var returnsNil = false
    @Option(name: .long, help: "The delegate whose mapping this is.") var delegate: String?
    @Option(name: .long, help: "The navigation or tab container (push, pop, tab).") var container: String?
    @Option(name: .long, help: "The interaction controller's preset (needs --preset).") var interaction: String?
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The library of a delegate created for the route (default: the asked screen's or container's); also preferred for bare names.",
            valueName: "name"))
    var library: String?
    @OptionGroup var output: FormatOptions

    func validate() throws {
        if (preset == nil) == !returnsNil {
            throw ValidationError("give exactly one of --preset NAME and --nil")
        }
        if to == nil && op != .dismiss {
            throw ValidationError("missing --to (the screen being shown, or '*')")
        }
        do {
            try RouteMapping.validateInteraction(interaction, returnsAnimator: !returnsNil)
        } catch {
            throw ValidationError("--interaction with --nil: \(error)")
        }
        if container != nil && op.containerKind == nil {
            throw ValidationError(
                "--container is for push, pop and tab routes; \(op.rawValue) asks the screen's transitioningDelegate")
        }
    }

    func run() throws {
        try reporting {
            let request = RouteRequest(
                operation: op, from: try ScreenPattern(parsing: from, field: "from screen"),
                to: try ScreenPattern(parsing: to ?? "*", field: "to screen"),
                preset: try preset.map { try qualifiedName($0, field: "preset") },
                interaction: try interaction.map { try qualifiedName($0, field: "interaction") },
                delegate: try delegate.map { try qualifiedName($0, field: "delegate") },
                container: try container.map { try qualifiedName($0, field: "container") },
                library: try library.map { try Name.validated($0, field: "library name") } ?? Library.defaultName,
                delegateLibrary: try library.map { try Name.validated($0, field: "library name") })
            let added = try catalog.open(forWriting: true, dryRun: dryRun.dryRun).addRoute(request, dryRun: dryRun.dryRun)
            let mapping = added.mapping
            // For scripts: the route as `show route` prints it, its id included; what else was
            // done (a delegate created) goes to stderr.
            guard output.format == .table else {
                for note in added.notes { Output.inform("note: \(note)") }
                // A dry run's id is the one the route would get.
                return Output.print(EntryDetail(record: mapping.record + [("dryRun", .bool(dryRun.dryRun))]), as: output.format, wide: output.wide)
            }
            for note in added.notes { Output.line(note) }
            Output.line(
                "\(dryRun.added) route #\(mapping.id ?? 0): \(mapping.routeDescription) on \(mapping.delegate) returns "
                    + (mapping.preset?.description ?? "nil") + (mapping.interaction.map { ", interaction \($0)" } ?? ""))
        }
    }
}
