#if canImport(UIKit)
    import TransDBCore
    import UIKit

    extension UIView {
        /// Sets the view to one state of a plan: its size and centre (the frame without the
        /// transform), then scale, rotation and the flip's rotation about the vertical axis as one
        /// transform about the centre, alpha and corner radius.
        ///
        /// The size goes through `bounds.size`, which keeps a scroll view's content offset. The
        /// flip's perspective (m34 = −1/500) is the usual one in UIKit code, not UIKit's own (inferred).
        func apply(_ sample: ViewSample) {
            transform3D = CATransform3DIdentity
            bounds.size = CGSize(width: sample.width, height: sample.height)
            center = CGPoint(x: sample.x + sample.width / 2, y: sample.y + sample.height / 2)
            var transform = CATransform3DIdentity
            if sample.rotationY != 0 {
                transform.m34 = -1 / 500
                transform = CATransform3DRotate(transform, CGFloat(sample.rotationY * .pi / 180), 0, 1, 0)
            }
            if sample.rotation != 0 { transform = CATransform3DRotate(transform, CGFloat(sample.rotation * .pi / 180), 0, 0, 1) }
            if sample.scaleX != 1 || sample.scaleY != 1 {
                transform = CATransform3DScale(transform, CGFloat(sample.scaleX), CGFloat(sample.scaleY), 1)
            }
            transform3D = transform
            alpha = CGFloat(sample.alpha)
            layer.cornerRadius = CGFloat(sample.cornerRadius)
            if sample.cornerRadius > 0 { clipsToBounds = true }
        }
    }
#endif
