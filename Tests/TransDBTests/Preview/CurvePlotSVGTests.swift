import Foundation
import Testing
import TransDBTestSupport
@testable import TransDB
@testable import TransDBCore

/// Curve plots: plain, deterministic SVG whose ranges hold [0, 1] and every sample.
@Suite("Curve plots")
struct CurvePlotSVGTests {
    /// A spring that overshoots (ζ ≈ 0.3).
    static func overshooting() throws -> TimingCurve { try TimingCurve(expression: "spring(mass: 1, stiffness: 180, damping: 8)") }

    @Test("the image is plain SVG: no script, no external reference, and the same bytes each time")
    func plain() throws {
        let samples = CurveSamples(curve: try Self.overshooting(), at: CurveSamples.evenlySpaced(intervals: 40))
        let svg = CurvePlotSVG(samples).svg
        #expect(svg == CurvePlotSVG(samples).svg)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        for forbidden in ["<script", "href", "<image", "<foreignObject", "url(http"] {
            #expect(!svg.contains(forbidden))
        }
        let image = try SVGElements(svg)
        #expect(image.elements(with: "data-curve").count == 1)
        #expect(image.elements(with: "data-sample").count == 41)
        #expect(svg.contains("<title>\(samples.curve.expression) over "))
    }

    @Test("the ranges hold [0, 1] and the overshoot, widened outwards to 3 decimals")
    func ranges() throws {
        let samples = CurveSamples(curve: try Self.overshooting(), at: CurveSamples.evenlySpaced(intervals: 200) + [-0.1234])
        let plot = CurvePlotSVG(samples)
        let highest = try #require(samples.samples.map(\.progress).max())
        #expect(highest > 1)
        #expect(plot.progressRange.upperBound >= highest && plot.progressRange.upperBound - highest < 0.001)
        #expect(plot.progressRange.lowerBound == 0)
        #expect(plot.atRange == -0.124...1)
        // The points are in order of time, whatever the order of the samples.
        #expect(plot.points.map(\.at) == plot.points.map(\.at).sorted())
        #expect(plot.points.first?.at == -0.1234)
    }

    @Test("a linear curve over [0, 1] is the plot area's diagonal")
    func diagonal() throws {
        let plot = CurvePlotSVG(CurveSamples(curve: .linear, at: [0, 0.5, 1]))
        let image = try SVGElements(plot.svg)
        let area = try #require(image.elements(with: "data-plot-area").first)
        let (x, y, width, height) = (area.number("x") ?? 0, area.number("y") ?? 0, area.number("width") ?? 0, area.number("height") ?? 0)
        let curve = try #require(image.elements(with: "data-curve").first)
        #expect(
            curve.attributes["points"]
                == [(x, y + height), (x + width / 2, y + height / 2), (x + width, y)].map {
                    "\($0.0.formatted(digits: 3)),\($0.1.formatted(digits: 3))"
                }.joined(separator: " "))
        #expect(area.attributes["data-at"] == "0 1" && area.attributes["data-progress"] == "0 1")
    }
}
