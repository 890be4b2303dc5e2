#if canImport(UIKit)
    import TransDBCore
    import UIKit

    /// A navigation controller's delegate: push and pop answered from the catalog as `container`.
    ///
    /// The swipe-back trap (Apple radar 15215690): once a navigation delegate implements the
    /// animation method, a pop for which it returns a custom animator without an interaction
    /// controller loses the system's swipe-back. So after each push or pop this delegate keeps
    /// `interactivePopGestureRecognizer` enabled exactly where the catalog's pop from the shown screen
    /// is `nil` (the system pop, which the system gesture drives) and the stack has somewhere to go
    /// back to; where the pop is custom with an interaction controller it installs a pan that drives
    /// it; a custom pop without one has no swipe-back, as `transdb resolve` warns.
    @MainActor
    public final class CatalogNavigationDelegate: NSObject, UINavigationControllerDelegate {
        public private(set) weak var transitions: CatalogTransitions?
        /// The navigation controller's name in the catalog.
        public let container: String

        init(_ transitions: CatalogTransitions, container: String) {
            self.transitions = transitions
            self.container = container
        }

        public func navigationController(
            _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
            from fromVC: UIViewController, to toVC: UIViewController
        ) -> (any UIViewControllerAnimatedTransitioning)? {
            guard operation != .none else { return nil }
            return transitions?.animator(operation == .push ? .push : .pop, from: fromVC, to: toVC, container: container)
        }

        public func navigationController(
            _ navigationController: UINavigationController,
            interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
        ) -> (any UIViewControllerInteractiveTransitioning)? {
            transitions?.interactionController(for: animationController)
        }

        public func navigationController(
            _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
        ) {
            let stack = navigationController.viewControllers
            guard let transitions, stack.count > 1 else {
                navigationController.interactivePopGestureRecognizer?.isEnabled = false
                return
            }
            let back = stack[stack.count - 2]
            let pop = transitions.resolve(.pop, from: viewController, to: back, container: container)
            navigationController.interactivePopGestureRecognizer?.isEnabled = pop?.animator == nil
            // Installs once per view (a view keeps its pan; see installPopPan).
            if pop?.interaction != nil { transitions.installPopPan(on: viewController) }
        }
    }
#endif
