import Foundation
import TransDBCore

/// A timing curve's samples as a plot in one SVG image: progress over normalised time, with axes,
/// the lines of progress 0 and 1 and of time 0 and 1, and the curve's expression as the title.
/// Deterministic (numbers rounded to 3 decimals), and plain SVG 1.1 without scripts or external
/// references, so it renders in a browser and in a code host's README. `transdb sample --format svg`
/// writes it.
///
/// The curve is a `<polyline data-curve>` through the samples in order of time (a sample whose
/// progress is not finite is left out), each sample also a `<circle data-sample>`. The plot area is
/// `<rect data-plot-area x y width height>` and carries the ranges it shows as `data-at="LOW HIGH"`
/// (normalised time, left to right) and `data-progress="LOW HIGH"` (bottom to top): always [0, 1],
/// stretched to every sample's time and progress and widened outwards to 3 decimals, so a point's
/// values are read back exactly from its position.
public struct CurvePlotSVG: Sendable {
    /// The samples.
    public var samples: CurveSamples
    /// The image's width in pixels.
    public var width: Double
    /// The image's height in pixels.
    public var height: Double

    /// A plot of `samples`.
    public init(_ samples: CurveSamples, width: Double = 480, height: Double = 320) {
        self.samples = samples
        self.width = width
        self.height = height
    }

    /// The plotted points, `(at, progress)`, in order of time; a sample whose progress is not
    /// finite is left out.
    public var points: [(at: Double, progress: Double)] {
        samples.samples.enumerated().filter { $0.element.progress.isFinite }
            .sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
            .map { (at: $0.element.at, progress: $0.element.progress) }
    }

    /// The range of normalised time shown: [0, 1] stretched to every point, widened to 3 decimals.
    public var atRange: ClosedRange<Double> { Self.range(points.map(\.at)) }

    /// The range of progress shown: [0, 1] stretched to every point, widened to 3 decimals.
    public var progressRange: ClosedRange<Double> { Self.range(points.map(\.progress)) }

    private static func range(_ values: [Double]) -> ClosedRange<Double> {
        let low = (min(0, values.min() ?? 0) * 1000).rounded(.down) / 1000
        let high = (max(1, values.max() ?? 1) * 1000).rounded(.up) / 1000
        return low...high
    }

    /// The image.
    public var svg: String {
        let left = 56.0
        let right = 20.0
        let top = 40.0
        let bottom = 44.0
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let at = atRange
        let progress = progressRange
        func x(_ value: Double) -> Double { left + (value - at.lowerBound) / (at.upperBound - at.lowerBound) * plotWidth }
        func y(_ value: Double) -> Double {
            top + (progress.upperBound - value) / (progress.upperBound - progress.lowerBound) * plotHeight
        }
        let title = PreviewPage.escaped(samples.heading)
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" viewBox="0 0 \(n(width)) \(n(height))" \
            font-family="sans-serif" font-size="11">
            <title>\(title)</title>
            <rect width="\(n(width))" height="\(n(height))" fill="#fff"/>
            <text x="\(n(left))" y="22" font-size="13" fill="#1f2328">\(title)</text>
            <rect data-plot-area="" x="\(n(left))" y="\(n(top))" width="\(n(plotWidth))" height="\(n(plotHeight))" \
            data-at="\(n(at.lowerBound)) \(n(at.upperBound))" data-progress="\(n(progress.lowerBound)) \(n(progress.upperBound))" \
            fill="#f6f8fa" stroke="#8c959f" stroke-width="1"/>

            """
        // The lines of progress 0 and 1 and of time 0 and 1, labelled.
        for value in [0.0, 1.0] {
            out += """
                <line x1="\(n(left))" y1="\(n(y(value)))" x2="\(n(left + plotWidth))" y2="\(n(y(value)))" stroke="#8c959f" stroke-dasharray="4 3"/>
                <text x="\(n(left - 6))" y="\(n(y(value) + 4))" text-anchor="end" fill="#57606a">\(n(value))</text>
                <line x1="\(n(x(value)))" y1="\(n(top))" x2="\(n(x(value)))" y2="\(n(top + plotHeight))" stroke="#8c959f" stroke-dasharray="4 3"/>
                <text x="\(n(x(value)))" y="\(n(top + plotHeight + 16))" text-anchor="middle" fill="#57606a">\(n(value))</text>

                """
        }
        let axisTitle = "normalised time" + (samples.duration.map { " (1 = \($0.formatted(digits: 4)) s)" } ?? "")
        out += """
            <text x="\(n(left + plotWidth / 2))" y="\(n(height - 8))" text-anchor="middle" fill="#57606a">\(axisTitle)</text>
            <text x="14" y="\(n(top + plotHeight / 2))" text-anchor="middle" fill="#57606a" \
            transform="rotate(-90 14 \(n(top + plotHeight / 2)))">progress</text>

            """
        let points = points
        let coordinates = points.map { "\(n(x($0.at))),\(n(y($0.progress)))" }
        out += """
            <polyline data-curve="" points="\(coordinates.joined(separator: " "))" fill="none" stroke="#2563eb" stroke-width="2" \
            stroke-linejoin="round"/>

            """
        for point in points {
            out += "<circle data-sample=\"\" cx=\"\(n(x(point.at)))\" cy=\"\(n(y(point.progress)))\" r=\"2.5\" fill=\"#2563eb\"/>\n"
        }
        return out + "</svg>\n"
    }

    /// A number rounded to 3 decimals, as the image writes it.
    private func n(_ value: Double) -> String { value.formatted(digits: 3) }
}
