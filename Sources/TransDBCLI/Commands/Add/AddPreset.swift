import ArgumentParser
import TransDB
import TransDBCore

struct AddPreset: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preset", abstract: "Add an animator preset.",
        discussion: """
            The kind expands to explicit tracks for the from-view and the to-view; --set changes one value of them: \
            VIEW.PHASE.PROPERTY=VALUE with VIEW from|to, PHASE start|end, PROPERTY frame (container, origin, \
            container(x, y, w, h) or origin(x, y, w, h) in units of that rect), alpha, scale, scaleX, scaleY, rotation, \
            rotationY (degrees), cornerRadius (points); or on-top=from|to. VIEW shared adds a shared element, PHASE \
            after a value the completion leaves, and frames may also be target or target(x, y, w, h). \
            --mirror-of P makes the preset P's mirror (start and end and the two views swapped, played forward, \
            following P when it changes), for a dismiss or pop: it then takes no --kind, --duration, --delay, --curve, \
            --direction or --set.
            """)

    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var dryRun: DryRunOption
    @Argument(help: "The preset's name.") var name: String
    @Option(name: .long, help: "none, fade, push, pull, cover, uncover, slide, zoom, flip, sheet or custom.")
    var kind: PresetKind?
    @Option(name: .customLong("mirror-of"), help: ArgumentHelp("Make it the mirror of this preset.", valueName: "preset"))
    var mirrorOf: String?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Seconds, or a named duration the preset follows (default: the kind's).", valueName: "seconds|name"),
        transform: durationReference)
    var duration: DurationReference?
    @Option(name: .long, parsing: .unconditional, help: "Seconds before the animation starts.", transform: number) var delay: Double = 0
    @Option(name: .long, help: "A curve name or expression (default: UIKit's easeInOut).") var curve: String?
    @Option(name: .long, help: "left, right, up or down, for the kinds that move.") var direction: Direction?
    @Option(
        name: .customLong("set"),
        help: ArgumentHelp("Change one track value (repeatable).", valueName: "view.phase.property=value"))
    var overrides: [String] = []
    @Option(
        name: .long, parsing: .unconditional, help: "Make it interactive: UIPercentDrivenInteractiveTransition.completionSpeed (> 0).",
        transform: number)
    var completionSpeed: Double?
    @Option(name: .long, help: "Make it interactive: the completion curve (default easeInOut).")
    var completionCurve: String?
    @Option(
        name: .long, parsing: .unconditional, help: "Make it interactive: finish when progress at release is above this (default 0.5).",
        transform: number)
    var finishThreshold: Double?
    @Option(
        name: .long, parsing: .unconditional,
        help: "Make it interactive: a release faster than this (progress per second) finishes whatever the progress (default 1).",
        transform: number)
    var flickVelocity: Double?
    @Flag(name: .long, help: "Make it interactive: a release decides by position alone (no flick).") var noFlick = false
    @Option(name: .long, help: "Pair it with the preset for the opposite operation (what a route plays is the preset it names).")
    var reverse: String?
    @Option(name: .long, help: "The preset played instead when Reduce Motion is on (default: one is derived; see show preset).")
    var reducedMotion: String?
    @OptionGroup var library: LibraryOption
    @OptionGroup var text: DescriptionOption
    @OptionGroup var deprecation: DeprecationOption

    func validate() throws {
        if noFlick && flickVelocity != nil { throw ValidationError("give --flick-velocity N or --no-flick, not both") }
        if mirrorOf != nil {
            let given = [
                ("--kind", kind != nil), ("--duration", duration != nil), ("--delay", delay != 0), ("--curve", curve != nil),
                ("--direction", direction != nil), ("--set", !overrides.isEmpty),
            ].filter(\.1).map(\.0)
            if !given.isEmpty {
                throw ValidationError(
                    "--mirror-of takes the kind, timing and tracks from the preset it mirrors; leave out \(given.joined(separator: ", "))")
            }
        } else if kind == nil {
            throw ValidationError("give --kind, or --mirror-of PRESET")
        }
    }

    func run() throws {
        try reporting {
            let place = try library.place(name, field: "preset name")
            var draft = PresetDraft(kind: kind ?? .custom)
            draft.mirrorOf = mirrorOf
            draft.direction = direction
            switch duration {
            case let .seconds(seconds)?: draft.duration = seconds
            case let .named(name)?: draft.durationName = name.description
            case nil: break
            }
            draft.delay = delay
            draft.curve = curve
            draft.overrides = try overrides.map(TrackOverride.init(parsing:))
            draft.completionSpeed = completionSpeed
            draft.completionCurve = completionCurve
            draft.finishThreshold = finishThreshold
            draft.flickVelocity = flickVelocity
            draft.decidesByPositionOnly = noFlick
            draft.reverse = reverse
            draft.reducedMotion = reducedMotion
            draft.description = text.description
            draft.deprecated = deprecation.deprecated
            let preset = try draft.preset(library: place.library, name: place.name)
            let opened = try catalog.open(forWriting: true, dryRun: dryRun.dryRun)
            let stored = try opened.addPreset(preset, dryRun: dryRun.dryRun)
            let direction = stored.direction.map { " \($0.rawValue)" } ?? ""
            Output.line(
                "\(dryRun.added) preset \(stored.qualifiedName) (\(stored.kind.rawValue)\(direction), \(stored.duration.shortestDescription) s\(stored.durationName.map { " (\($0))" } ?? ""), \(stored.curve))"
            )
            try SameNameNote.inform(.preset, stored.qualifiedName, in: opened, dryRun: dryRun.dryRun)
        }
    }
}
