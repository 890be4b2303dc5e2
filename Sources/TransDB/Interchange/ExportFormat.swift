import TransDBCore

/// What `transdb export` writes.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// transdb's own bundle format: one library a file.
    case bundle
    /// W3C design tokens (DTCG): every library in one file.
    case dtcg
    /// CSS custom properties: every library in one file.
    case css
}
