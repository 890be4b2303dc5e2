import Testing
@testable import TransDB
@testable import TransDBCore

@Suite("Preset drafts, kind expansion and track overrides")
struct PresetTests {
    // MARK: Helpers

    /// A container-relative, container-sized frame at (x, y).
    static func at(_ x: Double, _ y: Double) -> ViewState {
        ViewState(frame: RelativeFrame(.container, x: x, y: y, width: 1, height: 1))
    }

    static func rotatedY(_ degrees: Double) -> ViewState {
        var state = ViewState()
        state.rotationY = degrees
        return state
    }

    static let easeInOut = TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    // MARK: Defaults

    static let defaults: [(PresetKind, Double, Direction?)] = [
        (.none, 0, nil),
        (.fade, 0.3, nil),
        (.push, 0.35, .left),
        (.pull, 0.35, .right),
        (.cover, 0.4, .up),
        (.uncover, 0.4, .down),
        (.slide, 0.35, .left),
        (.zoom, 0.35, nil),
        (.flip, 0.75, .left),
        (.sheet, 0.4, nil),
        (.custom, 0.35, nil),
    ]

    @Test("a draft of each kind gets the kind's duration, direction, easeInOut and no interaction", arguments: defaults)
    func draftDefaults(kind: PresetKind, duration: Double, direction: Direction?) throws {
        #expect(kind.defaultDuration == duration)
        #expect(kind.defaultDirection == direction)
        let preset = try PresetDraft(kind: kind).preset(library: "lib", name: "p")
        #expect(
            preset
                == Preset(
                    library: "lib", name: "p", kind: kind, direction: direction, duration: duration, delay: 0,
                    curve: .inline(Self.easeInOut), tracks: kind.tracks(direction: direction), interaction: nil, reverse: nil,
                    description: ""))
    }

    @Test("every kind is covered by the defaults table")
    func defaultsCoverEveryKind() {
        #expect(Set(Self.defaults.map(\.0)) == Set(PresetKind.allCases))
        #expect(PresetDraft.defaultCurve == Self.easeInOut)
    }

    @Test("the directions each kind accepts")
    func allowedDirections() {
        for kind in PresetKind.allCases {
            let expected: [Direction] =
                switch kind {
                case .push, .pull, .cover, .uncover, .slide: [.left, .right, .up, .down]
                case .flip: [.left, .right]
                case .none, .fade, .zoom, .sheet, .custom: []
                }
            #expect(kind.allowedDirections == expected, "\(kind)")
            #expect(kind.hasDirection == !expected.isEmpty, "\(kind)")
        }
    }

    // MARK: Expansion

    struct Expansion: Sendable, CustomTestStringConvertible {
        var kind: PresetKind
        var direction: Direction?
        var tracks: ViewTracks
        var testDescription: String { "\(kind.rawValue) \(direction?.rawValue ?? "-")" }
    }

    static let expansions: [Expansion] = {
        let third = 1.0 / 3.0
        var sheetToStart = ViewState(frame: RelativeFrame(.container, x: 0, y: 1, width: 1, height: 0.94))
        sheetToStart.cornerRadius = 10
        var sheetToEnd = ViewState(frame: RelativeFrame(.container, x: 0, y: 0.06, width: 1, height: 0.94))
        sheetToEnd.cornerRadius = 10
        var sheetFromEnd = ViewState()
        sheetFromEnd.scaleX = 0.92
        sheetFromEnd.scaleY = 0.92
        sheetFromEnd.cornerRadius = 10
        return [
            Expansion(kind: .none, direction: nil, tracks: ViewTracks(from: .still, to: .still, onTop: .to)),
            Expansion(kind: .custom, direction: nil, tracks: ViewTracks(from: .still, to: .still, onTop: .to)),
            Expansion(
                kind: .fade, direction: nil,
                tracks: ViewTracks(
                    from: ViewTrack(end: ViewState(frame: .container, alpha: 0)),
                    to: ViewTrack(start: ViewState(frame: .container, alpha: 0)), onTop: .to)),
            Expansion(
                kind: .push, direction: .left,
                tracks: ViewTracks(from: ViewTrack(end: at(-third, 0)), to: ViewTrack(start: at(1, 0)), onTop: .to)),
            Expansion(
                kind: .push, direction: .right,
                tracks: ViewTracks(from: ViewTrack(end: at(third, 0)), to: ViewTrack(start: at(-1, 0)), onTop: .to)),
            Expansion(
                kind: .push, direction: .up,
                tracks: ViewTracks(from: ViewTrack(end: at(0, -third)), to: ViewTrack(start: at(0, 1)), onTop: .to)),
            Expansion(
                kind: .push, direction: .down,
                tracks: ViewTracks(from: ViewTrack(end: at(0, third)), to: ViewTrack(start: at(0, -1)), onTop: .to)),
            Expansion(
                kind: .pull, direction: .right,
                tracks: ViewTracks(from: ViewTrack(end: at(1, 0)), to: ViewTrack(start: at(-third, 0)), onTop: .from)),
            Expansion(
                kind: .pull, direction: .left,
                tracks: ViewTracks(from: ViewTrack(end: at(-1, 0)), to: ViewTrack(start: at(third, 0)), onTop: .from)),
            Expansion(
                kind: .pull, direction: .down,
                tracks: ViewTracks(from: ViewTrack(end: at(0, 1)), to: ViewTrack(start: at(0, -third)), onTop: .from)),
            Expansion(kind: .cover, direction: .up, tracks: ViewTracks(from: .still, to: ViewTrack(start: at(0, 1)), onTop: .to)),
            Expansion(kind: .cover, direction: .down, tracks: ViewTracks(from: .still, to: ViewTrack(start: at(0, -1)), onTop: .to)),
            Expansion(kind: .cover, direction: .left, tracks: ViewTracks(from: .still, to: ViewTrack(start: at(1, 0)), onTop: .to)),
            Expansion(kind: .uncover, direction: .down, tracks: ViewTracks(from: ViewTrack(end: at(0, 1)), to: .still, onTop: .from)),
            Expansion(kind: .uncover, direction: .right, tracks: ViewTracks(from: ViewTrack(end: at(1, 0)), to: .still, onTop: .from)),
            Expansion(
                kind: .slide, direction: .left,
                tracks: ViewTracks(from: ViewTrack(end: at(-1, 0)), to: ViewTrack(start: at(1, 0)), onTop: .to)),
            Expansion(
                kind: .slide, direction: .up,
                tracks: ViewTracks(from: ViewTrack(end: at(0, -1)), to: ViewTrack(start: at(0, 1)), onTop: .to)),
            Expansion(
                kind: .zoom, direction: nil,
                tracks: ViewTracks(from: .still, to: ViewTrack(start: ViewState(frame: RelativeFrame(.origin, x: 0, y: 0, width: 1, height: 1))), onTop: .to)),
            Expansion(
                kind: .flip, direction: .left,
                tracks: ViewTracks(from: ViewTrack(end: rotatedY(-180)), to: ViewTrack(start: rotatedY(180)), onTop: .to)),
            Expansion(
                kind: .flip, direction: .right,
                tracks: ViewTracks(from: ViewTrack(end: rotatedY(180)), to: ViewTrack(start: rotatedY(-180)), onTop: .to)),
            Expansion(
                kind: .sheet, direction: nil,
                tracks: ViewTracks(from: ViewTrack(end: sheetFromEnd), to: ViewTrack(start: sheetToStart, end: sheetToEnd), onTop: .to)),
        ]
    }()

    @Test("each kind expands into exact tracks", arguments: expansions)
    func expansion(_ expansion: Expansion) throws {
        #expect(expansion.kind.tracks(direction: expansion.direction) == expansion.tracks)
        var draft = PresetDraft(kind: expansion.kind)
        draft.direction = expansion.direction
        let preset = try draft.preset(library: "lib", name: "p")
        #expect(preset.tracks == expansion.tracks)
        #expect(preset.direction == expansion.direction ?? expansion.kind.defaultDirection)
    }

    @Test("push left: the to-view starts one container to the right, the from-view ends a third to the left")
    func pushLeftValues() {
        let tracks = PresetKind.push.tracks(direction: .left)
        #expect(tracks.to.start.frame == RelativeFrame(.container, x: 1, y: 0, width: 1, height: 1))
        #expect(tracks.to.start.frame.expression == "container(1, 0, 1, 1)")
        #expect(tracks.from.end.frame.x == -1.0 / 3.0)
        #expect(tracks.from.end.frame.expression == "container(-0.3333333333333333, 0, 1, 1)")
        #expect(tracks.from.start == ViewState())
        #expect(tracks.to.end == ViewState())
        #expect(tracks.onTop == .to)
    }

    @Test("a kind without a direction ignores the one it is given when expanding")
    func directionlessExpansion() {
        #expect(PresetKind.zoom.tracks(direction: .up) == PresetKind.zoom.tracks(direction: nil))
        #expect(PresetKind.fade.tracks(direction: .left) == PresetKind.fade.tracks(direction: nil))
        #expect(PresetKind.zoom.tracks(direction: nil).to.start.frame == .origin)
    }

    // MARK: Drafts with values

    @Test("a draft's curve, delay, reverse and interaction settings end up in the preset")
    func draftValues() throws {
        var draft = PresetDraft(kind: .pull)
        draft.direction = .down
        draft.duration = 0.5
        draft.delay = 0.1
        draft.curve = "uikit/easeOut"
        draft.reverse = "motion/pushUp"
        draft.finishThreshold = 0.4
        draft.description = "Pull down"
        let preset = try draft.preset(library: "mine", name: "pullDown")
        #expect(
            preset
                == Preset(
                    library: "mine", name: "pullDown", kind: .pull, direction: .down, duration: 0.5, delay: 0.1,
                    curve: .named(QualifiedName(library: "uikit", name: "easeOut")),
                    tracks: PresetKind.pull.tracks(direction: .down),
                    interaction: InteractionSettings(completionSpeed: 1, completionCurve: .inline(Self.easeInOut), finishThreshold: 0.4),
                    reverse: QualifiedName(library: "motion", name: "pushUp"), description: "Pull down"))
        #expect(preset.qualifiedName == QualifiedName(library: "mine", name: "pullDown"))
    }

    @Test("curve references: 'linear' and anything with '(' are expressions, the rest names")
    func curveReferences() throws {
        func curve(_ text: String) throws -> CurveReference {
            var draft = PresetDraft(kind: .fade)
            draft.curve = text
            return try draft.preset(library: "l", name: "p").curve
        }
        #expect(try curve("linear") == .inline(.linear))
        #expect(try curve(" linear ") == .inline(.linear))
        #expect(try curve("steps(2, start)") == .inline(.steps(count: 2, position: .jumpStart)))
        #expect(try curve("easeInOut") == .named(QualifiedName(library: nil, name: "easeInOut")))
        #expect(try curve("swiftui/snappy") == .named(QualifiedName(library: "swiftui", name: "snappy")))
        #expect(try curve("cubic-bezier(.4,0,.2,1)").description == "cubic-bezier(0.4, 0, 0.2, 1)")
    }

    @Test("interaction settings: speed and curve given, threshold defaulted")
    func interactionDefaults() throws {
        var draft = PresetDraft(kind: .uncover)
        draft.completionSpeed = 1.5
        draft.completionCurve = "decelerate"
        let preset = try draft.preset(library: "l", name: "p")
        #expect(
            preset.interaction
                == InteractionSettings(
                    completionSpeed: 1.5, completionCurve: .named(QualifiedName(library: nil, name: "decelerate")), finishThreshold: 0.5))
        #expect(InteractionSettings() == InteractionSettings(completionSpeed: 1, completionCurve: .inline(Self.easeInOut), finishThreshold: 0.5))
    }

    @Test("boundary values are accepted")
    func boundaries() throws {
        var draft = PresetDraft(kind: .fade)
        draft.duration = 60
        draft.delay = 60
        draft.completionSpeed = 100
        draft.finishThreshold = 0
        let preset = try draft.preset(library: "l", name: "p")
        #expect(preset.duration == 60)
        #expect(preset.delay == 60)
        #expect(preset.interaction?.completionSpeed == 100)
        #expect(preset.interaction?.finishThreshold == 0)

        var instant = PresetDraft(kind: .none)
        instant.duration = 0
        #expect(try instant.preset(library: "l", name: "p").duration == 0)
    }

    // MARK: Invalid drafts

    struct InvalidDraft: Sendable, CustomTestStringConvertible {
        var label: String
        var name = "p"
        var draft: PresetDraft
        var error: ModelError
        var testDescription: String { label }
    }

    static let invalidDrafts: [InvalidDraft] = {
        func draft(_ kind: PresetKind, _ change: (inout PresetDraft) -> Void) -> PresetDraft {
            var draft = PresetDraft(kind: kind)
            change(&draft)
            return draft
        }
        let speedReason = "completionSpeed must be > 0 and ≤ 100 (UIKit treats ≤ 0 as 1; transdb refuses it)"
        return [
            InvalidDraft(
                label: "kind none with a duration", draft: draft(.none) { $0.duration = 0.3 },
                error: .invalidValue(field: "duration", value: "0.3", reason: "a preset of kind 'none' is instant: its duration is 0")),
            InvalidDraft(
                label: "duration 0", draft: draft(.fade) { $0.duration = 0 },
                error: .invalidValue(field: "duration", value: "0", reason: "a duration is a number of seconds > 0 and ≤ 60")),
            InvalidDraft(
                label: "duration 61", draft: draft(.push) { $0.duration = 61 },
                error: .invalidValue(field: "duration", value: "61", reason: "a duration is a number of seconds > 0 and ≤ 60")),
            InvalidDraft(
                label: "negative duration", draft: draft(.push) { $0.duration = -0.5 },
                error: .invalidValue(field: "duration", value: "-0.5", reason: "a duration is a number of seconds > 0 and ≤ 60")),
            InvalidDraft(
                label: "NaN duration", draft: draft(.push) { $0.duration = .nan },
                error: .invalidValue(field: "duration", value: "nan", reason: "a duration is a number of seconds > 0 and ≤ 60")),
            InvalidDraft(
                label: "negative delay", draft: draft(.fade) { $0.delay = -1 },
                error: .invalidValue(field: "delay", value: "-1", reason: "a delay is a number of seconds ≥ 0 and ≤ 60")),
            InvalidDraft(
                label: "direction up on flip", draft: draft(.flip) { $0.direction = .up },
                error: .invalidValue(field: "direction", value: "up", reason: "a preset of kind 'flip' moves left or right")),
            InvalidDraft(
                label: "direction on fade", draft: draft(.fade) { $0.direction = .left },
                error: .invalidValue(field: "direction", value: "left", reason: "a preset of kind 'fade' has no direction")),
            InvalidDraft(
                label: "completion speed 0", draft: draft(.pull) { $0.completionSpeed = 0 },
                error: .invalidValue(field: "completion speed", value: "0", reason: speedReason)),
            InvalidDraft(
                label: "completion speed -1", draft: draft(.pull) { $0.completionSpeed = -1 },
                error: .invalidValue(field: "completion speed", value: "-1", reason: speedReason)),
            InvalidDraft(
                label: "completion speed 101", draft: draft(.pull) { $0.completionSpeed = 101 },
                error: .invalidValue(field: "completion speed", value: "101", reason: speedReason)),
            InvalidDraft(
                label: "finish threshold 1.5", draft: draft(.pull) { $0.finishThreshold = 1.5 },
                error: .invalidValue(field: "finish threshold", value: "1.5", reason: "a threshold is a fraction in [0, 1]")),
            InvalidDraft(
                label: "finish threshold -0.1", draft: draft(.pull) { $0.finishThreshold = -0.1 },
                error: .invalidValue(field: "finish threshold", value: "-0.1", reason: "a threshold is a fraction in [0, 1]")),
            InvalidDraft(
                label: "invalid curve expression", draft: draft(.fade) { $0.curve = "cubic-bezier(2,0,1,1)" },
                error: .invalidCurve(
                    field: "curve",
                    error: CurveExpressionError(expression: "cubic-bezier(2,0,1,1)", column: 14, message: "x1 must be in [0, 1], got 2"))),
            InvalidDraft(
                label: "invalid completion curve", draft: draft(.pull) { $0.completionCurve = "steps(0)" },
                error: .invalidCurve(
                    field: "completion curve",
                    error: CurveExpressionError(
                        expression: "steps(0)", column: 7, message: "the number of steps must be a whole number from 1 to 100000, got 0"))),
            InvalidDraft(
                label: "invalid curve name", draft: draft(.fade) { $0.curve = "lib/a/b" },
                error: .invalidValue(field: "curve", value: "lib/a/b", reason: "a reference is library/name with one '/', which cannot be part of a name")),
            InvalidDraft(
                label: "invalid reverse", draft: draft(.push) { $0.reverse = "motion/" },
                error: .invalidValue(field: "reverse preset", value: "", reason: "a name cannot be empty")),
            InvalidDraft(
                label: "empty name", name: "", draft: draft(.custom) { $0.tracks = ViewTracks() },
                error: .invalidValue(field: "preset name", value: "", reason: "a name cannot be empty")),
            InvalidDraft(
                label: "name with a slash", name: "a/b", draft: draft(.fade) { _ in },
                error: .invalidValue(field: "preset name", value: "a/b", reason: "'/' separates a library from a name and cannot be part of one")),
        ]
    }()

    @Test("invalid drafts are refused with the exact error", arguments: invalidDrafts)
    func invalidDraft(_ invalid: InvalidDraft) {
        #expect(throws: invalid.error) { try invalid.draft.preset(library: "l", name: invalid.name) }
    }

    // MARK: Track overrides

    @Test("overrides parse into their target and value")
    func overrideParsing() throws {
        let alpha = try TrackOverride(parsing: "from.end.alpha=0.5")
        #expect(alpha.target == .property(view: .from, phase: .end, property: .alpha))
        #expect(alpha.value == "0.5")
        #expect(alpha.description == "from.end.alpha=0.5")

        let frame = try TrackOverride(parsing: "to.start.frame=container(0, 1, 1, 1)")
        #expect(frame.target == .property(view: .to, phase: .start, property: .frame))
        #expect(frame.value == "container(0, 1, 1, 1)")

        let onTop = try TrackOverride(parsing: "on-top=from")
        #expect(onTop.target == .onTop)
        #expect(onTop.value == "from")
        #expect(onTop.description == "on-top=from")
        #expect(try TrackOverride(parsing: "onTop= to ").value == "to")
    }

    @Test("overrides change exactly the property they name")
    func overrideApplication() throws {
        let base = ViewTracks()
        func apply(_ text: String, to tracks: ViewTracks = ViewTracks()) throws -> ViewTracks {
            try TrackOverride(parsing: text).apply(to: tracks)
        }

        var expected = base
        expected.from.end.alpha = 0.5
        #expect(try apply("from.end.alpha=0.5") == expected)

        expected = base
        expected.to.start.frame = RelativeFrame(.container, x: 0, y: 1, width: 1, height: 1)
        #expect(try apply("to.start.frame=container(0, 1, 1, 1)") == expected)

        expected = base
        expected.to.start.frame = RelativeFrame(.origin, x: -0.5, y: 0.25, width: 2, height: 0)
        #expect(try apply("to.start.frame= origin( -0.5 ,0.25, 2,0 ) ") == expected)

        expected = base
        expected.from.start.frame = .origin
        #expect(try apply("from.start.frame=origin") == expected)

        expected = base
        expected.onTop = .from
        #expect(try apply("on-top=from") == expected)

        expected = base
        expected.to.end.scaleX = 0.9
        expected.to.end.scaleY = 0.9
        #expect(try apply("to.end.scale=0.9") == expected)

        expected = base
        expected.to.end.scaleY = -2
        #expect(try apply("to.end.scaleY=-2") == expected)

        expected = base
        expected.from.end.rotation = -15
        #expect(try apply("from.end.rotation=-15") == expected)

        expected = base
        expected.from.start.rotationY = 3600
        #expect(try apply("from.start.rotationY=3600") == expected)

        expected = base
        expected.to.start.cornerRadius = 12
        #expect(try apply("to.start.cornerRadius=12") == expected)

        // Applied on top of a kind's tracks, the other values stay.
        var push = PresetKind.push.tracks(direction: .left)
        let changed = try apply("from.end.alpha=0", to: push)
        push.from.end.alpha = 0
        #expect(changed == push)
        #expect(changed.from.end.frame.x == -1.0 / 3.0)
    }

    @Test("a draft applies its overrides in order over the kind's tracks")
    func draftOverrides() throws {
        var draft = PresetDraft(kind: .cover)
        draft.overrides = [
            try TrackOverride(parsing: "from.end.alpha=0.2"),
            try TrackOverride(parsing: "from.end.alpha=0.7"),
            try TrackOverride(parsing: "to.end.scale=0.9"),
            try TrackOverride(parsing: "on-top=from"),
        ]
        var expected = PresetKind.cover.tracks(direction: .up)
        expected.from.end.alpha = 0.7
        expected.to.end.scaleX = 0.9
        expected.to.end.scaleY = 0.9
        expected.onTop = .from
        #expect(try draft.preset(library: "l", name: "p").tracks == expected)
        #expect(expected.to.start.frame.y == 1)
    }

    struct RefusedOverride: Sendable, CustomTestStringConvertible {
        var text: String
        var error: ModelError
        var testDescription: String { text }
    }

    static let pathReason = "the path must be from|to|shared . start|end|after . frame|alpha|scale|scaleX|scaleY|rotation|rotationY|cornerRadius, from|to|shared . geometry, on-top or hide-source"
    static let frameReason =
        "a frame is container, origin or target, or container(x, y, width, height), origin(…) or target(…), in units of that rect, within ±100"

    static let refusedOverrides: [RefusedOverride] = [
        RefusedOverride(
            text: "from.end.alpha=2", error: .invalidValue(field: "track", value: "from.end.alpha=2", reason: "the value must be a number in [0, 1]")),
        RefusedOverride(
            text: "from.end.alpha=-0.1",
            error: .invalidValue(field: "track", value: "from.end.alpha=-0.1", reason: "the value must be a number in [0, 1]")),
        RefusedOverride(
            text: "from.end.alpha=nan", error: .invalidValue(field: "track", value: "from.end.alpha=nan", reason: "the value must be a number in [0, 1]")),
        RefusedOverride(
            text: "from.end.alpha=half",
            error: .invalidValue(field: "track", value: "from.end.alpha=half", reason: "the value must be a number in [0, 1]")),
        RefusedOverride(
            text: "to.end.scale=101", error: .invalidValue(field: "track", value: "to.end.scale=101", reason: "the value must be a number within ±100")),
        RefusedOverride(
            text: "to.end.rotation=3601",
            error: .invalidValue(field: "track", value: "to.end.rotation=3601", reason: "the value must be degrees within ±3600")),
        RefusedOverride(
            text: "to.end.cornerRadius=-1",
            error: .invalidValue(field: "track", value: "to.end.cornerRadius=-1", reason: "the value must be points in [0, 10000]")),
        RefusedOverride(
            text: "from.end.opacity=1", error: .invalidValue(field: "track", value: "from.end.opacity=1", reason: pathReason)),
        RefusedOverride(text: "middle.end.alpha=1", error: .invalidValue(field: "track", value: "middle.end.alpha=1", reason: pathReason)),
        RefusedOverride(text: "from.during.alpha=1", error: .invalidValue(field: "track", value: "from.during.alpha=1", reason: pathReason)),
        RefusedOverride(text: "from.end=1", error: .invalidValue(field: "track", value: "from.end=1", reason: pathReason)),
        RefusedOverride(
            text: "from.end.alpha",
            error: .invalidValue(field: "track", value: "from.end.alpha", reason: "write VIEW.PHASE.PROPERTY=VALUE, e.g. from.end.alpha=0.5")),
        RefusedOverride(text: "on-top=middle", error: .invalidValue(field: "track", value: "on-top=middle", reason: "on-top is 'from' or 'to'")),
        RefusedOverride(
            text: "to.start.frame=container(0, 1, 1)",
            error: .invalidValue(field: "track", value: "to.start.frame=container(0, 1, 1)", reason: frameReason)),
        RefusedOverride(
            text: "to.start.frame=container(0, 1, -1, 1)",
            error: .invalidValue(field: "track", value: "to.start.frame=container(0, 1, -1, 1)", reason: frameReason)),
        RefusedOverride(
            text: "to.start.frame=container(101, 0, 1, 1)",
            error: .invalidValue(field: "track", value: "to.start.frame=container(101, 0, 1, 1)", reason: frameReason)),
        RefusedOverride(
            text: "to.start.frame=screen(0, 0, 1, 1)",
            error: .invalidValue(field: "track", value: "to.start.frame=screen(0, 0, 1, 1)", reason: frameReason)),
        RefusedOverride(
            text: "to.start.frame=container(0, 0, 1, x)",
            error: .invalidValue(field: "track", value: "to.start.frame=container(0, 0, 1, x)", reason: frameReason)),
    ]

    @Test("invalid overrides are refused when parsed", arguments: refusedOverrides)
    func refusedOverride(_ refused: RefusedOverride) {
        #expect(throws: refused.error) { try TrackOverride(parsing: refused.text) }
    }

    @Test("frames format back to their shortest expression")
    func frameExpressions() {
        #expect(RelativeFrame.container.expression == "container")
        #expect(RelativeFrame.origin.expression == "origin")
        #expect(RelativeFrame(.container, x: 0, y: 0.06, width: 1, height: 0.94).expression == "container(0, 0.06, 1, 0.94)")
        #expect(RelativeFrame.offset(dx: -0.0, dy: 1).expression == "container(0, 1, 1, 1)")
    }
}
