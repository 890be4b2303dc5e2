import Foundation

/// Inline suppressions: an entry's description may accept a finding, with the reason, as
/// `[lint allow TD001: the demo shows a pop without swipe-back]` (several ids may be given,
/// separated by spaces or commas). It applies to findings on that entry; on a delegate, also to
/// findings on its routes (routes have no description); on a library, to every entry of the
/// library. A directive without a reason after the colon suppresses nothing.
public struct LintSuppression: Hashable, Sendable {
    /// The rule ids accepted.
    public var rules: Set<String>
    public var reason: String

    /// The directives in `description`.
    public static func parse(_ description: String) -> [LintSuppression] {
        var found: [LintSuppression] = []
        var rest = Substring(description)
        while let open = rest.range(of: "[lint allow ") {
            let body = rest[open.upperBound...]
            guard let close = body.firstIndex(of: "]") else { break }
            let directive = body[..<close]
            rest = body[body.index(after: close)...]
            guard let colon = directive.firstIndex(of: ":") else { continue }
            let reason = directive[directive.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            let ids = directive[..<colon].split { $0 == " " || $0 == "," }.map { $0.uppercased() }
            guard !reason.isEmpty, !ids.isEmpty else { continue }
            found.append(LintSuppression(rules: Set(ids), reason: reason))
        }
        return found
    }
}
