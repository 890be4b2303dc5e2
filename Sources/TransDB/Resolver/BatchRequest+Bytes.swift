import TransDBCore
extension BatchRequestReader {
    /// The request on `line` (its UTF-8 bytes, without the newline), exactly as
    /// ``request(_:)`` reads the decoded line. Lines of the usual shape — an object of plain
    /// strings, or CSV fields without quotes — are read straight from the bytes; anything else,
    /// including every line that is an error, goes through ``request(_:)``.
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)`` naming the line.
    public mutating func request(utf8 line: UnsafeBufferPointer<UInt8>) throws -> Resolver.Request? {
        let quick: Resolver.Request? =
            switch format {
            case .ndjson: Self.quickObject(line)
            // A reduceMotion column is rare: such lines take the reader that words its errors.
            case let .csv(hasContainer, hasReduceMotion): hasReduceMotion ? nil : Self.quickCSV(line, hasContainer: hasContainer)
            case nil: nil
            }
        if let quick {
            lineNumber += 1
            return quick
        }
        return try request(String(decoding: line, as: UTF8.self))
    }

    /// `line` without the ASCII white space at its ends, when what is left starts with `first`
    /// and ends with `last` (so Unicode white space, which ``request(_:)`` also trims, is not
    /// at either end).
    private static func trimmed(_ line: UnsafeBufferPointer<UInt8>, first: (UInt8) -> Bool, last: (UInt8) -> Bool) -> Range<Int>? {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var start = 0
        var end = line.count
        while start < end && isSpace(line[start]) { start += 1 }
        while end > start && isSpace(line[end - 1]) { end -= 1 }
        guard start < end, first(line[start]), last(line[end - 1]) else { return nil }
        return start..<end
    }

    /// `{"op": …, "from": …, "to": …, "container": …}` with JSON white space, members in any
    /// order, strings without escapes and `container` possibly null; `nil` for anything else.
    static func quickObject(_ line: UnsafeBufferPointer<UInt8>) -> Resolver.Request? {
        guard let range = trimmed(line, first: { $0 == UInt8(ascii: "{") }, last: { $0 == UInt8(ascii: "}") }) else { return nil }
        var i = range.lowerBound + 1
        let end = range.upperBound
        func skipSpace() {
            while i < end, line[i] == 0x20 || line[i] == 0x09 || line[i] == 0x0D || line[i] == 0x0A { i += 1 }
        }
        /// A string without escapes or control characters; `i` is on its opening quote.
        func string() -> Range<Int>? {
            guard i < end, line[i] == UInt8(ascii: "\"") else { return nil }
            i += 1
            let start = i
            while i < end {
                let byte = line[i]
                if byte == UInt8(ascii: "\"") {
                    i += 1
                    return start..<(i - 1)
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                i += 1
            }
            return nil
        }
        var op: Range<Int>?
        var from: Range<Int>?
        var to: Range<Int>?
        var container: Range<Int>?
        var sawContainer = false
        while true {
            skipSpace()
            guard let key = string() else { return nil }
            skipSpace()
            guard i < end, line[i] == UInt8(ascii: ":") else { return nil }
            i += 1
            skipSpace()
            let value: Range<Int>?
            if i + 4 <= end, line[i] == UInt8(ascii: "n"), line[i + 1] == UInt8(ascii: "u"), line[i + 2] == UInt8(ascii: "l"),
                line[i + 3] == UInt8(ascii: "l")
            {
                value = nil
                i += 4
            } else {
                guard let text = string() else { return nil }
                value = text
            }
            func keyIs(_ name: StaticString) -> Bool { equal(line, key, name) }
            // Duplicates, unknown keys and nulls other than the container's are errors: the
            // strict reader words them.
            if keyIs("op"), op == nil, value != nil {
                op = value
            } else if keyIs("from"), from == nil, value != nil {
                from = value
            } else if keyIs("to"), to == nil, value != nil {
                to = value
            } else if keyIs("container"), !sawContainer {
                sawContainer = true
                container = value
            } else {
                return nil
            }
            skipSpace()
            guard i < end else { return nil }
            if line[i] == UInt8(ascii: "}") {
                i += 1
                break
            }
            guard line[i] == UInt8(ascii: ",") else { return nil }
            i += 1
        }
        guard i == end, let op, let from, let to else { return nil }
        return make(line, op: op, from: from, to: to, container: container)
    }

    /// CSV fields without quotes (and, since quoting works on characters, without non-ASCII
    /// bytes that could join a comma into one character); `nil` for anything else.
    static func quickCSV(_ line: UnsafeBufferPointer<UInt8>, hasContainer: Bool) -> Resolver.Request? {
        guard let range = trimmed(line, first: { $0 != UInt8(ascii: "\"") }, last: { _ in true }) else { return nil }
        var fields: [Range<Int>] = []
        var start = range.lowerBound
        for i in range {
            let byte = line[i]
            // Control characters (a tab, which may pad a field) take the reader that words it all.
            if byte >= 0x80 || byte < 0x20 || byte == UInt8(ascii: "\"") { return nil }
            if byte == UInt8(ascii: ",") {
                fields.append(start..<i)
                start = i + 1
            }
        }
        fields.append(start..<range.upperBound)
        guard fields.count == (hasContainer ? 4 : 3) else { return nil }
        // Spaces around a field are not part of it, as ``fields(_:refuse:)`` reads them.
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 }
        for k in fields.indices {
            var lower = fields[k].lowerBound
            var upper = fields[k].upperBound
            while lower < upper && isSpace(line[lower]) { lower += 1 }
            while upper > lower && isSpace(line[upper - 1]) { upper -= 1 }
            fields[k] = lower..<upper
        }
        // An empty `to` is left to the full reader, which lets a dismiss leave it out.
        guard !fields[2].isEmpty else { return nil }
        let container = hasContainer && !fields[3].isEmpty ? fields[3] : nil
        return make(line, op: fields[0], from: fields[1], to: fields[2], container: container)
    }

    /// The request, or `nil` where ``make(_:_:_:_:refuse:)`` would refuse it.
    private static func make(
        _ line: UnsafeBufferPointer<UInt8>, op: Range<Int>, from: Range<Int>, to: Range<Int>, container: Range<Int>?
    ) -> Resolver.Request? {
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self) }
        let operation: TransitionOperation
        if equal(line, op, "present") {
            operation = .present
        } else if equal(line, op, "dismiss") {
            operation = .dismiss
        } else if equal(line, op, "push") {
            operation = .push
        } else if equal(line, op, "pop") {
            operation = .pop
        } else if equal(line, op, "tab") {
            operation = .tab
        } else {
            return nil
        }
        if container != nil && operation.containerKind == nil { return nil }
        return Resolver.Request(operation: operation, from: text(from), to: text(to), container: container.map(text))
    }

    /// Whether `line[range]` is `literal`.
    private static func equal(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ literal: StaticString) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        var i = range.lowerBound
        var j = 0
        while i < range.upperBound {
            if line[i] != literal.utf8Start[j] { return false }
            i += 1
            j += 1
        }
        return true
    }
}
