import Foundation
import Testing
import TransDB
import TransDBCore
import TransDBKit

/// What an app's animator plays (``TransitionPlan``) against `transdb eval`, bit for bit: the
/// same engine computes both.
@Suite("TransDBKit plans against transdb eval")
struct PlanParityTests {
    struct Setting: Sendable, CustomTestStringConvertible {
        var operation: TransitionOperation
        var container: Size
        var origin: Rect?
        var target: Rect?
        var arguments: [String]
        var testDescription: String { "\(operation.rawValue) \(arguments.joined(separator: " "))" }
    }

    static let settings = [
        Setting(operation: .present, container: .defaultContainer, arguments: []),
        Setting(
            operation: .pop, container: Size(width: 768, height: 1024), origin: Rect(x: 20, y: 120, width: 100, height: 80),
            target: Rect(x: 0, y: 64, width: 768, height: 400),
            arguments: ["--screen", "768x1024", "--origin", "20,120,100,80", "--target", "0,64,768,400"]),
    ]

    static let times = [0, 0.016, 0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 1.5, 2.5, 4]

    @Test("every preset's samples equal transdb eval's", arguments: settings)
    func agrees(setting: Setting) throws {
        let catalog = try DefaultLibrary.catalog()
        for preset in catalog.tables.presets {
            let plan = try TransitionPlan(
                preset: preset, operation: setting.operation, container: setting.container, origin: setting.origin, target: setting.target,
                curves: catalog)
            let times = Self.times + [plan.timeline.duration, plan.timeline.duration + 0.05]
            let result = try KitFixture.cli(
                ["eval", preset.qualifiedName.description, "--op", setting.operation.rawValue, "--format", "json"] + setting.arguments
                    + times.flatMap { ["--at", "\($0)"] })
            try #require(result.exitCode == 0, "\(result)")
            // StrictJSON reads numbers exactly as printed (JSONSerialization may be an ulp off on Linux).
            let samples = try #require(Self.member("samples", of: try StrictJSON.parse(Array(result.stdout.utf8)))?.arrayValue)
            try #require(samples.count == times.count)
            for (time, expected) in zip(times, samples) {
                let sample = plan.sample(at: time)
                #expect(Self.values(sample) == Self.values(expected), "\(preset.qualifiedName) at \(time)")
            }
        }
    }

    @Test("the plan's start, end and completion values are the tracks' in points")
    func startAndEnd() throws {
        let catalog = try DefaultLibrary.catalog()
        let preset = try catalog.preset(named: QualifiedName(library: "samples", name: "popAnimator"))
        let plan = try TransitionPlan(preset: preset, operation: .present, container: .defaultContainer, curves: catalog)
        #expect(plan.duration == 1)
        #expect(plan.timing == .springDampingRatio(dampingRatio: 0.4, initialVelocity: 0))
        #expect(plan.onTop == .to)
        // PopAnimator's geometry: the to-view keeps its final bounds and starts scaled down about the
        // origin rect's centre (the default origin: a 100-point square at the container's centre).
        #expect([plan.to.start.width, plan.to.start.height] == [390, 844])
        #expect([plan.to.start.x + plan.to.start.width / 2, plan.to.start.y + plan.to.start.height / 2] == [195, 422])
        #expect([plan.to.start.scaleX, plan.to.start.scaleY] == [100.0 / 390, 100.0 / 844])
        #expect(
            [plan.to.end.x, plan.to.end.y, plan.to.end.width, plan.to.end.height, plan.to.end.scaleX, plan.to.end.scaleY] == [
                0, 0, 390, 844, 1, 1,
            ])
        #expect(plan.to.after == plan.to.end)
        #expect(plan.to.start == plan.sample(at: 0).to)
        #expect(plan.to.end == plan.sample(at: plan.timeline.duration).to)
    }

    @Test("each curve kind becomes its UIKit construct")
    func timing() {
        #expect(TimingPlan(.cubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1)) == .cubic(x1: 0.4, y1: 0, x2: 0.2, y2: 1))
        #expect(TimingPlan(.linear) == .cubic(x1: 0, y1: 0, x2: 1, y2: 1))
        #expect(
            TimingPlan(.spring(.physical(mass: 1, stiffness: 100, damping: 10, velocity: 0)))
                == .springPhysics(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0))
        // The physical initialiser is exact for a spring given by its physics, inferred for one converted to it.
        guard case .exact = TimingPlan.fidelity(of: .spring(.physical(mass: 1, stiffness: 100, damping: 10, velocity: 0))) else {
            Issue.record("a physical spring is played exactly")
            return
        }
        guard case .inferred = TimingPlan.fidelity(of: .spring(.perceptual(duration: 0.5, bounce: 0.2))) else {
            Issue.record("a duration/bounce spring is converted by inference")
            return
        }
        #expect(
            TimingPlan(.steps(count: 4, position: .jumpEnd))
                == .keyframes(times: [0, 0.25, 0.5, 0.75, 1], values: [0, 0.25, 0.5, 0.75, 1], mode: .discrete))
        #expect(
            TimingPlan(.steps(count: 2, position: .jumpStart)) == .keyframes(times: [0, 0.5, 1], values: [0.5, 1, 1], mode: .discrete))
        #expect(
            TimingPlan(.piecewiseLinear([LinearStop(output: 0), LinearStop(output: 0.8, percent: 40), LinearStop(output: 1)]))
                == .keyframes(times: [0, 0.4, 1], values: [0, 0.8, 1], mode: .linear))
        // Stops that begin after 0 and end before 1: the engine extends the end segments, and the
        // keyframes start and end where it does (0.2 - 0.7 / 0.4 × 0.3 at 0, 0.9 + 0.7 / 0.4 × 0.3 at 1).
        let short = TimingCurve.piecewiseLinear([LinearStop(output: 0.2, percent: 30), LinearStop(output: 0.9, percent: 70)])
        let function = short.function(duration: nil)
        #expect(
            TimingPlan(short)
                == .keyframes(times: [0, 0.3, 0.7, 1], values: [function.progress(at: 0), 0.2, 0.9, function.progress(at: 1)], mode: .linear))
        #expect(abs(function.progress(at: 0) - -0.325) < 1e-12 && abs(function.progress(at: 1) - 1.425) < 1e-12)
        // Stops outside [0, 1] are left out; the values at 0 and 1 are the engine's.
        let wide = TimingCurve.piecewiseLinear([LinearStop(output: 0, percent: -50), LinearStop(output: 1, percent: 150)])
        #expect(TimingPlan(wide) == .keyframes(times: [0, 1], values: [0.25, 0.75], mode: .linear))
    }

    @Test("a release finishes past the threshold or with a flick, as the engine decides")
    func release() throws {
        let settings = InteractionSettings(finishThreshold: 0.5)
        #expect(try settings.finishes(percentComplete: 0.6, velocity: 0))
        #expect(try !settings.finishes(percentComplete: 0.4, velocity: 0))
        #expect(try settings.finishes(percentComplete: 0.1, velocity: 2))
        #expect(try !settings.finishes(percentComplete: 0.9, velocity: -2))
    }

    static func values(_ sample: TimelineSample) -> [Double] {
        [sample.progress, sample.dimming] + view(sample.from) + view(sample.to) + (sample.shared.map(view) ?? [])
    }

    static func view(_ view: ViewSample) -> [Double] {
        [
            view.x, view.y, view.width, view.height, view.alpha, view.scaleX, view.scaleY, view.rotation, view.rotationY, view.cornerRadius,
            Double(view.zIndex),
        ]
    }

    static func member(_ key: String, of value: JSONValue?) -> JSONValue? {
        guard case let .object(fields)? = value else { return nil }
        return fields.first { $0.0 == key }?.1
    }

    static func values(_ sample: JSONValue) -> [Double] {
        func number(_ value: JSONValue?) -> Double {
            switch value {
            case let .number(number)?: number
            case let .integer(number)?: Double(number)
            default: .nan
            }
        }
        func view(_ value: JSONValue?) -> [Double] {
            guard case .object? = value else { return [] }
            return ["x", "y", "width", "height", "alpha", "scaleX", "scaleY", "rotation", "rotationY", "cornerRadius", "zIndex"].map {
                number(member($0, of: value))
            }
        }
        return [number(member("progress", of: sample)), number(member("dimming", of: sample))] + view(member("from", of: sample))
            + view(member("to", of: sample)) + view(member("shared", of: sample))
    }
}

extension JSONValue {
    var arrayValue: [JSONValue]? {
        guard case let .array(items) = self else { return nil }
        return items
    }
}
