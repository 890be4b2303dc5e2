#if canImport(UIKit)
    import TransDBCore
    import UIKit

    /// The percent-driven interaction controller of a catalog route: the preset's completion speed,
    /// completion curve, finish threshold and flick velocity, driven by a pan.
    @MainActor
    public final class CatalogInteractionController: UIPercentDrivenInteractiveTransition {
        /// The preset's interaction settings.
        public let settings: InteractionSettings

        /// A controller with `settings`; named curves are read from `catalog`.
        ///
        /// The completion curve is `completionCurve` when it is one of UIKit's four (exact);
        /// any other curve is set as `timingCurve`, which UIKit applies to an interruptible
        /// animator's completion (inferred from the documentation of `timingCurve`).
        public init(settings: InteractionSettings, catalog: TransitionCatalog) {
            self.settings = settings
            super.init()
            completionSpeed = CGFloat(settings.completionSpeed)
            let curve = (try? catalog.timingCurve(settings.completionCurve)) ?? .cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
            if let standard = UIView.AnimationCurve(exactly: curve) {
                completionCurve = standard
            } else {
                timingCurve = TimingPlan(curve).timingParameters
            }
        }

        /// Ends the gesture: finishes past the finish threshold or with a flick, else cancels —
        /// the engine's rule (``InteractionSettings/finishes(percentComplete:velocity:)``).
        ///
        /// - Parameter velocity: Progress per second, positive towards finishing.
        public func release(percentComplete: Double, velocity: Double) {
            if (try? settings.finishes(percentComplete: percentComplete, velocity: velocity)) == true { finish() } else { cancel() }
        }
    }
#endif
