import ArgumentParser
import Foundation
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb preview`: a transition, a library or a diff as one self-contained HTML page.
    struct Preview: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "preview",
            abstract: "Write an HTML page that plays a preset, a route, a library or a diff in the browser.",
            discussion: """
                Give a PRESET; a route (--op, --from, --to, [--container]) to resolve first, shown with its explanation; \
                --library L (repeatable) or --all for an index of every preset and route; or --diff BASE HEAD (catalogs or \
                bundle files, as `diff` compares them) for every changed preset before and after. The page is one file that \
                loads nothing: it embeds the engine's samples (--fps, at least 240 a second) and only interpolates between \
                them, for transitions of up to 120 s. Open FILE.html#t=0.25 to start paused at 0.25 s.
                """)

        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "A preset to play (instead of a route, library or diff).") var preset: String?
        @Option(name: .long, help: "present, dismiss, push, pop or tab (with a PRESET: the operation it is played for).")
        var op: TransitionOperation?
        @Option(name: .long, help: "The screen being left.") var from: String?
        @Option(name: .long, help: "The screen being shown.") var to: String?
        @Option(name: .long, help: "The navigation or tab container.") var container: String?
        @Option(name: .long, help: ArgumentHelp("A library to index (repeatable).", valueName: "name")) var library: [String] = []
        @Flag(name: .long, help: "Index every library.") var all = false
        @Option(
            name: .long, parsing: .upToNextOption,
            help: ArgumentHelp("Compare two catalogs or bundle files and play every changed preset.", valueName: "base> <head"))
        var diff: [String] = []
        @Option(name: .long, help: ArgumentHelp("The container size in points.", valueName: "WxH")) var screen: String = "390x844"
        @Option(name: .long, help: ArgumentHelp("The origin rect of zoom presets, in points.", valueName: "X,Y,W,H")) var origin: String?
        @Option(name: .long, help: ArgumentHelp("The rect a shared element travels to, in points, as in eval.", valueName: "X,Y,W,H"))
        var target: String?
        @Option(name: .long, help: "A gesture script for an interactive transition, as in eval.") var gesture: String?
        @Option(
            name: .long,
            help: "Engine samples per second embedded in the page (240 to 2000; default: \(PreviewSampling.defaultRate.shortestDescription)).")
        var fps: Double?

        /// The samples per second the page embeds.
        private var rate: Double { fps ?? PreviewSampling.defaultRate }
        @Option(name: .shortAndLong, help: ArgumentHelp("Write the page to this file instead of stdout.", valueName: "file.html"))
        var output: String?

        private var isRoute: Bool { from != nil || to != nil || container != nil }

        func validate() throws {
            if output?.isEmpty == true { throw ValidationError("-o must name a file, or '-' for standard output; it is empty") }
            if op != nil && preset == nil && !isRoute {
                throw ValidationError("--op is for a PRESET or a route (with --from and --to)")
            }
            let modes = [preset != nil, isRoute, !library.isEmpty, all, !diff.isEmpty].filter { $0 }.count
            guard modes == 1 else {
                throw ValidationError(
                    modes == 0
                        ? "give a PRESET, a route (--op, --from, --to), --library, --all or --diff BASE HEAD"
                        : "give only one of a PRESET, a route (--op, --from, --to), --library, --all and --diff")
            }
            if isRoute && (op == nil || from == nil || (to == nil && op != .dismiss)) {
                throw ValidationError("a route needs --op, --from and --to (a dismiss may leave out --to)")
            }
            if !diff.isEmpty && diff.count != 2 {
                throw ValidationError("--diff takes two files, BASE and HEAD, got \(diff.count)")
            }
            if gesture != nil && preset == nil && !isRoute { throw ValidationError("--gesture is for a PRESET or a route") }
            if let op, container != nil, op.containerKind == nil {
                throw ValidationError("--container is for push, pop and tab; \(op.rawValue) asks the screen's transitioningDelegate")
            }
            do {
                try PreviewSampling.validate(rate: rate)
            } catch let error as PreviewError {
                throw ValidationError("--fps: \(error)")
            }
            _ = try ContextArguments.containerSize(screen)
            _ = try ContextArguments.originRect(origin)
            _ = try ContextArguments.targetRect(target)
        }

        func run() throws {
            try reporting {
                let document = try makeDocument()
                let page = PreviewPage.html(document)
                let write: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void = { chunk in try page.withUnsafeBytes { try chunk($0) }
                }
                if let output { try OutputFile.write(output, write) } else { try OutputFile.standardOutput(write) }
                if let output, output != "-" { Output.inform("wrote the preview page to \(output)") }
            }
        }

        private func makeDocument() throws -> PreviewDocument {
            var context = TransitionContext(
                container: try ContextArguments.containerSize(screen), origin: try ContextArguments.originRect(origin),
                target: try ContextArguments.targetRect(target), operation: op ?? .present)
            if diff.count == 2 {
                return try PreviewDocument.diff(
                    base: try CatalogSource(path: diff[0]), head: try CatalogSource(path: diff[1]), context: context, rate: rate)
            }
            let catalog = try catalog.open(forWriting: false)
            let gesture = try gesture.map(GestureScript.init(parsing:))
            if let preset {
                let name = try qualifiedName(preset, field: "preset")
                if op == nil { context.operation = try catalog.operation(playing: name) }
                return try catalog.previewPreset(name, context: context, gesture: gesture, rate: rate)
            }
            if isRoute {
                return try catalog.previewRoute(
                    Resolver.Request(operation: context.operation, from: from ?? "", to: to ?? "*", container: container),
                    context: context, gesture: gesture, rate: rate)
            }
            return try catalog.previewIndex(libraries: all ? nil : library, context: context, rate: rate)
        }
    }
}

extension PreviewError: ReportedError {
    var exitCode: Int32 { 65 }
}
