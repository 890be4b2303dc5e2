import Foundation
import TransDBCore

/// What the terminal on stdout can show.
enum Terminal {
    /// stdout is a terminal that is not `dumb`: worth drawing for.
    static var isInteractive: Bool {
        isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    /// The terminal's width in columns: the window size, else `$COLUMNS`, else 80.
    static var columns: Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let value = Int(text), value > 0 { return value }
        return 80
    }
}
