import Testing
@testable import TransDB
@testable import TransDBCore

extension EngineCurves {
    @Suite("A spring as a timing function over a fixed duration")
    struct SpringFunctionTests {
        @Test("progress(at: f) is the position at f · duration", arguments: [0.2, 0.5, 1.25])
        func scalesTime(duration: Double) {
            let spring = PhysicalSpring(mass: 1, stiffness: 300, damping: 10, velocity: -5)
            let function = SpringFunction(spring: spring, duration: duration)
            for f in [0, 0.1, 0.25, 0.5, 0.75, 1, 1.5] {
                #expect(function.progress(at: f) == spring.position(at: f * duration))
            }
        }

        @Test("before its start a spring is at rest at 0; the closed form run backwards is not", arguments: [0.2, 0.3, 0.9])
        func beforeStart(bounce: Double) throws {
            let spring = try #require(TimingCurve(expression: "spring(duration: 0.5, bounce: \(bounce))").function(duration: 0.5) as? SpringFunction)
            #expect(abs(spring.spring.position(at: -0.25)) > 0.1)
            for f in [-0.5, -0.01, -1e-9] { #expect(spring.progress(at: f) == 0) }
        }

        @Test("an undamped spring over its infinite settling duration starts at 0, not NaN")
        func infiniteDuration() {
            let spring = PhysicalSpring(mass: 1, stiffness: 100, damping: 0, velocity: 0)
            #expect(SpringFunction(spring: spring, duration: .infinity).progress(at: 0) == 0)
        }
    }
}
