import TransDBCore

/// A part of what the `table` format prints for people.
public enum TextBlock: Sendable {
    /// Text as it is; each line ends with its own newline.
    case text(String)
    /// Cells already written as text, in aligned columns (see ``Table``).
    case table(Table)
    /// Records in aligned columns under their keys (``Listing/tableColumns`` when set), each
    /// value as a cell: null and an empty array as `-`, an array's items joined with `, `,
    /// control characters escaped. Only the header for no records.
    case records(Listing)
}
