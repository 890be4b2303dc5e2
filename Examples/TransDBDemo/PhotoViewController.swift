import TransDBKit
import UIKit

/// The photo: presented with PopAnimator's zoom; a tap dismisses it with the zoom's mirror (`samples/popAnimatorDismiss`).
final class PhotoViewController: UIViewController, CatalogScreen {
    let catalogScreenName = Transitions.Screens.photo.rawValue

    override func viewDidLoad() {
        super.viewDidLoad()
        let tapToDismiss = UIButton(frame: view.bounds, primaryAction: UIAction { [weak self] _ in self?.dismiss(animated: true) })
        tapToDismiss.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(tapToDismiss)
    }
}
