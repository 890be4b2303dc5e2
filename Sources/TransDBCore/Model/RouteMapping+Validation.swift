/// UIKit's rules on what a delegate can answer, each written once. The writer, the bundle
/// reader, the stream reader's fast path and a merge all call these; a reader that has a route's
/// parts but no mapping yet asks the `keeps…` predicates and leaves the wording to `validate…`.
extension RouteMapping {
    /// Checks UIKit's rules on the mapping: ``validateDestination()`` and ``validateInteraction()``.
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)`` for the first rule broken.
    public func validate() throws {
        try validateDestination()
        try validateInteraction()
    }

    /// Whether a mapping for `operation` may have the destination it has: a dismiss route's is
    /// `*`, since `animationController(forDismissed:)` sees only the dismissed screen.
    @inlinable
    public static func keepsDestinationRule(operation: TransitionOperation, toAnyScreen: Bool) -> Bool {
        operation != .dismiss || toAnyScreen
    }

    /// Whether a mapping may return its interaction controller: UIKit asks for one only after
    /// the delegate returned an animator.
    @inlinable
    public static func keepsInteractionRule(returnsAnimator: Bool, hasInteraction: Bool) -> Bool {
        returnsAnimator || !hasInteraction
    }

    /// Checks that a dismiss mapping's destination is `*` (``keepsDestinationRule(operation:toAnyScreen:)``).
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public func validateDestination() throws {
        guard !Self.keepsDestinationRule(operation: operation, toAnyScreen: to == .any) else { return }
        throw ModelError.invalidValue(
            field: "dismiss route", value: "\(from) → \(to)",
            reason: "UIKit's animationController(forDismissed:) sees only the dismissed screen, so a dismiss route's destination is '*'")
    }

    /// Checks that a mapping with an interaction returns an animator
    /// (``keepsInteractionRule(returnsAnimator:hasInteraction:)``).
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public func validateInteraction() throws {
        try Self.validateInteraction(interaction?.description, returnsAnimator: preset != nil)
    }

    /// ``validateInteraction()`` on the parts it needs, for a command line that has not looked
    /// up the names yet.
    ///
    /// - Parameters:
    ///   - interaction: The interaction preset as given, or nil.
    ///   - returnsAnimator: Whether the mapping returns a preset (not an explicit `nil`).
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public static func validateInteraction(_ interaction: String?, returnsAnimator: Bool) throws {
        guard !keepsInteractionRule(returnsAnimator: returnsAnimator, hasInteraction: interaction != nil) else { return }
        throw ModelError.invalidValue(
            field: "interaction", value: interaction ?? "",
            reason: "UIKit asks for an interaction controller only when the delegate returned an animator; give the route a preset too")
    }
}
