import Testing
@testable import TransDB
@testable import TransDBCore

extension EngineCurves {
    @Suite("steps(): the CSS Easing step rule")
    struct StepsFunctionTests {
        /// A step function evaluated at one time, with the value worked out by hand from the rule
        /// step = ⌊p·n⌋ (+1 for jump-start/both; −1 with the before flag on a jump; ≥ 0 once p ≥ 0;
        /// ≤ jumps while p ≤ 1), output = step / jumps.
        struct Case: Sendable, CustomTestStringConvertible {
            var count: Int
            var position: StepPosition
            var p: Double
            var before = false
            var expected: Double

            var testDescription: String {
                "steps(\(count), \(position.rawValue)) at \(p)\(before ? " before" : "")"
            }
        }

        static let cases: [Case] = [
            // jump-end (4 jumps): on a step, before flag, below 0 and above 1.
            Case(count: 4, position: .jumpEnd, p: 0, expected: 0),
            Case(count: 4, position: .jumpEnd, p: 0.25, expected: 0.25),
            Case(count: 4, position: .jumpEnd, p: 0.25, before: true, expected: 0),
            Case(count: 4, position: .jumpEnd, p: 0.3, expected: 0.25),
            Case(count: 4, position: .jumpEnd, p: 0.3, before: true, expected: 0.25),
            Case(count: 4, position: .jumpEnd, p: 0.999, expected: 0.75),
            Case(count: 4, position: .jumpEnd, p: 1, expected: 1),
            Case(count: 4, position: .jumpEnd, p: 1, before: true, expected: 0.75),
            Case(count: 4, position: .jumpEnd, p: -0.1, expected: -0.25),
            Case(count: 4, position: .jumpEnd, p: 1.5, expected: 1.5),
            // jump-start (4 jumps): the first jump at 0.
            Case(count: 4, position: .jumpStart, p: 0, expected: 0.25),
            Case(count: 4, position: .jumpStart, p: 0, before: true, expected: 0),
            Case(count: 4, position: .jumpStart, p: 0.25, expected: 0.5),
            Case(count: 4, position: .jumpStart, p: 0.25, before: true, expected: 0.25),
            Case(count: 4, position: .jumpStart, p: 0.99, expected: 1),
            Case(count: 4, position: .jumpStart, p: 1, expected: 1),
            Case(count: 4, position: .jumpStart, p: -0.1, expected: 0),
            Case(count: 4, position: .jumpStart, p: -0.3, expected: -0.25),
            Case(count: 4, position: .jumpStart, p: 1.1, expected: 1.25),
            // jump-none (3 steps, 2 jumps): flat at both ends.
            Case(count: 3, position: .jumpNone, p: 0, expected: 0),
            Case(count: 3, position: .jumpNone, p: 0.2, expected: 0),
            Case(count: 3, position: .jumpNone, p: 1.0 / 3.0, expected: 0.5),
            Case(count: 3, position: .jumpNone, p: 1.0 / 3.0, before: true, expected: 0),
            Case(count: 3, position: .jumpNone, p: 0.5, expected: 0.5),
            Case(count: 3, position: .jumpNone, p: 2.0 / 3.0, before: true, expected: 0.5),
            Case(count: 3, position: .jumpNone, p: 0.7, expected: 1),
            Case(count: 3, position: .jumpNone, p: 1, expected: 1),
            Case(count: 3, position: .jumpNone, p: 1, before: true, expected: 1),
            Case(count: 3, position: .jumpNone, p: -0.5, expected: -1),  // ⌊−1.5⌋ = −2, over 2 jumps
            Case(count: 3, position: .jumpNone, p: 1.5, expected: 2),
            // jump-both (3 steps, 4 jumps): a jump at each end.
            Case(count: 3, position: .jumpBoth, p: 0, expected: 0.25),
            Case(count: 3, position: .jumpBoth, p: 0, before: true, expected: 0),
            Case(count: 3, position: .jumpBoth, p: 0.5, expected: 0.5),
            Case(count: 3, position: .jumpBoth, p: 1, expected: 1),
            Case(count: 3, position: .jumpBoth, p: 1, before: true, expected: 0.75),
            Case(count: 3, position: .jumpBoth, p: -0.5, expected: -0.25),
            Case(count: 3, position: .jumpBoth, p: 1.5, expected: 1.25),
            // A decimal time on a step: 0.7 · 10 is 7 in double arithmetic, as in browsers.
            Case(count: 10, position: .jumpEnd, p: 0.7, expected: 0.7),
            Case(count: 10, position: .jumpEnd, p: 0.7, before: true, expected: 0.6),
            Case(count: 1, position: .jumpEnd, p: 0.5, expected: 0),
            Case(count: 1, position: .jumpStart, p: 0.5, expected: 1),
        ]

        @Test("values worked out by hand from the CSS rule", arguments: cases)
        func rule(_ c: Case) {
            let function = StepsFunction(count: c.count, position: c.position)
            #expect(function.progress(at: c.p, before: c.before) == c.expected)
            if !c.before {
                #expect(function.progress(at: c.p) == c.expected)
            }
        }

        @Test("every output in [0, 1] is a multiple of 1/jumps and never decreases", arguments: StepPosition.allCases)
        func staircase(position: StepPosition) {
            for count in 2...12 {
                let function = StepsFunction(count: count, position: position)
                let jumps = Double(count + (position == .jumpBoth ? 1 : position == .jumpNone ? -1 : 0))
                var previous = -Double.infinity
                for i in 0...1000 {
                    let value = function.progress(at: Double(i) / 1000)
                    #expect((value * jumps).rounded() == value * jumps)
                    #expect((0...1).contains(value) && value >= previous)
                    previous = value
                }
            }
        }
    }
}
