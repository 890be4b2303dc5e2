import TransDBCore
/// One entry that differs between two catalogs: added, removed, or changed in some fields.
public struct EntryDiff: Hashable, Sendable {
    /// What happened to the entry.
    public enum Change: String, CaseIterable, Hashable, Sendable {
        case added, removed, changed

        /// `+`, `-` or `~`, as the table prints it.
        public var sign: String {
            switch self {
            case .added: "+"
            case .removed: "-"
            case .changed: "~"
            }
        }
    }

    public var change: Change
    public var kind: EntityKind
    /// The library the entry belongs to (for library metadata: the library itself).
    public var library: String
    /// The entry's name; for a route `delegate: operation from → to`, names as the bundle writes
    /// them (entries of the same library bare); for library metadata the library's name.
    public var name: String
    /// The fields that differ (changed entries; empty for added and removed ones).
    public var fields: [FieldChange]
    /// Every compared field of an added entry (its new values) or a removed one (its old values),
    /// as an object; `nil` for a changed entry.
    public var value: JSONValue?

    /// Creates an entry difference.
    public init(change: Change, kind: EntityKind, library: String, name: String, fields: [FieldChange] = [], value: JSONValue? = nil) {
        self.change = change
        self.kind = kind
        self.library = library
        self.name = name
        self.fields = fields
        self.value = value
    }

    /// `library/name`, or the library's name for library metadata.
    public var qualifiedName: String { kind == .library ? library : "\(library)/\(name)" }

    /// `+ preset motion/x`.
    public var headline: String { "\(change.sign) \(kind.rawValue) \(qualifiedName)" }
}
