import TransDBCore

/// How listings and answers are printed.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned columns for people.
    case table
    /// One JSON document (an array for listings), indented.
    case json
    /// One compact JSON object per line.
    case ndjson
    /// RFC 4180 CSV with a header row.
    case csv

    /// The renderer that prints in this format.
    public var renderer: any OutputRenderer {
        switch self {
        case .table: TableRenderer()
        case .json: JSONRenderer()
        case .ndjson: NDJSONRenderer()
        case .csv: CSVRenderer()
        }
    }
}
