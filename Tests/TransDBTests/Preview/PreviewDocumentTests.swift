import Foundation
import GRDB
import Testing
@testable import TransDB
@testable import TransDBCore

/// The data a preview page embeds, built in the library.
@Suite("Preview documents")
struct PreviewDocumentTests {
    static func catalog() throws -> Catalog { try Catalog(DatabaseQueue(), seed: true) }

    @Test("columns: any number of views, each one more track list; reading rows back gives the samples")
    func columnsOfAnyViews() throws {
        func view(_ x: Double) -> JSONValue { .object([("x", .number(x)), ("alpha", .number(1)), ("zIndex", .integer(0))]) }
        let samples: [JSONValue] = [0.0, 0.5].map { t in
            .object([
                ("time", .number(t)), ("progress", .number(t * 2)), ("from", view(t)), ("to", view(t + 1)), ("shared", view(t + 2)),
                ("dimming", .number(0)),
            ])
        }
        let document = JSONValue.object([("animator", .string("a/b")), ("notes", .array([])), ("samples", .array(samples))])
        let columns = PreviewSampling.columns(of: document, rate: 240)
        #expect(
            columns.compact
                == #"{"animator":"a/b","notes":[],"fps":240,"time":[0,0.5],"progress":[0,1],"dimming":[0,0],"views":["#
                + #"{"name":"from","tracks":{"x":[0,0.5],"alpha":[1,1],"zIndex":[0,0]}},"#
                + #"{"name":"to","tracks":{"x":[1,1.5],"alpha":[1,1],"zIndex":[0,0]}},"#
                + #"{"name":"shared","tracks":{"x":[2,2.5],"alpha":[1,1],"zIndex":[0,0]}}]}"#)
    }

    @Test("a clip's columns are its eval document's samples, at its rate")
    func clipColumns() throws {
        let catalog = try Self.catalog()
        let document = try catalog.previewPreset(
            QualifiedName(library: "motion", name: "zoom"), context: TransitionContext(), gesture: nil, rate: 240)
        let clip = try #require(document.clips.first)
        #expect(clip.times == clip.timeline.frameTimes(fps: 240))
        // The spring is given by its physics: the timeline runs past the preset's 0.4 s until it settles,
        // and the clip samples all of it (one frame more when the completion changes a view).
        #expect(clip.facts.animationDuration == 0.4)
        #expect(clip.timeline.duration > 0.4)
        #expect(
            clip.times.count
                == Int((clip.timeline.duration * 240).rounded(.up)) + 1 + (clip.timeline.animation.hasCompletionValues ? 1 : 0))
        guard case let .object(fields) = clip.record, case let .object(timeline)? = fields.first(where: { $0.0 == "timeline" })?.1 else {
            Issue.record("no timeline")
            return
        }
        #expect(
            timeline.map(\.0) == [
                "animator", "played", "systemDefault", "operation", "duration", "notes", "fps", "time", "progress", "shared", "dimming",
                "views",
            ])
        #expect(clip.facts.curveName == "motion/gentleSpring")
        #expect(clip.facts.curveExpression == "spring(duration: 0.5, bounce: 0.1)")
    }

    @Test("a sampling rate below 240 or above 2000 per second is refused", arguments: [0, 60, 239.9, 2001, .infinity])
    func rates(rate: Double) throws {
        let catalog = try Self.catalog()
        #expect(throws: PreviewError.samplingRate(rate)) {
            try catalog.previewPreset(
                QualifiedName(library: "motion", name: "zoom"), context: TransitionContext(), gesture: nil, rate: rate)
        }
        #expect(PreviewError.samplingRate(rate).description.contains("from 240 to 2000 per second"))
    }

    @Test("the page escapes every < in its data and its title, and is the same bytes each time")
    func pageEscaping() throws {
        let catalog = try Self.catalog()
        let hostile = "</script><!--<b>"
        var document = try catalog.previewPreset(
            QualifiedName(library: "motion", name: "fade"), context: TransitionContext(), gesture: nil, rate: 240)
        document.title = hostile
        document.clips[0].title = hostile
        let page = String(decoding: PreviewPage.html(document), as: UTF8.self)
        #expect(!page.contains(hostile))
        #expect(page.contains("<title>&lt;/script&gt;&lt;!--&lt;b&gt; · transdb preview</title>"))
        #expect(page.contains(#""title":"\u003c/script>\u003c!--\u003cb>""#))
        #expect(PreviewPage.html(document) == PreviewPage.html(document))
    }

    @Test("the route table resolves wildcards through a screen that has the delegate, or says why it cannot")
    func routeTable() throws {
        let catalog = try Self.catalog()
        let document = try catalog.previewIndex(libraries: ["demo"], context: TransitionContext(), rate: 240)
        guard case let .index(index) = document.content else {
            Issue.record("not an index")
            return
        }
        #expect(index.routes.count == (try catalog.routes(library: "demo")).count)
        let wildcard = try #require(
            index.routes.first { route in
                route.request?.operation == .present && route.note?.contains("* stands for '\(PreviewRouteTable.anyScreen)'") == true
            })
        #expect(wildcard.request?.from == PreviewRouteTable.anyScreen)
        #expect(wildcard.resolution != nil)
        #expect(index.cards == 0)  // demo has no presets: every clip is what a route plays, once per answer
        #expect(document.clips.map(\.title).contains("present: motion/zoom"))
        #expect(document.clips.map(\.title).contains("present: nil → crossDissolve"))
        #expect(Set(document.clips.map(\.title)).count == document.clips.count)
        #expect(index.routes.allSatisfy { $0.clip != nil })
    }

    @Test("a bundle source looks bare names up across its libraries and refuses an ambiguous one")
    func bundleSource() throws {
        let curve = NamedCurve(library: "a", name: "snap", curve: .linear)
        var b = LibraryBundle(library: Library(name: "b"), curves: [curve])
        b.curves[0].library = "b"
        let source = BundlePresetSource(bundles: [LibraryBundle(library: Library(name: "a"), curves: [curve]), b])
        #expect(try source.timingCurve(.named(QualifiedName(library: "a", name: "snap"))) == .linear)
        #expect(throws: LookupError.self) { try source.timingCurve(.named(QualifiedName(library: nil, name: "snap"))) }
        #expect(throws: LookupError.notFound(kind: .preset, name: "a/x", suggestion: nil)) {
            try source.preset(named: QualifiedName(library: "a", name: "x"))
        }
    }
}
