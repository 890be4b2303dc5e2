/// A size in points.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// An iPhone 15's portrait screen, the default container.
    public static let defaultContainer = Size(width: 390, height: 844)
}

/// A rectangle in points, origin at the top left, y downwards (UIKit's coordinates).
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The default origin rect when none is given: a 100-point square at the container's centre.
    public static func defaultOrigin(in container: Size) -> Rect {
        Rect(x: container.width / 2 - 50, y: container.height / 2 - 50, width: 100, height: 100)
    }

    /// The default target rect of a shared element when none is given: a square as wide as the
    /// container at its top (a detail screen's header image).
    public static func defaultTarget(in container: Size) -> Rect {
        Rect(x: 0, y: 0, width: container.width, height: container.width)
    }
}

extension Rect {
    /// The part of this rectangle inside `other`, `nil` when they share no area.
    func intersection(_ other: Rect) -> Rect? {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(x + width, other.x + other.width)
        let bottom = min(y + height, other.y + other.height)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Whether `other` lies wholly inside this rectangle.
    func contains(_ other: Rect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }
}

extension RelativeFrame {
    /// The frame in points, given the transition's container, origin and target rects.
    func absolute(in context: TransitionContext) -> Rect {
        let unit: Rect
        switch reference {
        case .container: unit = Rect(x: 0, y: 0, width: context.container.width, height: context.container.height)
        case .origin: unit = context.origin
        case .target: unit = context.target
        }
        return Rect(
            x: unit.x + x * unit.width, y: unit.y + y * unit.height, width: width * unit.width, height: height * unit.height)
    }
}
