import TransDBCore

/// What `transdb export` writes.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// transdb's own bundle format: one library a file.
    case bundle
    /// W3C design tokens (DTCG): every library in one file.
    case dtcg
    /// CSS custom properties: every library in one file.
    case css

    /// What `export -o PATH` writes when no format is given: DTCG for `.tokens` and
    /// `.tokens.json` (the DTCG format's extensions), CSS for `.css`, a bundle otherwise.
    public static func inferred(fromOutput path: String?) -> ExportFormat {
        guard let path else { return .bundle }
        if ImportFormat.isTokenFile(path) { return .dtcg }
        return path.lowercased().hasSuffix(".css") ? .css : .bundle
    }
}
