import Foundation
import Testing
@testable import TransDB
import TransDBTestSupport
@testable import TransDBCore

/// Reading a bundle a chunk at a time gives what reading it whole gives: the same values, and
/// for a bad file the same error at the same path, line and column, wherever the chunks end.
@Suite("Bundle streaming reader")
struct BundleStreamReaderTests {
    /// Hands out a document a few bytes at a time, so that every token crosses a refill.
    final class Trickle: JSONByteSource {
        private let bytes: [UInt8]
        private var position = 0
        private let step: Int

        init(_ bytes: [UInt8], step: Int) {
            self.bytes = bytes
            self.step = step
        }

        func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
            let count = min(step, buffer.count, bytes.count - position)
            for offset in 0..<count { buffer[offset] = bytes[position + offset] }
            position += count
            return count
        }
    }

    /// The document read through a trickle of `step` bytes with a window of `chunk` bytes.
    static func streamed(_ text: String, step: Int, chunk: Int) -> Result<LibraryBundle, CatalogError> {
        var parser = StrictJSON.Parser(source: Trickle(Array(text.utf8), step: step), chunkSize: chunk)
        var reader = BundleStreamReader(file: "b.json")
        do {
            return .success(try reader.read(&parser).fullBundle)
        } catch let error as CatalogError {
            return .failure(error)
        } catch {
            return .failure(Self.unexpected(error))
        }
    }

    static func whole(_ text: String) -> Result<LibraryBundle, CatalogError> {
        do {
            return .success(try BundleFormat.decode(Array(text.utf8), file: "b.json"))
        } catch let error as CatalogError {
            return .failure(error)
        } catch {
            return .failure(Self.unexpected(error))
        }
    }

    /// An error that is not a ``CatalogError`` (the readers throw none), kept comparable so that a
    /// difference between the two readers still shows.
    static func unexpected(_ error: any Error) -> CatalogError {
        .invalidBundle(file: "b.json", path: "(not a CatalogError)", reason: "\(type(of: error)): \(error)")
    }

    static let head = #"{"transdb": 1, "library": {"name": "t"}, "delegates": [{"name": "D"}], "screens": [{"name": "A"}, {"name": "B"}], "presets": [{"name": "p", "kind": "fade"}], "#

    /// Valid and invalid documents, many of them bad inside a route.
    static let documents: [String] = [
        head + #""routes": [{"delegate": "D", "op": "present", "from": "A", "to": "B", "preset": "p"}]}"#,
        head + #""routes": [{"preset": null, "to": "B", "from": "A", "op": "present", "delegate": "D"}]}"#,
        head + #""routes": [{"delegate": "D", "op": "present", "from": "\u0041", "to": "B", "preset": "p"}]}"#,
        head + #""routes": [{"delegate": "D", "op": "present", "from": "A", "to": "B", "preset": "p"}, {"delegate": "D", "op": "present", "from": "A", "to": "B", "preset": null}]}"#,
        head + #""routes": [{"delegate": "D", "op": "present", "from": "A", "to": "B", "preset": "p", "speed": 1}]}"#,
        head + #""routes": [{"delegate": "D", "op": "present", "from": "A", "to": "B", "preset": "p", "op": "push"}]}"#,
        head + #""routes": [{"delegate": "D", "op": "fly", "from": "A", "to": "B", "preset": "p"}]}"#,
        head + #""routes": [{"delegate": "D", "op": "dismiss", "from": "A", "to": "B", "preset": "p"}]}"#,
        head + #""routes": [{"delegate": "D", "op": "present", "from": "A", "to": "B", "interaction": "p", "preset": null}]}"#,
        head + #""routes": [{"delegate": "D", "op": "present", "from": "A/B/C", "to": "B", "preset": "p"}]}"#,
        head + #""routes": [{"delegate": "D", "op": "present", "from": "A", "to": 1e400, "preset": "p"}]}"#,
        head + #""routes": [{"delegate": "D", "op": "present", "from": "A", "to": "B"}]}"#,
        head + "\"routes\": [{\"delegate\": \"D\", \"op\": \"present\", \"from\": \"A\u{1}\", \"to\": \"B\", \"preset\": \"p\"}]}",
        head + "\"routes\": [{\"delegate\": \"D\", \"op\": \"present\", \"from\": \"Écran\", \"to\": \"B\", \"preset\": \"p\"}]}",
        head + #""routes": [{"delegate": "D", "op": "present", "from": "A", "to": "B", "preset": "p"}, 5]}"#,
        head + #""routes": [{"delegate": "D", "op": "present", "from": "A", "to": "B", "preset": "p"},]}"#,
        head + #""routes": [{"delegate": "D", "op": "present", "from": "A", "to": "B", "preset": "p"}]"#,
        head + #""routes": [{"delegate": "D", "op": "fly", "from": "A", "to": "B", "preset": "p"}], "routes": []}"#,
        head + #""routes": [{"delegate": "D", "op": "fly", "from": "A", "to": "B", "preset": "p"}], "curves": [{"name": "c"}]}"#,
        head + #""routes": [{"delegate": "D", "op": "fly", "from": "A", "to": "B", "preset": "p"}], "extra": 1}"#,
        head + #""routes": [{"delegate": "D", "op": "fly", "from": "A", "to": "B", "preset": "p"}]} x"#,
        head + #""routes": null}"#,
        #"{"routes": [{"delegate": "D", "op": "present", "from": "A", "to": "B", "preset": "p"}], "transdb": 1, "library": {"name": "t"}, "delegates": [{"name": "D"}], "screens": [{"name": "A"}, {"name": "B"}], "presets": [{"name": "p", "kind": "fade"}]}"#,
        "\u{FEFF}" + head + #""routes": []}"#,
        "[1, 2]",
        "",
    ]

    @Test("a document read a few bytes at a time reads as it does whole", arguments: documents)
    func sameAsWhole(_ text: String) throws {
        let whole = Self.whole(text)
        for (step, chunk) in [(1, 1), (3, 7), (5, 64), (4096, 1 << 20)] {
            #expect(Self.streamed(text, step: step, chunk: chunk) == whole, "step \(step), chunk \(chunk)")
        }
    }

    /// Documents whose screens are good or bad in every way, with other sections bad or not.
    static let screenDocuments: [String] = [
        #"{"screens": [{"name": "A", "delegate": "D"}, {"name": "B"}], "transdb": 1, "library": {"name": "t"}, "delegates": [{"name": "D"}]}"#,
        #"{"transdb": 1, "library": {"name": "t"}, "screens": [{"name": "A"}, {"name": "A"}]}"#,
        #"{"transdb": 1, "library": {"name": "t"}, "screens": [{"name": "*"}], "containers": [{"name": "N", "kind": "bogus"}]}"#,
        #"{"transdb": 1, "library": {"name": "t"}, "screens": [{"name": "A", "speed": 1}], "presets": [{"name": "p", "kind": "bogus"}]}"#,
        #"{"transdb": 1, "library": {"name": "t"}, "screens": [{"name": "A", "modalStyle": "partialCurl", "presentationStyle": "pageSheet"}]}"#,
        #"{"transdb": 1, "library": {"name": "t"}, "screens": {"name": "A"}}"#,
        #"{"transdb": 1, "library": {"name": "t"}, "screens": [{"name": "A"}, 7]}"#,
        #"{"transdb": 1, "library": {"name": "t"}, "screens": [{"name": "A", "delegate": "x/y/z"}]}"#,
        #"{"transdb": 2, "library": {"name": "t"}, "screens": [{"name": ""}]}"#,
        #"{"transdb": 1, "library": {"name": "t"}, "screens": [{"name": "A"}], "routes": [{"delegate": "D", "op": "fly", "from": "A", "to": "A", "preset": null}]}"#,
    ]

    @Test("screens read element by element give the values and the first error the tree reader gives", arguments: screenDocuments)
    func screensAsTree(_ text: String) throws {
        let tree: Result<LibraryBundle, CatalogError>
        do {
            var bundle = try BundleFormat.Reader(file: "b.json").bundle(
                JSONCursor(value: try StrictJSON.parse(Array(text.utf8)), path: "$", file: "b.json"))
            // Routes are read only by the streaming reader; this document's are invalid or absent.
            bundle.routes = []
            tree = .success(bundle)
        } catch let error as CatalogError {
            tree = .failure(error)
        }
        let streamed = Self.streamed(text, step: 5, chunk: 64)
        if case .success = tree, text.contains("\"routes\"") {
            #expect(throws: CatalogError.self) { try streamed.get() }  // the route's error comes last
        } else {
            #expect(streamed == tree)
        }
    }

    static let presetDocuments: [String] = [
        #"{"presets": [{"name": "in", "kind": "fade", "duration": "d", "curve": "c", "set": ["to.start.alpha=0", "from.end.scale=0.9"], "interaction": {"completionSpeed": 1.5}}, {"name": "out", "kind": "push", "direction": "left", "duration": 0.3, "curve": "c", "reverse": "in", "description": "caf\u00e9 \ud83d\ude00"}], "transdb": 1, "library": {"name": "t"}, "curves": [{"name": "c", "expression": "linear"}], "durations": [{"name": "d", "seconds": 0.25}]}"#,
        #"{"transdb": 1, "library": {"name": "t"}, "presets": [{"name": "p", "kind": "fade", "duration": 0.2, "curve": "linear"}, {"name": "p", "kind": "fade", "duration": 0.2, "curve": "linear"}]}"#,
        #"{"transdb": 1, "library": {"name": "t"}, "presets": [{"name": "p", "kind": "fade", "duration": "slow", "curve": "linear"}]}"#,
        #"{"transdb": 1, "library": {"name": "t"}, "presets": [{"name": "p", "kind": "fade", "duration": 0.2, "curve": "linear", "set": ["to.start.alpha=2"]}]}"#,
        #"{"transdb": 1, "library": {"name": "t"}, "presets": [7]}"#,
        #"{"transdb": 1, "library": {"name": "t"}, "presets": {"name": "p"}}"#,
        #"{"transdb": 1, "library": {"name": "t"}, "presets": []}"#,
        #"{"transdb": 1, "library": {"name": "t"}, "presets": [{"name": "p", "kind": "fade", "duration": 0.2, "curve": "linear", "speed": 1}], "containers": [{"name": "N", "kind": "bogus"}]}"#,
        #"{"transdb": 1, "library": {"name": "t"}, "presets": [{"name": "p", "kind": "fade", "duration": 0.2, "curve": "linear", "set": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}]}"#,
        #"{"transdb": 1, "library": {"name": "t"}, "presets": [{"name": "p", "kind": "fade", "duration": 0.2, "curve": "linear"}, {"name": "q", "kind": }]}"#,
    ]

    @Test("presets kept as bytes while parsed give the values and the first error the tree reader gives", arguments: presetDocuments)
    func presetsAsTree(_ text: String) throws {
        let tree: Result<LibraryBundle, CatalogError>
        do {
            tree = .success(try BundleFormat.Reader(file: "b.json").bundle(JSONCursor(value: try StrictJSON.parse(Array(text.utf8)), path: "$", file: "b.json")))
        } catch let error as CatalogError {
            tree = .failure(error)
        } catch let error as StrictJSON.ParseError {
            tree = .failure(.invalidBundle(file: "b.json", path: error.path, reason: "\(error.message) (line \(error.line), column \(error.column))"))
        }
        // A window smaller than one preset: its bytes are kept across refills.
        #expect(Self.streamed(text, step: 5, chunk: 16) == tree)
        #expect(Self.streamed(text, step: 4_096, chunk: 65_536) == tree)
    }

    @Test("routes before the screens they name read as in transdb's own order")
    func routesFirst() throws {
        let generated = try BundleGenerator.library(presets: 20, mappings: 300)
        guard case let .object(members) = try StrictJSON.parse(Array(BundleFormat.encode(generated).utf8)) else {
            Issue.record("expected an object")
            return
        }
        let reordered = JSONValue.object(members.filter { $0.0 == "routes" } + members.filter { $0.0 != "routes" }).pretty
        #expect(reordered.hasPrefix("{\n  \"routes\": ["))
        #expect(try BundleFormat.decode(Array(reordered.utf8), file: "r.json") == generated)
        #expect(Self.streamed(reordered, step: 333, chunk: 1_000) == .success(generated))
    }

    /// A bundle of `count` routes, one per line, with `line` replaced in route `bad`.
    static func manyRoutes(_ count: Int, bad: Int, with line: String) -> String {
        var text = head + "\"routes\": [\n"
        for i in 0..<count {
            let route = i == bad ? line : #"{"delegate": "D", "op": "present", "from": "S\#(i)", "to": "B", "preset": "p"}"#
            text += route + (i + 1 < count ? ",\n" : "\n")
        }
        return text + "]}\n"
    }

    @Test("an error deep in a long array of routes names its element, line and column")
    func deepError() throws {
        let control = Self.manyRoutes(30_000, bad: 23_456, with: "{\"delegate\": \"D\", \"op\": \"present\", \"from\": \"A\u{7}\", \"to\": \"B\", \"preset\": \"p\"}")
        let expected = CatalogError.invalidBundle(
            file: "b.json", path: "$.routes[23456].from", reason: "control characters must be escaped in strings (line 23458, column 46)")
        #expect(Self.whole(control) == .failure(expected))
        #expect(Self.streamed(control, step: 100_000, chunk: 65_536) == .failure(expected))

        let invalid = Self.manyRoutes(30_000, bad: 29_999, with: #"{"delegate": "D", "op": "present", "from": "A", "to": "B", "preset": "p/q/r"}"#)
        guard case let .failure(.invalidBundle(_, path, _)) = Self.whole(invalid) else {
            Issue.record("expected an invalid bundle")
            return
        }
        #expect(path == "$.routes[29999].preset")

        let repeated = Self.manyRoutes(30_000, bad: 20_000, with: #"{"delegate": "D", "op": "present", "from": "S7", "to": "B", "preset": null}"#)
        #expect(
            Self.whole(repeated)
                == .failure(.invalidBundle(file: "b.json", path: "$.routes[20000]", reason: "the route present S7 → B on 'D' is already at $.routes[7]")))
    }

    @Test("invalid JSON after an invalid route is what is reported, as when the whole file is checked first")
    func syntaxFirst() throws {
        let text = Self.manyRoutes(2_000, bad: 10, with: #"{"delegate": "D", "op": "fly", "from": "A", "to": "B", "preset": "p"}"#)
        let broken = String(text.dropLast(3)) + "}\n"
        guard case let .failure(.invalidBundle(_, _, reason)) = Self.whole(broken) else {
            Issue.record("expected an invalid bundle")
            return
        }
        #expect(reason.hasPrefix("expected ',' or ']'"))
    }

    @Test("a file read in chunks still stops at --max-size")
    func maximumSize() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("big.json")
        try Self.manyRoutes(10_000, bad: -1, with: "").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: CatalogError.self) { try BundleFormat.read(contentsOf: path, maximumSize: 100_000) }
        let input = try BundleFormat.read(contentsOf: path, maximumSize: 10_000_000)
        #expect(input.routeCount == 10_000)
    }
}
