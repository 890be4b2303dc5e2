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

        /// The route's `from` is `source`, the controller whose `present(_:animated:completion:)`
        /// was called: `presenting` is the controller that provides the presentation context,
        /// the navigation or tab bar controller when the source is inside one.
        public func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController)
            -> (any UIViewControllerAnimatedTransitioning)?
        {
            transitions?.animator(.present, from: source, to: presented)
        }

        /// UIKit tells a dismiss only the dismissed controller; the catalog's dismiss routes are
        /// `SCREEN → *`, so the destination asked is the screen shown under it: the controller
        /// that presented it, or the screen on top inside it when that is a container.
        public func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
            transitions?.animator(.dismiss, from: dismissed, to: Self.screenShown(in: dismissed.presentingViewController) ?? dismissed)
        }

        /// The screen a controller shows: itself, or inside a navigation controller its top
        /// controller, inside a tab bar controller its selected one.
        static func screenShown(in controller: UIViewController?) -> UIViewController? {
            if let navigation = controller as? UINavigationController {
                return screenShown(in: navigation.topViewController) ?? navigation
            }
            if let tabs = controller as? UITabBarController {
                return screenShown(in: tabs.selectedViewController) ?? tabs
            }
            return controller
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
