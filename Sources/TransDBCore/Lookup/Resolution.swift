/// The answer to "which animator does UIKit use for this route?", with every step of the lookup.
public struct Resolution: Hashable, Sendable {
    /// An answer to `request` before the lookup has found anything.
    public init(request: LookupRequest) {
        operation = request.operation
        from = request.from
        to = request.to
        reduceMotion = request.reduceMotion
    }

    public var operation: TransitionOperation
    /// The screen being left, as given.
    public var from: String
    /// The screen being shown, as given.
    public var to: String
    /// The container asked (push, pop, tab), as resolved.
    public var container: QualifiedName?
    /// The delegate that was asked, or `nil` when there was none (or it was released).
    public var delegate: QualifiedName?
    /// The mapping whose answer was used, or `nil`.
    public var mapping: RouteMapping?
    /// The animator, or `nil` for the system default.
    @Boxed public var animator: Preset? = nil
    /// The interaction controller's preset, or `nil` for a non-interactive transition.
    @Boxed public var interaction: Preset? = nil
    /// The system default played when `animator` is `nil`.
    public var systemDefault: SystemTransition?
    /// Names the request used that are not in the catalog.
    public var unknownNames: [String] = []
    /// Whether the request asked for the answer under Reduce Motion.
    public var reduceMotion = false
    /// Under Reduce Motion, what plays instead of `animator` (named or derived); `nil` otherwise
    /// and when the answer is the system default (see ``ReducedMotion/apply(to:source:)``).
    @Boxed public var reducedMotion: ReducedMotion.Alternative? = nil
    /// The lookup, one sentence a step, in order.
    public var explanation: [String] = []
}
