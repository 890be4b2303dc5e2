import TransDBCore
/// transdb names as DTCG group and token keys.
///
/// DTCG reserves `{`, `}` and `.` (aliases are `{group.token}`) and a leading `$` (its own
/// properties); transdb names may hold any of them. A token's name is nested at its dots, as
/// the token files it came from nest it (``path(for:)``); what else is reserved is
/// percent-escaped, and a `%` that would read as an escape, so that every name has exactly one
/// path and every path one name, and a name such as `50%` is the same key in other tools.
enum DTCGName {
    /// The key for `name`: `.` → `%2E`, `{` → `%7B`, `}` → `%7D`, a leading `$` → `%24`, and `%`
    /// → `%25` where the two characters after it would make one of these escapes.
    static func key(for name: String) -> String {
        let scalars = Array(name.unicodeScalars)
        var key = ""
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "%" where index + 2 < scalars.count && escaped(String(String.UnicodeScalarView(scalars[(index + 1)...(index + 2)]))) != nil:
                key += "%25"
            case ".": key += "%2E"
            case "{": key += "%7B"
            case "}": key += "%7D"
            case "$" where index == 0: key += "%24"
            default: key.unicodeScalars.append(scalar)
            }
        }
        return key
    }

    /// The keys of `name`'s token below its category's group: its dot-separated parts
    /// (`md.sys.motion.easing.standard` nests as DTCG files nest it), each escaped as
    /// ``key(for:)`` escapes; one escaped key when a part would be empty (`a..b`, `.a`), which a
    /// DTCG key cannot be.
    static func path(for name: String, key: (String) -> String = key(for:)) -> [String] {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count > 1, !parts.contains(where: \.isEmpty) else { return [key(name)] }
        return parts.map { key(String($0)) }
    }

    /// The key exports before 2026-11-24 wrote: ``key(for:)`` with every `%` escaped.
    static func keyEscapingEveryPercent(for name: String) -> String {
        key(for: name.replacingOccurrences(of: "%", with: "\u{0}")).replacingOccurrences(of: "\u{0}", with: "%25")
    }

    /// The names among `names` that others continue with a dot (`a` beside `a.b`): their tokens
    /// are their groups' `$root`.
    static func groupRoots(_ names: some Sequence<String>) -> Set<String> {
        var prefixes = Set<String>()
        for name in names where path(for: name).count > 1 {
            var prefix = ""
            for part in name.split(separator: ".").dropLast() {
                prefix += prefix.isEmpty ? part : "." + part
                prefixes.insert(prefix)
            }
        }
        return Set(names).intersection(prefixes)
    }

    /// The alias of the token of `name` in `library`'s `category` group (`{motion.curves.standard}`),
    /// through `$root` when the name is also a group.
    static func alias(library: String, category: String, name: String, isGroupRoot: Bool, key: (String) -> String = key(for:)) -> String {
        "{" + ([key(library), category] + path(for: name, key: key) + (isGroupRoot ? ["$root"] : [])).joined(separator: ".") + "}"
    }

    /// Every way an export writes the alias of curve `name`'s token in `library`: nested, through
    /// `$root`, or as one escaped key (as exports before nested names wrote it), each also with
    /// every `%` escaped (as exports before 2026-11-24 wrote it).
    static func curveAliasSpellings(library: String, name: String) -> [String] {
        var spellings: [String] = []
        for key in [key(for:), keyEscapingEveryPercent(for:)] {
            for spelling in [
                alias(library: library, category: "curves", name: name, isGroupRoot: false, key: key),
                alias(library: library, category: "curves", name: name, isGroupRoot: true, key: key),
                "{\(key(library)).curves.\(key(name))}",
            ] where !spellings.contains(spelling) {
                spellings.append(spelling)
            }
        }
        return spellings
    }

    /// The name a key stands for: the escapes of ``key(for:)`` undone, left to right; any other
    /// `%` is kept as it is.
    static func name(for key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        var name = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "%", index + 2 < scalars.count {
                if let decoded = escaped(String(String.UnicodeScalarView(scalars[(index + 1)...(index + 2)]))) {
                    name.append(decoded)
                    index += 3
                    continue
                }
            }
            name.append(scalars[index])
            index += 1
        }
        return String(name)
    }

    /// The character a `%` followed by `code` stands for, if it is one of ``key(for:)``'s escapes.
    private static func escaped(_ code: String) -> Unicode.Scalar? {
        switch code.uppercased() {
        case "25": "%"
        case "2E": "."
        case "7B": "{"
        case "7D": "}"
        case "24": "$"
        default: nil
        }
    }
}
