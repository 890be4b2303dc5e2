import ArgumentParser
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb set KIND NAME …`.
    struct SetEntry: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Change a library, curve, duration, preset, screen, container, delegate or route in place.",
            discussion: """
                Only what is given changes; the entry keeps its id, so everything that refers to it follows. The same \
                rules as `add` apply, and the change is one transaction. --dry-run prints the changes and writes nothing.
                """,
            subcommands: [
                SetLibrary.self, SetCurve.self, SetDuration.self, SetPreset.self, SetScreen.self, SetContainer.self, SetDelegate.self, SetRoute.self,
            ])

        // Without a kind there is nothing to change: an error, as `rm` without one is.
        func run() throws {
            throw ValidationError("missing what to change: library, curve, duration, preset, screen, container, delegate or route")
        }
    }
}

/// `--description` for `set`: unchanged when not given.
struct SetDescriptionOption: ParsableArguments {
    @Option(name: .long, help: "A new description.") var description: String?
}

/// Prints what a `set`, `rename` or `rm` did.
func printReport(_ report: EditReport, format: OutputFormat) {
    Output.print(report, as: format)
}
