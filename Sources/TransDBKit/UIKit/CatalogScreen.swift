#if canImport(UIKit)
    import UIKit

    /// A view controller that names its screen in the catalog (`demo/Detail`, or a generated
    /// `Transitions.Screens.detail.rawValue`). Controllers that do not adopt it are named by
    /// ``CatalogTransitions/screenName``, by default their type's name.
    @MainActor
    public protocol CatalogScreen: AnyObject {
        /// The screen's name in the catalog.
        var catalogScreenName: String { get }
    }
#endif
