import TransDBCore
/// Something a merge cannot decide by itself, with the values of both sides.
///
/// Conflicts on fields and entries are resolved by the ``MergePolicy`` (``resolution``);
/// conflicts the merged catalog as a whole would have — a reference to an entry the merge
/// removes, two routes that tie — are never resolved by a policy: one of the catalogs must be
/// changed and the merge run again.
public struct MergeConflict: Hashable, Sendable {
    /// Why the entry conflicts.
    public enum Reason: String, CaseIterable, Hashable, Sendable {
        /// The field was changed on both sides, to different values.
        case bothChanged
        /// The entry was added on both sides (it is not in the base), with different values.
        case bothAdded
        /// The field differs and nothing tells which side changed it: no base was given, or the
        /// base does not have the entry's library.
        case differs
        /// We deleted the entry (or library); they changed it.
        case deletedByUs
        /// They deleted the entry (or library); we changed it.
        case deletedByThem
        /// Fields taken from different sides do not fit together (a flip preset moving up).
        case inconsistent
        /// The merged entry refers to an entry that the merged catalog does not have.
        case danglingReference
        /// The merged entry refers to an entry that cannot serve (an interaction preset without
        /// interaction settings).
        case invalidReference
        /// Two merged routes would answer the same transition equally.
        case routeTie

        /// Whether a ``MergePolicy`` can resolve a conflict of this reason.
        public var isResolvable: Bool {
            switch self {
            case .danglingReference, .invalidReference, .routeTie: false
            default: true
            }
        }

        /// The reason in words.
        public var phrase: String {
            switch self {
            case .bothChanged: "changed on both sides"
            case .bothAdded: "added on both sides with different values"
            case .differs: "differs (no base has its library, so neither side is known to have changed it)"
            case .deletedByUs: "deleted here, changed in theirs"
            case .deletedByThem: "changed here, deleted in theirs"
            case .inconsistent: "inconsistent"
            case .danglingReference: "dangling reference"
            case .invalidReference: "invalid reference"
            case .routeTie: "route tie"
            }
        }
    }

    public var kind: EntityKind
    public var library: String
    /// The entry's name, as in ``EntryDiff/name``.
    public var name: String
    /// The field, several joined by `, ` when they must go together; `nil` for a whole entry.
    public var field: String?
    public var reason: Reason
    /// The value in the base; `nil` when there is no base or the entry is not in it.
    public var base: JSONValue?
    /// Our value; `nil` when we do not have the entry.
    public var ours: JSONValue?
    /// Their value; `nil` when they do not have the entry.
    public var theirs: JSONValue?
    /// What is wrong, for inconsistent, dangling and tied entries.
    public var detail: String?
    /// The side the policy took, or `nil` when the conflict is unresolved.
    public var resolution: MergeSide?

    /// Creates a conflict.
    public init(
        kind: EntityKind, library: String, name: String, field: String?, reason: Reason, base: JSONValue? = nil,
        ours: JSONValue?, theirs: JSONValue?, detail: String? = nil, resolution: MergeSide? = nil
    ) {
        self.kind = kind
        self.library = library
        self.name = name
        self.field = field
        self.reason = reason
        self.base = base
        self.ours = ours
        self.theirs = theirs
        self.detail = detail
        self.resolution = resolution
    }

    /// `library/name`, or the library's name for a library.
    public var qualifiedName: String { kind == .library ? library : "\(library)/\(name)" }

    /// The conflict in one phrase: `preset motion/zoom duration (ours 0.5, theirs 0.6)`.
    public var summary: String {
        let subject = "\(kind.rawValue) \(qualifiedName)" + (field.map { " \($0)" } ?? "")
        switch reason {
        case .bothChanged, .bothAdded, .differs:
            return "\(subject) (ours \(Self.shown(ours)), theirs \(Self.shown(theirs)))"
        case .deletedByUs, .deletedByThem:
            return "\(subject) (\(reason.phrase))"
        case .inconsistent, .danglingReference, .invalidReference, .routeTie:
            return "\(subject) (\(reason.phrase): \(detail ?? ""))"
        }
    }

    /// The keys of ``record``, in order.
    public static let recordKeys = ["kind", "library", "name", "field", "reason", "base", "ours", "theirs", "detail", "resolution"]

    /// `kind, library, name, field, reason, base, ours, theirs, detail, resolution`; an absent
    /// value is null (``reason`` tells a deleted entry from a null field).
    public var record: [(String, JSONValue)] {
        [
            ("kind", .string(kind.rawValue)), ("library", .string(library)), ("name", .string(name)), ("field", .string(field)),
            ("reason", .string(reason.rawValue)), ("base", base ?? .null), ("ours", ours ?? .null), ("theirs", theirs ?? .null),
            ("detail", .string(detail)), ("resolution", .string(resolution?.rawValue)),
        ]
    }

    /// A value in a message or a table: `(absent)` for a missing entry, `-` for null.
    static func shown(_ value: JSONValue?) -> String {
        guard let value else { return "(absent)" }
        return CatalogDiff.shown(value)
    }
}
