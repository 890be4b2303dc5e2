import Foundation
import TransDBCore

extension Double {
    /// At most `digits` decimals, trailing zeros dropped: for tables and messages people read.
    package func formatted(digits: Int) -> String {
        guard isFinite else { return description }
        var text = String(format: "%.\(digits)f", self)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
