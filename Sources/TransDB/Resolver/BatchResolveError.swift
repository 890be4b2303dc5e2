import TransDBCore

/// A batch that was answered line by line, but not every line with a resolution.
public enum BatchResolveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `count` lines could not be resolved; their answers are `{"line", "error"}` objects.
    case unresolvedLines(count: Int)

    public var description: String {
        switch self {
        case .unresolvedLines: #"some lines could not be resolved; their answers are {"line", "error"} objects"#
        }
    }
}
