import TransDBKit
import UIKit

/// The demo library's app: a navigation controller whose pushes, pops, presents and dismisses
/// all come from the catalog (`transdb generate swift --library demo -o Transitions.swift`).
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    static let transitions: CatalogTransitions = {
        do { return CatalogTransitions(catalog: try Transitions.catalog()) } catch {
            fatalError("generated tables hold every library they refer to: \(error)")
        }
    }()
    private let navigationDelegate = AppDelegate.transitions.navigationDelegate(container: Transitions.Containers.mainNav.rawValue)

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?)
        -> Bool
    {
        let navigation = UINavigationController(rootViewController: FeedViewController(nibName: nil, bundle: nil))
        navigation.delegate = navigationDelegate
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = navigation
        window?.makeKeyAndVisible()
        return true
    }
}
