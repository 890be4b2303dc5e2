import GRDB
import Testing
import TransDB
import TransDBTestSupport
@testable import TransDBCore

/// `UIPercentDrivenInteractiveTransition` as the engine plays it.
@Suite("Interactive transitions")
struct InteractiveTests {
    static let catalog: Catalog? = try? Catalog(DatabaseQueue(), seed: true)

    /// A linear 0.5 s slide, so states are easy to predict.
    static func preset() throws -> Preset {
        var draft = PresetDraft(kind: .slide)
        draft.duration = 0.5
        draft.curve = "linear"
        return try draft.preset(library: "t", name: "linearSlide")
    }

    static func timeline(_ script: String, speed: Double = 1, threshold: Double = 0.5, curve: CurveReference = .inline(.linear)) throws -> Timeline {
        let settings = InteractionSettings(completionSpeed: speed, completionCurve: curve, finishThreshold: threshold)
        return try TransitionEngine(catalog: try #require(catalog)).timeline(
            for: try preset(), context: TransitionContext(), interaction: (settings, try GestureScript(parsing: script)))
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var script: String
        var speed: Double
        var threshold: Double
        var finishes: Bool
        var completion: Double
        var testDescription: String { "\(script) at speed \(speed)" }
    }

    static let cases: [Case] = [
        Case(script: "update 0.2@0.1, update 0.6@0.3, finish@0.4", speed: 1, threshold: 0.5, finishes: true, completion: 0.2),
        Case(script: "update 0.2@0.1, update 0.6@0.3, cancel@0.4", speed: 1, threshold: 0.5, finishes: false, completion: 0.3),
        Case(script: "update 0.2@0.1, update 0.6@0.3, finish@0.4", speed: 2, threshold: 0.5, finishes: true, completion: 0.1),
        Case(script: "update 0.2@0.1, update 0.6@0.3, cancel@0.4", speed: 0.5, threshold: 0.5, finishes: false, completion: 0.6),
        Case(script: "update 0.6@0.3, release@0.4", speed: 1, threshold: 0.5, finishes: true, completion: 0.2),
        Case(script: "update 0.4@0.3, release@0.4", speed: 1, threshold: 0.5, finishes: false, completion: 0.2),
        Case(script: "update 0.5@0.3, release@0.4", speed: 1, threshold: 0.5, finishes: false, completion: 0.25),
        // A flick faster than the flick velocity (1 progress/s) decides whatever the progress.
        Case(script: "update 0.3@0.3, release@0.4 v=1.8", speed: 1, threshold: 0.5, finishes: true, completion: 0.35),
        Case(script: "update 0.7@0.3, release@0.4 v=-2", speed: 1, threshold: 0.5, finishes: false, completion: 0.35),
        Case(script: "update 0.3@0.3, release@0.4 v=0.5", speed: 1, threshold: 0.5, finishes: false, completion: 0.15),
        Case(script: "update 0.6@0.3, release@0.4 v=-1", speed: 1, threshold: 0.5, finishes: true, completion: 0.2),
        Case(script: "finish@0", speed: 1, threshold: 0.5, finishes: true, completion: 0.5),
    ]

    @Test("finish takes (1 − p)·D / speed, cancel p·D / speed", arguments: cases)
    func completionDurations(_ expected: Case) throws {
        let timeline = try Self.timeline(expected.script, speed: expected.speed, threshold: expected.threshold)
        guard case let .interactive(plan) = timeline.drive else {
            Issue.record("not interactive")
            return
        }
        #expect(plan.finishes == expected.finishes)
        #expect(abs(plan.completionDuration - expected.completion) < 1e-12)
        #expect(abs(timeline.duration - (plan.releaseTime + expected.completion)) < 1e-12)
        let end = timeline.sample(at: timeline.duration)
        #expect(abs(end.progress - (expected.finishes ? 1 : 0)) < 1e-12)
    }

    @Test(
        "progress outside [0, 1] and a velocity on anything but release are refused, not clamped",
        arguments: [
            ("update 1.7@0.3, finish@0.4", "invalid gesture event 'update 1.7@0.3': percentComplete must be in [0, 1], got 1.7"),
            ("update -0.3@0.3, cancel@0.4", "invalid gesture event 'update -0.3@0.3': percentComplete must be in [0, 1], got -0.3"),
            (
                "update 0.3@0.3, finish@0.4 v=2",
                "invalid gesture event 'finish@0.4 v=2': only release takes a velocity: release@SECONDS v=PROGRESS_PER_SECOND"
            ),
            (
                "release@0.4 v=fast",
                "invalid gesture event 'release@0.4 v=fast': the velocity after 'v=' must be a number of progress per second within ±1000"
            ),
        ])
    func refusedGestures(script: String, message: String) {
        #expect(throws: ModelError.self) { try GestureScript(parsing: script) }
        do {
            _ = try GestureScript(parsing: script)
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test("during the gesture the state is the animation's at percentComplete · duration")
    func linearMapping() throws {
        let timeline = try Self.timeline("update 0.2@0.1, update 0.6@0.3, finish@0.4")
        // A linear 390-point slide: the to-view's x is 390·(1 − p).
        #expect(timeline.sample(at: 0.05).to.x == 390)  // before any update
        #expect(abs(timeline.sample(at: 0.1).to.x - 390 * 0.8) < 1e-9)
        #expect(abs(timeline.sample(at: 0.29).to.x - 390 * 0.8) < 1e-9)  // held until the next update
        #expect(abs(timeline.sample(at: 0.35).to.x - 390 * 0.4) < 1e-9)
        // Completion: linear from p = 0.6 to 1 over 0.2 s.
        #expect(abs(timeline.sample(at: 0.5).progress - 0.8) < 1e-12)
    }

    @Test("an instant animation (none, 0 s): at its end during the gesture; cancelled, back at its start; finished, at its end")
    func instantAnimation() throws {
        let none = try PresetDraft(kind: .none).preset(library: "t", name: "instant")
        func timeline(_ script: String) throws -> Timeline {
            let settings = InteractionSettings(completionSpeed: 1, completionCurve: .inline(.linear), finishThreshold: 0.5)
            return try TransitionEngine(catalog: try #require(Self.catalog)).timeline(
                for: none, context: TransitionContext(), interaction: (settings, try GestureScript(parsing: script)))
        }
        let cancelled = try timeline("update 0.5@0.1, cancel@0.2")
        #expect(cancelled.duration == 0.2)
        #expect(cancelled.sample(at: 0.1).progress == 1)
        #expect(cancelled.sample(at: 0.2).progress == 0 && cancelled.sample(at: 0.3).progress == 0)
        let finished = try timeline("update 0.5@0.1, finish@0.2")
        #expect(finished.sample(at: 0.2).progress == 1 && finished.sample(at: 0.3).progress == 1)
    }

    @Test("the completion curve shapes the remainder")
    func completionCurve() throws {
        let easeIn = CurveReference.inline(.cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1))
        let timeline = try Self.timeline("update 0.5@0.1, finish@0.2", curve: easeIn)
        let middle = timeline.sample(at: 0.2 + 0.125)  // half of the 0.25 s completion
        let expected = 0.5 + 0.5 * CubicBezierFunction(x1: 0.42, y1: 0, x2: 1, y2: 1).progress(at: 0.5)
        #expect(abs(middle.progress - expected) < 1e-12)
    }

    @Test("completionSpeed ≤ 0 is refused")
    func speedRefused() throws {
        for speed in [0.0, -1] {
            #expect(throws: ModelError.invalidValue(field: "completion speed", value: speed.description == "0.0" ? "0" : "-1", reason: "completionSpeed must be > 0")) {
                try Self.timeline("finish@0.1", speed: speed)
            }
        }
    }

    @Test("gesture scripts that are not well formed are refused", arguments: [
        ("update 0.2@0.1", "gesture", "a gesture ends with finish@T, cancel@T or release@T"),
        ("update 0.2@0.3, update 0.4@0.1, finish@0.5", "gesture event", "events must be in time order (this one is before 0.3 s)"),
        ("finish@0.3, update 0.4@0.4", "gesture event", "nothing can follow finish, cancel or release"),
        ("update x@0.1, finish@0.2", "gesture event", "update takes a number, e.g. update 0.4@0.2"),
        ("update 0.2@nan, finish@0.2", "gesture event", "the time after '@' must be a number of seconds from 0 to 3600"),
        ("update 0.2@0.1, release@0.4 x=1", "gesture event", "'x=1' follows the time; only release takes more: release@SECONDS v=PROGRESS_PER_SECOND"),
        ("update 0.2@0.1, release@0.4 v=1 x", "gesture event", "'x' follows the time; only release takes more: release@SECONDS v=PROGRESS_PER_SECOND"),
        ("finish@0.2 extra", "gesture event", "'extra' follows the time; only release takes more: release@SECONDS v=PROGRESS_PER_SECOND"),
        ("jump 0.2@0.1, finish@0.2", "gesture event", "write 'update P@SECONDS', 'finish@SECONDS', 'cancel@SECONDS' or 'release@SECONDS'"),
    ])
    func badScripts(_ script: String, _ field: String, _ reason: String) throws {
        #expect {
            try GestureScript(parsing: script)
        } throws: { error in
            guard case let ModelError.invalidValue(f, _, r) = error else { return false }
            return f == field && r == reason
        }
    }
}
