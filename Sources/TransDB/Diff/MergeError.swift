import TransDBCore

/// A merge that must not be written.
public enum MergeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Conflicts no side was taken for: any conflict under ``MergePolicy/fail``, and references
    /// and route ties, which no policy resolves. The first few are listed in the message.
    case unresolvedConflicts([MergeConflict])

    public var description: String {
        switch self {
        case let .unresolvedConflicts(unresolved):
            let listed = unresolved.map(\.summary).firstFew(separator: "; ")
            let advice =
                unresolved.allSatisfy(\.reason.isResolvable)
                ? "use --ours or --theirs"
                : unresolved.contains(where: \.reason.isResolvable)
                    ? "use --ours or --theirs for the conflicting values; references and route ties need a change to the local catalog or to theirs"
                    : "no policy resolves references and route ties: change the local catalog or theirs, then merge again"
            return "\(unresolved.count) conflict\(unresolved.count == 1 ? "" : "s"): \(listed); \(advice)"
        }
    }
}
