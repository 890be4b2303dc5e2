import TransDBCore
/// One side of a merge: ours (the catalog merged into) or theirs (the catalog brought in).
public enum MergeSide: String, CaseIterable, Hashable, Sendable {
    case ours, theirs
}
