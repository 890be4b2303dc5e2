import TransDBKit
import UIKit

/// The detail: pushed from the feed; popped back with a pan (`motion/pullRight`), which the navigation delegate installs.
final class DetailViewController: UIViewController, CatalogScreen {
    let catalogScreenName = Transitions.Screens.detail.rawValue
}
