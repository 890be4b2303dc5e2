import ArgumentParser
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb add …`.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a library, curve, duration, preset, screen, container, delegate or route.",
            subcommands: [
                AddLibrary.self, AddCurve.self, AddDuration.self, AddPreset.self, AddScreen.self, AddContainer.self, AddDelegate.self,
                AddRoute.self,
            ])

        // Without a kind there is nothing to add: an error, so that a script with an empty kind fails.
        func run() throws {
            throw ValidationError("missing what to add: library, curve, duration, preset, screen, container, delegate or route")
        }
    }
}
