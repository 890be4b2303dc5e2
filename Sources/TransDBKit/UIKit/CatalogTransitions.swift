#if canImport(UIKit)
    import TransDBCore
    import UIKit

    /// An app's transitions, answered from the catalog: the delegates UIKit asks (transitioning,
    /// navigation, tab bar), the animators and interaction controllers they return, and the pans
    /// that drive them. Every answer is the lookup `transdb resolve` runs, `nil` where it says `nil`.
    @MainActor
    public final class CatalogTransitions {
        /// The catalog.
        public let catalog: TransitionCatalog
        /// The catalog name of a view controller: ``CatalogScreen/catalogScreenName`` when it adopts
        /// the protocol, else this closure's answer (by default the type's name, `DetailViewController`).
        public var screenName: (UIViewController) -> String = { String(describing: type(of: $0)) }
        /// The presets played under Reduce Motion: by default the catalog's named or derived
        /// alternative, as `transdb resolve --reduce-motion` answers.
        public var reduceMotion = ReduceMotion()
        /// Whether Reduce Motion is on: `UIAccessibility.isReduceMotionEnabled`.
        public var isReduceMotionEnabled: () -> Bool = { UIAccessibility.isReduceMotionEnabled }
        /// The rect a zoom grows from, in window coordinates (a tapped thumbnail), per route.
        public var originRect: ((_ from: UIViewController, _ to: UIViewController) -> CGRect?)?
        /// The rect a shared element travels to, in window coordinates, per route.
        public var targetRect: ((_ from: UIViewController, _ to: UIViewController) -> CGRect?)?
        /// The source element (the tapped thumbnail), which presets with `hide-source` hide while they run.
        public var sourceView: ((_ from: UIViewController, _ to: UIViewController) -> UIView?)?
        /// The view that travels between the screens (a snapshot), for presets with a shared element.
        public var sharedView: ((_ from: UIViewController, _ to: UIViewController) -> UIView?)?
        /// Told of a lookup that failed (a screen name in several libraries, a container that cannot
        /// be chosen); UIKit then plays its default.
        public var onError: (any Error) -> Void = { _ in }

        /// The transitioning delegate to give presented controllers (``prepare(_:)`` does).
        public private(set) lazy var transitioningDelegate = CatalogTransitioningDelegate(self)
        /// The gesture driving the transition under way, if a pan started it.
        var pan: CatalogInteractionController?
        var panStarted = false

        /// Transitions from `catalog` (``TransitionCatalog``, e.g. a generated `Transitions.catalog()`).
        public init(catalog: TransitionCatalog) {
            self.catalog = catalog
        }

        /// A navigation controller's delegate, answering as `container` in the catalog.
        public func navigationDelegate(container: String) -> CatalogNavigationDelegate {
            CatalogNavigationDelegate(self, container: container)
        }

        /// A tab bar controller's delegate, answering as `container` in the catalog.
        public func tabBarDelegate(container: String) -> CatalogTabBarDelegate {
            CatalogTabBarDelegate(self, container: container)
        }

        /// Makes `viewController` present and dismiss through the catalog: its transitioning delegate,
        /// and its presentation and modal transition styles as the catalog's screen has them. The
        /// transition style is what UIKit plays when the catalog answers nil (`transdb eval` plays
        /// the screen's `modalStyle` then), so it must be the catalog's, not UIKit's coverVertical.
        public func prepare(_ viewController: UIViewController) {
            viewController.transitioningDelegate = transitioningDelegate
            let name = self.name(of: viewController)
            guard let screen = catalog.tables.screens.first(where: { $0.qualifiedName.description == name || $0.name == name }) else {
                return
            }
            if let style = UIModalPresentationStyle(rawValue: screen.presentationStyle.uikitValue) {
                viewController.modalPresentationStyle = style
            }
            if let style = UIModalTransitionStyle(rawValue: screen.modalStyle.uikitValue) {
                viewController.modalTransitionStyle = style
            }
        }

        /// The catalog name of `viewController`.
        public func name(of viewController: UIViewController) -> String {
            (viewController as? CatalogScreen)?.catalogScreenName ?? screenName(viewController)
        }

        /// What the catalog answers for a transition, or nil when the lookup fails.
        public func resolve(_ operation: TransitionOperation, from: UIViewController, to: UIViewController, container: String? = nil)
            -> Resolution?
        {
            do {
                return try catalog.resolve(
                    LookupRequest(operation: operation, from: name(of: from), to: name(of: to), container: container))
            } catch {
                onError(error)
                return nil
            }
        }

        /// The animator for a transition: the catalog's preset (or its Reduce Motion alternative),
        /// or nil where the catalog says nil, so that UIKit plays its default.
        public func animator(_ operation: TransitionOperation, from: UIViewController, to: UIViewController, container: String? = nil)
            -> CatalogAnimator?
        {
            guard let resolution = resolve(operation, from: from, to: to, container: container), let preset = resolution.animator else {
                return nil
            }
            let played = reduceMotion.preset(for: preset, in: catalog, enabled: isReduceMotionEnabled())
            return CatalogAnimator(
                preset: played, operation: operation, interaction: resolution.interaction, catalog: catalog, origin: originRect?(from, to),
                target: targetRect?(from, to), sharedView: sharedView?(from, to), sourceView: sourceView?(from, to))
        }

        /// The interaction controller for `animator`: when a pan started the transition and the route
        /// has an interaction controller, one with its settings (the interaction preset's, else the
        /// animator's, else UIKit's defaults — as `transdb eval --gesture`); nil otherwise, so that a
        /// transition started by a tap plays by itself.
        public func interactionController(for animator: any UIViewControllerAnimatedTransitioning) -> (
            any UIViewControllerInteractiveTransitioning
        )? {
            guard panStarted, let animator = animator as? CatalogAnimator, let interaction = animator.interaction else { return nil }
            let controller = CatalogInteractionController(
                settings: interaction.interaction ?? animator.preset.interaction ?? InteractionSettings(), catalog: catalog)
            pan = controller
            return controller
        }

        /// Drives an interactive transition from a pan: `.began` starts the transition (`start`,
        /// e.g. `dismiss(animated: true)`), `.changed` updates it with the distance travelled along
        /// `direction` over the view's extent, `.ended` finishes or cancels it as the engine decides.
        ///
        /// - Parameters:
        ///   - direction: The direction in which the finger moves to finish (down to dismiss a sheet,
        ///     right to pop).
        public func handlePan(_ recognizer: UIPanGestureRecognizer, direction: Direction, start: () -> Void) {
            guard let view = recognizer.view else { return }
            let translation = recognizer.translation(in: view)
            let velocity = recognizer.velocity(in: view)
            let (distance, speed, extent): (CGFloat, CGFloat, CGFloat) =
                switch direction {
                case .down: (translation.y, velocity.y, view.bounds.height)
                case .up: (-translation.y, -velocity.y, view.bounds.height)
                case .right: (translation.x, velocity.x, view.bounds.width)
                case .left: (-translation.x, -velocity.x, view.bounds.width)
                }
            let percent = extent > 0 ? min(1, max(0, Double(distance / extent))) : 0
            switch recognizer.state {
            case .began:
                // UIKit asks for the interaction controller inside present, dismiss and
                // popViewController(animated:), before they return (observed, not documented by
                // Apple): the flag is up only while `start` runs, so that a transition started by
                // a tap is never made interactive.
                panStarted = true
                start()
                panStarted = false
            case .changed:
                pan?.update(CGFloat(percent))
            case .ended:
                pan?.release(percentComplete: percent, velocity: extent > 0 ? Double(speed / extent) : 0)
                pan = nil
            case .cancelled, .failed:
                pan?.cancel()
                pan = nil
            default:
                break
            }
        }

        /// Adds a pan to `viewController`'s view (once: a view that has one keeps it) that dismisses
        /// it interactively where the catalog's dismiss route has an interaction controller
        /// (elsewhere the pan dismisses without one).
        public func installDismissPan(on viewController: UIViewController, direction: Direction = .down) {
            installPan(on: viewController.view, direction: direction) { [weak viewController] in viewController?.dismiss(animated: true) }
        }

        /// Adds a pan to `viewController`'s view (once: a view that has one keeps it) that pops it
        /// interactively (the navigation delegate installs it on each screen whose pop route has
        /// an interaction controller).
        public func installPopPan(on viewController: UIViewController, direction: Direction = .right) {
            installPan(on: viewController.view, direction: direction) { [weak viewController] in
                _ = viewController?.navigationController?.popViewController(animated: true)
            }
        }

        private func installPan(on view: UIView, direction: Direction, start: @escaping () -> Void) {
            #if canImport(ObjectiveC)
                // The view owns its pan and the pan its handler: nothing outlives the view, and a
                // view reused for another screen is not skipped (as a set of identities would).
                guard view.gestureRecognizers?.contains(where: { $0 is CatalogPan }) != true else { return }
                view.addGestureRecognizer(
                    CatalogPan { [weak self] recognizer in self?.handlePan(recognizer, direction: direction, start: start) })
            #endif
        }
    }

    #if canImport(ObjectiveC)
        /// A pan that is its own target (target–action needs an Objective-C method) and calls its
        /// handler.
        @MainActor
        private final class CatalogPan: UIPanGestureRecognizer {
            private let handler: (UIPanGestureRecognizer) -> Void

            init(_ handler: @escaping (UIPanGestureRecognizer) -> Void) {
                self.handler = handler
                super.init(target: nil, action: nil)
                addTarget(self, action: #selector(fire))
            }

            @objc private func fire() { handler(self) }
        }
    #endif
#endif
