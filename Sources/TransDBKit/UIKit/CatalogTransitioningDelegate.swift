#if canImport(UIKit)
    import TransDBCore
    import UIKit

    /// The `transitioningDelegate` of presented controllers: present and dismiss answered from the
    /// catalog (``CatalogTransitions/prepare(_:)`` sets it).
    @MainActor
    public final class CatalogTransitioningDelegate: NSObject, UIViewControllerTransitioningDelegate {
        /// Held weakly: the transitions own their delegates, and UIKit holds delegates weakly.
        public private(set) weak var transitions: CatalogTransitions?

        init(_ transitions: CatalogTransitions) {
            self.transitions = transitions
        }

        public func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController)
            -> (any UIViewControllerAnimatedTransitioning)?
        {
            transitions?.animator(.present, from: presenting, to: presented)
        }

        /// UIKit tells a dismiss only the dismissed controller; the catalog's dismiss routes are
        /// `SCREEN → *`, so the destination asked is the controller that presented it.
        public func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
            transitions?.animator(.dismiss, from: dismissed, to: dismissed.presentingViewController ?? dismissed)
        }

        public func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning)
            -> (any UIViewControllerInteractiveTransitioning)?
        {
            transitions?.interactionController(for: animator)
        }

        public func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
            -> (any UIViewControllerInteractiveTransitioning)?
        {
            transitions?.interactionController(for: animator)
        }
    }
#endif
