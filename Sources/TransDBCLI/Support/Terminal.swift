import Foundation
import TransDBCore

/// What the terminal on stdout can show.
enum Terminal {
    /// stdout is a terminal that is not `dumb`: worth drawing for.
    static var isInteractive: Bool {
        isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }
}
