import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

/// `transdb import` of bundles with many routes: read a chunk at a time, loaded in bulk (the
/// route indexes rebuilt in the same transaction), with the same checks and messages.
@Suite("transdb import of many routes")
struct BulkImportCommandTests {
    /// A bundle of library `bulk` with `count` routes `D: present S<i> → *`, then `extra`.
    static func bundle(routes count: Int, extra: [String] = []) -> String {
        var text = #"{"transdb": 1, "library": {"name": "bulk"}, "delegates": [{"name": "D"}], "presets": [{"name": "p", "kind": "fade"}], "screens": ["#
        text += (0..<count).map { #"{"name": "S\#($0)"}"# }.joined(separator: ",\n") + "],\n\"routes\": [\n"
        let routes = (0..<count).map { #"{"delegate": "D", "op": "present", "from": "S\#($0)", "to": "*", "preset": "p"}"# } + extra
        return text + routes.joined(separator: ",\n") + "\n]}\n"
    }

    static let indexCount = "SELECT count(*) AS n FROM sqlite_master WHERE type = 'index' AND tbl_name = 'route'"

    @Test("twenty thousand routes import in file order with every index back; importing again changes nothing")
    func bulk() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let file = cli.runner.file("bulk.json")
        try Self.bundle(routes: 20_000).write(toFile: file, atomically: true, encoding: .utf8)
        let indexes = try cli(["query", Self.indexCount, "--format", "csv"]).stdout
        let imported = try cli(["import", file])
        expectSuccess(imported)
        #expect(
            imported.stdoutLines.first == "imported: added 1 library, 1 preset, 1 delegate, 20,000 screens, 20,000 routes; 0 changed; 0 unchanged")
        // Ten of each kind are listed (the library, the preset and the delegate are alone of theirs).
        #expect(imported.stdoutLines.count == 1 + 1 + 23 + 2)
        #expect(imported.stdout.contains("\n… 39,980 more added\n"))
        #expect(try cli(["query", Self.indexCount, "--format", "csv"]).stdout == indexes)
        // The first route's id is found once: correlated, it scanned the delegate's 20,000
        // routes for each route, 50 s on a loaded machine, near the query's time limit.
        let order = try cli(["query", """
            WITH bulk AS (SELECT id FROM library WHERE name = 'bulk'),
                first AS (SELECT min(r.id) AS id FROM route r JOIN delegate d ON d.id = r.delegate_id WHERE d.library_id = (SELECT id FROM bulk))
            SELECT count(*) AS n FROM route r JOIN screen s ON s.id = r.from_screen_id
            WHERE s.library_id = (SELECT id FROM bulk) AND s.name <> 'S' || (r.id - (SELECT id FROM first))
            """, "--format", "csv"])
        #expect(order.stdout.split(whereSeparator: \.isNewline) == ["n", "0"])
        expectSuccess(try cli(["check"]))
        let again = try cli(["import", file])
        expectSuccess(again)
        #expect(again.stdout == "imported: 0 added; 0 changed; unchanged 1 library, 1 preset, 1 delegate, 20,000 screens, 20,000 routes\n")
        // A long CSV report is written a slice at a time, with one header.
        let csv = try cli(["import", file, "--report", "csv", "--dry-run"])
        expectSuccess(csv)
        let lines = csv.stdout.split(whereSeparator: \.isNewline)
        #expect(lines.count == 40004)
        #expect(lines.filter { $0 == "kind,name,action,fields" }.count == 1)
        #expect(lines.last == "route,bulk/D: present bulk/S19999 → *,unchanged,[]")
    }

    @Test("a created library's screens and routes are reported by name in JSON, NDJSON and CSV alike, after the catalog's entries")
    func reportNames() throws {
        var reports: [String: [[String]]] = [:]
        for format in ["json", "ndjson", "csv"] {
            let cli = try CLIFixture.initialized()
            defer { cli.remove() }
            let file = cli.runner.file("bulk.json")
            // Screens of the library before it, in another library's file: names from text and from the table.
            try Self.bundle(routes: 3_000, extra: [#"{"delegate": "D", "op": "present", "from": "S7", "to": "demo/Feed", "preset": "p"}"#])
                .write(toFile: file, atomically: true, encoding: .utf8)
            let imported = try cli(["import", file, "--report", format])
            expectSuccess(imported)
            let records: [[String]]
            switch format {
            case "json":
                let document = try #require(try JSONSerialization.jsonObject(with: Data(imported.stdout.utf8)) as? [[String: Any]])
                records = document.map { ["\($0["kind"] ?? "")", "\($0["name"] ?? "")", "\($0["action"] ?? "")"] }
            case "ndjson":
                records = try imported.stdoutLines.map { line in
                    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                    return ["\(object["kind"] ?? "")", "\(object["name"] ?? "")", "\(object["action"] ?? "")"]
                }
            default:
                records = imported.stdout.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",").prefix(3).map(String.init) }
            }
            reports[format] = records
        }
        let json = try #require(reports["json"])
        #expect(json.count == 1 + 1 + 1 + 3_000 + 3_001)
        #expect(json[3] == ["screen", "bulk/S0", "added"])
        #expect(json[3_002] == ["screen", "bulk/S2999", "added"])
        #expect(json[3_003] == ["route", "bulk/D: present bulk/S0 → *", "added"])
        #expect(json.last == ["route", "bulk/D: present bulk/S7 → demo/Feed", "added"])
        #expect(reports["ndjson"] == json)
        #expect(reports["csv"] == json)
    }

    @Test("a tie at the end of a bulk load is refused with the writer's message; the catalog is unchanged")
    func tie() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let file = cli.runner.file("tie.json")
        try Self.bundle(routes: 12_000, extra: [#"{"delegate": "D", "op": "present", "from": "*", "to": "S5", "preset": "p"}"#])
            .write(toFile: file, atomically: true, encoding: .utf8)
        let before = try cli.state()
        expectError(
            try cli(["import", file]), exitCode: 65,
            mentioning: [
                "tie.json: $.routes[12000]: the route present * → bulk/S5 ties with the route present bulk/S0 → * on delegate 'bulk/D' of this import",
                "bulk/S0 → bulk/S5",
            ])
        #expect(try cli.state() == before)
        expectSuccess(try cli(["check"]))
    }

    @Test("an invalid route deep in a large file is reported at its path; the catalog is unchanged")
    func deepError() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let file = cli.runner.file("bad.json")
        let bad = #"{"delegate": "D", "op": "present", "from": "S1", "to": "*", "preset": "p", "interaction": "p"}"#
        try Self.bundle(routes: 15_000, extra: [bad]).write(toFile: file, atomically: true, encoding: .utf8)
        let before = try cli.state()
        expectError(
            try cli(["import", file]), exitCode: 65,
            mentioning: ["bad.json: $.routes[15000]: the route present S1 → * on 'D' is already at $.routes[1]"])
        #expect(try cli.state() == before)
    }

    @Test("routes written before the screens they name import as in transdb's order")
    func routesFirst() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let exported = try cli(["export", "--library", "demo"]).stdout
        let routes = try #require(exported.range(of: ",\n  \"routes\": ["))
        let reordered = "{\n  \"routes\": [" + exported[routes.upperBound...].dropLast(3) + ",\n" + exported.dropFirst(2)[..<routes.lowerBound] + "\n}\n"
        #expect(reordered.range(of: "\"routes\"")?.lowerBound ?? reordered.endIndex < reordered.range(of: "\"screens\"")?.lowerBound ?? reordered.startIndex)
        let file = cli.runner.file("demo.json")
        try reordered.write(toFile: file, atomically: true, encoding: .utf8)
        let empty = try CLIFixture.initialized(empty: true)
        defer { empty.remove() }
        let others = try ["motion", "uikit", "material", "swiftui", "coreanimation", "samples"].map { library in
            let path = cli.runner.file("\(library).json")
            try cli(["export", "--library", library]).stdout.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        expectSuccess(try empty(["import", file] + others))
        #expect(try empty(["export", "--library", "demo"]).stdout == exported)
    }
}
