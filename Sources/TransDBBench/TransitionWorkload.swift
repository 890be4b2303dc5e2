import TransDBCore

/// A whole transition sample — progress, every property of both views, the dimming — of a
/// seed-like navigation push (`PresetDraft(kind: .push)`: 0.35 s, UIKit's easeInOut
/// cubic-bezier), at 1,000,000 times over the animation in a shuffled order.
///
/// `Timeline` has no public initialiser (the engine makes timelines from a catalog), so this
/// calls what `Timeline.sample(at:)` calls for an automatic drive with no delay:
/// `TransitionAnimation.state(atAnimationTime:context:)`, with the timing function behind
/// `any TimingFunction` as the engine holds it.
enum TransitionWorkload {
    static func make() -> Workload {
        let preset: Preset
        do {
            preset = try PresetDraft(kind: .push).preset(library: "bench", name: "push")
        } catch {
            fatalError("the default push preset does not validate: \(error)")
        }
        guard case let .inline(curve) = preset.curve else { fatalError("the default push curve is not inline") }
        let animation = TransitionAnimation(
            tracks: preset.tracks, duration: preset.duration, delay: preset.delay, timing: curve.function(duration: preset.duration))
        let context = TransitionContext(operation: .push)
        let last = Double(1_000_000 - 1)
        let times = PermutedGrid.make(count: 1_000_000) { preset.duration * (Double($0) / last) }
        return Workload(name: "transition", evaluations: times.count) {
            var sum = 0.0
            for time in times {
                let state = animation.state(atAnimationTime: time, context: context)
                sum += state.progress + state.dimming + total(state.from) + total(state.to)
            }
            return sum
        }
    }

    /// Every property of a view, summed, so that none of them can be left uncomputed.
    private static func total(_ view: ViewSample) -> Double {
        view.x + view.y + view.width + view.height + view.alpha + view.scaleX + view.scaleY + view.rotation + view.rotationY
            + view.cornerRadius + Double(view.zIndex)
    }
}
