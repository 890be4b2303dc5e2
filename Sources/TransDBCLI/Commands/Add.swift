import ArgumentParser
import TransDB

extension TransDBCommand {
    /// `transdb add …`.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a library, curve, preset, screen, container, delegate or route.",
            subcommands: [
                AddLibrary.self, AddCurve.self, AddPreset.self, AddScreen.self, AddContainer.self, AddDelegate.self,
                AddRoute.self,
            ])
    }
}

/// `--library`, for commands that create entries.
struct LibraryOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The library to add to (created if needed).", valueName: "name"))
    var library: String = Library.defaultName

    /// The validated library name.
    func name() throws -> String { try Name.validated(library, field: "library name") }
}

/// `--description`.
struct DescriptionOption: ParsableArguments {
    @Option(name: .long, help: "A description shown by list and show.")
    var description: String = ""
}

struct AddLibrary: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "library", abstract: "Add an empty library.")

    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The library's name.") var name: String
    @Option(name: .customLong("version"), help: "The library's version.") var libraryVersion: String = "1.0.0"
    @OptionGroup var text: DescriptionOption

    func run() throws {
        try reporting {
            let library = Library(
                name: try Name.validated(name, field: "library name"), version: libraryVersion, description: text.description)
            try catalog.open(forWriting: true).addLibrary(library)
            Output.line("added library \(library.name) \(library.version)")
        }
    }
}

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

    func run() throws {
        try reporting {
            let curve = try TimingCurve(expression: expression)
            let named = NamedCurve(
                library: try library.name(), name: try Name.validated(name, field: "curve name"), curve: curve,
                description: text.description)
            try catalog.open(forWriting: true).addCurve(named)
            Output.line("added curve \(named.qualifiedName) = \(curve.expression)")
        }
    }
}

struct AddPreset: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preset", abstract: "Add an animator preset.",
        discussion: """
            The kind expands to explicit tracks for the from-view and the to-view; --set changes one value of them: \
            VIEW.PHASE.PROPERTY=VALUE with VIEW from|to, PHASE start|end, PROPERTY frame (container, origin, \
            container(x, y, w, h) or origin(x, y, w, h) in units of that rect), alpha, scale, scaleX, scaleY, rotation, \
            rotationY (degrees), cornerRadius (points); or on-top=from|to.
            """)

    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The preset's name.") var name: String
    @Option(name: .long, help: "none, fade, push, pull, cover, uncover, slide, zoom, flip, sheet or custom.")
    var kind: PresetKind
    @Option(name: .long, help: "Seconds (default: the kind's).") var duration: Double?
    @Option(name: .long, help: "Seconds before the animation starts.") var delay: Double = 0
    @Option(name: .long, help: "A curve name or expression (default: UIKit's easeInOut).") var curve: String?
    @Option(name: .long, help: "left, right, up or down, for the kinds that move.") var direction: Direction?
    @Option(
        name: .customLong("set"),
        help: ArgumentHelp("Change one track value (repeatable).", valueName: "view.phase.property=value"))
    var overrides: [String] = []
    @Option(name: .long, help: "Make it interactive: UIPercentDrivenInteractiveTransition.completionSpeed (> 0).")
    var completionSpeed: Double?
    @Option(name: .long, help: "Make it interactive: the completion curve (default easeInOut).")
    var completionCurve: String?
    @Option(name: .long, help: "Make it interactive: finish when progress at release is above this (default 0.5).")
    var finishThreshold: Double?
    @Option(name: .long, help: "The preset for the opposite operation (default: this one played backwards).")
    var reverse: String?
    @OptionGroup var library: LibraryOption
    @OptionGroup var text: DescriptionOption

    func run() throws {
        try reporting {
            var draft = PresetDraft(kind: kind)
            draft.direction = direction
            draft.duration = duration
            draft.delay = delay
            draft.curve = curve
            draft.overrides = try overrides.map(TrackOverride.init(parsing:))
            draft.completionSpeed = completionSpeed
            draft.completionCurve = completionCurve
            draft.finishThreshold = finishThreshold
            draft.reverse = reverse
            draft.description = text.description
            let preset = try draft.preset(library: try library.name(), name: name)
            try catalog.open(forWriting: true).addPreset(preset)
            let direction = preset.direction.map { " \($0.rawValue)" } ?? ""
            Output.line(
                "added preset \(preset.qualifiedName) (\(preset.kind.rawValue)\(direction), \(preset.duration.formatted) s, \(preset.curve))")
        }
    }
}

struct AddScreen: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "screen", abstract: "Add a screen (a view controller).")

    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The screen's name.") var name: String
    @Option(name: .long, help: "Its transitioningDelegate.") var delegate: String?
    @Option(name: .long, help: "modalTransitionStyle: coverVertical, flipHorizontal, crossDissolve or partialCurl.")
    var modalStyle: ModalTransitionStyle = .coverVertical
    @Option(name: .long, help: "modalPresentationStyle (default automatic).")
    var presentationStyle: ModalPresentationStyle = .automatic
    @OptionGroup var library: LibraryOption
    @OptionGroup var text: DescriptionOption

    func run() throws {
        try reporting {
            let screen = Screen(
                library: try library.name(), name: try Name.validated(name, field: "screen name"),
                delegate: try delegate.map { try qualifiedName($0, field: "delegate") }, modalStyle: modalStyle,
                presentationStyle: presentationStyle, description: text.description)
            try catalog.open(forWriting: true).addScreen(screen)
            Output.line("added screen \(screen.qualifiedName)" + (screen.delegate.map { " (transitioningDelegate \($0))" } ?? ""))
        }
    }
}

struct AddContainer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "container", abstract: "Add a navigation or tab bar controller.")

    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The container's name.") var name: String
    @Option(name: .long, help: "navigation or tab.") var kind: ContainerKind
    @Option(name: .long, help: "Its delegate.") var delegate: String?
    @OptionGroup var library: LibraryOption
    @OptionGroup var text: DescriptionOption

    func run() throws {
        try reporting {
            let container = Container(
                library: try library.name(), name: try Name.validated(name, field: "container name"), kind: kind,
                delegate: try delegate.map { try qualifiedName($0, field: "delegate") }, description: text.description)
            try catalog.open(forWriting: true).addContainer(container)
            Output.line(
                "added \(kind.rawValue) container \(container.qualifiedName)" + (container.delegate.map { " (delegate \($0))" } ?? ""))
        }
    }
}

struct AddDelegate: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delegate", abstract: "Add a delegate object.")

    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The delegate's name.") var name: String
    @Flag(name: .long, help: "Add it already released (a weak reference that is gone).") var released = false
    @OptionGroup var library: LibraryOption
    @OptionGroup var text: DescriptionOption

    func run() throws {
        try reporting {
            let delegate = Delegate(
                library: try library.name(), name: try Name.validated(name, field: "delegate name"), released: released,
                description: text.description)
            try catalog.open(forWriting: true).addDelegate(delegate)
            Output.line("added delegate \(delegate.qualifiedName)" + (released ? " (released)" : ""))
        }
    }
}

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
    @Option(name: .long, help: "present, dismiss, push, pop or tab.") var op: TransitionOperation
    @Option(name: .long, help: "The screen being left, or '*'.") var from: String
    @Option(name: .long, help: "The screen being shown, or '*' (default '*' for dismiss).") var to: String?
    @Option(name: .long, help: "The animator the delegate returns.") var preset: String?
    @Flag(name: .customLong("nil"), help: "The delegate returns nil explicitly (the system default).")
    var returnsNil = false
    @Option(name: .long, help: "The delegate whose mapping this is.") var delegate: String?
    @Option(name: .long, help: "The navigation or tab container (push, pop, tab).") var container: String?
    @Option(name: .long, help: "The interaction controller's preset (needs --preset).") var interaction: String?
    @OptionGroup var library: LibraryOption

    func validate() throws {
        if (preset == nil) == !returnsNil {
            throw ValidationError("give exactly one of --preset NAME and --nil")
        }
        if to == nil && op != .dismiss {
            throw ValidationError("missing --to (the screen being shown, or '*')")
        }
        if interaction != nil && returnsNil {
            throw ValidationError("--interaction needs --preset: UIKit asks for an interaction controller only after an animator")
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
                library: try library.name())
            let added = try catalog.open(forWriting: true).addRoute(request)
            for note in added.notes { Output.line(note) }
            let mapping = added.mapping
            Output.line(
                "added route #\(mapping.id ?? 0): \(mapping.routeDescription) on \(mapping.delegate) returns "
                    + (mapping.preset?.description ?? "nil") + (mapping.interaction.map { ", interaction \($0)" } ?? ""))
        }
    }
}
