// The UIKit API surface TransDBKit's glue, generated files and the example app use, declared for
// type-checking on Linux, where there is no UIKit. Each declaration is copied from Apple's
// documentation — signature, optionality, availability, `@MainActor` isolation — and names its page
// (https://developer.apple.com/documentation/…). Bodies are placeholders: nothing here runs.
//
// Deviations forced by Linux, where Swift has no Objective-C runtime:
// - Optional protocol requirements (`optional func`, which needs `@objc`) are requirements with a
//   default implementation in an extension: a conforming type may leave them out, as in UIKit.
// - `@objc`, `Selector` and target–action initialisers are absent; glue that needs them is behind
//   `#if canImport(ObjectiveC)` and is not type-checked here.
// - CoreGraphics and QuartzCore types that Foundation on Linux lacks (CGVector,
//   CGAffineTransform, CATransform3D, CALayer) are declared here; UIKit re-exports both modules.

@_exported import Foundation

// MARK: CoreGraphics

/// https://developer.apple.com/documentation/corefoundation/cgvector
public struct CGVector: Sendable {
    public var dx: CGFloat
    public var dy: CGFloat
    /// https://developer.apple.com/documentation/corefoundation/cgvector/init(dx:dy:)-(cgfloat,_)
    public init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
}

/// https://developer.apple.com/documentation/corefoundation/cgaffinetransform
public struct CGAffineTransform: Sendable {
    public var a, b, c, d, tx, ty: CGFloat
    /// https://developer.apple.com/documentation/corefoundation/cgaffinetransform/init(a:b:c:d:tx:ty:)
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }
    /// https://developer.apple.com/documentation/corefoundation/cgaffinetransform/identity
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    /// https://developer.apple.com/documentation/corefoundation/cgaffinetransform/init(scalex:y:)
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// https://developer.apple.com/documentation/corefoundation/cgaffinetransform/init(rotationangle:)
    public init(rotationAngle angle: CGFloat) { self = .identity }
    /// https://developer.apple.com/documentation/corefoundation/cgaffinetransform/scaledby(x:y:)
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform { self }
}

// MARK: QuartzCore

/// https://developer.apple.com/documentation/quartzcore/catransform3d
public struct CATransform3D: Sendable {
    public var m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44: CGFloat
}
/// https://developer.apple.com/documentation/quartzcore/catransform3didentity
public let CATransform3DIdentity = CATransform3D(
    m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
/// https://developer.apple.com/documentation/quartzcore/catransform3drotate(_:_:_:_:_:)
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D { t }
/// https://developer.apple.com/documentation/quartzcore/catransform3dscale(_:_:_:_:)
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D { t }

/// https://developer.apple.com/documentation/quartzcore/calayer
open class CALayer: NSObject {
    /// https://developer.apple.com/documentation/quartzcore/calayer/cornerradius
    open var cornerRadius: CGFloat = 0
}

// MARK: Views

/// https://developer.apple.com/documentation/uikit/uiresponder
@MainActor open class UIResponder: NSObject {}

/// https://developer.apple.com/documentation/uikit/uiview
@MainActor open class UIView: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiview/init(frame:)
    public init(frame: CGRect) {}
    /// https://developer.apple.com/documentation/uikit/uiview/frame
    open var frame: CGRect = .zero
    /// https://developer.apple.com/documentation/uikit/uiview/bounds
    open var bounds: CGRect = .zero
    /// https://developer.apple.com/documentation/uikit/uiview/center
    open var center: CGPoint = .zero
    /// https://developer.apple.com/documentation/uikit/uiview/transform
    open var transform: CGAffineTransform = .identity
    /// https://developer.apple.com/documentation/uikit/uiview/transform3d (iOS 13)
    open var transform3D: CATransform3D = CATransform3DIdentity
    /// https://developer.apple.com/documentation/uikit/uiview/alpha
    open var alpha: CGFloat = 1
    /// https://developer.apple.com/documentation/uikit/uiview/ishidden
    open var isHidden: Bool = false
    /// https://developer.apple.com/documentation/uikit/uiview/clipstobounds
    open var clipsToBounds: Bool = false
    /// https://developer.apple.com/documentation/uikit/uiview/layer
    open var layer: CALayer { CALayer() }
    /// https://developer.apple.com/documentation/uikit/uiview/superview
    open var superview: UIView? { nil }
    /// https://developer.apple.com/documentation/uikit/uiview/addsubview(_:)
    open func addSubview(_ view: UIView) {}
    /// https://developer.apple.com/documentation/uikit/uiview/removefromsuperview()
    open func removeFromSuperview() {}
    /// https://developer.apple.com/documentation/uikit/uiview/bringsubviewtofront(_:)
    open func bringSubviewToFront(_ view: UIView) {}
    /// https://developer.apple.com/documentation/uikit/uiview/convert(_:from:)-6rzo9 (CGRect)
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect { rect }
    /// https://developer.apple.com/documentation/uikit/uiview/convert(_:to:)-4lc6h (CGRect)
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { rect }
    /// https://developer.apple.com/documentation/uikit/uiview/snapshotview(afterscreenupdates:)
    open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? { nil }
    /// https://developer.apple.com/documentation/uikit/uiview/addgesturerecognizer(_:)
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {}
    /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask
    open var autoresizingMask: UIView.AutoresizingMask = []

    /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct
    public struct AutoresizingMask: OptionSet, Sendable {
        public var rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    }

    /// https://developer.apple.com/documentation/uikit/uiview/animatekeyframes(withduration:delay:options:animations:completion:)
    open class func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.KeyframeAnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {}
    /// https://developer.apple.com/documentation/uikit/uiview/addkeyframe(withrelativestarttime:relativeduration:animations:)
    open class func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double, animations: @escaping () -> Void
    ) {}

    /// https://developer.apple.com/documentation/uikit/uiview/animationcurve
    public enum AnimationCurve: Int, @unchecked Sendable {
        case easeInOut = 0, easeIn, easeOut, linear
    }

    /// https://developer.apple.com/documentation/uikit/uiview/keyframeanimationoptions
    public struct KeyframeAnimationOptions: OptionSet, @unchecked Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/uikit/uiview/keyframeanimationoptions/calculationmodelinear
        public static var calculationModeLinear: UIView.KeyframeAnimationOptions { .init(rawValue: 0) }
        /// https://developer.apple.com/documentation/uikit/uiview/keyframeanimationoptions/calculationmodediscrete
        public static var calculationModeDiscrete: UIView.KeyframeAnimationOptions { .init(rawValue: 1 << 10) }
    }
}

/// https://developer.apple.com/documentation/uikit/uiscreen
@MainActor open class UIScreen: NSObject {
    /// https://developer.apple.com/documentation/uikit/uiscreen/main (deprecated in iOS 16 for the
    /// window scene's screen; available to the example's iOS 15 target)
    open class var main: UIScreen { UIScreen() }
    /// https://developer.apple.com/documentation/uikit/uiscreen/bounds
    open var bounds: CGRect { .zero }
}

/// https://developer.apple.com/documentation/uikit/uiwindow
@MainActor open class UIWindow: UIView {
    /// https://developer.apple.com/documentation/uikit/uiwindow/rootviewcontroller
    open var rootViewController: UIViewController?
    /// https://developer.apple.com/documentation/uikit/uiwindow/makekeyandvisible()
    open func makeKeyAndVisible() {}
}

/// https://developer.apple.com/documentation/uikit/uiaction
@MainActor open class UIAction: NSObject {
    /// https://developer.apple.com/documentation/uikit/uiaction/init(title:image:identifier:discoverabilitytitle:attributes:state:handler:)
    /// (the parameters after `title` and before `handler` have defaults; `image`, `identifier` and the others are left out here)
    public convenience init(title: String = "", handler: @escaping (UIAction) -> Void) { self.init() }
}

/// https://developer.apple.com/documentation/uikit/uibutton
@MainActor open class UIButton: UIView {
    /// https://developer.apple.com/documentation/uikit/uibutton/init(frame:primaryaction:) (iOS 14)
    public convenience init(frame: CGRect, primaryAction: UIAction?) { self.init(frame: frame) }
}

// MARK: Gestures

/// https://developer.apple.com/documentation/uikit/uigesturerecognizer
@MainActor open class UIGestureRecognizer: NSObject {
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/state-swift.property
    open var state: UIGestureRecognizer.State { .possible }
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/isenabled
    open var isEnabled: Bool = true
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/view
    open var view: UIView? { nil }

    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/state-swift.enum
    public enum State: Int, @unchecked Sendable {
        case possible, began, changed, ended, cancelled, failed
    }
}

/// https://developer.apple.com/documentation/uikit/uipangesturerecognizer
@MainActor open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// https://developer.apple.com/documentation/uikit/uipangesturerecognizer/translation(in:)
    open func translation(in view: UIView?) -> CGPoint { .zero }
    /// https://developer.apple.com/documentation/uikit/uipangesturerecognizer/velocity(in:)
    open func velocity(in view: UIView?) -> CGPoint { .zero }
}

// MARK: View controllers

/// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle
/// https://developer.apple.com/documentation/uikit/uimodaltransitionstyle
public enum UIModalTransitionStyle: Int, @unchecked Sendable {
    case coverVertical = 0, flipHorizontal, crossDissolve, partialCurl
}

public enum UIModalPresentationStyle: Int, @unchecked Sendable {
    case fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
    case none = -1
    case automatic = -2
}

/// https://developer.apple.com/documentation/uikit/uiviewcontroller
@MainActor open class UIViewController: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:)
    public required init?(coder: NSCoder) {}
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/view
    open var view: UIView!
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/title
    open var title: String?
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload()
    open func viewDidLoad() {}
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/transitioningdelegate
    weak open var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/modalpresentationstyle
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/modaltransitionstyle
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentingviewcontroller
    open var presentingViewController: UIViewController? { nil }
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/navigationcontroller
    open var navigationController: UINavigationController? { nil }
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {}
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:)
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
}

/// https://developer.apple.com/documentation/uikit/uinavigationcontroller
@MainActor open class UINavigationController: UIViewController {
    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/init(rootviewcontroller:)
    public init(rootViewController: UIViewController) { super.init(nibName: nil, bundle: nil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/delegate
    weak open var delegate: (any UINavigationControllerDelegate)?
    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/viewcontrollers
    open var viewControllers: [UIViewController] = []
    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/topviewcontroller
    open var topViewController: UIViewController? { nil }
    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/interactivepopgesturerecognizer
    open var interactivePopGestureRecognizer: UIGestureRecognizer? { nil }
    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/pushviewcontroller(_:animated:)
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {}
    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/popviewcontroller(animated:)
    open func popViewController(animated: Bool) -> UIViewController? { nil }

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/operation
    public enum Operation: Int, @unchecked Sendable {
        case none, push, pop
    }
}

/// https://developer.apple.com/documentation/uikit/uitabbarcontroller
@MainActor open class UITabBarController: UIViewController {
    /// https://developer.apple.com/documentation/uikit/uitabbarcontroller/delegate
    weak open var delegate: (any UITabBarControllerDelegate)?
    /// https://developer.apple.com/documentation/uikit/uitabbarcontroller/viewcontrollers
    open var viewControllers: [UIViewController]?
    /// https://developer.apple.com/documentation/uikit/uitabbarcontroller/selectedviewcontroller
    unowned(unsafe) open var selectedViewController: UIViewController?
}

// MARK: Application

/// https://developer.apple.com/documentation/uikit/uiapplication
@MainActor open class UIApplication: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiapplication/launchoptionskey
    public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

/// https://developer.apple.com/documentation/uikit/uiapplicationdelegate
@MainActor public protocol UIApplicationDelegate: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/window (optional)
    var window: UIWindow? { get set }
    /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didfinishlaunchingwithoptions:) (optional)
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?)
        -> Bool
}

extension UIApplicationDelegate {
    public var window: UIWindow? {
        get { nil }
        set {}
    }
    public func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        true
    }
    /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/main() (what `@main` calls)
    public static func main() {}
}

// MARK: Accessibility

/// https://developer.apple.com/documentation/uikit/uiaccessibility
public enum UIAccessibility {
    /// https://developer.apple.com/documentation/uikit/uiaccessibility/isreducemotionenabled (iOS 8)
    @MainActor public static var isReduceMotionEnabled: Bool { false }
    /// https://developer.apple.com/documentation/uikit/uiaccessibility/reducemotionstatusdidchangenotification
    public static let reduceMotionStatusDidChangeNotification = NSNotification.Name(
        "UIAccessibilityReduceMotionStatusDidChangeNotification")
}

// MARK: Animation

/// https://developer.apple.com/documentation/uikit/uiviewanimatingstate
public enum UIViewAnimatingState: Int, @unchecked Sendable {
    case inactive = 0, active = 1, stopped = 2
}

/// https://developer.apple.com/documentation/uikit/uiviewanimatingposition
public enum UIViewAnimatingPosition: Int, @unchecked Sendable {
    case end = 0, start = 1, current = 2
}

/// https://developer.apple.com/documentation/uikit/uitimingcurveprovider
@MainActor public protocol UITimingCurveProvider: NSCoding, NSCopying {}

/// https://developer.apple.com/documentation/uikit/uicubictimingparameters
@MainActor open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
    /// https://developer.apple.com/documentation/uikit/uicubictimingparameters/init(animationcurve:)
    public init(animationCurve curve: UIView.AnimationCurve) {}
    /// https://developer.apple.com/documentation/uikit/uicubictimingparameters/init(controlpoint1:controlpoint2:)
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {}
    nonisolated public required init?(coder: NSCoder) {}
    nonisolated public func encode(with coder: NSCoder) {}
    nonisolated public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// https://developer.apple.com/documentation/uikit/uispringtimingparameters
@MainActor open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
    /// https://developer.apple.com/documentation/uikit/uispringtimingparameters/init(dampingratio:initialvelocity:)
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {}
    /// https://developer.apple.com/documentation/uikit/uispringtimingparameters/init(mass:stiffness:damping:initialvelocity:)
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {}
    nonisolated public required init?(coder: NSCoder) {}
    nonisolated public func encode(with coder: NSCoder) {}
    nonisolated public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// https://developer.apple.com/documentation/uikit/uiviewanimating
@MainActor public protocol UIViewAnimating: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uiviewanimating/state
    var state: UIViewAnimatingState { get }
    /// https://developer.apple.com/documentation/uikit/uiviewanimating/fractioncomplete
    var fractionComplete: CGFloat { get set }
    /// https://developer.apple.com/documentation/uikit/uiviewanimating/startanimation()
    func startAnimation()
    /// https://developer.apple.com/documentation/uikit/uiviewanimating/pauseanimation()
    func pauseAnimation()
}

/// https://developer.apple.com/documentation/uikit/uiviewimplicitlyanimating
@MainActor public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    /// https://developer.apple.com/documentation/uikit/uiviewimplicitlyanimating/addanimations(_:) (optional)
    func addAnimations(_ animation: @escaping () -> Void)
    /// https://developer.apple.com/documentation/uikit/uiviewimplicitlyanimating/addcompletion(_:) (optional)
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
}

/// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator
@MainActor open class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating {
    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/init(duration:timingparameters:)
    public init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {}
    open var state: UIViewAnimatingState { .inactive }
    open var fractionComplete: CGFloat = 0
    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/isinterruptible
    open var isInterruptible: Bool = true
    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/scrubslinearly (iOS 11)
    open var scrubsLinearly: Bool = true
    open func startAnimation() {}
    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/startanimation(afterdelay:)
    open func startAnimation(afterDelay delay: TimeInterval) {}
    open func pauseAnimation() {}
    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/addanimations(_:)
    open func addAnimations(_ animation: @escaping () -> Void) {}
    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/addcompletion(_:)
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {}
}

// MARK: Transitions

/// https://developer.apple.com/documentation/uikit/uitransitioncontextviewkey
public struct UITransitionContextViewKey: Hashable, RawRepresentable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/uikit/uitransitioncontextviewkey/from
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromView")
    /// https://developer.apple.com/documentation/uikit/uitransitioncontextviewkey/to
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToView")
}

/// https://developer.apple.com/documentation/uikit/uitransitioncontextviewcontrollerkey
public struct UITransitionContextViewControllerKey: Hashable, RawRepresentable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/uikit/uitransitioncontextviewcontrollerkey/from
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewController")
    /// https://developer.apple.com/documentation/uikit/uitransitioncontextviewcontrollerkey/to
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewController")
}

/// https://developer.apple.com/documentation/uikit/uiviewcontrollercontexttransitioning
@MainActor public protocol UIViewControllerContextTransitioning: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollercontexttransitioning/containerview
    var containerView: UIView { get }
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollercontexttransitioning/isinteractive
    var isInteractive: Bool { get }
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollercontexttransitioning/transitionwascancelled
    var transitionWasCancelled: Bool { get }
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollercontexttransitioning/completetransition(_:)
    func completeTransition(_ didComplete: Bool)
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollercontexttransitioning/viewcontroller(forkey:)
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollercontexttransitioning/view(forkey:)
    func view(forKey key: UITransitionContextViewKey) -> UIView?
}

/// https://developer.apple.com/documentation/uikit/uiviewcontrolleranimatedtransitioning
@MainActor public protocol UIViewControllerAnimatedTransitioning: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uiviewcontrolleranimatedtransitioning/transitionduration(using:)
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval
    /// https://developer.apple.com/documentation/uikit/uiviewcontrolleranimatedtransitioning/animatetransition(using:)
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)
    /// https://developer.apple.com/documentation/uikit/uiviewcontrolleranimatedtransitioning/interruptibleanimator(using:) (optional, iOS 10)
    func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning) -> any UIViewImplicitlyAnimating
    /// https://developer.apple.com/documentation/uikit/uiviewcontrolleranimatedtransitioning/animationended(_:) (optional)
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    public func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning) -> any UIViewImplicitlyAnimating {
        UIViewPropertyAnimator(duration: 0, timingParameters: UICubicTimingParameters(animationCurve: .linear))
    }
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// https://developer.apple.com/documentation/uikit/uiviewcontrollerinteractivetransitioning
@MainActor public protocol UIViewControllerInteractiveTransitioning: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollerinteractivetransitioning/startinteractivetransition(_:)
    func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)
}

/// https://developer.apple.com/documentation/uikit/uipercentdriveninteractivetransition
@MainActor open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
    public override init() {}
    /// https://developer.apple.com/documentation/uikit/uipercentdriveninteractivetransition/duration
    open var duration: CGFloat { 0 }
    /// https://developer.apple.com/documentation/uikit/uipercentdriveninteractivetransition/percentcomplete
    open var percentComplete: CGFloat { 0 }
    /// https://developer.apple.com/documentation/uikit/uipercentdriveninteractivetransition/completionspeed
    open var completionSpeed: CGFloat = 1
    /// https://developer.apple.com/documentation/uikit/uipercentdriveninteractivetransition/completioncurve
    open var completionCurve: UIView.AnimationCurve = .easeInOut
    /// https://developer.apple.com/documentation/uikit/uipercentdriveninteractivetransition/timingcurve (iOS 10)
    open var timingCurve: (any UITimingCurveProvider)?
    /// https://developer.apple.com/documentation/uikit/uipercentdriveninteractivetransition/wantsinteractivestart (iOS 10)
    open var wantsInteractiveStart: Bool = true
    open func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {}
    /// https://developer.apple.com/documentation/uikit/uipercentdriveninteractivetransition/update(_:)
    open func update(_ percentComplete: CGFloat) {}
    /// https://developer.apple.com/documentation/uikit/uipercentdriveninteractivetransition/pause() (iOS 10)
    open func pause() {}
    /// https://developer.apple.com/documentation/uikit/uipercentdriveninteractivetransition/cancel()
    open func cancel() {}
    /// https://developer.apple.com/documentation/uikit/uipercentdriveninteractivetransition/finish()
    open func finish() {}
}

/// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioningdelegate (every method optional)
@MainActor public protocol UIViewControllerTransitioningDelegate: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioningdelegate/animationcontroller(forpresented:presenting:source:)
    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController)
        -> (any UIViewControllerAnimatedTransitioning)?
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioningdelegate/animationcontroller(fordismissed:)
    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioningdelegate/interactioncontrollerforpresentation(using:)
    func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning) -> (
        any UIViewControllerInteractiveTransitioning
    )?
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioningdelegate/interactioncontrollerfordismissal(using:)
    func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning) -> (
        any UIViewControllerInteractiveTransitioning
    )?
}

extension UIViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController)
        -> (any UIViewControllerAnimatedTransitioning)?
    { nil }
    public func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
    { nil }
    public func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
    { nil }
}

/// https://developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate (every method optional)
@MainActor public protocol UINavigationControllerDelegate: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate/navigationcontroller(_:animationcontrollerfor:from:to:)
    func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)?
    /// https://developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate/navigationcontroller(_:interactioncontrollerfor:)
    func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)?
    /// https://developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate/navigationcontroller(_:didshow:animated:)
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
    public func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? { nil }
    public func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {}
}

/// https://developer.apple.com/documentation/uikit/uitabbarcontrollerdelegate (every method optional)
@MainActor public protocol UITabBarControllerDelegate: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uitabbarcontrollerdelegate/tabbarcontroller(_:animationcontrollerfortransitionfrom:to:)
    func tabBarController(
        _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController, to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)?
    /// https://developer.apple.com/documentation/uikit/uitabbarcontrollerdelegate/tabbarcontroller(_:interactioncontrollerfor:)
    func tabBarController(
        _ tabBarController: UITabBarController, interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)?
}

extension UITabBarControllerDelegate {
    public func tabBarController(
        _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController, to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func tabBarController(
        _ tabBarController: UITabBarController, interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? { nil }
}
