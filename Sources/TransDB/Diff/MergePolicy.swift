import TransDBCore
/// What a merge does with a conflict: the same field changed differently on both sides, an entry
/// deleted on one side and changed on the other, or fields that no longer fit together.
public enum MergePolicy: String, CaseIterable, Hashable, Sendable {
    /// Keep our value (the local catalog's).
    case ours
    /// Take their value.
    case theirs
    /// Resolve nothing: the conflicts are reported and the merge must not be written.
    case fail

    /// The side this policy takes, or `nil` for ``fail``.
    public var side: MergeSide? {
        switch self {
        case .ours: .ours
        case .theirs: .theirs
        case .fail: nil
        }
    }
}
