/// "Did you mean …?": the existing name closest to one that was not found.
public enum NameSuggestion {
    /// The name within a small edit distance of `name` (a third of its length, at least 2, but 1
    /// for a name of up to four letters, where two edits change half of it: `Nope` is not a slip
    /// for `Type`, and 0 for one letter: `q` is not a slip for `p`), ignoring
    /// case; the nearest, and of equally near ones the first in code-point order, so the answer
    /// does not depend on the order `names` come in.
    public static func closest(to name: String, in names: some Sequence<String>) -> String? {
        let target = Array(name.lowercased())
        let limit = target.count <= 1 ? 0 : target.count <= 4 ? 1 : max(2, target.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in names {
            let distance = editDistance(target, Array(candidate.lowercased()), limit: limit)
            guard distance <= limit else { continue }
            if let current = best, distance > current.distance || (distance == current.distance && !candidate.unicodeScalars.lexicographicallyPrecedes(current.name.unicodeScalars)) {
                continue
            }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// Edit distance counting two swapped neighbours as one edit (optimal string alignment), as
    /// typing slips are (`lsit` is one edit from `list`, two from `init`); gives up (returning
    /// `limit + 1`) once it must exceed `limit`.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            // A row's minimum never falls in later rows (a transposition reaches back two rows,
            // so both must be past the limit).
            if min(current.min() ?? 0, previous.min() ?? 0) > limit { return limit + 1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
