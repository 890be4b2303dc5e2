import Testing
@testable import TransDBCore

/// ``PrettyJSONWriter`` against ``JSONValue/pretty``, the layout it must reproduce.
@Suite("PrettyJSONWriter")
struct PrettyJSONWriterTests {
    static let values: [JSONValue] = [
        .object([]),
        .array([]),
        .object([("a", .array([])), ("b", .object([])), ("c", .null)]),
        .array([.integer(1), .number(0.25), .string("é \u{1F600} \"q\" \n"), .bool(false), .null]),
        .object([
            ("transdb", .integer(1)),
            ("presets", .array([.object([("name", .string("fade")), ("set", .array([.string("to.start.alpha=0")]))]), .object([])])),
            ("nested", .object([("deeper", .object([("deepest", .array([.array([]), .array([.integer(-3)])]))]))])),
            ("clé", .string("")),
        ]),
        .string("a lone value"),
    ]

    /// Writes `value` through the writer: containers opened and closed, everything else whole.
    static func write(_ value: JSONValue, key: String? = nil, into writer: inout PrettyJSONWriter) {
        switch value {
        case let .object(members):
            writer.open(.object, key: key)
            for (memberKey, member) in members { write(member, key: memberKey, into: &writer) }
            writer.close()
        case let .array(items):
            writer.open(.array, key: key)
            for item in items { write(item, into: &writer) }
            writer.close()
        default:
            writer.write(value, key: key)
        }
    }

    @Test("a document written a container at a time is what pretty writes", arguments: values)
    func matchesPretty(_ value: JSONValue) {
        var writer = PrettyJSONWriter()
        Self.write(value, into: &writer)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == value.pretty)

        // Whole values inside opened containers lay out the same way.
        var mixed = PrettyJSONWriter()
        if case let .object(members) = value {
            mixed.open(.object)
            for (key, member) in members { mixed.write(member, key: key) }
            mixed.close()
            #expect(String(decoding: mixed.bytes, as: UTF8.self) == value.pretty)
        }
    }

    @Test("take hands out what was written once it reaches the threshold, and each byte once")
    func take() {
        var writer = PrettyJSONWriter()
        var taken: [UInt8] = []
        writer.open(.array)
        for index in 0..<1_000 {
            writer.write(.string("element \(index)"))
            if let chunk = writer.take(atLeast: 100) {
                #expect(chunk.count >= 100)
                taken += chunk
            }
        }
        #expect(writer.take(atLeast: 1 << 20) == nil)
        writer.close()
        taken += writer.take(atLeast: 1) ?? []
        #expect(writer.take(atLeast: 1) == nil)
        let whole = JSONValue.array((0..<1_000).map { .string("element \($0)") }).pretty
        #expect(String(decoding: taken, as: UTF8.self) == whole)
    }
}
