import ArgumentParser
import TransDB
import TransDBCore

/// `--library`, for commands that create entries.
struct LibraryOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("The library to add to, created if needed (default: the one the name gives, as in ds/x, else local).", valueName: "name"))
    var library: String?

    /// The library and the name of the entry `name` adds: `ds/x` is `x` in `ds`, as `set` and
    /// `show` name it; a bare name goes to `--library`, else `local`. The name is checked by the
    /// entry's own rules afterwards.
    ///
    /// - Throws: ``ModelError`` for an invalid library; `ValidationError` when `--library`
    ///   names another library than the name does.
    func place(_ name: String, field: String) throws -> (library: String, name: String) {
        let given = try library.map { try Name.validated($0, field: "library name") }
        guard name.utf8.contains(UInt8(ascii: "/")) else { return (given ?? Library.defaultName, name) }
        let qualified = try QualifiedName(parsing: name, field: field)
        let own = qualified.library ?? Library.defaultName
        if let given, given != own {
            throw ValidationError("'\(name)' names library '\(own)' but --library says '\(given)'; give one of them")
        }
        return (own, qualified.name)
    }
}

/// `--description`.
struct DescriptionOption: ParsableArguments {
    @Option(name: .long, help: "A description shown by list and show.")
    var description: String = ""
}

/// `--deprecated REASON` for `add curve`, `add duration` and `add preset`.
struct DeprecationOption: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("Mark it deprecated, with a reason ('' for none), as DTCG's $deprecated.", valueName: "reason"))
    var deprecated: String?

    func validate() throws { try Self.validate(reason: deprecated) }

    /// Refuses a reason that reads as a flag (`--deprecated true`): it would be stored as the
    /// reason "true", which prints as a deprecation without one does.
    static func validate(reason: String?) throws {
        guard let reason, ["true", "false", "yes", "no"].contains(reason.lowercased()) else { return }
        let undo = reason.lowercased() == "false" || reason.lowercased() == "no"
        throw ValidationError(
            "--deprecated takes a reason, not '\(reason)': "
                + (undo ? "leave it out, or undo a deprecation with --no-deprecated" : "give --deprecated '' to deprecate without one"))
    }
}

/// `--deprecated REASON` and `--no-deprecated` for `set curve`, `set duration` and `set preset`.
struct SetDeprecationOption: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("Mark it deprecated, with a reason ('' for none), as DTCG's $deprecated.", valueName: "reason"))
    var deprecated: String?
    @Flag(name: .customLong("no-deprecated"), help: "It is no longer deprecated.") var notDeprecated = false

    func validate() throws {
        if deprecated != nil && notDeprecated { throw ValidationError("give --deprecated or --no-deprecated, not both") }
        try DeprecationOption.validate(reason: deprecated)
    }
}
