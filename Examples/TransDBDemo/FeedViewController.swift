import TransDBKit
import UIKit

/// The feed: a thumbnail that zooms into a photo (`samples/popAnimator`) and a row that pushes the detail.
final class FeedViewController: UIViewController, CatalogScreen {
    let catalogScreenName = Transitions.Screens.feed.rawValue
    private lazy var thumbnail = UIButton(
        frame: CGRect(x: 20, y: 120, width: 100, height: 100), primaryAction: UIAction { [weak self] _ in self?.openPhoto() })

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(thumbnail)
        view.addSubview(
            UIButton(
                frame: CGRect(x: 20, y: 240, width: 200, height: 44),
                primaryAction: UIAction { [weak self] _ in
                    self?.navigationController?.pushViewController(DetailViewController(nibName: nil, bundle: nil), animated: true)
                }))
    }

    private func openPhoto() {
        let photo = PhotoViewController(nibName: nil, bundle: nil)
        AppDelegate.transitions.sourceView = { [weak self] _, _ in self?.thumbnail }  // hidden while the zoom runs
        AppDelegate.transitions.originRect = { [weak self] _, _ in self.map { $0.thumbnail.convert($0.thumbnail.bounds, to: nil) } }
        AppDelegate.transitions.prepare(photo)
        present(photo, animated: true)
    }
}
