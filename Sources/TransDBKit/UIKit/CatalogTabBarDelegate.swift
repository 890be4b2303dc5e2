#if canImport(UIKit)
    import TransDBCore
    import UIKit

    /// A tab bar controller's delegate: tab switches answered from the catalog as `container`.
    @MainActor
    public final class CatalogTabBarDelegate: NSObject, UITabBarControllerDelegate {
        public private(set) weak var transitions: CatalogTransitions?
        /// The tab bar controller's name in the catalog.
        public let container: String

        init(_ transitions: CatalogTransitions, container: String) {
            self.transitions = transitions
            self.container = container
        }

        public func tabBarController(
            _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController, to toVC: UIViewController
        ) -> (any UIViewControllerAnimatedTransitioning)? {
            transitions?.animator(.tab, from: fromVC, to: toVC, container: container)
        }

        public func tabBarController(
            _ tabBarController: UITabBarController, interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
        ) -> (any UIViewControllerInteractiveTransitioning)? {
            transitions?.interactionController(for: animationController)
        }
    }
#endif
