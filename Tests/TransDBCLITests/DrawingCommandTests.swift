import Foundation
import Testing
import TransDBTestSupport

/// `transdb eval --format svg` (a filmstrip) and `transdb sample --format svg` (a curve plot): what
/// they draw is what `--format json` prints.
@Suite("transdb eval and sample --format svg")
struct DrawingCommandTests {
    @Test(
        "eval --format svg: every view's rectangle is eval --format json's at the frame's time, in a frame scaled to its width",
        arguments: [
            ["samples/szPresent"], ["samples/customTransition", "--frames", "5"], ["motion/pushLeft", "--op", "pop", "--frames", "1"],
            ["motion/zoom", "--screen", "320x568", "--origin", "20,40,60,80"], ["motion/flipLeft", "--frames", "9"],
            ["samples/szPresent", "--origin", "24,140,120,90", "--target", "0,64,375,280", "--at", "0.25", "--at", "0.7"],
            ["--op", "present", "--from", "Feed", "--to", "Detail"],
            ["--op", "dismiss", "--from", "Detail", "--to", "Feed", "--gesture", "update 0.3@0.1, release@0.2", "--frames", "4"],
        ])
    func filmstripIsEval(arguments: [String]) throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let drawn = try cli(["eval"] + arguments + ["--format", "svg"])
        expectSuccess(drawn)
        let image = try SVGElements(drawn.stdout)

        // The frames' times: each --at, else --frames (8 by default) evenly spaced over the duration.
        let (context, frames, at) = Self.split(arguments)
        let start = try cli(["eval"] + context + ["--at", "0", "--format", "json"]).jsonObject()
        let duration = try #require(start["duration"] as? Double)
        let times = at.isEmpty ? (0..<frames).map { frames == 1 ? 0 : duration * Double($0) / Double(frames - 1) } : at
        let eval = try cli(["eval"] + context + times.flatMap { ["--at", "\($0)"] } + ["--format", "json"])
        expectSuccess(eval)
        let samples = try #require(try eval.jsonObject()["samples"] as? [[String: Any]])
        try #require(samples.count == times.count)

        // The clip path's rect is the container, in points.
        let clip = try #require(image.elements.first { $0.name == "rect" && $0.enclosingTransforms.isEmpty })
        let containerWidth = try #require(clip.number("width"))
        let rects = image.elements(with: "data-view")
        for (index, (time, sample)) in zip(times, samples).enumerated() {
            let inFrame = rects.filter { abs(($0.number("data-time") ?? .nan) - time) <= 0.0005 }
            var expected = ["from", "to"] + (sample["shared"] is [String: Any] ? ["shared"] : [])
            for name in expected {
                let view = try #require(sample[name] as? [String: Any])
                // A view turned past 90° about the vertical axis faces away and is not drawn.
                if cos((view["rotationY"] as? Double ?? 0) * .pi / 180) <= 1e-9 { expected.removeAll { $0 == name } }
            }
            #expect(inFrame.map { $0.attributes["data-view"] ?? "" }.sorted() == expected.sorted(), "\(arguments) at \(time)")
            for rect in inFrame {
                let name = rect.attributes["data-view"] ?? ""
                let view = try #require(sample[name] as? [String: Any])
                for (attribute, key) in [("x", "x"), ("y", "y"), ("width", "width"), ("height", "height"), ("opacity", "alpha")] {
                    let value = try #require(rect.number(attribute), "\(name) has no \(attribute)")
                    let engine = try #require(view[key] as? Double)
                    #expect(abs(value - engine) <= 0.001, "\(arguments) \(name).\(key) at \(time): drawn \(value), eval \(engine)")
                }
                // The frame: the index-th from the left, the container scaled to 96 pixels wide.
                let frame = SVGElements.translationAndScale(rect.enclosingTransforms)
                #expect(abs(frame.dx - Double(index) * 108) <= 0.001 && frame.dy == 0, "\(name) at \(time) in frame \(frame)")
                #expect(abs(frame.scale - 96 / containerWidth) <= 0.0005, "scale \(frame.scale) for a container \(containerWidth) wide")
            }
        }
        let labels = drawn.stdout.components(separatedBy: " s</text>").count - 1
        #expect(labels == times.count, "a time under each frame")
    }

    /// `arguments` less `--frames N` and each `--at T`, with the frame count and the times.
    static func split(_ arguments: [String]) -> (context: [String], frames: Int, at: [Double]) {
        var context: [String] = []
        var frames = 8
        var at: [Double] = []
        var words = arguments[...]
        while let word = words.popFirst() {
            switch word {
            case "--frames": frames = Int(words.popFirst() ?? "") ?? 0
            case "--at": at.append(Double(words.popFirst() ?? "") ?? .nan)
            default: context.append(word)
            }
        }
        return (context, frames, at)
    }

    @Test(
        "sample --format svg: the curve's points are sample --format json's, read back from the plot's axes",
        arguments: [
            ["cubic-bezier(0.42, 0, 0.58, 1)", "--count", "10"], ["uikit/caSpringDefault"], ["coreanimation/easeOut"],
            ["spring(mass: 1, stiffness: 180, damping: 8)", "--count", "60"],
            ["linear", "--at", "0.5", "--at", "-0.25", "--at", "1.75", "--at", "0"],
        ])
    func plotIsSample(arguments: [String]) throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let drawn = try cli(["sample"] + arguments + ["--format", "svg"])
        expectSuccess(drawn)
        let json = try cli(["sample"] + arguments + ["--format", "json"]).jsonObject()
        let samples = try #require(json["samples"] as? [[String: Any]])
        let expected = samples.compactMap { sample -> (Double, Double)? in
            guard let at = sample["at"] as? Double, let progress = sample["progress"] as? Double else { return nil }
            return (at, progress)
        }.sorted { $0.0 < $1.0 }

        let image = try SVGElements(drawn.stdout)
        let area = try #require(image.elements(with: "data-plot-area").first)
        let left = try #require(area.number("x"))
        let top = try #require(area.number("y"))
        let width = try #require(area.number("width"))
        let height = try #require(area.number("height"))
        let atRange = (area.attributes["data-at"] ?? "").split(separator: " ").compactMap { Double($0) }
        let progressRange = (area.attributes["data-progress"] ?? "").split(separator: " ").compactMap { Double($0) }
        try #require(atRange.count == 2 && progressRange.count == 2)
        // The ranges hold [0, 1] and every sample.
        #expect(atRange[0] <= 0 && atRange[1] >= 1 && progressRange[0] <= 0 && progressRange[1] >= 1)
        #expect(expected.allSatisfy { (atRange[0]...atRange[1]).contains($0.0) && (progressRange[0]...progressRange[1]).contains($0.1) })

        func readBack(_ x: Double, _ y: Double) -> (Double, Double) {
            (
                atRange[0] + (x - left) / width * (atRange[1] - atRange[0]),
                progressRange[1] - (y - top) / height * (progressRange[1] - progressRange[0])
            )
        }
        // A drawn coordinate is rounded to 0.0005 pixels: that much, in the units of each axis.
        let atTolerance = 0.001 + 0.0005 / width * (atRange[1] - atRange[0])
        let progressTolerance = 0.001 + 0.0005 / height * (progressRange[1] - progressRange[0])
        let curve = try #require(image.elements(with: "data-curve").first)
        let points = (curve.attributes["points"] ?? "").split(separator: " ").map { pair in
            pair.split(separator: ",").compactMap { Double($0) }
        }
        let dots = image.elements(with: "data-sample").map { [$0.number("cx") ?? .nan, $0.number("cy") ?? .nan] }
        for (name, drawnPoints) in [("curve", points), ("dots", dots)] {
            try #require(drawnPoints.count == expected.count, "\(name): \(drawnPoints.count) points for \(expected.count) samples")
            for (point, (at, progress)) in zip(drawnPoints, expected) {
                try #require(point.count == 2)
                let (readAt, readProgress) = readBack(point[0], point[1])
                #expect(abs(readAt - at) <= atTolerance, "\(name): at \(readAt) drawn, \(at) sampled")
                #expect(
                    abs(readProgress - progress) <= progressTolerance,
                    "\(name) at \(at): progress \(readProgress) drawn, \(progress) sampled")
            }
        }
        let curveText = try #require(json["curve"] as? String)
        #expect(drawn.stdout.contains("<title>\(curveText)"), "the expression is the title")
    }

    @Test(
        "the same arguments draw the same bytes: plain SVG, no script, no external reference",
        arguments: [
            ["eval", "samples/szPresent", "--format", "svg"],
            ["eval", "--op", "push", "--from", "Feed", "--to", "Settings", "--container", "MainNav", "--format", "svg"],
            ["sample", "uikit/caSpringDefault", "--format", "svg"],
        ])
    func deterministic(arguments: [String]) throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let first = try cli(arguments)
        expectSuccess(first)
        #expect(try cli(arguments).stdout == first.stdout)
        #expect(first.stdout.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        for forbidden in ["<script", "href", "<image", "<foreignObject", "url(http", "onload"] {
            #expect(!first.stdout.contains(forbidden), "\(forbidden)")
        }
        // Every number of the drawing (the attributes; text such as the title aside) has at most 3 decimals.
        let markup = first.stdout.replacingOccurrences(of: #">[^<]*<"#, with: "><", options: .regularExpression)
        #expect(markup.range(of: #"\d\.\d{4}"#, options: .regularExpression) == nil)
    }

    @Test(
        "bad arguments: exactly one line naming the value, exit 64",
        arguments: [
            (
                ["eval", "motion/zoom", "--format", "svg", "--frames", "0"],
                "--frames must be a whole number from 1 to 1000, got 0"
            ),
            (
                ["eval", "motion/zoom", "--format", "svg", "--frames", "1001"],
                "--frames must be a whole number from 1 to 1000, got 1001"
            ),
            (["eval", "motion/zoom", "--frames", "4"], "--frames is for --format svg"),
            (["eval", "motion/zoom", "--frames", "4", "--format", "json"], "--frames is for --format svg"),
            (["eval", "motion/zoom", "--format", "svg", "--frames", "4", "--at", "0.1"], "give --frames or --at, not both"),
            (
                ["eval", "motion/zoom", "--format", "svg", "--fps", "30"],
                "--fps is for table, json, ndjson and csv; --format svg draws --frames frames"
            ),
            (
                ["list", "presets", "--format", "svg"],
                "the value 'svg' is invalid for '--format <format>': expected one of 'table', 'json', 'ndjson' or 'csv'; svg is for 'transdb eval' and 'transdb sample'"
            ),
            (
                ["resolve", "--op", "present", "--from", "Feed", "--to", "Detail", "--format=svg"],
                "the value 'svg' is invalid for '--format <format>': expected one of 'table', 'json', 'ndjson' or 'csv'; svg is for 'transdb eval' and 'transdb sample'"
            ),
            (["preview", "motion/zoom", "--format", "svg"], "unknown option '--format' for 'transdb preview'"),
            (
                ["sample", "linear", "--format", "png"],
                "the value 'png' is invalid for '--format <format>': expected one of 'table', 'json', 'ndjson', 'csv' or 'svg'"
            ),
        ] as [([String], String)])
    func badArguments(arguments: [String], message: String) throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let result = try cli(arguments)
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "transdb: error: \(message) (see 'transdb \(arguments[0]) --help')\n")
    }
}
