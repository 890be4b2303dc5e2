import TransDBCore
/// transdb names as DTCG group and token keys.
///
/// DTCG reserves `{`, `}` and `.` (aliases are `{group.token}`) and a leading `$` (its own
/// properties); transdb names may hold any of them. They are percent-escaped, and `%` itself,
/// so that every name has exactly one key and every key one name.
enum DTCGName {
    /// The key for `name`: `%` → `%25`, `.` → `%2E`, `{` → `%7B`, `}` → `%7D`, a leading `$` → `%24`.
    static func key(for name: String) -> String {
        var key = ""
        for (index, scalar) in name.unicodeScalars.enumerated() {
            switch scalar {
            case "%": key += "%25"
            case ".": key += "%2E"
            case "{": key += "%7B"
            case "}": key += "%7D"
            case "$" where index == 0: key += "%24"
            default: key.unicodeScalars.append(scalar)
            }
        }
        return key
    }

    /// The alias of curve `name`'s token in library `library`: `{library.curves.name}`, escaped.
    static func curveAlias(library: String, name: String) -> String {
        "{\(key(for: library)).curves.\(key(for: name))}"
    }

    /// The name a key stands for: the escapes of ``key(for:)`` undone, left to right; any other
    /// `%` is kept as it is.
    static func name(for key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        var name = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "%", index + 2 < scalars.count {
                let code = String(String.UnicodeScalarView(scalars[(index + 1)...(index + 2)])).uppercased()
                let decoded: Unicode.Scalar? =
                    switch code {
                    case "25": "%"
                    case "2E": "."
                    case "7B": "{"
                    case "7D": "}"
                    case "24": "$"
                    default: nil
                    }
                if let decoded {
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
}
