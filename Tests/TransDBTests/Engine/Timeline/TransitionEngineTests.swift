import Testing
import TransDB
import TransDBTestSupport
@testable import TransDBCore

/// Timelines of presets and system defaults: ends, reversal, and the UIKit defaults.
@Suite("Transition timelines")
struct TransitionEngineTests {
    /// A seeded catalog shared by the suite's tests, which only read it; `nil` fails every test that needs it.
    static let directory = try? TemporaryDirectory()
    static let catalog: Catalog? = directory.flatMap { try? Catalog(path: $0.file("engine.sqlite"), mode: .createIfMissing) }
    static let presets = (try? catalog?.presets()) ?? []
    static let context = TransitionContext()

    static func expectClose(_ a: Double, _ b: Double, _ what: String, tolerance: Double = 1e-9, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(a - b) <= tolerance, "\(what): \(a) ≠ \(b)", sourceLocation: sourceLocation)
    }

    /// The absolute view state a track's `state` stands for.
    static func expectState(_ sample: ViewSample, equals state: ViewState, context: TransitionContext, _ what: String) {
        let reference: Rect =
            state.frame.reference == .container
            ? Rect(x: 0, y: 0, width: context.container.width, height: context.container.height) : context.origin
        expectClose(sample.x, reference.x + state.frame.x * reference.width, "\(what) x")
        expectClose(sample.y, reference.y + state.frame.y * reference.height, "\(what) y")
        expectClose(sample.width, state.frame.width * reference.width, "\(what) width")
        expectClose(sample.height, state.frame.height * reference.height, "\(what) height")
        expectClose(sample.alpha, state.alpha, "\(what) alpha")
        expectClose(sample.scaleX, state.scaleX, "\(what) scaleX")
        expectClose(sample.scaleY, state.scaleY, "\(what) scaleY")
        expectClose(sample.rotation, state.rotation, "\(what) rotation")
        expectClose(sample.rotationY, state.rotationY, "\(what) rotationY")
        expectClose(sample.cornerRadius, state.cornerRadius, "\(what) cornerRadius")
    }

    @Test("every seed preset starts at its start state and ends at its end state", arguments: presets.map(\.qualifiedName.description))
    func endsOfEverySeedPreset(_ name: String) throws {
        let preset = try #require(Self.catalog).preset(try QualifiedName(parsing: name, field: "preset")).preset
        let timeline = try TransitionEngine(catalog: try #require(Self.catalog)).timeline(for: preset, context: Self.context)
        Self.expectClose(timeline.duration, preset.delay + preset.duration, "duration")
        let start = timeline.sample(at: 0)
        let end = timeline.sample(at: timeline.duration)
        if preset.duration > 0 {
            Self.expectState(start.from, equals: preset.tracks.from.start, context: Self.context, "\(name) from at 0")
            Self.expectState(start.to, equals: preset.tracks.to.start, context: Self.context, "\(name) to at 0")
        }
        // At its end every animation is at its end state exactly, springs included (UIKit's completion).
        Self.expectState(end.from, equals: preset.tracks.from.end, context: Self.context, "\(name) from at end")
        Self.expectState(end.to, equals: preset.tracks.to.end, context: Self.context, "\(name) to at end")
        #expect(end.to.zIndex == (preset.tracks.onTop == .to ? 1 : 0))
        #expect(end.from.zIndex + end.to.zIndex == 1)
    }

    @Test("properties move monotonically when the curve is monotone", arguments: presets.map(\.qualifiedName.description))
    func monotone(_ name: String) throws {
        let preset = try #require(Self.catalog).preset(try QualifiedName(parsing: name, field: "preset")).preset
        let function = try #require(Self.catalog).timingCurve(preset.curve).function(duration: preset.duration)
        let fractions = (0...200).map { Double($0) / 200 }
        let progress = fractions.map(function.progress(at:))
        guard preset.duration > 0, zip(progress, progress.dropFirst()).allSatisfy({ $0 <= $1 + 1e-15 }) else { return }
        let timeline = try TransitionEngine(catalog: try #require(Self.catalog)).timeline(for: preset, context: Self.context)
        let samples = fractions.map { timeline.sample(at: preset.delay + $0 * preset.duration) }
        // Every numeric property of both views moves one way only, from its start to its end.
        let properties: [(String, (TimelineSample) -> Double)] = [
            ("from.x", { $0.from.x }), ("from.y", { $0.from.y }), ("from.width", { $0.from.width }), ("from.alpha", { $0.from.alpha }),
            ("from.scaleX", { $0.from.scaleX }), ("from.rotationY", { $0.from.rotationY }), ("to.x", { $0.to.x }), ("to.y", { $0.to.y }),
            ("to.width", { $0.to.width }), ("to.alpha", { $0.to.alpha }), ("to.scaleX", { $0.to.scaleX }),
            ("to.rotationY", { $0.to.rotationY }), ("to.cornerRadius", { $0.to.cornerRadius }),
        ]
        for (label, value) in properties {
            let values = samples.map(value)
            let rising = (values.last ?? 0) >= (values.first ?? 0)
            let steps = zip(values, values.dropFirst())
            #expect(steps.allSatisfy { rising ? $1 >= $0 - 1e-9 : $1 <= $0 + 1e-9 }, "\(name): \(label) is not monotone")
        }
    }

    @Test("a dismiss of a preset without a reverse plays it backwards with the roles swapped")
    func reverseWithoutExplicitReverse() throws {
        let preset = try #require(Self.catalog).preset(QualifiedName(library: "motion", name: "zoom")).preset
        #expect(preset.reverse == nil)
        let engine = TransitionEngine(catalog: try #require(Self.catalog))
        let forward = try engine.timeline(for: preset, context: TransitionContext(operation: .present))
        let backward = try engine.timeline(for: preset, context: TransitionContext(operation: .dismiss))
        #expect(backward.notes == ["dismiss plays 'motion/zoom' backwards: it names no reverse preset"])
        for t in stride(from: 0.0, through: preset.duration, by: 0.05) {
            let b = backward.sample(at: t)
            let f = forward.sample(at: preset.duration - t)
            #expect(b.from == f.to)
            #expect(b.to == f.from)
            Self.expectClose(b.progress, 1 - f.progress, "progress at \(t)")
        }
    }

    @Test("a dismiss of a preset with a reverse plays the reverse preset forwards")
    func explicitReverse() throws {
        let preset = try #require(Self.catalog).preset(QualifiedName(library: "motion", name: "coverUp")).preset
        let reverse = try #require(Self.catalog).preset(QualifiedName(library: "motion", name: "uncoverDown")).preset
        let engine = TransitionEngine(catalog: try #require(Self.catalog))
        let dismiss = try engine.timeline(for: preset, context: TransitionContext(operation: .dismiss))
        let direct = try engine.timeline(for: reverse, context: TransitionContext(operation: .present))
        #expect(dismiss.played == reverse.qualifiedName)
        #expect(dismiss.animator == preset.qualifiedName)
        for t in [0, 0.1, 0.2, 0.35] { #expect(dismiss.sample(at: t) == direct.sample(at: t)) }
        // uncoverDown: the dismissed view leaves downwards by a whole container height.
        Self.expectClose(dismiss.sample(at: reverse.duration).from.y, 844, "from.y at the end")
    }

    @Test("nil plays the system default: cover vertical slides up from below the container")
    func coverVerticalDefault() throws {
        let timeline = try TransitionEngine(catalog: try #require(Self.catalog)).timeline(for: nil, context: TransitionContext(operation: .present))
        #expect(timeline.systemDefault == .coverVertical)
        Self.expectClose(timeline.duration, 0.4, "duration")
        Self.expectClose(timeline.sample(at: 0).to.y, 844, "to.y at 0")
        #expect(timeline.notes.first?.contains("inferred") == true)
        #expect(timeline.sample(at: 0.4).to.y == 0)
        // Half way through, the critically damped spring has covered most of the distance.
        let half = timeline.sample(at: 0.2).to.y
        #expect(half > 0 && half < 844 * 0.2)
    }

    @Test("navigation push and pop: a third of the width of parallax and a dimming overlay")
    func navigationDefaults() throws {
        let engine = TransitionEngine(catalog: try #require(Self.catalog))
        let push = try engine.timeline(for: nil, context: TransitionContext(operation: .push), systemDefault: .navigationPush)
        let end = push.sample(at: 0.35)
        Self.expectClose(end.from.x, -130, "from.x after push")
        Self.expectClose(end.to.x, 0, "to.x after push")
        Self.expectClose(end.dimming, 0.1, "dimming after push")
        Self.expectClose(push.sample(at: 0).to.x, 390, "to.x before push")
        let pop = try engine.timeline(for: nil, context: TransitionContext(operation: .pop), systemDefault: .navigationPop)
        let popStart = pop.sample(at: 0)
        Self.expectClose(popStart.from.x, 0, "the top view starts in place")
        Self.expectClose(popStart.to.x, -130, "the lower view starts a third of the way left")
        Self.expectClose(popStart.dimming, 0.1, "dimmed at the start of a pop")
        let popEnd = pop.sample(at: 0.35)
        Self.expectClose(popEnd.from.x, 390, "the top view leaves to the right")
        Self.expectClose(popEnd.dimming, 0, "no dimming at the end of a pop")
        #expect(popEnd.from.zIndex == 1)
    }

    @Test("a tab switch's default is instant")
    func tabDefault() throws {
        let timeline = try TransitionEngine(catalog: try #require(Self.catalog)).timeline(for: nil, context: TransitionContext(operation: .tab))
        #expect(timeline.systemDefault == SystemTransition.none)
        #expect(timeline.duration == 0)
        #expect(timeline.sample(at: 0).progress == 1)
        #expect(timeline.frameTimes(fps: 60) == [0])
    }

    @Test("the engine's system defaults match the uikit seed presets")
    func defaultsMatchSeed() throws {
        for (system, seed) in [
            (SystemTransition.coverVertical, "coverVertical"), (.crossDissolve, "crossDissolve"), (.flipHorizontal, "flipHorizontal"),
            (.partialCurl, "partialCurl"), (.navigationPush, "navigationPush"),
        ] {
            let preset = try #require(Self.catalog).preset(QualifiedName(library: "uikit", name: seed)).preset
            #expect(system.forwardPreset.tracks == preset.tracks, "\(seed) tracks")
            #expect(system.forwardPreset.duration == preset.duration, "\(seed) duration")
            #expect(system.forwardPreset.kind == preset.kind, "\(seed) kind")
        }
    }
}
