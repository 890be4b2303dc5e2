import ArgumentParser
import Foundation
import TransDBCore

/// `--progress` and `--quiet`: whether long work shows a progress line on stderr.
struct ProgressOptions: ParsableArguments {
    @Flag(name: .long, help: "Show progress on stderr even when it is not a terminal.")
    var progress = false

    @Flag(name: .shortAndLong, help: "Show no progress and no notes on stderr; errors are still printed.")
    var quiet = false

    func validate() throws {
        if progress && quiet { throw ValidationError("give --progress or --quiet, not both") }
    }

    /// Whether the progress line is drawn: forced by `--progress`, never with `--quiet`, else
    /// only when stderr is a terminal (never in a pipe or a CI log).
    /// A command that writes its results to stdout while it works (`export` to stdout,
    /// `resolve --batch`) shows none when stdout is the same terminal, whose lines it would cut.
    func showsProgress(streamingToStdout: Bool = false) -> Bool {
        if progress { return true }
        if quiet || !Terminal.isInteractive(STDERR_FILENO) { return false }
        return !(streamingToStdout && isatty(STDOUT_FILENO) == 1)
    }

    /// Runs `body` with a progress line when one is shown, `nil` otherwise; the line is erased
    /// when `body` ends, however it ends, before an error is printed. `--quiet` also silences
    /// the notes `body` prints with ``Output/inform(_:)``.
    func run<T>(streamingToStdout: Bool = false, _ body: (WorkProgress?) throws -> T) rethrows -> T {
        Output.isQuiet = quiet
        guard showsProgress(streamingToStdout: streamingToStdout) else { return try body(nil) }
        let line = ProgressLine()
        defer { line.erase() }
        return try body(line.progress)
    }
}
