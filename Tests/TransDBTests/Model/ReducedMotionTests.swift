import GRDB
import Testing
import TransDB
import TransDBCore

/// Reduce Motion: the derivation by the HIG, and a named alternative kept by the catalog.
@Suite("Reduce Motion")
struct ReducedMotionTests {
    static func preset(_ kind: PresetKind, curve: TimingCurve = .linear, _ overrides: [String] = []) throws -> Preset {
        var draft = PresetDraft(kind: kind)
        draft.curve = curve.expression
        draft.overrides = try overrides.map(TrackOverride.init(parsing:))
        return try draft.preset(library: "t", name: "p")
    }

    @Test("a push becomes a cross-fade of the same views over the same duration")
    func pushBecomesCrossFade() throws {
        let push = try Self.preset(.push)
        let derived = ReducedMotion.derived(from: push, curve: .linear)
        #expect(derived.duration == push.duration && derived.delay == push.delay && derived.kind == .custom)
        #expect(derived.tracks.to.start.frame == .container && derived.tracks.to.end.frame == .container)
        #expect(derived.tracks.from.start.frame == .container && derived.tracks.from.end.frame == .container)
        #expect((derived.tracks.to.start.alpha, derived.tracks.to.end.alpha) == (0, 1))
        #expect((derived.tracks.from.start.alpha, derived.tracks.from.end.alpha) == (1, 0))
        #expect(!ReducedMotion.moves(derived.tracks.to) && !ReducedMotion.moves(derived.tracks.from))
    }

    @Test("a sheet's presenting view, still seen above the card at the end, stands without fading; a push's, covered, fades")
    func sheetKeepsPresentingView() throws {
        let sheet = try Self.preset(.sheet)
        let derived = ReducedMotion.derived(from: sheet, curve: .linear)
        #expect(derived.tracks.from.start == sheet.tracks.from.start)
        #expect(derived.tracks.from.end.frame == .container && derived.tracks.from.end.scaleX == 1)
        #expect(derived.tracks.from.end.alpha == 1 && derived.tracks.from.end.cornerRadius == sheet.tracks.from.end.cornerRadius)
        #expect((derived.tracks.to.start.alpha, derived.tracks.to.end.alpha) == (0, 1))
        let push = try Self.preset(.push)
        #expect(ReducedMotion.staysInSight(sheet.tracks) && !ReducedMotion.staysInSight(push.tracks))
        // A sheet whose card covers the whole container hides the presenting view: it fades.
        let full = try Self.preset(.sheet, ["to.end.frame=container"])
        #expect(!ReducedMotion.staysInSight(full.tracks))
        #expect(ReducedMotion.derived(from: full, curve: .linear).tracks.from.end.alpha == 0)
    }

    @Test("a flip and a zoom stand still at their resting state; a fade is kept as it is")
    func flipZoomFade() throws {
        for kind in [PresetKind.flip, .zoom] {
            let derived = ReducedMotion.derived(from: try Self.preset(kind), curve: .linear)
            #expect(derived.tracks.to.start.rotationY == 0 && derived.tracks.to.start.scaleX == 1)
            #expect(derived.tracks.to.start.frame == derived.tracks.to.end.frame)
        }
        let fade = try Self.preset(.fade)
        #expect(ReducedMotion.derived(from: fade, curve: .linear) == fade)
        // An alpha change of a view that does not move is kept.
        let dim = try Self.preset(.cover, ["from.end.alpha=0.5"])
        #expect(ReducedMotion.derived(from: dim, curve: .linear).tracks.from == dim.tracks.from)
    }

    @Test("a spring loses its bounce and keeps its settling time; a UIKit spring keeps its duration")
    func springsLoseBounce() throws {
        let bouncy = TimingCurve.spring(.perceptual(duration: 0.5, bounce: 0.3))
        let softened = try #require(ReducedMotion.withoutBounce(bouncy))
        let before = try #require(bouncy.springFacts)
        let after = try #require(softened.springFacts)
        #expect(abs(after.dampingRatio - 1) < 1e-12)
        #expect(abs((after.settlingDuration ?? 0) - (before.settlingDuration ?? 1)) < 1e-9)
        #expect(after.overshoot == 0)
        #expect(
            ReducedMotion.withoutBounce(.spring(.uikit(duration: 0.8, dampingRatio: 0.6, velocity: 0)))
                == .spring(.uikit(duration: 0.8, dampingRatio: 1, velocity: 0)))
        #expect(ReducedMotion.withoutBounce(.spring(.perceptual(duration: 0.5, bounce: 0))) == nil)
        #expect(ReducedMotion.withoutBounce(.linear) == nil)
    }

    @Test("the derivation is not sensible for a shared element that travels")
    func problems() throws {
        let shared = try Self.preset(.custom, ["shared.start.frame=origin", "shared.end.frame=target"])
        #expect(ReducedMotion.derivationProblems(shared).count == 1)
        #expect(ReducedMotion.derivationProblems(try Self.preset(.sheet)).isEmpty)
        let fade = try Self.preset(.fade)
        #expect(ReducedMotion.hasLargeMotion(shared) && !ReducedMotion.hasLargeMotion(fade))
    }

    @Test("a preset cannot be its own alternative")
    func notItself() throws {
        var draft = PresetDraft(kind: .push)
        draft.reducedMotion = "p"
        #expect(throws: ModelError.self) { try draft.preset(library: "t", name: "p") }
        draft.reducedMotion = "t/p"
        #expect(throws: ModelError.self) { try draft.preset(library: "t", name: "p") }
    }

    @Test("the catalog keeps a named alternative: export, import, rename, refusing its removal, resolve")
    func catalogKeepsIt() throws {
        let catalog = try Catalog(DatabaseQueue())
        var fade = PresetDraft(kind: .fade)
        fade.duration = 0.3
        try catalog.addPreset(try fade.preset(library: "t", name: "calm"))
        var push = PresetDraft(kind: .push)
        push.reducedMotion = "calm"
        try catalog.addPreset(try push.preset(library: "t", name: "slide"))
        #expect(
            try catalog.preset(named: QualifiedName(library: "t", name: "slide")).reducedMotion == QualifiedName(library: "t", name: "calm")
        )
        // A bundle writes it, and reading the bundle gives it back.
        let text = BundleFormat.encode(try catalog.bundle(library: "t"))
        #expect(text.contains(#""reducedMotion": "calm""#))
        let copy = try Catalog(DatabaseQueue())
        _ = try copy.importBundles([(bundle: try BundleFormat.decode(Array(text.utf8), file: "t.json"), file: "t.json")], policy: .fail)
        #expect(try copy.bundle(library: "t") == (try catalog.bundle(library: "t")))
        // Renaming the alternative is followed; removing it is refused while it is named.
        _ = try catalog.rename(.preset, QualifiedName(library: "t", name: "calm"), to: "quiet")
        #expect(try catalog.preset(named: QualifiedName(library: "t", name: "slide")).reducedMotion?.name == "quiet")
        #expect(throws: CatalogError.self) { try catalog.remove(.preset, QualifiedName(library: "t", name: "quiet")) }
        // The alternative plays, named; without one the derived one plays.
        let named = try ReducedMotion.alternative(
            for: try catalog.preset(named: QualifiedName(library: "t", name: "slide")), source: catalog)
        #expect(named.origin == .named && named.preset.name == "quiet")
        let derived = try ReducedMotion.alternative(
            for: try catalog.preset(named: QualifiedName(library: "t", name: "quiet")), source: catalog)
        #expect(derived.origin == .derived)
    }
}
