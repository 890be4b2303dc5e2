/// Why a catalog could not be loaded into an app.
public enum TransitionCatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A bundle file that is not a valid bundle.
    case invalidBundle(file: String, path: String, reason: String)
    /// A reference to an entry the catalog does not have.
    case unknownReference(kind: String, name: String)

    /// A whole sentence that says what to do.
    public var description: String {
        switch self {
        case let .invalidBundle(file, path, reason):
            "\(file): \(path): \(reason); export the library again with `transdb export --library NAME`"
        case let .unknownReference(kind, name):
            "the catalog refers to the \(kind) '\(name)', which it does not have; load the library that defines it too"
        }
    }
}
