extension Array where Element == String {
    /// The words as a choice in a sentence: `a`, `a or b`, `a, b or c`.
    package var alternatives: String {
        guard count > 1, let last else { return first ?? "" }
        return dropLast().joined(separator: ", ") + " or " + last
    }
}
