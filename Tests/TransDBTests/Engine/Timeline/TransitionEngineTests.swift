import Foundation
import GRDB
import Testing
import TransDB
import TransDBTestSupport
@testable import TransDBCore

/// Timelines of presets and system defaults: ends, forward dismissals, springs that settle, and
/// the UIKit defaults.
@Suite("Transition timelines")
struct TransitionEngineTests {
    /// A seeded catalog shared by the suite's tests, which only read it; `nil` fails every test that needs it.
    static let catalog: Catalog? = try? Catalog(DatabaseQueue(), seed: true)
    static let presets = (try? catalog?.presets()) ?? []
    static let context = TransitionContext()

    static func expectClose(
        _ a: Double, _ b: Double, _ what: String, tolerance: Double = 1e-9, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(abs(a - b) <= tolerance, "\(what): \(a) ≠ \(b)", sourceLocation: sourceLocation)
    }

    /// The absolute view state a track's `state` stands for. A view animated by a scale transform
    /// (`geometry` transform) covers the state's frame with its bounds scaled about its centre.
    static func expectState(
        _ sample: ViewSample, equals state: ViewState, context: TransitionContext, _ what: String, geometry: TrackGeometry = .frame
    ) {
        let reference: Rect =
            switch state.frame.reference {
            case .container: Rect(x: 0, y: 0, width: context.container.width, height: context.container.height)
            case .origin: context.origin
            case .target: context.target
            }
        // The visual rect: the bounds scaled about the centre by the transform's part of the scale.
        let (transformX, transformY) = geometry == .transform ? (sample.scaleX / state.scaleX, sample.scaleY / state.scaleY) : (1, 1)
        let (width, height) = (sample.width * transformX, sample.height * transformY)
        let (x, y) = (sample.x + (sample.width - width) / 2, sample.y + (sample.height - height) / 2)
        expectClose(x, reference.x + state.frame.x * reference.width, "\(what) x")
        expectClose(y, reference.y + state.frame.y * reference.height, "\(what) y")
        expectClose(width, state.frame.width * reference.width, "\(what) width")
        expectClose(height, state.frame.height * reference.height, "\(what) height")
        expectClose(sample.alpha, state.alpha, "\(what) alpha")
        if geometry == .frame {
            expectClose(sample.scaleX, state.scaleX, "\(what) scaleX")
            expectClose(sample.scaleY, state.scaleY, "\(what) scaleY")
        }
        expectClose(sample.rotation, state.rotation, "\(what) rotation")
        expectClose(sample.rotationY, state.rotationY, "\(what) rotationY")
        expectClose(sample.cornerRadius, state.cornerRadius, "\(what) cornerRadius")
    }

    @Test("every seed preset starts at its start state and ends at its end state", arguments: presets.map(\.qualifiedName.description))
    func endsOfEverySeedPreset(_ name: String) throws {
        let preset = try #require(Self.catalog).preset(try QualifiedName(parsing: name, field: "preset")).preset
        let timeline = try TransitionEngine(catalog: try #require(Self.catalog)).timeline(for: preset, context: Self.context)
        let curve = try #require(Self.catalog).timingCurve(preset.curve)
        Self.expectClose(timeline.duration, preset.delay + curve.runningDuration(transitionDuration: preset.duration), "duration")
        let start = timeline.sample(at: 0)
        let end = timeline.sample(at: timeline.duration)
        if preset.duration > 0 {
            Self.expectState(
                start.from, equals: preset.tracks.from.start, context: Self.context, "\(name) from at 0",
                geometry: preset.tracks.from.geometry)
            Self.expectState(
                start.to, equals: preset.tracks.to.start, context: Self.context, "\(name) to at 0", geometry: preset.tracks.to.geometry)
        }
        // At its end every animation is at its end state exactly, springs included (UIKit's completion).
        Self.expectState(
            end.from, equals: preset.tracks.from.end, context: Self.context, "\(name) from at end", geometry: preset.tracks.from.geometry)
        Self.expectState(
            end.to, equals: preset.tracks.to.end, context: Self.context, "\(name) to at end", geometry: preset.tracks.to.geometry)
        #expect(end.to.zIndex == (preset.tracks.onTop == .to ? 1 : 0))
        #expect(end.from.zIndex + end.to.zIndex == 1)
    }

    @Test("an instant animation waits out its delay at its start, then is at its end")
    func instantAfterDelay() throws {
        let tracks = PresetKind.fade.tracks(direction: nil)
        let animation = TransitionAnimation(tracks: tracks, duration: 0, delay: 0.5, timing: CubicBezierFunction(x1: 0, y1: 0, x2: 1, y2: 1))
        let waiting = animation.state(atAnimationTime: -0.25, context: Self.context)
        #expect(waiting.progress == 0)
        Self.expectState(waiting.to, equals: tracks.to.start, context: Self.context, "to during the delay")
        let played = animation.state(atAnimationTime: 0, context: Self.context)
        #expect(played.progress == 1)
        Self.expectState(played.to, equals: tracks.to.end, context: Self.context, "to once the delay is over")
    }

    @Test("properties move monotonically when the curve is monotone", arguments: presets.map(\.qualifiedName.description))
    func monotone(_ name: String) throws {
        let preset = try #require(Self.catalog).preset(try QualifiedName(parsing: name, field: "preset")).preset
        let curve = try #require(Self.catalog).timingCurve(preset.curve)
        let run = curve.runningDuration(transitionDuration: preset.duration)
        let function = curve.function(duration: run)
        let fractions = (0...200).map { Double($0) / 200 }
        let progress = fractions.map(function.progress(at:))
        guard preset.duration > 0, zip(progress, progress.dropFirst()).allSatisfy({ $0 <= $1 + 1e-15 }) else { return }
        let timeline = try TransitionEngine(catalog: try #require(Self.catalog)).timeline(for: preset, context: Self.context)
        let samples = fractions.map { timeline.sample(at: preset.delay + $0 * run) }
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

    @Test(
        "a dismiss or pop plays the preset it names forward, exactly as a present of it would",
        arguments: ["motion/zoom", "motion/uncoverDown", "motion/pullRight", "samples/popAnimator"])
    func dismissPlaysForward(_ name: String) throws {
        let preset = try #require(Self.catalog).preset(try QualifiedName(parsing: name, field: "preset")).preset
        let engine = TransitionEngine(catalog: try #require(Self.catalog))
        let present = try engine.timeline(for: preset, context: TransitionContext(operation: .present))
        for operation in [TransitionOperation.dismiss, .pop] {
            let played = try engine.timeline(for: preset, context: TransitionContext(operation: operation))
            #expect(played.played == preset.qualifiedName)
            #expect(played.duration == present.duration)
            for t in stride(from: 0.0, through: present.duration, by: 0.01) {
                let a = played.sample(at: t)
                let b = present.sample(at: t)
                #expect(a.from == b.from && a.to == b.to && a.progress == b.progress, "\(name) \(operation) at \(t)")
            }
        }
    }

    @Test("a mirror swaps start and end and the two roles, and keeps the same view on top")
    func mirroredTracks() throws {
        let zoom = PresetKind.zoom.tracks(direction: nil)
        let mirror = zoom.mirrored
        #expect(mirror.from.start == zoom.to.end && mirror.from.end == zoom.to.start)
        #expect(mirror.to.start == zoom.from.end && mirror.to.end == zoom.from.start)
        #expect(zoom.onTop == .to && mirror.onTop == .from)
        #expect(mirror.mirrored == zoom)
        // The seed's zoomOut is zoom's mirror, written out.
        let zoomOut = try #require(Self.catalog).preset(QualifiedName(library: "motion", name: "zoomOut")).preset
        #expect(zoomOut.tracks == zoom.mirrored)
    }

    @Test("nil on a dismiss plays coverVertical's mirror forward: the presented view slides down on the same spring")
    func coverVerticalDismiss() throws {
        let engine = TransitionEngine(catalog: try #require(Self.catalog))
        let present = try engine.timeline(for: nil, context: TransitionContext(operation: .present))
        let dismiss = try engine.timeline(for: nil, context: TransitionContext(operation: .dismiss))
        #expect(dismiss.systemDefault == .coverVertical)
        for t in stride(from: 0.0, through: 0.4, by: 0.02) {
            // Forward on the same curve: the dismissed view has gone x(t) of the way down exactly
            // where the presented view has come x(t) of the way up.
            Self.expectClose(dismiss.sample(at: t).from.y, 844 - present.sample(at: t).to.y, "from.y at \(t)")
            #expect(dismiss.sample(at: t).to.y == 0)
        }
        #expect(dismiss.sample(at: 0.4).from.zIndex == 1)
    }

    @Test("a spring given by its physics runs until it settles, past the preset's duration")
    func physicalSpringSettles() throws {
        let preset = try #require(Self.catalog).preset(QualifiedName(library: "motion", name: "zoom")).preset
        let timeline = try TransitionEngine(catalog: try #require(Self.catalog)).timeline(for: preset, context: Self.context)
        // spring(duration: 0.5, bounce: 0.1): ζ = 0.9, ω0 = 2π/0.5; settling (ε = 1e-3) from timing-math.md.
        let zeta = 0.9
        let omega = 2 * Double.pi / 0.5
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        let settling = (log(1000) + log(1 + abs(zeta * omega / omegaD))) / (zeta * omega)
        Self.expectClose(timeline.duration, settling, "run", tolerance: 1e-12)
        #expect(preset.duration == 0.4)
        #expect(timeline.notes.contains { $0.contains("runs until it settles") && $0.contains("inferred") })
        // At 0.399 s, where the old engine cut it, the spring is still moving.
        func position(_ t: Double) -> Double {
            let envelope: Double = exp(-zeta * omega * t)
            let phase: Double = cos(omegaD * t) + zeta * omega / omegaD * sin(omegaD * t)
            return 1 - envelope * phase
        }
        let origin = Self.context.origin
        Self.expectClose(timeline.sample(at: 0.4).to.width, origin.width + (390 - origin.width) * position(0.4), "to.width at 0.4 s")
    }

    /// No default-library preset's frame moves more than 1 pt between the last frame at 240 fps
    /// and its end state on a 390×844 screen — except by what UIKit itself leaves: a UIKit-form
    /// spring (`duration:dampingRatio:`) is fitted so that its envelope is 0.001 at the duration,
    /// which leaves an oscillation of amplitude 0.001/ζ of the travel (0.25 % for PopAnimator's
    /// ζ = 0.4, which the seed code fixes); UIKit's completion then sets the final values.
    @Test(
        "no default-library preset jumps more than 1 pt between its last frame at 240 fps and its end",
        arguments: presets.map(\.qualifiedName.description))
    func noJumpAtTheEnd(_ name: String) throws {
        let preset = try #require(Self.catalog).preset(try QualifiedName(parsing: name, field: "preset")).preset
        let timeline = try TransitionEngine(catalog: try #require(Self.catalog)).timeline(for: preset, context: Self.context)
        guard timeline.duration > 0 else { return }
        var residual = 0.0
        if case let .spring(.uikit(_, ratio, _)) = try #require(Self.catalog).timingCurve(preset.curve) { residual = 0.001 / ratio }
        let lastFrame = (timeline.duration * 240).rounded(.up) / 240 - 1 / 240.0
        let (start, before, end) = (timeline.sample(at: 0), timeline.sample(at: lastFrame), timeline.sample(at: timeline.duration))
        var views = [(start.from, before.from, end.from, "from"), (start.to, before.to, end.to, "to")]
        if let s = start.shared, let a = before.shared, let b = end.shared { views.append((s, a, b, "shared")) }
        for (s, a, b, role) in views {
            for (label, travel, jump) in [
                ("x", abs(b.x - s.x), abs(a.x - b.x)), ("y", abs(b.y - s.y), abs(a.y - b.y)),
                ("width", abs(b.width - s.width), abs(a.width - b.width)), ("height", abs(b.height - s.height), abs(a.height - b.height)),
            ] {
                #expect(
                    jump <= max(1, residual * travel), "\(name): \(role).\(label) jumps \(jump) pt at the end (last frame \(lastFrame) s)")
            }
        }
    }

    @Test("nil plays the system default: cover vertical slides up from below the container")
    func coverVerticalDefault() throws {
        let timeline = try TransitionEngine(catalog: try #require(Self.catalog)).timeline(
            for: nil, context: TransitionContext(operation: .present))
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
        let timeline = try TransitionEngine(catalog: try #require(Self.catalog)).timeline(
            for: nil, context: TransitionContext(operation: .tab))
        #expect(timeline.systemDefault == SystemTransition.none)
        #expect(timeline.duration == 0)
        #expect(timeline.sample(at: 0).progress == 1)
        #expect(timeline.frameTimes(fps: 60) == [0])
        #expect(timeline.frameCount(fps: 60) == 1)
    }

    @Test("frameCount is how many times frameTimes makes, without making them")
    func frameCount() throws {
        let engine = TransitionEngine(catalog: try #require(Self.catalog))
        // A fade, a spring that runs past its duration, a completion that adds a frame, nothing.
        let presets = ["motion/fade", "motion/zoom", "samples/szPresent", "samples/customAnimatedTransitioning"]
        for name in presets {
            let preset = try #require(Self.catalog).preset(try QualifiedName(parsing: name, field: "preset")).preset
            let timeline = try engine.timeline(for: preset, context: TransitionContext())
            for fps in [1, 7.5, 60, 240, 999.9, 10_000] {
                #expect(timeline.frameCount(fps: fps) == Double(timeline.frameTimes(fps: fps).count), "\(name) at \(fps) fps")
            }
        }
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
