import ArgumentParser
import TransDB
import TransDBCore

struct SetPreset: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preset", abstract: "Change an animator preset; routes and reverses using it follow.",
        discussion: """
            The options are those of `add preset`. A new --kind or --direction expands the tracks again from the kind \
            (then --set applies); otherwise the tracks are kept and --set changes one value of them. A mirror's kind, \
            timing, curve and tracks are its original's: change the original, or give --no-mirror first.
            """)

    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The preset's name.") var name: String
    @Option(name: .long, help: "none, fade, push, pull, cover, uncover, slide, zoom, flip, sheet or custom.") var kind: PresetKind?
    @Option(
        name: .long, parsing: .unconditional, help: ArgumentHelp("Seconds, or a named duration to follow.", valueName: "seconds|name"),
        transform: durationReference)
    var duration: DurationReference?
    @Option(name: .long, parsing: .unconditional, help: "Seconds before the animation starts.", transform: number) var delay: Double?
    @Option(name: .long, help: "A curve name or expression.") var curve: String?
    @Option(name: .long, help: "left, right, up or down, for the kinds that move.") var direction: Direction?
    @Option(
        name: .customLong("set"),
        help: ArgumentHelp("Change one track value (repeatable).", valueName: "view.phase.property=value"))
    var overrides: [String] = []
    @Option(name: .long, parsing: .unconditional, help: "UIPercentDrivenInteractiveTransition.completionSpeed (> 0).", transform: number)
    var completionSpeed: Double?
    @Option(name: .long, help: "The completion curve.") var completionCurve: String?
    @Option(name: .long, parsing: .unconditional, help: "Finish when progress at release is above this.", transform: number)
    var finishThreshold: Double?
    @Option(
        name: .long, parsing: .unconditional, help: "A release faster than this (progress per second) finishes whatever the progress.",
        transform: number)
    var flickVelocity: Double?
    @Flag(name: .long, help: "A release decides by position alone (no flick).") var noFlick = false
    @Flag(name: .long, help: "Remove the interaction settings.") var notInteractive = false
    @Option(name: .long, help: "The preset for the opposite operation.") var reverse: String?
    @Flag(name: .long, help: "Remove the pairing with a reverse preset (what routes play does not change).") var noReverse = false
    @Option(name: .customLong("mirror-of"), help: ArgumentHelp("Make it the mirror of this preset.", valueName: "preset"))
    var mirrorOf: String?
    @Flag(name: .long, help: "Make a mirror a preset of its own (its values as they are).") var noMirror = false
    @Option(name: .long, help: "The preset played instead when Reduce Motion is on.") var reducedMotion: String?
    @Flag(name: .long, help: "Remove the Reduce Motion alternative (one is then derived).") var noReducedMotion = false
    @OptionGroup var text: SetDescriptionOption
    @OptionGroup var deprecation: SetDeprecationOption
    @OptionGroup var dryRun: DryRunOption
    @OptionGroup var output: FormatOptions

    func validate() throws {
        if noFlick && flickVelocity != nil { throw ValidationError("give --flick-velocity N or --no-flick, not both") }
        if noReverse && reverse != nil { throw ValidationError("give --reverse NAME or --no-reverse, not both") }
        if noMirror && mirrorOf != nil { throw ValidationError("give --mirror-of NAME or --no-mirror, not both") }
        if noReducedMotion && reducedMotion != nil {
            throw ValidationError("give --reduced-motion NAME or --no-reduced-motion, not both")
        }
    }

    func run() throws {
        try reporting {
            var edit = PresetEdit()
            edit.kind = kind
            edit.direction = direction
            edit.duration = duration
            edit.delay = delay
            edit.curve = curve
            edit.overrides = try overrides.map(TrackOverride.init(parsing:))
            edit.completionSpeed = completionSpeed
            edit.completionCurve = completionCurve
            edit.finishThreshold = finishThreshold
            edit.flickVelocity = flickVelocity
            edit.decidesByPositionOnly = noFlick
            edit.interactive = notInteractive ? false : nil
            edit.reverse = reverse
            edit.removesReverse = noReverse
            edit.mirrorOf = mirrorOf
            edit.removesMirror = noMirror
            edit.reducedMotion = reducedMotion
            edit.removesReducedMotion = noReducedMotion
            edit.description = text.description
            edit.deprecated = deprecation.deprecated
            edit.removesDeprecation = deprecation.notDeprecated
            let report = try catalog.open(forWriting: true, dryRun: dryRun.dryRun).setPreset(try qualifiedName(name, field: "preset"), edit, dryRun: dryRun.dryRun)
            printReport(report, format: output.format)
        }
    }
}
