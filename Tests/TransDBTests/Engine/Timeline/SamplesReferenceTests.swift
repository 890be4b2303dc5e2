import Foundation
import GRDB
import Testing
import TransDB
import TransDBTestSupport
@testable import TransDBCore

/// The `samples` library against the seed documents' own code: `Fixtures/seeds/samples-reference.json`
/// is computed by `Scripts/seed-reference.py`, which follows each animator's
/// `animateTransition(using:)` line by line and shares no code with transdb.
@Suite("Seed samples against the seed code")
struct SamplesReferenceTests {
    struct Reference: Decodable, Sendable {
        var screen: [Double]
        var origin: [Double]
        var target: [Double]
        var cases: [Case]

        struct Case: Decodable, Sendable, CustomTestStringConvertible {
            var preset: String
            var operation: String
            var at: String
            var time: Double
            var from: View
            var to: View
            var shared: View?
            var testDescription: String { "\(preset) (\(operation)) at \(at)" }
        }

        struct View: Decodable, Sendable {
            var x: Double
            var y: Double
            var width: Double
            var height: Double
            var alpha: Double
            /// The transform's scale, for a view animated by a scale transform (PopAnimator).
            var scaleX: Double?
            var scaleY: Double?
        }
    }

    static let reference: Reference? = {
        guard let resources = Bundle.module.resourceURL,
            let data = try? Data(contentsOf: resources.appendingPathComponent("Fixtures/seeds/samples-reference.json"))
        else { return nil }
        return try? JSONDecoder().decode(Reference.self, from: data)
    }()

    static let catalog: Catalog? = try? Catalog(DatabaseQueue(), seed: true)

    @Test("the reference covers every samples preset at 0, 25, 50, 75, 100 % and after the end")
    func coverage() throws {
        let reference = try #require(Self.reference)
        let names = Set(try #require(Self.catalog).presets().filter { $0.library == "samples" }.map(\.qualifiedName.description))
        #expect(Set(reference.cases.map(\.preset)) == names)
        for name in names {
            #expect(reference.cases.filter { $0.preset == name }.map(\.at) == ["0%", "25%", "50%", "75%", "100%", "after"], "\(name)")
        }
    }

    @Test("every samples preset plays what its seed code does, to 1e-9 pt", arguments: reference?.cases ?? [])
    func matchesSeedCode(_ expected: Reference.Case) throws {
        let reference = try #require(Self.reference)
        let catalog = try #require(Self.catalog)
        let rect = { (r: [Double]) in Rect(x: r[0], y: r[1], width: r[2], height: r[3]) }
        let context = TransitionContext(
            container: Size(width: reference.screen[0], height: reference.screen[1]), origin: rect(reference.origin),
            target: rect(reference.target), operation: try #require(TransitionOperation(rawValue: expected.operation)))
        let timeline = try catalog.timeline(
            preset: try QualifiedName(parsing: expected.preset, field: "preset"), context: context, gesture: nil)
        let sample = timeline.sample(at: expected.time)
        func check(_ actual: ViewSample?, _ wanted: Reference.View?, _ role: String) {
            guard let wanted else {
                #expect(actual == nil, "\(role) should be absent")
                return
            }
            guard let actual else {
                Issue.record("\(role) is missing")
                return
            }
            for (label, a, b) in [
                ("x", actual.x, wanted.x), ("y", actual.y, wanted.y), ("width", actual.width, wanted.width),
                ("height", actual.height, wanted.height), ("alpha", actual.alpha, wanted.alpha),
            ] {
                #expect(abs(a - b) <= 1e-9, "\(role).\(label): \(a) ≠ \(b)")
            }
            #expect(abs(actual.scaleX - (wanted.scaleX ?? 1)) <= 1e-12, "\(role).scaleX: \(actual.scaleX)")
            #expect(abs(actual.scaleY - (wanted.scaleY ?? 1)) <= 1e-12, "\(role).scaleY: \(actual.scaleY)")
        }
        check(sample.from, expected.from, "from")
        check(sample.to, expected.to, "to")
        check(sample.shared, expected.shared, "shared")
    }

    @Test("PopAnimator's dismiss collapses at once on the spring, as the article shows, and never overshoots past full screen")
    func popAnimatorDismissWidths() throws {
        let catalog = try #require(Self.catalog)
        let context = TransitionContext(
            container: Size(width: 375, height: 667), origin: Rect(x: 24, y: 140, width: 120, height: 90), operation: .dismiss)
        let timeline = try catalog.timeline(
            preset: QualifiedName(library: "samples", name: "popAnimatorDismiss"), context: context, gesture: nil)
        // The view keeps its bounds; the transform scales it about its moving centre.
        let widths = [0.1, 0.25, 0.5, 0.75].map { t in timeline.sample(at: t).from.width * timeline.sample(at: t).from.scaleX }
        #expect(widths.map { $0.rounded() } == [204, 59, 133, 118])
        #expect(timeline.frameTimes(fps: 240).allSatisfy { timeline.sample(at: $0).from.width == 375 })
        #expect(timeline.frameTimes(fps: 240).allSatisfy { timeline.sample(at: $0).from.scaleX <= 1 + 1e-12 })
        // The tapped image stays hidden until the app's dismissCompletion shows it again.
        #expect(timeline.notes.contains("the source element at the origin rect is hidden while the transition runs"))
    }
}
