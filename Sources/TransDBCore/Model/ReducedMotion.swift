/// Reduce Motion as data: the preset played instead of another when
/// `UIAccessibility.isReduceMotionEnabled` is on.
///
/// A preset may name its alternative (`reducedMotion`). Where it names none, one is derived by
/// Apple's Human Interface Guidelines (Accessibility, Motion: "replace transitions in x-, y-, and
/// z-axes with fades", "tighten animation springs to reduce bounce"):
///
/// - a view whose frame, scale, rotation or flip changes stands still where it rests — the
///   appearing view (`to`, and a shared element) at its end state, the view going away (`from`) at
///   its start state — and fades instead: the appearing view from alpha 0 to its end alpha, the
///   view going away from its start alpha to 0. Both fade over the preset's own duration and
///   delay, so a moving transition becomes a cross-fade of the same views;
/// - except a view going away that stays in sight when the transition ends (a sheet's presenting
///   view, which recedes but shows above the card): it stands still at its start state and keeps
///   its own alpha track, since fading it out would leave a hole the original never shows;
/// - a view that does not move keeps its track: alpha and corner-radius changes are kept;
/// - a spring that bounces (damping ratio below 1) loses its bounce: the same spring critically
///   damped (ζ = 1) with the same settling time, or for UIKit's duration-fitted spring the same
///   duration with damping ratio 1; other curves are kept;
/// - the interaction settings, the reverse and what the completion leaves are kept.
public enum ReducedMotion {
    /// Where a Reduce Motion answer came from.
    public enum Origin: String, Hashable, Sendable {
        /// The preset names its alternative (`reducedMotion`).
        case named
        /// No alternative is named: it is derived (``ReducedMotion/derived(from:curve:)``).
        case derived
    }

    /// The preset played under Reduce Motion, and where it came from.
    public struct Alternative: Hashable, Sendable {
        /// The preset asked for.
        public var original: Preset
        /// What plays instead: the named preset, or the derived one (same name as the original).
        public var preset: Preset
        public var origin: Origin

        /// Creates an answer.
        public init(original: Preset, preset: Preset, origin: Origin) {
            self.original = original
            self.preset = preset
            self.origin = origin
        }

        /// One sentence for explanations: what plays and why.
        public var summary: String {
            switch origin {
            case .named:
                "Reduce Motion: '\(original.qualifiedName)' names its alternative '\(preset.qualifiedName)', which plays instead"
            case .derived:
                "Reduce Motion: '\(original.qualifiedName)' names no alternative; transdb derives one by Apple's HIG: "
                    + ReducedMotion.changes(from: original, to: preset).joined(separator: "; ")
            }
        }
    }

    /// Completes a resolution asked under Reduce Motion (``LookupRequest/reduceMotion``): the
    /// animator's alternative, named or derived, in ``Resolution/reducedMotion``, and a step of the
    /// explanation (when it has one) saying which. A system default stays what it is: Apple
    /// documents no Reduce Motion variant of UIKit's modal and navigation transitions, so the
    /// answer is marked inferred (``systemDefaultNote(_:)``). `resolve`, `resolve --batch` and `eval`
    /// all call this.
    ///
    /// - Throws: Whatever `source` throws for a name or curve it cannot find.
    public static func apply(to resolution: inout Resolution, source: any PresetSource) throws {
        guard resolution.reduceMotion else { return }
        let explained = !resolution.explanation.isEmpty
        if let animator = resolution.animator {
            let alternative = try self.alternative(for: animator, source: source)
            resolution.reducedMotion = alternative
            if explained { resolution.explanation.append(alternative.summary) }
        } else if let system = resolution.systemDefault, explained {
            resolution.explanation.append(systemDefaultNote(system))
        }
    }

    /// What UIKit's own default does under Reduce Motion, and how sure that is.
    public static func systemDefaultNote(_ system: SystemTransition) -> String {
        switch system {
        case .crossDissolve, .none:
            "Reduce Motion: the system default \(system.rawValue) has no motion to reduce; it plays as it is"
        default:
            "Reduce Motion: UIKit plays its own \(system.rawValue); Apple documents no Reduce Motion variant of it, so transdb answers it unchanged (inferred)"
        }
    }

    /// The alternative of `preset`: the preset it names, read from `source`, or the derived one.
    ///
    /// - Throws: Whatever `source` throws for a name or curve it cannot find.
    public static func alternative(for preset: Preset, source: any PresetSource) throws -> Alternative {
        if let name = preset.reducedMotion {
            let qualified = QualifiedName(library: name.library ?? preset.library, name: name.name)
            return Alternative(original: preset, preset: try source.preset(named: qualified), origin: .named)
        }
        let curve = try source.timingCurve(preset.curve)
        return Alternative(original: preset, preset: derived(from: preset, curve: curve), origin: .derived)
    }

    /// The preset derived from `preset` for Reduce Motion (see ``ReducedMotion``); `curve` is
    /// the curve `preset.curve` stands for. A preset with no motion and no bouncing spring comes
    /// back unchanged.
    public static func derived(from preset: Preset, curve: TimingCurve) -> Preset {
        var result = preset
        result.reducedMotion = nil
        result.mirrorOf = nil
        result.tracks.from =
            staysInSight(preset.tracks) ? standing(preset.tracks.from) : still(preset.tracks.from, appearing: false)
        result.tracks.to = still(preset.tracks.to, appearing: true)
        result.tracks.shared = preset.tracks.shared.map { still($0, appearing: true) }
        if let softened = withoutBounce(curve) {
            result.curve = .inline(softened)
        }
        if result.tracks != preset.tracks {
            result.kind = preset.kind == .none ? .none : .custom
            result.direction = nil
        }
        return result
    }

    /// Whether a track moves: its frame, scale, rotation or flip changes between start and end.
    public static func moves(_ track: ViewTrack) -> Bool {
        let a = track.start
        let b = track.end
        return a.frame != b.frame || a.scaleX != b.scaleX || a.scaleY != b.scaleY || a.rotation != b.rotation
            || a.rotationY != b.rotationY
    }

    /// Whether the view going away is still seen when the transition ends, at the default
    /// container, origin and target: not transparent, partly inside the container, and not wholly
    /// under an opaque appearing view drawn above it. (Rotations are not taken into account.)
    public static func staysInSight(_ tracks: ViewTracks) -> Bool {
        let context = TransitionContext()
        let from = tracks.from.end
        guard moves(tracks.from), from.alpha > 0 else { return false }
        let container = Rect(x: 0, y: 0, width: context.container.width, height: context.container.height)
        guard let seen = visibleRect(from, context).intersection(container) else { return false }
        let to = tracks.to.end
        if tracks.onTop == .to, to.alpha >= 1, visibleRect(to, context).contains(seen) { return false }
        return true
    }

    /// A state's frame in points, scaled about its centre.
    private static func visibleRect(_ state: ViewState, _ context: TransitionContext) -> Rect {
        let frame = state.frame.absolute(in: context)
        let width = frame.width * abs(state.scaleX)
        let height = frame.height * abs(state.scaleY)
        return Rect(x: frame.x + (frame.width - width) / 2, y: frame.y + (frame.height - height) / 2, width: width, height: height)
    }

    /// The track of a view going away that stays in sight: standing at its start state, its alpha
    /// and corner radius going where they went.
    private static func standing(_ track: ViewTrack) -> ViewTrack {
        var end = track.start
        end.alpha = track.end.alpha
        end.cornerRadius = track.end.cornerRadius
        return ViewTrack(start: track.start, end: end, after: nil, geometry: .frame)
    }

    /// The track of a view that moves, made to stand still and fade; others as they are.
    private static func still(_ track: ViewTrack, appearing: Bool) -> ViewTrack {
        guard moves(track) else { return track }
        let rest = appearing ? track.end : track.start
        var start = rest
        var end = rest
        start.alpha = appearing ? 0 : track.start.alpha
        end.alpha = appearing ? track.end.alpha : 0
        return ViewTrack(start: start, end: end, after: track.after, geometry: .frame)
    }

    /// `curve` without its bounce, or `nil` when it has none: a spring whose damping ratio is
    /// below 1 becomes critically damped with the same settling time (a UIKit duration-fitted
    /// spring keeps its duration, which it is fitted to).
    public static func withoutBounce(_ curve: TimingCurve) -> TimingCurve? {
        guard case let .spring(spring) = curve else { return nil }
        let physical = spring.physical
        guard physical.dampingRatio < 1 else { return nil }
        if case let .uikit(duration, _, _) = spring {
            return .spring(.uikit(duration: duration, dampingRatio: 1, velocity: 0))
        }
        let settling = physical.settlingDuration()
        guard settling.isFinite, settling > 0 else { return nil }
        // A critically damped spring from rest settles in k/ω0, with k its settling time at ω0 = 1.
        let k = PhysicalSpring(mass: 1, stiffness: 1, damping: 2, velocity: 0).settlingDuration()
        let omega = k / settling
        return .spring(.physical(mass: 1, stiffness: omega * omega, damping: 2 * omega, velocity: 0))
    }

    /// What the derivation changed, one phrase a change, for `show preset` and explanations.
    public static func changes(from original: Preset, to derived: Preset) -> [String] {
        var phrases: [String] = []
        let views: [(String, ViewTrack?, ViewTrack?, Bool)] = [
            ("to", original.tracks.to, derived.tracks.to, true), ("from", original.tracks.from, derived.tracks.from, false),
            ("shared", original.tracks.shared, derived.tracks.shared, true),
        ]
        for (name, before, after, appearing) in views {
            guard let before, let after, before != after else { continue }
            if appearing {
                phrases.append("the \(name) view stands at its end state and fades in instead of moving")
            } else if after.end.alpha == before.end.alpha && before.end.alpha > 0 {
                phrases.append("the \(name) view stays in sight, so it stands at its start state instead of moving")
            } else {
                phrases.append("the \(name) view stands at its start state and fades out instead of moving")
            }
        }
        if original.curve != derived.curve {
            phrases.append("the spring loses its bounce (damping ratio 1, same settling time): \(derived.curve)")
        }
        if phrases.isEmpty { phrases.append("no motion to replace and no bounce to remove: it plays as it is") }
        phrases.append("same duration (\(original.duration.shortestDescription) s) and delay")
        return phrases
    }

    /// Why the derived alternative of `preset` would be wrong, one reason a problem: a moving view
    /// that rests where nothing of it is seen (wholly outside the container, or transparent), so
    /// the fade would show nothing; or a shared element that travels between two rects (its motion
    /// is what connects the two screens; faded in place, it connects nothing). Empty when the
    /// derivation is sensible.
    public static func derivationProblems(_ preset: Preset) -> [String] {
        var problems: [String] = []
        for (name, track, appearing) in [("to", preset.tracks.to, true), ("from", preset.tracks.from, false)] {
            guard moves(track) else { continue }
            let rest = appearing ? track.end : track.start
            let f = rest.frame
            let outside = f.reference == .container && (f.x >= 1 || f.x + f.width <= 0 || f.y >= 1 || f.y + f.height <= 0)
            if outside || rest.alpha == 0 {
                problems.append(
                    "the \(name) view moves but rests where it cannot be seen (\(f.expression), alpha \(rest.alpha.shortestDescription))")
            }
        }
        if let shared = preset.tracks.shared, shared.start.frame != shared.end.frame {
            problems.append("the shared element travels between two rects; a fade loses what connects the two screens")
        }
        return problems
    }

    /// Whether `preset` moves its views far: a view's frame moves or changes size by at least a
    /// quarter of the container, or it rotates or flips — the motion the HIG asks to replace.
    public static func hasLargeMotion(_ preset: Preset) -> Bool {
        let tracks = [preset.tracks.from, preset.tracks.to] + (preset.tracks.shared.map { [$0] } ?? [])
        return tracks.contains { track in
            let a = track.start
            let b = track.end
            if a.rotation != b.rotation || a.rotationY != b.rotationY { return true }
            if a.frame.reference != b.frame.reference { return true }
            let deltas = [a.frame.x - b.frame.x, a.frame.y - b.frame.y, a.frame.width - b.frame.width, a.frame.height - b.frame.height]
            return deltas.contains { abs($0) >= 0.25 } || abs(a.scaleX - b.scaleX) >= 0.25 || abs(a.scaleY - b.scaleY) >= 0.25
        }
    }
}
