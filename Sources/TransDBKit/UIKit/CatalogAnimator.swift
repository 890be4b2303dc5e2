#if canImport(UIKit)
    import TransDBCore
    import UIKit

    /// The animator a catalog preset becomes: it plays the preset's tracks on the `from`, `to` and
    /// shared views with a `UIViewPropertyAnimator`, so that a percent-driven interaction can drive it
    /// (`interruptibleAnimator(using:)`). Every value it sets comes from a ``TransitionPlan``.
    @MainActor
    public final class CatalogAnimator: NSObject, UIViewControllerAnimatedTransitioning {
        /// The preset played.
        public let preset: Preset
        public let operation: TransitionOperation
        /// The preset the route's interaction controller was given, if any.
        public let interaction: Preset?
        /// Called after the transition completes, with whether it did (not when it was cancelled).
        public var completion: ((Bool) -> Void)?
        private let catalog: TransitionCatalog
        private let origin: CGRect?
        private let target: CGRect?
        private let sharedView: UIView?
        private let sourceView: UIView?
        private var running: UIViewPropertyAnimator?

        /// An animator for `preset`.
        ///
        /// - Parameters:
        ///   - origin: The rect a zoom grows from, in window coordinates (a tapped thumbnail).
        ///   - target: The rect a shared element travels to, in window coordinates.
        ///   - sharedView: The view that travels (a snapshot), drawn above both screens.
        ///   - sourceView: The source element, hidden while the transition runs when the preset says so.
        public init(
            preset: Preset, operation: TransitionOperation, interaction: Preset? = nil, catalog: TransitionCatalog, origin: CGRect? = nil,
            target: CGRect? = nil, sharedView: UIView? = nil, sourceView: UIView? = nil
        ) {
            self.preset = preset
            self.operation = operation
            self.interaction = interaction
            self.catalog = catalog
            self.origin = origin
            self.target = target
            self.sharedView = sharedView
            self.sourceView = sourceView
        }

        public func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
            preset.duration
        }

        public func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
            let animator = interruptibleAnimator(using: transitionContext)
            if preset.delay > 0, let animator = animator as? UIViewPropertyAnimator {
                animator.startAnimation(afterDelay: preset.delay)
            } else {
                animator.startAnimation()
            }
        }

        /// The same animator for the whole transition, as UIKit requires.
        public func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning)
            -> any UIViewImplicitlyAnimating
        {
            if let running { return running }
            let container = transitionContext.containerView
            let size = Size(width: Double(container.bounds.width), height: Double(container.bounds.height))
            // The catalog checked every curve when it was loaded, so planning cannot fail.
            let plan = try? TransitionPlan(
                preset: preset, operation: operation, container: size, origin: Self.rect(origin, in: container),
                target: Self.rect(target, in: container), curves: catalog)
            let fromView = transitionContext.view(forKey: .from)
            let toView = transitionContext.view(forKey: .to)
            let addedTo = toView.map { $0.superview !== container } ?? false
            if let toView, addedTo { container.addSubview(toView) }
            var views: [(UIView, ViewPlan)] = []
            if let plan {
                if let fromView { views.append((fromView, plan.from)) }
                if let toView { views.append((toView, plan.to)) }
                if let sharedView, let shared = plan.shared { views.append((sharedView, shared)) }
            }
            for (view, values) in views { view.apply(values.start) }
            if let onTop = plan?.onTop == .from ? fromView : toView { container.bringSubviewToFront(onTop) }
            let hidesSource = plan?.hidesSource == true && sourceView?.isHidden == false
            if hidesSource { sourceView?.isHidden = true }
            if let sharedView, plan?.shared != nil {
                container.addSubview(sharedView)
                container.bringSubviewToFront(sharedView)
            }
            let timing = plan?.timing ?? .cubic(x1: 0, y1: 0, x2: 1, y2: 1)
            let animator = UIViewPropertyAnimator(duration: plan?.runDuration ?? 0, timingParameters: timing.timingParameters)
            // Scrubbed through its curve, not linearly (UIKit's default): the view at percent p is
            // the one at time p x duration, as `transdb eval --gesture` computes it (lint TD005).
            animator.scrubsLinearly = false
            animator.addAnimations(
                timing.animations { progress in for (view, values) in views { view.apply(values.sample(progress: progress)) } })
            animator.addCompletion { position in
                // Read first: the right side of && is an autoclosure, which strict concurrency treats as nonisolated.
                let cancelled = transitionContext.transitionWasCancelled
                let completed = position == .end && !cancelled
                if completed {
                    for (view, values) in views { view.apply(values.after) }
                } else {
                    for (view, values) in views { view.apply(values.start) }
                    if let toView, addedTo { toView.removeFromSuperview() }
                }
                if plan?.shared != nil { self.sharedView?.removeFromSuperview() }
                if hidesSource { self.sourceView?.isHidden = false }
                transitionContext.completeTransition(completed)
                self.completion?(completed)
            }
            running = animator
            return animator
        }

        /// A rect in window coordinates as the plan takes it: in the container's.
        private static func rect(_ window: CGRect?, in container: UIView) -> Rect? {
            guard let window else { return nil }
            let rect = container.convert(window, from: nil)
            return Rect(x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.width), height: Double(rect.height))
        }

        public func animationEnded(_ transitionCompleted: Bool) {
            running = nil
        }
    }
#endif
