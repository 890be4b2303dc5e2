import Foundation
/// The one way transdb prints a number: the shortest decimal that reads back as the same
/// `Double`, without a trailing `.0`, so `1`, `0.35`, `1e-07`.
package enum NumberFormatting {
    package static func shortest(_ value: Double) -> String {
        if value == 0 { return "0" }  // also turns -0 into 0
        let text = value.description
        if text.hasSuffix(".0") { return String(text.dropLast(2)) }
        return text
    }
}

extension Double {
    /// This number printed the shortest way that round-trips (see ``NumberFormatting``).
    public var shortestDescription: String { NumberFormatting.shortest(self) }

    /// This number to 12 significant digits, for sentences about computed values: `0.07`, not
    /// the `0.06999999999999999` that 0.35 · 0.2 makes. Data (JSON, CSV) keeps every digit.
    public var sentenceDescription: String {
        guard isFinite, let rounded = Double(String(format: "%.12g", self)) else { return shortestDescription }
        return rounded.shortestDescription
    }
}

extension BinaryInteger {
    /// The number with its thousands separated by commas, as reports print counts: `1,000,000`.
    public var groupedDescription: String {
        let digits = Array(String(self.magnitude))
        var text = self < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
