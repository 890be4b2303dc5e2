import ArgumentParser
import TransDB
import TransDBCore

/// `--library`, for commands that create entries.
struct LibraryOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The library to add to (created if needed).", valueName: "name"))
    var library: String = Library.defaultName

    /// The validated library name.
    func name() throws -> String { try Name.validated(library, field: "library name") }
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
}

/// `--deprecated REASON` and `--no-deprecated` for `set curve`, `set duration` and `set preset`.
struct SetDeprecationOption: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("Mark it deprecated, with a reason ('' for none), as DTCG's $deprecated.", valueName: "reason"))
    var deprecated: String?
    @Flag(name: .customLong("no-deprecated"), help: "It is no longer deprecated.") var notDeprecated = false

    func validate() throws {
        if deprecated != nil && notDeprecated { throw ValidationError("give --deprecated or --no-deprecated, not both") }
    }
}
