import TransDB
import TransDBCore

/// What `add` and `rename` say when the entry they added or renamed shares its name with entries
/// of other libraries: from then on the bare name is ambiguous (`resolve --from Feed`,
/// `show screen Feed`) and has to be written with its library.
enum SameNameNote {
    /// Writes the note, if any, for the entry `name` of `kind` just added or renamed.
    ///
    /// - Parameter dryRun: The entry was not written: the note says what would follow.
    static func inform(_ kind: EntityKind, _ name: QualifiedName, in catalog: Catalog, dryRun: Bool = false) throws {
        var libraries = try catalog.libraries(having: kind, named: name.name)
        if dryRun, let library = name.library, !libraries.contains(library) { libraries = (libraries + [library]).sorted() }
        guard libraries.count > 1 else { return }
        Output.inform(
            "note: a bare '\(name.name)' \(dryRun ? "would then name" : "now names") a \(kind.rawValue) in \(libraries.count) libraries (\(libraries.joined(separator: ", "))); "
                + "write '\(name)' where a library is not implied")
    }
}
