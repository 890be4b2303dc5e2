import Testing
@testable import TransDBCore

extension EngineCurves {
    @Suite("Golden vectors: the fixture files load")
    struct GoldenVectorTests {
        @Test("bezier.json has its eight curves, each fully sampled")
        func bezierLoads() throws {
            let file = try #require(Golden.bezier)
            #expect(file.tolerance == 1e-12)
            #expect(file.curves.count == 8)
            for curve in file.curves {
                #expect(curve.samples.count == 21, "\(curve.name)")
                #expect(curve.samplesFloat32ControlPoints.count == 21, "\(curve.name)")
                #expect(curve.extrapolatedCSSTangentRule.count == 4, "\(curve.name)")
            }
        }

        @Test("spring.json has its six springs in all three regimes and the UIKit cases")
        func springLoads() throws {
            let file = try #require(Golden.spring)
            #expect(file.tolerance == 1e-12)
            #expect(file.springs.count == 6)
            #expect(Set(file.springs.map(\.regime)) == ["underdamped", "critically_damped", "overdamped"])
            #expect(file.springs.contains { $0.initialVelocity < 0 })
            #expect(file.uikitMapping.cases.count == 6)
            #expect(file.springs.allSatisfy { $0.samples.count == 21 })
        }
    }
}
