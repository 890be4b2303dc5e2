import Testing
@testable import TransDB
@testable import TransDBCore

/// Bundles read from files, without a catalog (lint, preview, diff pages): references to another
/// bundle's named durations and curves get their values, as `import` gives them.
@Suite("LibraryBundle.resolvingReferences")
struct ResolvedReferencesTests {
    static let motion = LibraryBundle(
        library: Library(name: "motion"),
        curves: [
            NamedCurve(library: "motion", name: "standard", curve: .cubicBezier(x1: 0.2, y1: 0, x2: 0, y2: 1)),
            NamedCurve(library: "motion", name: "enter", curve: .linear, aliasOf: QualifiedName(library: nil, name: "standard")),
        ],
        durations: [NamedDuration(library: "motion", name: "medium2", seconds: 0.3)])

    static let app = LibraryBundle(
        library: Library(name: "app"),
        curves: [NamedCurve(library: "app", name: "open", curve: .linear, aliasOf: QualifiedName(library: "motion", name: "enter"))],
        presets: [
            Preset(
                library: "app", name: "fade", kind: .fade, duration: 0.3, durationName: QualifiedName(library: nil, name: "medium2"),
                curve: .inline(.linear), tracks: ViewTracks()),
            Preset(
                library: "app", name: "cover", kind: .cover, duration: 0.4, durationName: QualifiedName(library: "motion", name: "missing"),
                curve: .inline(.linear), tracks: ViewTracks()),
        ])

    @Test("a duration and a curve alias of another bundle's library get its values; an unknown name is left as read")
    func resolves() {
        let resolved = LibraryBundle.resolvingReferences([Self.app, Self.motion])
        let app = resolved[0]
        #expect(app.presets[0].duration == 0.3)
        #expect(app.presets[1].duration == 0.4)
        // An alias of an alias of another library: the final target's curve.
        #expect(app.curves[0].curve == .cubicBezier(x1: 0.2, y1: 0, x2: 0, y2: 1))
        #expect(resolved[1].curves[0].curve == .cubicBezier(x1: 0.2, y1: 0, x2: 0, y2: 1))
        // Alone, the app bundle keeps what it was read with.
        #expect(LibraryBundle.resolvingReferences([Self.app]) == [Self.app])
    }

    @Test("a changed named duration reaches a preset of another bundle")
    func followsValues() {
        var motion = Self.motion
        motion.durations[0].seconds = 0.05
        let resolved = LibraryBundle.resolvingReferences([Self.app, motion])
        #expect(resolved[0].presets[0].duration == 0.05)
    }
}
