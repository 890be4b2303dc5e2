import Foundation
import Testing
import TransDB
@testable import TransDBCore

/// The JSON every `--format json` answer is written with: exact bytes, escapes, key order.
@Suite("JSON rendering")
struct JSONValueTests {
    @Test("compact and pretty forms keep key order and indent by two spaces")
    func layout() {
        let value = JSONValue.object([
            ("b", .integer(-3)), ("a", .array([.number(0.1), .bool(true), .null])), ("empty", .array([])), ("nested", .object([("k", .string("v"))])),
        ])
        #expect(value.compact == #"{"b":-3,"a":[0.1,true,null],"empty":[],"nested":{"k":"v"}}"#)
        #expect(value.pretty == "{\n  \"b\": -3,\n  \"a\": [\n    0.1,\n    true,\n    null\n  ],\n  \"empty\": [],\n  \"nested\": {\n    \"k\": \"v\"\n  }\n}")
    }

    @Test("strings escape quotes, backslashes, C0 controls, DEL and U+2028/U+2029, and keep other UTF-8 as is")
    func escapes() {
        let text = "q\"b\\n\nr\rt\tnul\u{0}bel\u{7}esc\u{1B}del\u{7F}ls\u{2028}ps\u{2029}c1\u{85}é😀\u{200F}"
        let expected = #""q\"b\\n\nr\rt\tnul\u0000bel\u0007esc\u001bdel\u007fls\u2028ps\u2029c1"# + "\u{85}é😀\u{200F}\""
        #expect(JSONValue.string(text).compact == expected)
        // What Foundation's parser reads back is the original string.
        let decoded = try? JSONSerialization.jsonObject(with: Data(("[" + expected + "]").utf8)) as? [String]
        #expect(decoded == [text])
    }

    @Test("numbers are written the shortest way that round-trips; non-finite numbers as null")
    func numbers() {
        #expect(JSONValue.array([.number(0.3), .number(1e-7), .number(2), .number(.infinity), .integer(Int64.min)]).compact
            == "[0.3,1e-07,2,null,-9223372036854775808]")
    }

    @Test("a 10,000-record listing renders the same bytes as record-by-record rendering")
    func largeListing() {
        let records: [JSONValue] = (0..<10_000).map { (i: Int) -> JSONValue in
            let name: JSONValue = .string("p\(i)\u{2028}\"")
            let duration: JSONValue = .number(Double(i) / 7)
            let next: JSONValue = i % 3 == 0 ? .null : .integer(Int64(i + 1))
            return .object([("name", name), ("duration", duration), ("next", next)])
        }
        let whole = JSONValue.array(records).compact
        #expect(whole == "[" + records.map(\.compact).joined(separator: ",") + "]")
    }
}
