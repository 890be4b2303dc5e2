import TransDBCore
/// One field of an entry that differs between two catalogs.
public struct FieldChange: Hashable, Sendable {
    /// The field's name as in the entry's JSON record; track values are written
    /// `tracks.VIEW.PHASE.PROPERTY` (`tracks.to.start.alpha`), interaction settings `interaction.NAME`.
    public var field: String
    public var old: JSONValue
    public var new: JSONValue

    /// Creates a field change.
    public init(field: String, old: JSONValue, new: JSONValue) {
        self.field = field
        self.old = old
        self.new = new
    }
}
