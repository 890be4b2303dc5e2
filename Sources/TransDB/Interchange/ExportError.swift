import TransDBCore

/// An export that cannot be written as asked.
public enum ExportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A bundle holds one library, and `count` libraries were to go into one file.
    case oneLibraryPerBundle(count: Int)
    /// DTCG's transition tokens take a cubic-bezier, and these presets' curves are springs,
    /// `steps()` or `linear()`: each `library/preset (kind, nearest cubic-bezier within E)`.
    case unrepresentableCurves([String])

    public var description: String {
        switch self {
        case let .oneLibraryPerBundle(count):
            count == 0
                ? "a bundle holds one library, and there is none to export"
                : "a bundle holds one library, and \(count) are to be exported: give one --library NAME, or -o DIRECTORY for one file per library"
        case let .unrepresentableCurves(presets):
            "\(presets.count) preset\(presets.count == 1 ? " uses a curve" : "s use curves") that DTCG's cubicBezier cannot represent: "
                + presets.firstFew(separator: "; ")
                + "; without --exact the nearest cubic-bezier is written (the exact curve is kept under $extensions)"
        }
    }
}
