import TransDBKit
import UIKit

/// The photo: presented with PopAnimator's zoom; a tap dismisses it with the zoom's mirror (`samples/popAnimatorDismiss`).
final class PhotoViewController: UIViewController, CatalogScreen {
    let catalogScreenName = Transitions.Screens.photo.rawValue

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(
            UIButton(
                frame: CGRect(x: 0, y: 0, width: 390, height: 844),
                primaryAction: UIAction { [weak self] _ in self?.dismiss(animated: true) }))
    }
}
