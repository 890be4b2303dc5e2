import TransDBCore
/// Typed reading of a parsed JSON value that remembers where it is, so that every error names
/// the file, the JSON path and the value.
struct JSONCursor {
    let value: JSONValue
    let path: String
    let file: String

    func error(_ reason: String) -> CatalogError {
        .invalidBundle(file: file, path: path, reason: reason)
    }

    /// A short, printable rendering of the value for messages.
    var shown: String {
        let text = value.compact
        return text.count > 60 ? String(text.prefix(60)) + "…" : text
    }

    func object(allowedKeys: Set<String>) throws -> [String: JSONCursor] {
        guard case let .object(members) = value else { throw error("expected an object, found \(shown)") }
        var fields: [String: JSONCursor] = [:]
        for (key, member) in members {
            let child = JSONCursor(value: member, path: "\(path).\(key)", file: file)
            guard allowedKeys.contains(key) else {
                throw child.error("unknown field '\(key)' (expected \(allowedKeys.sorted().joined(separator: ", ")))")
            }
            fields[key] = child
        }
        return fields
    }

    func array() throws -> [JSONCursor] {
        guard case let .array(items) = value else { throw error("expected an array, found \(shown)") }
        return items.enumerated().map { JSONCursor(value: $1, path: "\(path)[\($0)]", file: file) }
    }

    func string() throws -> String {
        guard case let .string(text) = value else { throw error("expected a string, found \(shown)") }
        return text
    }

    /// A string or null.
    func optionalString() throws -> String? {
        if case .null = value { return nil }
        return try string()
    }

    func number() throws -> Double {
        guard case let .number(number) = value else { throw error("expected a number, found \(shown)") }
        return number
    }

    func bool() throws -> Bool {
        guard case let .bool(flag) = value else { throw error("expected true or false, found \(shown)") }
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
    func required(_ key: String, in parent: JSONCursor) throws -> JSONCursor {
        guard let field = self[key] else { throw CatalogError.invalidBundle(file: parent.file, path: "\(parent.path).\(key)", reason: "required field is missing") }
        return field
    }
}
