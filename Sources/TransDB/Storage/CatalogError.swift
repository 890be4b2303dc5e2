import TransDBCore
/// Everything that can go wrong with a catalog, each case a whole sentence naming the value.
public enum CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but is not a transdb catalog (empty, garbage, another application's database).
    case notACatalog(path: String, reason: String)
    /// The catalog was written by a newer transdb; it is left untouched.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The catalog, or its directory, cannot be written.
    case notWritable(path: String, reason: String)
    /// Another process held the catalog's write lock for longer than the busy timeout.
    case busy(path: String)
    /// Reading or writing the file failed (disk full, I/O error).
    case io(path: String, reason: String)
    /// The file is a transdb catalog, but SQLite found a damaged page while reading it.
    case damaged(path: String, reason: String)
    /// The catalog file does not exist.
    case missingCatalog(path: String)
    /// An entry with that name already exists in the library.
    case alreadyExists(kind: EntityKind, name: String)
    /// The entry is still referenced and cannot be removed.
    case inUse(kind: EntityKind, name: String, usedBy: [String])
    /// A new route would tie with an existing one for some route.
    case routeTie(new: String, existing: String, existingID: Int64, example: String)
    /// The route already exists on its delegate (an exact duplicate, not a tie).
    case routeExists(route: String, delegate: String, id: Int64)
    /// SQLite refused a write for breaking a constraint of the schema (a `CHECK`, `UNIQUE` or
    /// foreign key) that transdb's own checks did not catch first.
    case constraintViolated(reason: String)
    /// A stored preset has a kind this transdb does not know (the catalog was edited by hand).
    case unknownPresetKind(preset: String, kind: String)
    /// `transdb check` found problems: SQLite's integrity check or foreign-key check failed.
    case failedChecks(path: String)
    /// Two of the bundles imported together are the same library.
    case libraryImportedTwice(name: String)
    /// A bundle file is invalid.
    case invalidBundle(file: String, path: String, reason: String)
    /// Imported files refer to entries that are neither in them nor in the catalog.
    case missingReferences([String])
    /// Imported entries differ from the catalog's and the policy is to fail.
    case importConflicts([String])
    /// An input file is missing.
    case missingInput(path: String)

    public var description: String {
        switch self {
        case let .notACatalog(path, reason):
            "'\(path)' is not a transdb catalog: \(reason)"
        case let .newerSchema(path, found, supported):
            "'\(path)' was written by a newer transdb (schema \(found); this transdb knows up to \(supported)); upgrade transdb to use it: the file was not modified"
        case let .notWritable(path, reason):
            "cannot write the catalog '\(path)': \(reason)"
        case let .busy(path):
            "the catalog '\(path)' is busy: another process holds its write lock; try again or raise --busy-timeout"
        case let .io(path, reason):
            "I/O error on the catalog '\(path)': \(reason)"
        case let .damaged(path, reason):
            "the catalog '\(path)' is damaged (\(reason)); `transdb check --db \(path)` lists what SQLite finds; restore it from an export or a backup"
        case let .missingCatalog(path):
            "no catalog at '\(path)'; create one with `transdb init --db \(path)`"
        case let .alreadyExists(kind, name):
            "a \(kind.rawValue) named '\(name)' already exists"
        case let .inUse(kind, name, usedBy):
            "the \(kind.rawValue) '\(name)' is still used by \(usedBy.firstFew()); remove or change those first"
        case let .routeTie(new, existing, existingID, example):
            "the route \(new) ties with the existing route #\(existingID) \(existing): both would match \(example) equally; remove the existing route or make one of them more specific"
        case let .routeExists(route, delegate, id):
            "the route \(route) already exists on delegate '\(delegate)' as #\(id); change what it returns with `transdb set route \(id) --preset NAME` (or --nil)"
        case let .constraintViolated(reason):
            "the catalog refused the change: \(reason)"
        case let .unknownPresetKind(preset, kind):
            "preset \(preset) has an unknown kind '\(kind)'"
        case let .failedChecks(path):
            "the catalog '\(path)' failed its checks; restore it from an export or a backup"
        case let .libraryImportedTwice(name):
            "the library '\(name)' is imported twice in one command"
        case let .invalidBundle(file, path, reason):
            "\(file): \(path): \(reason)"
        case let .missingReferences(names):
            "\(names.count) reference\(names.count == 1 ? " is" : "s are") neither in the imported files nor in the catalog: "
                + names.firstFew(10, separator: "; ")
                + "; correct the names, or import the libraries they belong to in the same command"
        case let .importConflicts(entries):
            "\(entries.count) entr\(entries.count == 1 ? "y differs" : "ies differ") from the catalog: "
                + entries.firstFew(10, separator: "; ")
                + "; use --on-conflict skip or replace (with --dry-run first to see what it would change)"
        case let .missingInput(path):
            "no file at '\(path)'"
        }
    }
}

extension EntityKind {
    /// The table holding entries of this kind.
    var table: String { rawValue }
}
