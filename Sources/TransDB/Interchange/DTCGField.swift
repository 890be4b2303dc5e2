import TransDBCore
/// A JSON value read from a file and where it is (`$.motion.presets.fade.$value`), so that every
/// error can name the file and the path.
struct DTCGField {
    let value: JSONValue
    /// The JSON path, written as ``StrictJSON`` writes it.
    let path: String
    let file: String

    /// An ``CatalogError/invalidBundle(file:path:reason:)`` at this value.
    func error(_ reason: String) -> CatalogError {
        .invalidBundle(file: file, path: path, reason: reason)
    }

    /// The member `key` of this object.
    func child(_ key: String, _ value: JSONValue) -> DTCGField {
        DTCGField(value: value, path: path + "." + key, file: file)
    }

    /// The element `index` of this array.
    func element(_ index: Int, _ value: JSONValue) -> DTCGField {
        DTCGField(value: value, path: path + "[\(index)]", file: file)
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

    func string() throws -> String {
        guard case let .string(text) = value else { throw error("expected a string, found \(kind)") }
        return text
    }

    func number() throws -> Double {
        switch value {
        case let .number(number): return number
        case let .integer(number): return Double(number)
        default: throw error("expected a number, found \(kind)")
        }
    }

    func bool() throws -> Bool {
        guard case let .bool(flag) = value else { throw error("expected true or false, found \(kind)") }
        return flag
    }

    func array() throws -> [DTCGField] {
        guard case let .array(items) = value else { throw error("expected an array, found \(kind)") }
        return items.enumerated().map { element($0.offset, $0.element) }
    }

    /// The members of this object, refusing keys other than `allowed`.
    func members(allowed: [String]) throws -> [String: DTCGField] {
        guard case let .object(pairs) = value else { throw error("expected an object, found \(kind)") }
        var members: [String: DTCGField] = [:]
        for (key, member) in pairs {
            guard allowed.contains(key) else {
                throw child(key, member).error("unknown field '\(key)': expected \(Self.list(allowed))")
            }
            members[key] = child(key, member)
        }
        return members
    }

    /// Runs `body`, turning the catalog's validation errors into errors at this value.
    func checking<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CatalogError {
            if case .invalidBundle = error { throw error }
            throw self.error(error.description)
        } catch let error as CurveExpressionError {
            throw self.error(error.description)
        } catch let error as ModelError {
            throw self.error(error.description)
        } catch let error as LookupError {
            throw self.error(error.description)
        }
    }

    /// `a, b or c`.
    static func list(_ words: [String]) -> String {
        guard words.count > 1, let last = words.last else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
