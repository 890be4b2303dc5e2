import ArgumentParser
import Foundation
import TransDBCore

/// `transdb`: screen transitions as data.
@main
struct TransDBCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transdb",
        abstract: "Keep iOS screen transitions as data: presets, curves, delegates and routes, resolved as UIKit would.",
        discussion: """
            The catalog is --db PATH, else $TRANSDB_DB, else the nearest transdb.sqlite in this directory or a parent, \
            else a per-user catalog under $XDG_DATA_HOME/transdb (created with the default library on first use).

            `transdb --version` prints the version.

            Exit codes: 0 success (a nil answer too), 1 lint findings at or above --fail-on or diff --exit-code \
            differences, 64 usage, 65 bad input data, 66 missing catalog or unknown name, \
            73 an output path transdb will not write (a directory, a socket), \
            74 I/O error, 75 catalog busy, 77 catalog not writable, 78 not a transdb catalog or one from a newer transdb.
            """,
        subcommands: [
            Init.self, Add.self, SetEntry.self, Rename.self, Remove.self, List.self, Show.self, Resolve.self, Eval.self, Sample.self,
            Export.self, Import.self,
            Release.self, Retain.self, Check.self, Query.self, Generate.self,
            Diff.self, Merge.self, Lint.self,
            Preview.self,
        ]
    )
}

extension TransDBCommand {
    /// Parses and runs a command, reporting argument errors like every other error: one line,
    /// `transdb: error: …`, exit 64. Help and version requests print as ArgumentParser does.
    static func main() {
        // A write past `ulimit -f` must fail as an I/O error (exit 74), not kill the process.
        signal(SIGXFSZ, SIG_IGN)
        let arguments = UsageDiagnosis.normalized(Array(CommandLine.arguments.dropFirst()))
        // `transdb --version` is answered here rather than by ArgumentParser, which would add a
        // `--version` flag to every subcommand's help, beside `add library --version`.
        if arguments == ["--version"] {
            Output.line(TransDBVersion.current)
            return
        }
        do {
            // ArgumentParser answers `help` with an unknown topic by the top-level help, exit 0.
            if arguments.first == "help", let problem = UsageDiagnosis.helpTopic(arguments.dropFirst()) {
                Output.note("transdb: error: \(problem) (see 'transdb --help')")
                exit(withError: ExitCode(64))
            }
            // As typed, before the shared options are moved after the subcommand.
            if let problem = UsageDiagnosis.repeatedSharedOption(Array(CommandLine.arguments.dropFirst())) {
                Output.note("transdb: error: \(problem) (see '\(helpCommand(for: arguments))')")
                exit(withError: ExitCode(64))
            }
            if let problem = UsageDiagnosis.repeatedOption(arguments) {
                Output.note("transdb: error: \(problem) (see '\(helpCommand(for: arguments))')")
                exit(withError: ExitCode(64))
            }
            var command = try parse(arguments)
            try command.run()
        } catch let code as ExitCode {
            exit(withError: code)  // the failure was already reported by `reporting`
        } catch {
            guard exitCode(for: error) != .success else { exit(withError: error) }
            let text = UsageDiagnosis.diagnose(arguments) ?? UsageDiagnosis.strayWordHint(UsageDiagnosis.reworded(message(for: error)), arguments: arguments)
            let lines = text.split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let hint = "(see '\(helpCommand(for: arguments))')"
            Output.note("transdb: error: " + lines.joined(separator: " ") + " " + hint)
            exit(withError: ExitCode(exitCode(for: error).rawValue == 0 ? 64 : exitCode(for: error).rawValue))
        }
    }
}

extension TransDBCommand {
    /// The help that documents the (sub)command `arguments` name, `transdb add screen --help`, for
    /// the hint after a usage error; the top-level help when they name none.
    static func helpCommand(for arguments: [String]) -> String {
        var path = ["transdb"]
        var commands: [any ParsableCommand.Type] = configuration.subcommands
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            // The options every command shares may come first, with their values.
            if argument == "--db" || argument == "--busy-timeout" {
                index += 1
                continue
            }
            if argument.hasPrefix("-") { continue }
            // Before the command, a word may be an option's value (`--format json list`).
            guard let command = commands.first(where: { $0.configuration.commandName == argument }) else {
                if path.count == 1 { continue }
                break
            }
            path.append(argument)
            commands = command.configuration.subcommands
        }
        return (path + ["--help"]).joined(separator: " ")
    }

    /// The command `arguments` give. A negative number after an option (`--count -1`) reads to
    /// ArgumentParser as another option, and the option as missing its value: when the command
    /// line is refused, it is read once more with such values joined to their options
    /// (`--count=-1`), so that the command's own check says what is wrong with the number.
    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        do {
            return try DirectInvocation.command(arguments) ?? parseAsRoot(arguments)
        } catch {
            guard let joined = UsageDiagnosis.negativeValuesJoined(arguments) else { throw error }
            // Its error, if any, is about the number itself.
            return try parseAsRoot(joined)
        }
    }
}

/// The version `transdb --version` prints.
enum TransDBVersion {
    static let current = "0.1.0"
}
