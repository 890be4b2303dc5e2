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
