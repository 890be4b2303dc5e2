import TransDBCore
/// Typed reading of a parsed JSON value that remembers where it is (`$.presets[2].name`), so that
/// every error names the file, the JSON path and the value. The bundle reader and the DTCG reader
/// both read through it.
struct JSONCursor {
    /// How messages say what was found and which keys were expected; each file format keeps the
    /// wording its errors have always had.
    enum Wording: Sendable {
        /// Bundles: the value found (`expected a number, found "slow"`), the keys sorted in
        /// parentheses (`unknown field 'x' (expected a, b, c)`).
        case showingValues
        /// DTCG files: the kind of value found (`expected a number, found a string`), the keys as
        /// given (`unknown field 'x': expected a, b or c`).
        case namingKinds
    }

    let value: JSONValue
    private let location: Location
    let file: String
    let wording: Wording

    /// The JSON path, written as ``StrictJSON`` writes it.
    var path: String { location.path }

    init(value: JSONValue, path: String, file: String, wording: Wording = .showingValues) {
        self.init(value: value, location: Location(parent: nil, step: .root(path)), file: file, wording: wording)
    }

    private init(value: JSONValue, location: Location, file: String, wording: Wording) {
        self.value = value
        self.location = location
        self.file = file
        self.wording = wording
    }

    /// Where a value is, as its steps from the root, written out only when a message names it:
    /// a bundle of 200,000 presets has millions of members and usually no error among them, and
    /// each member's path was a new string, its key checked scalar by scalar.
    private final class Location: Sendable {
        enum Step: Sendable {
            case root(String)
            case member(String)
            case element(Int)
        }

        let parent: Location?
        let step: Step

        init(parent: Location?, step: Step) {
            self.parent = parent
            self.step = step
        }

        var path: String {
            var steps: [Step] = []
            var node: Location? = self
            while let current = node {
                steps.append(current.step)
                node = current.parent
            }
            return steps.reversed().map { step in
                switch step {
                case let .root(path): path
                case let .member(key): JSONCursor.member(key)
                case let .element(index): "[\(index)]"
                }
            }.joined()
        }
    }

    /// An ``CatalogError/invalidBundle(file:path:reason:)`` at this value.
    func error(_ reason: String) -> CatalogError {
        .invalidBundle(file: file, path: path, reason: reason)
    }

    /// The member `key` of this object.
    func child(_ key: String, _ value: JSONValue) -> JSONCursor {
        JSONCursor(value: value, location: Location(parent: location, step: .member(key)), file: file, wording: wording)
    }

    /// `key` as a step of a path: `.key`, or in brackets (`["md.sys.motion"]`) when it is empty or
    /// holds a character that would read as another step (`.`, `[`, a space…), as JSONPath
    /// writes such names.
    static func member(_ key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy { scalar in
            !scalar.isASCII || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-$@".unicodeScalars.contains(scalar)
        }
        guard !plain else { return "." + key }
        return "[" + JSONValue.string(key).compact + "]"
    }

    /// The element `index` of this array.
    func element(_ index: Int, _ value: JSONValue) -> JSONCursor {
        JSONCursor(value: value, location: Location(parent: location, step: .element(index)), file: file, wording: wording)
    }

    /// A short, printable rendering of the value for messages.
    var shown: String {
        let text = value.compact
        return text.count > 60 ? String(text.prefix(60)) + "…" : text
    }

    /// What the value is, for messages: "a string", "an array", …
    var kind: String {
        switch value {
        case .null: "null"
        case .bool: "true or false"
        case .number, .integer: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// What the value is, and the value itself when it is a number or a string: `a string
    /// ("0.42")`, `a number (1.5)`, `true`, `an array`.
    var kindAndValue: String {
        switch value {
        case .string, .number, .integer: "\(kind) (\(shown))"
        case .bool: shown
        case .null, .array, .object: kind
        }
    }

    /// An error for a value of the wrong type: `expected a string, found …`.
    private func mismatch(_ expected: String) -> CatalogError {
        error("expected \(expected), found \(wording == .showingValues ? shown : kindAndValue)")
    }

    /// The members of this object, refusing keys other than `allowedKeys`.
    func object(allowedKeys: [String]) throws -> [String: JSONCursor] {
        guard case let .object(members) = value else { throw mismatch("an object") }
        var fields: [String: JSONCursor] = [:]
        for (key, member) in members {
            let field = child(key, member)
            guard allowedKeys.contains(key) else {
                throw field.error(
                    wording == .showingValues
                        ? "unknown field '\(key)' (expected \(allowedKeys.sorted().joined(separator: ", ")))"
                        : "unknown field '\(key)': expected \(allowedKeys.alternatives)")
            }
            fields[key] = field
        }
        return fields
    }

    func array() throws -> [JSONCursor] {
        guard case let .array(items) = value else { throw mismatch("an array") }
        return items.enumerated().map { element($0.offset, $0.element) }
    }

    func string() throws -> String {
        guard case let .string(text) = value else { throw mismatch("a string") }
        return text
    }

    /// A string or null.
    func optionalString() throws -> String? {
        if case .null = value { return nil }
        return try string()
    }

    /// A number or null.
    func optionalNumber() throws -> Double? {
        if case .null = value { return nil }
        return try number()
    }

    func number() throws -> Double {
        switch value {
        case let .number(number): return number
        case let .integer(number): return Double(number)
        default: throw mismatch("a number")
        }
    }

    func bool() throws -> Bool {
        guard case let .bool(flag) = value else { throw mismatch("true or false") }
        return flag
    }

    /// Runs `body`, turning a validation failure into an error at this path that names the value.
    func checking<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let failure as CatalogError {
            if case .invalidBundle = failure { throw failure }
            throw error(failure.description)
        } catch let failure as CurveExpressionError {
            throw error(failure.description)
        } catch let failure as ModelError {
            throw error(failure.description)
        } catch let failure as LookupError {
            throw error(failure.description)
        }
    }
}

extension Dictionary where Key == String, Value == JSONCursor {
    /// The member `key` of `parent`, which must be there.
    func required(_ key: String, in parent: JSONCursor) throws -> JSONCursor {
        guard let field = self[key] else { throw parent.child(key, .null).error("required field is missing") }
        return field
    }
}
