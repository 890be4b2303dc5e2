import TransDBCore
/// Reads the lines of `transdb resolve --batch`: NDJSON (`{"op", "from", "to", "container",
/// "reduceMotion"}`, `container` and `reduceMotion` optional) or CSV with the header
/// `op,from,to[,container][,reduceMotion]` (`reduceMotion` `true`, `false` or empty). The first
/// non-empty line decides: `{` is NDJSON, anything else a CSV header.
public struct BatchRequestReader: Sendable {
    /// The input's format, known after the first line.
    public enum Format: Sendable { case ndjson, csv(hasContainer: Bool, hasReduceMotion: Bool) }

    public private(set) var format: Format?
    public internal(set) var lineNumber = 0
    /// The first line, when it was neither a request nor a CSV header: the lines after it are
    /// told so, rather than each being read as a header again.
    private var refusedHeaderLine: Int?

    /// A reader that has not seen a line yet.
    public init() {}

    /// Makes the next line read line `line` of an input whose format is `format`, `nil` when
    /// the input's first line is still to come: another reader read the lines before it.
    mutating func `continue`(at line: Int, format: Format?) {
        lineNumber = line - 1
        if let format { self.format = format }
    }

    /// The request on `line`, `nil` for the CSV header.
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)`` naming the line, also for a
    ///   blank line: every line gets an answer in its place, so that answers stay in line with
    ///   requests.
    public mutating func request(_ line: String) throws -> Resolver.Request? {
        lineNumber += 1
        // A byte-order mark before the first line (Excel's "CSV UTF-8" writes one) is not part of it.
        let trimmed = (lineNumber == 1 && line.first == "\u{FEFF}" ? String(line.dropFirst()) : line).trimmingWhitespace()
        func refuse(_ reason: String) -> ModelError {
            .invalidValue(
                field: "batch line \(lineNumber)", value: trimmed.count > 80 ? String(trimmed.prefix(80)) + "…" : trimmed, reason: reason)
        }
        if trimmed.isEmpty { throw refuse("the line is blank; each line is one request, answered on the same line of the output") }
        switch format {
        case nil:
            if trimmed.hasPrefix("{") {
                format = .ndjson
                return try request(trimmedLine: trimmed, refuse: refuse)
            }
            if trimmed.hasPrefix("[") {
                throw refuse("a request is a JSON object, {\"op\": …, \"from\": …, \"to\": …}, one per line, not an array")
            }
            // Header names as a spreadsheet may write them: `OP, From, To`.
            let names = ["op", "from", "to", "container", "reduceMotion"]
            let header = try Self.fields(trimmed, refuse: refuse).map { field in
                names.first { $0.lowercased() == field.lowercased() } ?? field
            }
            let optional = header.dropFirst(3)
            guard header.prefix(3) == ["op", "from", "to"],
                [[], ["container"], ["reduceMotion"], ["container", "reduceMotion"]].contains(Array(optional))
            else {
                if let first = refusedHeaderLine {
                    throw refuse("line \(first) was neither a request nor a CSV header (op,from,to…), so this line cannot be read either")
                }
                refusedHeaderLine = lineNumber
                throw refuse("a CSV batch starts with the header op,from,to, then optionally container and reduceMotion in that order")
            }
            format = .csv(hasContainer: optional.contains("container"), hasReduceMotion: optional.contains("reduceMotion"))
            return nil
        case .ndjson:
            return try request(trimmedLine: trimmed, refuse: refuse)
        case let .csv(hasContainer, hasReduceMotion):
            let fields = try Self.fields(trimmed, refuse: refuse)
            let count = 3 + (hasContainer ? 1 : 0) + (hasReduceMotion ? 1 : 0)
            guard fields.count == count else { throw refuse("expected \(count) fields, found \(fields.count)") }
            // An empty `to` on a dismiss is left out, as NDJSON may leave it out.
            let to = fields[2].isEmpty && fields[0] == "dismiss" ? "*" : fields[2]
            var request = try Self.make(fields[0], fields[1], to, hasContainer && !fields[3].isEmpty ? fields[3] : nil, refuse: refuse)
            if hasReduceMotion {
                // As spreadsheets write them too: TRUE, FALSE.
                switch fields[count - 1].lowercased() {
                case "true": request.reduceMotion = true
                case "false", "": request.reduceMotion = false
                default: throw refuse("'reduceMotion' must be true, false or empty, not '\(fields[count - 1])'")
                }
            }
            return request
        }
    }

    private func request(trimmedLine: String, refuse: (String) -> ModelError) throws -> Resolver.Request {
        let value: JSONValue
        guard trimmedLine.hasPrefix("{") || trimmedLine.hasPrefix("[") || trimmedLine.hasPrefix("\"") || trimmedLine.first?.isNumber == true
        else {
            throw refuse("not JSON: each line of an NDJSON batch is an object {\"op\", \"from\", \"to\"}")
        }
        do {
            value = try StrictJSON.parse(Array(trimmedLine.utf8))
        } catch {
            throw refuse("\(error.message) at column \(error.column)")
        }
        guard case let .object(members) = value else { throw refuse("expected a JSON object") }
        var fields: [String: String] = [:]
        var reduceMotion = false
        for (key, member) in members {
            guard ["op", "from", "to", "container", "reduceMotion"].contains(key) else { throw refuse("unknown field '\(key)'") }
            switch member {
            case let .bool(value) where key == "reduceMotion": reduceMotion = value
            case _ where key == "reduceMotion": throw refuse("'reduceMotion' must be true or false")
            case let .string(text): fields[key] = text
            case .null where key == "container": continue
            default: throw refuse("'\(key)' must be a string")
            }
        }
        // A dismiss may leave out its destination, which UIKit does not tell the delegate.
        guard let op = fields["op"], let from = fields["from"], let to = fields["to"] ?? (op == "dismiss" ? "*" : nil) else {
            throw refuse("a request has \"op\", \"from\" and \"to\" (a dismiss may leave out \"to\")")
        }
        var request = try Self.make(op, from, to, fields["container"], refuse: refuse)
        request.reduceMotion = reduceMotion
        return request
    }

    private static func make(_ op: String, _ from: String, _ to: String, _ container: String?, refuse: (String) -> ModelError) throws
        -> Resolver.Request
    {
        guard let operation = TransitionOperation(rawValue: op) else {
            throw refuse("'\(op)' is not one of present, dismiss, push, pop, tab")
        }
        if container != nil && operation.containerKind == nil {
            throw refuse("a container is for push, pop and tab; \(op) asks the screen's transitioningDelegate")
        }
        return Resolver.Request(operation: operation, from: from, to: to, container: container)
    }

    /// RFC 4180 fields of one line: commas separate, double quotes quote, `""` is a quote.
    static func fields(_ line: String, refuse: (String) -> ModelError) throws -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var wasQuoted = false
        var iterator = line.makeIterator()
        var atFieldStart = true
        // Spaces around an unquoted field are not part of it (`present, Feed, Detail`, as people
        // type it); a name never starts or ends with one.
        func field() -> String { wasQuoted ? current : current.trimmingWhitespace() }
        while let character = iterator.next() {
            if quoted {
                if character == "\"" {
                    // A doubled quote is a quote; a single one ends the quoted part.
                    var lookahead = iterator
                    if lookahead.next() == "\"" {
                        current.append("\"")
                        iterator = lookahead
                    } else {
                        quoted = false
                    }
                } else {
                    current.append(character)
                }
            } else if character == "," {
                fields.append(field())
                current = ""
                wasQuoted = false
                atFieldStart = true
                continue
            } else if character == "\"" && atFieldStart {
                quoted = true
                wasQuoted = true
            } else if atFieldStart && (character == " " || character == "\t") {
                continue
            } else {
                current.append(character)
            }
            atFieldStart = false
        }
        if quoted { throw refuse("an unterminated quoted field") }
        fields.append(field())
        return fields
    }
}
