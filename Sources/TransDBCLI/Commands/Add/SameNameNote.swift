import TransDB
import TransDBCore

/// What `add` says when the entry it added shares its name with entries of other libraries: from
/// then on the bare name is ambiguous (`resolve --from Feed`, `show screen Feed`) and has to be
/// written with its library.
enum SameNameNote {
    /// Writes the note, if any, for the entry `name` of `kind` just added.
    static func inform(_ kind: EntityKind, _ name: QualifiedName, in catalog: Catalog) throws {
        let libraries = try catalog.libraries(having: kind, named: name.name)
        guard libraries.count > 1 else { return }
        Output.inform(
            "note: a bare '\(name.name)' now names a \(kind.rawValue) in \(libraries.count) libraries (\(libraries.joined(separator: ", "))); "
                + "write '\(name)' where a library is not implied")
    }
}
