import Foundation
@testable import TransDBCore

extension EngineCurves {
    /// The golden vectors of `Fixtures/golden`, computed with 50–60 digit arithmetic (see
    /// `timing-math.md`). Loading returns nil on failure so that argument lists can be built
    /// without a forced `try`; `GoldenVectorTests` checks that both files load.
    enum Golden {
        static let bezier: BezierFile? = load("bezier")
        static let spring: SpringFile? = load("spring")

        private static func load<File: Decodable>(_ name: String) -> File? {
            guard let resources = Bundle.module.resourceURL,
                let data = try? Data(contentsOf: resources.appendingPathComponent("Fixtures/golden/\(name).json"))
            else { return nil }
            return try? JSONDecoder().decode(File.self, from: data)
        }

        struct BezierFile: Decodable, Sendable {
            var tolerance: Double
            var curves: [Curve]

            struct Curve: Decodable, Sendable {
                var name: String
                var controlPoints: Points
                var samples: [Sample]
                var float32ControlPoints: Points
                var samplesFloat32ControlPoints: [Sample]
                var extrapolatedCSSTangentRule: [Sample]

                enum CodingKeys: String, CodingKey {
                    case name
                    case controlPoints = "control_points"
                    case samples
                    case float32ControlPoints = "float32_control_points"
                    case samplesFloat32ControlPoints = "samples_float32_control_points"
                    case extrapolatedCSSTangentRule = "extrapolated_css_tangent_rule"
                }
            }

            struct Points: Decodable, Sendable {
                var x1: Double
                var y1: Double
                var x2: Double
                var y2: Double
            }

            struct Sample: Decodable, Sendable {
                var x: Double
                var y: Double
                /// The curve parameter, where the file gives it.
                var t: Double?
            }
        }

        struct SpringFile: Decodable, Sendable {
            var tolerance: Double
            var settlingDocCheck: SettlingCheck
            var springs: [Spring]
            var uikitMapping: UIKitMapping

            enum CodingKeys: String, CodingKey {
                case tolerance
                case settlingDocCheck = "settling_doc_check"
                case springs
                case uikitMapping = "uikit_duration_dampingRatio_mapping"
            }

            struct SettlingCheck: Decodable, Sendable {
                var mass: Double
                var stiffness: Double
                var damping: Double
                var formulaValue: Double

                enum CodingKeys: String, CodingKey {
                    case mass, stiffness, damping
                    case formulaValue = "formula_value"
                }
            }

            struct Spring: Decodable, Sendable {
                var mass: Double
                var stiffness: Double
                var damping: Double
                var initialVelocity: Double
                var dampingRatio: Double
                var omega0: Double
                var regime: String
                var samples: [Sample]
                var settlingDuration: Double?

                enum CodingKeys: String, CodingKey {
                    case mass, stiffness, damping, omega0, regime, samples
                    case initialVelocity = "initial_velocity"
                    case dampingRatio = "damping_ratio"
                    case settlingDuration = "uikit_settling_duration_eps1e-3"
                }
            }

            struct Sample: Decodable, Sendable {
                var t: Double
                var x: Double
                var v: Double
            }

            struct UIKitMapping: Decodable, Sendable {
                var cases: [UIKitCase]
            }

            struct UIKitCase: Decodable, Sendable {
                var duration: Double
                var dampingRatio: Double
                var initialVelocity: Double
                var mass: Double
                var omega0: Double
                var stiffness: Double
                var damping: Double
            }
        }
    }

    /// Whether `actual` is within `tolerance` of `expected`, scaled by |expected| once that
    /// exceeds 1 (a stiffness of 1000 carries three more digits before the point than a position).
    static func isClose(_ actual: Double, _ expected: Double, tolerance: Double) -> Bool {
        abs(actual - expected) <= tolerance * max(1, abs(expected))
    }
}
