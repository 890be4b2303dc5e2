/// Where a transition runs: the container's size, the rect a zoom grows from, the rect a shared
/// element travels to, and the operation.
public struct TransitionContext: Hashable, Sendable {
    public var container: Size
    /// The origin rect of zoom-style presets (a tapped thumbnail); defaults to a centred 100-point square.
    public var origin: Rect
    /// The rect a shared element travels to; defaults to a container-wide square at the top.
    public var target: Rect
    public var operation: TransitionOperation

    /// Creates a context; by default a 390×844 container and a present.
    public init(container: Size = .defaultContainer, origin: Rect? = nil, target: Rect? = nil, operation: TransitionOperation = .present) {
        self.container = container
        self.origin = origin ?? .defaultOrigin(in: container)
        self.target = target ?? .defaultTarget(in: container)
        self.operation = operation
    }

    /// Whether the operation undoes a forward one (dismiss undoes present, pop undoes push).
    public var isReverse: Bool { operation == .dismiss || operation == .pop }
}
