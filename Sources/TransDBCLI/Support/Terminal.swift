import Foundation
import TransDBCore

/// What the terminal on stdout (or stderr) can show.
enum Terminal {
    /// stdout is a terminal that is not `dumb`: worth drawing for.
    static var isInteractive: Bool { isInteractive(STDOUT_FILENO) }

    /// `descriptor` is a terminal that is not `dumb`.
    static func isInteractive(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    /// The width in columns of the terminal on stdout: the window size, else `$COLUMNS`, else 80.
    static var columns: Int { columns(STDOUT_FILENO) }

    /// The width in columns of the terminal on `descriptor`: the window size, else `$COLUMNS`, else 80.
    static func columns(_ descriptor: Int32) -> Int {
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let value = Int(text), value > 0 { return value }
        return 80
    }
}
