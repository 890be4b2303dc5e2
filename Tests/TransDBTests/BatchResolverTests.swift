import Foundation
import Testing
@testable import TransDB
import TransDBTestSupport
@testable import TransDBCore

/// `BatchResolver` (the quick path and its fallback) against one-at-a-time resolution: the same
/// bytes for every line, over every rule of the resolver table, the errors, `--strict` and
/// `--explain`, however the input is cut into chunks.
@Suite("Batch resolution is byte-identical to one-at-a-time resolution")
struct BatchResolverTests {
    /// The resolver table's catalog, plus what only batches meet: a bare name in two libraries,
    /// names that need escaping in JSON, a named curve, a route whose screens need quoting.
    static func makeCatalog(in directory: TemporaryDirectory) throws -> Catalog {
        let catalog = try ResolverTests.makeCatalog(in: directory)
        func ref(_ name: String) -> QualifiedName { QualifiedName(library: "t", name: name) }
        try catalog.addScreen(Screen(library: "t", name: "Dup", delegate: ref("D")))
        try catalog.addScreen(Screen(library: "u", name: "Dup"))
        try catalog.addScreen(Screen(library: "t", name: "Q\"uote\\ \u{2028}é", delegate: ref("D"), modalStyle: .crossDissolve))
        try catalog.addCurve(NamedCurve(library: "t", name: "snappy", curve: try TimingCurve(expression: "cubic-bezier(0.2, 0, 0, 1)")))
        var named = PresetDraft(kind: .slide)
        named.direction = .left
        named.curve = "t/snappy"
        named.completionSpeed = 2
        named.completionCurve = "t/snappy"
        named.reverse = "t/p1"
        _ = try catalog.addPreset(try named.preset(library: "t", name: "named\"é"))
        _ = try catalog.addRoute(
            RouteRequest(
                operation: .present, from: .screen(ref("Q\"uote\\ \u{2028}é")), to: .screen(ref("G")), preset: ref("named\"é"),
                interaction: ref("i1"), delegate: ref("D"), library: "t"))
        _ = try catalog.addRoute(
            RouteRequest(
                operation: .dismiss, from: .screen(ref("Q\"uote\\ \u{2028}é")), to: .any, preset: ref("named\"é"), delegate: ref("D"),
                library: "t"))
        return catalog
    }

    /// Every resolver path, as NDJSON lines: the resolver table, then what differs in a batch.
    static var ndjsonLines: [String] {
        var lines = ResolverTests.cases.map { c in
            #"{"op": "\#(c.op.rawValue)", "from": "\#(c.from)", "to": "\#(c.to)""# + (c.container.map { #", "container": "\#($0)""# } ?? "")
                + "}"
        }
        lines += [
            #"{"op":"present","from":"t/A","to":"t/B"}"#,  // qualified names, compact
            #"  {"to": "B", "op": "present", "from": "A"}  "#,  // members in another order, spaces around
            #"{"op": "present", "from": "A", "to": "B"}"# + "\r",  // CRLF
            #"{"op": "dismiss", "from": "B", "to": "Nowhere"}"#,  // dismiss ignores its destination
            #"{"op": "dismiss", "from": "E", "to": "A"}"#,  // released delegate
            #"{"op": "dismiss", "from": "F", "to": "A"}"#,  // a dismiss-only delegate
            #"{"op": "present", "from": "A", "to": "P"}"#,  // partialCurl
            #"{"op": "pop", "from": "B", "to": "A", "container": "t/Nav"}"#,
            #"{"op": "push", "from": "A", "to": "C", "container": "Nav"}"#,  // explicit nil push *→C
            #"{"op": "push", "from": "Nowhere", "to": "C", "container": "Nav"}"#,
            #"{"op": "tab", "from": "A", "to": "B"}"#,  // the only tab container
            #"{"op": "tab", "from": "A", "to": "B", "container": null}"#,
            #"{"op": "push", "from": "A", "to": "B"}"#,  // several navigation containers: an error
            #"{"op": "push", "from": "A", "to": "B", "container": "Tabs"}"#,  // wrong kind: an error
            #"{"op": "push", "from": "A", "to": "B", "container": "Nab"}"#,  // unknown (strict: an error)
            #"{"op": "present", "from": "Nowhere", "to": "Nowhere"}"#,  // the same unknown twice
            #"{"op": "present", "from": "A", "to": "Dup"}"#,  // ambiguous: an error
            #"{"op": "present", "from": "A", "to": "t/Dup"}"#,
            #"{"op": "present", "from": "u/Dup", "to": "t/Dup"}"#,
            #"{"op": "present", "from": "*", "to": "B"}"#,  // a wildcard is not a screen: an error
            #"{"op": "present", "from": "A", "to": "a/b/c"}"#,  // an invalid name: an error
            #"{"op": "present", "from": "A", "to": ""}"#,
            #"{"op": "present", "from": "Q\"uote\\ \u2028é", "to": "G"}"#,  // escapes: the strict reader
            #"{"op": "present", "from": "t/Q\"uote\\ \u2028\u00e9", "to": "t/G"}"#,
            "{\"op\": \"present\", \"from\": \"Q\\\"uote\\\\ \u{2028}é\", \"to\": \"G\"}",
            "{\"op\": \"dismiss\", \"from\": \"Q\\\"uote\\\\ \u{2028}é\", \"to\": \"G\"}",
            "{\"op\": \"present\", \"from\": \"Ünknöwn \u{7F}\", \"to\": \"B\"}",  // non-ASCII and DEL, unescaped
            #"{"op": "present", "from": "A", "to": "B", "container": "Nav"}"#,  // a container for present: an error
            #"{"op": "fly", "from": "A", "to": "B"}"#,
            #"{"op": "present", "from": "A", "to": "B", "extra": 1}"#,
            #"{"op": "present", "from": "A", "to": "B", "from": "C"}"#,  // a duplicate key
            #"{"op": "present", "from": "A"}"#,
            #"{"op": "present", "from": "A", "to": 7}"#,
            #"{"op": "present", "from": "A", "to": null}"#,
            #"{"op": "present", "from": "A", "to": "B",}"#,
            #"{"op": "present", "from": "A", "to": "B"} x"#,
            #"{"op": "present", "from": "A", "to": "B""#,
            "{\"op\": \"present\", \"from\": \"A\u{1}\", \"to\": \"B\"}",  // a raw control character
            "\u{A0}{\"op\": \"present\", \"from\": \"A\", \"to\": \"B\"}\u{A0}",  // Unicode white space around
            #"["present", "A", "B"]"#,
            "",
            "   ",
            #"{"op": "present", "from": "A", "to": "B"}"#,
        ]
        return lines
    }

    /// The same kinds of requests as CSV.
    static let csvLines = [
        "op,from,to,container", "present,A,B,", "present,C,B,", "dismiss,B,C,", "push,A,B,Nav", "pop,B,A,t/Nav", "tab,A,B,",
        "push,A,B,", "push,A,B,Ghost", "present,Nowhere,B,", "present,A,Dup,", "\"present\",\"A\",\"B\",\"\"",
        "present,\"Q\"\"uote\\ \u{2028}é\",G,", "present,A,B", "present,A,B,,", "fly,A,B,", "present,A,B,Nav", "present,A\u{301},B,",
        "present,A,\u{301}B,", "", " present,A,B, ",
        // Spaces around fields, as people type them; a tab and other controls take the other reader.
        "present, A , B ,", "push , A, B , Nav", "present,\tA\t,B,", "present,A\u{B},B,", "present, \"A\" ,B,", "present,\u{A0}A,B,",
    ]

    /// What `transdb resolve --batch` printed before it had a quick path: each line resolved
    /// alone, as `transdb resolve --format json` resolves it, on one line.
    static func oneAtATime(_ input: String, catalog: Catalog, strict: Bool, explain: Bool, readsLookupStore: Bool = false) -> String {
        var reader = BatchRequestReader()
        let resolver = Resolver(catalog: catalog, readsLookupStore: readsLookupStore)
        let expression = { (reference: CurveReference) in (try? catalog.timingCurve(reference).expression) ?? reference.description }
        var output = ""
        // Split as readLine does, on the byte: "\r\n" is one Character, and would not be split.
        var lines = input.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        if input.utf8.last == UInt8(ascii: "\n") { lines.removeLast() }
        func failure(_ message: String) -> String {
            JSONValue.object([("line", .integer(Int64(reader.lineNumber))), ("error", .string(Table.oneLine(message)))]).compact + "\n"
        }
        for line in lines {
            do {
                guard let request = try reader.request(line) else { continue }
                let answer = try resolver.resolve(request, strict: strict)
                output += JSONValue.object(answer.record(curveExpression: expression, includeExplanation: explain)).compact + "\n"
            } catch let error as ModelError {
                output += failure(error.description)
            } catch let error as LookupError {
                output += failure(error.description)
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
        return output
    }

    /// The batch's output for `input` fed in chunks of `chunk` bytes, its complete lines shared
    /// among `lanes` connections however few they are.
    static func batch(
        _ input: String, catalog: Catalog, strict: Bool, explain: Bool, chunk: Int, lanes: Int = 3
    ) throws -> (output: String, failed: Int) {
        var batch = BatchResolver(catalog: catalog, strict: strict, explain: explain, lanes: lanes, minimumShare: 1)
        var output: [UInt8] = []
        let bytes = Array(input.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(start + chunk, bytes.count)
            try bytes[start..<end].withUnsafeBufferPointer { try batch.feed($0, into: &output) }
            start = end
        }
        try batch.finish(into: &output)
        #expect(batch.laneCount == lanes, "a catalog on disk gets every lane asked for")
        return (String(decoding: output, as: UTF8.self), batch.failedLines)
    }

    static let inputs: [(name: String, text: String)] = [
        ("NDJSON", ndjsonLines.joined(separator: "\n") + "\n"),
        ("NDJSON without a last newline", ndjsonLines.joined(separator: "\n")),
        ("CSV", csvLines.joined(separator: "\n") + "\n"),
    ]

    @Test("the same bytes as one-at-a-time resolution", arguments: [(false, false), (true, false), (false, true), (true, true)])
    func sameBytes(strict: Bool, explain: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.makeCatalog(in: directory)
        for input in Self.inputs {
            let expected = Self.oneAtATime(input.text, catalog: catalog, strict: strict, explain: explain)
            let expectedLines = expected.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            for (chunk, lanes) in [(1 << 16, 1), (1 << 16, 3), (1, 3), (7, 2), (61, 3), (200, 4)] {
                let (output, failed) = try Self.batch(
                    input.text, catalog: catalog, strict: strict, explain: explain, chunk: chunk, lanes: lanes)
                let lines = output.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
                    String(decoding: $0, as: UTF8.self)
                }
                #expect(lines.count == expectedLines.count, "\(input.name), chunks of \(chunk), \(lanes) lanes")
                for (line, expectedLine) in zip(lines, expectedLines) where line != expectedLine {
                    Issue.record(
                        "\(input.name), strict \(strict), explain \(explain), chunks of \(chunk), \(lanes) lanes:\n  batch:    \(line)\n  expected: \(expectedLine)"
                    )
                }
                #expect(failed == expectedLines.filter { $0.hasPrefix(#"{"line":"#) }.count)
            }
        }
    }

    @Test("answers follow the catalog when it changes between chunks, through another connection or the batch's own")
    func seesChanges() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Created and closed first, so that its changes are in the main file when it is reopened.
        let path = try Self.makeCatalog(in: directory).path
        let writer = try Catalog(path: path, mode: .readWrite)
        let reader = try Catalog(path: path, mode: .readOnly)
        let line = Array(#"{"op": "present", "from": "A", "to": "E"}"#.utf8 + [0x0A])
        for (catalog, released) in [(reader, false), (writer, true)] {
            var batch = BatchResolver(catalog: catalog, strict: false, explain: false)
            var before: [UInt8] = []
            try line.withUnsafeBufferPointer { try batch.feed($0, into: &before) }
            _ = try writer.setReleased(QualifiedName(library: "t", name: "Gone"), released)
            var after: [UInt8] = []
            try line.withUnsafeBufferPointer { try batch.feed($0, into: &after) }
            let expected = Self.oneAtATime(String(decoding: line, as: UTF8.self), catalog: catalog, strict: false, explain: false)
            #expect(String(decoding: after, as: UTF8.self) == expected)
            #expect(before != after)
        }
    }

    @Test("every lane plays a preset as changed between chunks: what the lanes share is read again", arguments: [1, 2, 3])
    func sharedPresetsFollowChanges(lanes: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.makeCatalog(in: directory).path
        let writer = try Catalog(path: path, mode: .readWrite)
        let reader = try Catalog(path: path, mode: .readOnly)
        // Enough lines that every lane answers some; every line plays t/p1 or the preset named after it.
        let input = String(repeating: #"{"op": "present", "from": "A", "to": "B"}"# + "\n" + #"{"op": "present", "from": "Q\"uote\\ \u2028é", "to": "G"}"# + "\n", count: 40)
        var batch = BatchResolver(catalog: reader, strict: false, explain: false, lanes: lanes, minimumShare: 1)
        var edit = PresetEdit()
        for duration in [0.5, 0.75] {
            var output: [UInt8] = []
            try Array(input.utf8).withUnsafeBufferPointer { try batch.feed($0, into: &output) }
            let expected = Self.oneAtATime(input, catalog: reader, strict: false, explain: false)
            #expect(String(decoding: output, as: UTF8.self) == expected, "\(lanes) lanes, before duration \(duration)")
            // Both presets change between chunks, through another connection.
            edit.duration = .seconds(duration)
            _ = try writer.setPreset(QualifiedName(library: "t", name: "p1"), edit)
            _ = try writer.setPreset(QualifiedName(library: "t", name: "named\"é"), edit)
        }
        var output: [UInt8] = []
        try Array(input.utf8).withUnsafeBufferPointer { try batch.feed($0, into: &output) }
        let answers = String(decoding: output, as: UTF8.self)
        #expect(answers == Self.oneAtATime(input, catalog: reader, strict: false, explain: false))
        #expect(answers.contains(#""duration":0.75"#))
        #expect(!answers.contains(#""duration":0.5,"#))
        #expect(batch.laneCount == lanes)
    }

    @Test("a batch with lines that could not be resolved fails as a whole with .unresolvedLines, after every answer")
    func failure() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.makeCatalog(in: directory)
        let good = #"{"op": "present", "from": "A", "to": "B"}"#
        let clean = try Self.batch(good + "\n", catalog: catalog, strict: false, explain: false, chunk: 1 << 16)
        #expect(clean.failed == 0)
        var batch = BatchResolver(catalog: catalog, strict: false, explain: false)
        var output: [UInt8] = []
        let input = Array((good + "\n" + #"{"op": "fly"}"# + "\n" + "not json\n").utf8)
        try input.withUnsafeBufferPointer { try batch.feed($0, into: &output) }
        try batch.finish(into: &output)
        #expect(output.split(separator: UInt8(ascii: "\n")).count == 3)
        #expect(batch.failure == .unresolvedLines(count: 2))
        #expect(batch.failure?.description == #"some lines could not be resolved; their answers are {"line", "error"} objects"#)
        var resolved = BatchResolver(catalog: catalog, strict: false, explain: false)
        try Array((good + "\n").utf8).withUnsafeBufferPointer { try resolved.feed($0, into: &output) }
        #expect(resolved.failure == nil)
    }
}
