/// A question UIKit's lookup answers: the operation and the route, as names people write.
public struct LookupRequest: Hashable, Sendable {
    public var operation: TransitionOperation
    /// The screen being left.
    public var from: String
    /// The screen being shown.
    public var to: String
    /// The navigation or tab bar controller (push, pop, tab); `nil` picks the only one.
    public var container: String?

    /// Creates a request.
    public init(operation: TransitionOperation, from: String, to: String, container: String? = nil) {
        self.operation = operation
        self.from = from
        self.to = to
        self.container = container
    }
}
