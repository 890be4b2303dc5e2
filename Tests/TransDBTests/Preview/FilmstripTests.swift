import Foundation
import GRDB
#if canImport(FoundationXML)
    import FoundationXML
#endif
import Testing
@testable import TransDB
@testable import TransDBCore

/// Filmstrips: every view's rectangle is the engine's, and the README's images are current.
@Suite("Filmstrips")
struct FilmstripTests {
    /// The animators of the seed documents, in the `samples` library.
    static let seedAnimators = ["hsLeftPresent", "customTransition", "popAnimator", "customAnimatedTransitioning", "szPresent"]

    /// `docs/filmstrips` at the package root, found from this file.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/filmstrips")

    static func timeline(_ name: String) throws -> Timeline {
        let catalog = try Catalog(DatabaseQueue(), seed: true)
        return try catalog.timeline(preset: QualifiedName(library: "samples", name: name), context: TransitionContext(), gesture: nil)
    }

    @Test("the README's filmstrips are current (TRANSDB_RECORD_DOCS=1, or Scripts/generate-docs.sh, writes them)", arguments: seedAnimators)
    func docsAreCurrent(name: String) throws {
        let svg = Filmstrip(try Self.timeline(name)).svg
        let url = Self.directory.appendingPathComponent("\(name).svg")
        if ProcessInfo.processInfo.environment["TRANSDB_RECORD_DOCS"] == "1" {
            try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
            try Data(svg.utf8).write(to: url)
            return
        }
        let committed = try #require(FileManager.default.contents(atPath: url.path), "no \(url.path): run Scripts/generate-docs.sh")
        #expect(String(decoding: committed, as: UTF8.self) == svg, "\(url.path) is out of date: run Scripts/generate-docs.sh")
    }

    @Test("every view's rectangle and opacity is the engine's at the frame's time", arguments: seedAnimators + ["motionFlip"])
    func rectanglesAreTheEngines(name: String) throws {
        let timeline =
            name == "motionFlip"
            ? try Catalog(DatabaseQueue(), seed: true).timeline(
                preset: QualifiedName(library: "motion", name: "flipLeft"), context: TransitionContext(), gesture: nil)
            : try Self.timeline(name)
        let filmstrip = Filmstrip(timeline, frames: 6)
        let rects = try Self.rects(in: filmstrip.svg)
        #expect(Set(rects.map(\.time)).count == 6)
        #expect(filmstrip.times.first == 0 && filmstrip.times.last == timeline.duration)
        for rect in rects {
            let sample = timeline.sample(at: rect.time)
            let view =
                switch rect.view {
                case "from": sample.from
                case "to": sample.to
                default: try #require(sample.shared, "\(name): a \(rect.view) rect, and no shared element at \(rect.time)")
                }
            #expect(["from", "to", "shared"].contains(rect.view))
            for (drawn, expected) in [
                (rect.x, view.x), (rect.y, view.y), (rect.width, view.width), (rect.height, view.height), (rect.opacity, view.alpha),
            ] {
                #expect(abs(drawn - expected) <= 0.0005, "\(name) \(rect.view) at \(rect.time): \(drawn) vs \(expected)")
            }
        }
        // A view is left out only when it faces away (a flip past 90°).
        for time in filmstrip.times {
            let sample = timeline.sample(at: Double(time.formatted(digits: 3)) ?? time)
            let drawn = Set(rects.filter { abs($0.time - time) < 0.001 }.map(\.view))
            for (name, view) in [("from", sample.from), ("to", sample.to)] + (sample.shared.map { [("shared", $0)] } ?? []) {
                #expect(drawn.contains(name) == (cos(view.rotationY * .pi / 180) > 1e-9), "\(name) at \(time)")
            }
        }
    }

    @Test("the image is plain SVG: no script, no external reference, and the same bytes each time")
    func plain() throws {
        let timeline = try Self.timeline("popAnimator")
        let svg = Filmstrip(timeline).svg
        #expect(svg == Filmstrip(timeline).svg)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        for forbidden in ["<script", "href", "<image", "<foreignObject", "url(http"] {
            #expect(!svg.contains(forbidden))
        }
        #expect(XMLParser(data: Data(svg.utf8)).parse(), "not well-formed XML")
    }

    struct Rect {
        var view: String
        var time: Double
        var x, y, width, height, opacity: Double
    }

    static func rects(in svg: String) throws -> [Rect] {
        let pattern =
            #"<rect data-view="(\w+)" data-time="([^"]+)" x="([^"]+)" y="([^"]+)" width="([^"]+)" height="([^"]+)" rx="[^"]+" fill="[^"]+" opacity="([^"]+)""#
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { match in
            func group(_ i: Int) -> String { Range(match.range(at: i), in: svg).map { String(svg[$0]) } ?? "" }
            func number(_ i: Int) -> Double { Double(group(i)) ?? .nan }
            return Rect(
                view: group(1), time: number(2), x: number(3), y: number(4), width: number(5), height: number(6), opacity: number(7))
        }
    }
}
