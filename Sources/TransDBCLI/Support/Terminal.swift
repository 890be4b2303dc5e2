import Foundation
import TransDBCore

/// What the terminal on stdout can show.
enum Terminal {
    /// stdout is a terminal that is not `dumb`: worth drawing for.
    static var isInteractive: Bool {
        isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }
}

extension Double {
    /// At most `digits` decimals, trailing zeros dropped: for tables people read.
    func formatted(digits: Int) -> String {
        guard isFinite else { return description }
        var text = String(format: "%.\(digits)f", self)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
