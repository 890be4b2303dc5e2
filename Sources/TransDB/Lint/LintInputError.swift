import TransDBCore

/// Files `transdb lint` cannot judge: they are read as `import` would read them, but these are
/// said in lint's terms, naming the files.
public enum LintInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Two of the files (or one file given twice) hold the same library.
    case libraryTwice(name: String, files: [String])
    /// Entries of the files refer to entries that are neither in the files nor in the catalog;
    /// each reference with its user, and the files of the users.
    case missingReferences([String], files: [String])

    public var description: String {
        switch self {
        case let .libraryTwice(name, files):
            files.count == 2 && files[0] == files[1]
                ? "'\(files[0])' is given twice; lint each file once"
                : "the library '\(name)' is in both '\(files[0])' and '\(files[1])'; lint them one at a time"
        case let .missingReferences(names, files):
            "\(files.map { "'\($0)'" }.joined(separator: ", ")): \(names.count) reference\(names.count == 1 ? " is" : "s are") neither in the files linted nor in the catalog: "
                + names.firstFew(10, separator: "; ")
                + "; correct the names, or lint the files of the libraries they belong to together"
        }
    }
}
