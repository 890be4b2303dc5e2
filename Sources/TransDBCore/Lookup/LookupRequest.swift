/// A question UIKit's lookup answers: the operation and the route, as names people write.
public struct LookupRequest: Hashable, Sendable {
    public var operation: TransitionOperation
    /// The screen being left.
    public var from: String
    /// The screen being shown.
    public var to: String
    /// The navigation or tab bar controller (push, pop, tab); `nil` picks the only one.
    public var container: String?
    /// Whether Reduce Motion is on: the answer then says what plays instead
    /// (``ReducedMotion/apply(to:source:)``).
    public var reduceMotion: Bool

    /// Creates a request.
    public init(operation: TransitionOperation, from: String, to: String, container: String? = nil, reduceMotion: Bool = false) {
        self.operation = operation
        self.from = from
        self.to = to
        self.container = container
        self.reduceMotion = reduceMotion
    }
}
