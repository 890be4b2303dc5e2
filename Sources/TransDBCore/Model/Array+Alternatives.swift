extension Array where Element == String {
    /// The words as a choice in a sentence: `a`, `a or b`, `a, b or c`.
    package var alternatives: String {
        guard count > 1, let last else { return first ?? "" }
        return dropLast().joined(separator: ", ") + " or " + last
    }

    /// The first `limit` items, then how many more: `a, b, c, d, e and 3 more`, or with `; `
    /// between them `a; b; c; d; e; and 3 more`. A message names a few and counts the rest.
    package func firstFew(_ limit: Int = 5, separator: String = ", ") -> String {
        guard count > limit else { return joined(separator: separator) }
        return prefix(limit).joined(separator: separator) + (separator == ", " ? " " : separator) + "and \(count - limit) more"
    }
}
