/// What UIKit plays for a `nil` animator, as presets the engine can evaluate. Apple documents
/// the styles, not their timing: durations, curves and the navigation parallax and dimming are
/// inferred (`uikit-semantics.md`), and each default says so in ``notes``.
extension SystemTransition {
    /// What the default plays for `operation`: the forward animation for present, push and tab;
    /// for dismiss and pop its mirror (``ViewTracks/mirrored``), played forward like every
    /// animation: the presented view slides back down, the popped view leaves to the right.
    public func preset(for operation: TransitionOperation) -> Preset {
        var preset = forwardPreset
        if operation == .dismiss || operation == .pop { preset.tracks = preset.tracks.mirrored }
        preset.description = summary(for: operation)
        return preset
    }

    /// The default's forward animation (present, push, tab).
    public var forwardPreset: Preset {
        let easeInOut = CurveReference.inline(PresetDraft.defaultCurve)
        // A critically damped spring settling in the 0.4 s the modal animator reports (inferred).
        // UISpringTimingParameters()'s own spring (mass 3, stiffness 1000, damping 500) settles in
        // seconds, so over a fixed 0.4 s it would stop half way.
        let modalSpring = CurveReference.inline(.spring(.uikit(duration: 0.4, dampingRatio: 1, velocity: 0)))
        func preset(_ kind: PresetKind, _ direction: Direction?, _ duration: Double, _ curve: CurveReference) -> Preset {
            Preset(
                library: "system", name: rawValue, kind: kind, direction: direction, duration: duration, curve: curve,
                tracks: kind.tracks(direction: direction), description: summary(for: .present))
        }
        switch self {
        case .coverVertical: return preset(.cover, .up, 0.4, modalSpring)
        case .crossDissolve: return preset(.fade, nil, 0.4, easeInOut)
        case .flipHorizontal: return preset(.flip, .left, 0.4, easeInOut)
        case .partialCurl:
            var curl = preset(.uncover, .up, 0.4, easeInOut)
            curl.tracks.from.end.frame = RelativeFrame(.container, x: 0, y: -0.6, width: 1, height: 1)
            return curl
        case .navigationPush, .navigationPop: return preset(.push, .left, 0.35, easeInOut)
        case .none: return preset(.none, nil, 0, .inline(.linear))
        }
    }

    /// Opacity of the dimming overlay over the lower view at the start and end of the animation
    /// for `operation`: a push dims the view it covers up to 0.1, a pop lifts it again.
    func dimming(for operation: TransitionOperation) -> (start: Double, end: Double) {
        switch self {
        case .navigationPush, .navigationPop: operation == .pop ? (0.1, 0) : (0, 0.1)
        default: (0, 0)
        }
    }

    /// Which of the default's facts are inferred rather than documented.
    public var notes: [String] {
        switch self {
        case .coverVertical, .crossDissolve, .flipHorizontal:
            ["system default \(rawValue): 0.4 s (inferred from the built-in modal animator) with \(self == .coverVertical ? "a critically damped spring, spring(duration: 0.4, dampingRatio: 1, velocity: 0) (inferred)" : "easeInOut (inferred)")"]
        case .partialCurl:
            ["system default partialCurl: 0.4 s (inferred); the page curl is approximated as the presenting view lifting 60% of the way"]
        case .navigationPush, .navigationPop:
            ["system default \(rawValue): 0.35 s easeInOut, the lower view moving a third of the width with a dimming overlay up to 0.1 (all inferred)"]
        case .none:
            ["system default none: a tab switch is instant (inferred)"]
        }
    }
}
