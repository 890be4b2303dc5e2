import TransDBCore

/// A comparison that would compare nothing and call it equal.
public enum DiffError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `--library` names a library that the bundle or token file compared does not hold: a file
    /// stands for its own libraries, so that library would not be compared at all.
    case libraryNotInFile(library: String, file: String, libraries: [String])

    public var description: String {
        switch self {
        case let .libraryNotInFile(library, file, libraries):
            "the library '\(library)' is not in '\(file)', which holds " + (libraries.isEmpty ? "no library" : libraries.map { "'\($0)'" }.firstFew())
                + ": a file stands for its own libraries; for a design-token file, give one --library to read its tokens into it"
        }
    }
}
