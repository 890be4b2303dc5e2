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
}

extension RelativeFrame {
    /// The frame in points, given the container and the origin rect.
    func absolute(container: Size, origin: Rect) -> Rect {
        switch reference {
        case .container:
            Rect(x: x * container.width, y: y * container.height, width: width * container.width, height: height * container.height)
        case .origin:
            Rect(
                x: origin.x + x * origin.width, y: origin.y + y * origin.height, width: width * origin.width,
                height: height * origin.height)
        }
    }
}
