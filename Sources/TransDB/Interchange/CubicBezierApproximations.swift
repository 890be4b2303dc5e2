import TransDBCore

/// The nearest cubic Béziers of the curves presets use (``DTCGFormat/nearestCubicBezier(to:duration:)``),
/// each fitted once: many presets share a curve and a duration, and a fit costs about a
/// millisecond.
struct CubicBezierApproximations {
    private struct Key: Hashable {
        var curve: TimingCurve
        var duration: Double?
    }

    private var fits: [Key: (curve: TimingCurve, maximumError: Double)?] = [:]

    /// The nearest cubic Bézier to `curve` played over `preset`'s duration (a spring over its own
    /// when the preset has none), or nil when the curve cannot be sampled.
    mutating func nearest(to curve: TimingCurve, for preset: Preset) -> (curve: TimingCurve, maximumError: Double)? {
        let key = Key(curve: curve, duration: preset.duration > 0 ? preset.duration : nil)
        if let known = fits[key] { return known }
        let fit = DTCGFormat.nearestCubicBezier(to: curve, duration: key.duration)
        fits[key] = .some(fit)
        return fit
    }
}
