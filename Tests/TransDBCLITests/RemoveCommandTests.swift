import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

@Suite("transdb rm")
struct RemoveCommandTests {
    @Test("rm route by id: the route is gone and the resolver falls back to the wildcard")
    func route() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let result = try cli(["rm", "route", "1"])

        expectSuccess(result)
        #expect(result.stdout == "removed route #1: present demo/Feed → demo/Detail on demo/DetailTransitions\n")
        let routes = try cli(["list", "routes", "--format", "json"]).jsonArray()
        #expect(routes.count == 27)
        #expect(!routes.contains { $0["id"] as? Int == 1 })
        let answer = try cli(["resolve", "--op", "present", "--from", "Feed", "--to", "Detail", "--format", "json"]).jsonObject()
        #expect((answer["mapping"] as? [String: Any])?["id"] as? Int == 2)
        #expect((answer["animator"] as? [String: Any])?["name"] as? String == "coverUp")
    }

    @Test("rm's csv and json name the screens a removed delegate leaves, field by field, as the table's notes do")
    func delegateOwnersForScripts() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let csv = try cli(["rm", "delegate", "demo/DetailTransitions", "--dry-run", "--format", "csv"])
        expectSuccess(csv)
        let rows = csv.stdout.components(separatedBy: "\r\n")
        #expect(rows.first == "action,kind,name,field,old,new")
        #expect(Array(rows.suffix(3)) == ["set,screen,demo/Detail,delegate,demo/DetailTransitions,", "set,screen,demo/Photo,delegate,demo/DetailTransitions,", ""])
        let json = try cli(["rm", "library", "demo", "--dry-run", "--format", "json"]).jsonObject()
        let changed = try #require(json["changedEntries"] as? [[String: Any]])
        #expect(changed.isEmpty)  // the library's own screens go with it
        try cli.setUp([["add", "screen", "Elsewhere", "--delegate", "demo/DetailTransitions"]])
        let library = try cli(["rm", "library", "demo", "--dry-run", "--format", "json"]).jsonObject()
        let owners = try #require(library["changedEntries"] as? [[String: Any]])
        #expect(owners.map { "\($0["kind"]!) \($0["name"]!) \($0["field"]!) \($0["old"]!)" } == ["screen local/Elsewhere delegate demo/DetailTransitions"])
        #expect(owners.first.map { isNull($0["new"]) } == true)
        #expect(library["notes"] as? [String] == ["screen local/Elsewhere no longer has a delegate"])
    }

    @Test("rm delegate removes its routes and unsets it where it was set")
    func delegate() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let result = try cli(["rm", "delegate", "demo/DetailTransitions"])

        expectSuccess(result)
        #expect(
            result.stdout == """
                removed delegate demo/DetailTransitions
                  removed route #1: present demo/Feed → demo/Detail on demo/DetailTransitions
                  removed route #2: present * → demo/Detail on demo/DetailTransitions
                  removed route #3: present demo/Feed → demo/Photo on demo/DetailTransitions
                  removed route #4: dismiss demo/Detail → * on demo/DetailTransitions
                  removed route #16: dismiss demo/Photo → * on demo/DetailTransitions
                  screen demo/Detail no longer has a delegate
                  screen demo/Photo no longer has a delegate

                """)
        let routes = try cli(["list", "routes", "--format", "json"]).jsonArray()
        #expect(routes.count == 23)
        #expect(!routes.contains { $0["delegate"] as? String == "demo/DetailTransitions" })
        let screens = try cli(["list", "screens", "--format", "json"]).jsonArray()
        let detail = try #require(screens.first { $0["name"] as? String == "Detail" })
        #expect(isNull(detail["delegate"]))
    }

    @Test("rm of an unused curve, preset and screen")
    func unused() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        try cli.setUp([
            ["add", "curve", "c", "linear"], ["add", "preset", "p", "--kind", "fade", "--curve", "c"], ["add", "screen", "S"],
        ])

        let preset = try cli(["rm", "preset", "p"])
        expectSuccess(preset)
        #expect(preset.stdout == "removed preset local/p\n")
        let curve = try cli(["rm", "curve", "local/c"])
        expectSuccess(curve)
        #expect(curve.stdout == "removed curve local/c\n")
        let screen = try cli(["rm", "screen", "S"])
        expectSuccess(screen)

        let libraries = try cli(["list", "libraries", "--format", "json"]).jsonArray()
        let local = try #require(libraries.first { $0["name"] as? String == "local" })
        #expect(local["curves"] as? Int == 0)
        #expect(local["presets"] as? Int == 0)
        #expect(local["screens"] as? Int == 0)
    }

    @Test("rm library removes everything in it")
    func library() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let result = try cli(["rm", "library", "demo"])

        expectSuccess(result)
        let libraries = try cli(["list", "libraries", "--format", "json"]).jsonArray()
        #expect(!libraries.contains { $0["name"] as? String == "demo" })
        // The other libraries keep theirs (articles' eleven routes and ten screens).
        let routes = try cli(["list", "routes", "--format", "json"]).jsonArray()
        #expect(routes.count == 11 && routes.allSatisfy { ($0["delegate"] as? String)?.hasPrefix("articles/") == true })
        let screens = try cli(["list", "screens", "--format", "json"]).jsonArray()
        #expect(screens.count == 10 && screens.allSatisfy { $0["library"] as? String == "articles" })
    }

    @Test("a table lists the first 1,000 entries removed with a library and counts the rest by kind; CSV lists every one")
    func longRemovalIsCounted() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let screens = (0..<1010).map { #"{"name": "S\#($0)"}"# }.joined(separator: ", ")
        let bundle = cli.runner.file("big.json")
        try (#"{"transdb": 1, "library": {"name": "big", "version": "1.0.0"}, "delegates": [{"name": "D"}], "screens": ["# + screens + "]}")
            .write(toFile: bundle, atomically: true, encoding: .utf8)
        expectSuccess(try cli(["import", bundle, "-q"]))
        let table = try cli(["rm", "library", "big", "--dry-run"])
        expectSuccess(table)
        #expect(table.stdoutLines.count == 1 + 1000 + 1)
        #expect(table.stdoutLines.last == "  and 11 more: 10 screens, 1 delegate (--format csv or json lists every entry)")
        let csv = try cli(["rm", "library", "big", "--dry-run", "--format", "csv"])
        // CSV rows end in CRLF: a header, the library, and each of its 1,011 entries.
        #expect(csv.stdout.components(separatedBy: "\r\n").dropLast().count == 1 + 1 + 1011)
    }

    @Test("as CSV, a removal lists the entry and everything removed with it, a rename the new name")
    func csvReport() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let json = try cli(["rm", "library", "demo", "--dry-run", "--format", "json"]).jsonObject()
        let removed = try #require(json["removed"] as? [String])
        let csv = try cli(["rm", "library", "demo", "--dry-run", "--format", "csv"])
        expectSuccess(csv)
        let rows = csv.stdout.split(separator: "\r\n").map(String.init)
        #expect(rows.first == "action,kind,name,field,old,new")
        #expect(rows.dropFirst().first == "remove,library,demo,,,")
        #expect(Array(rows.dropFirst(2)) == removed.map { entry in
            let parts = entry.split(separator: " ", maxSplits: 1)
            return "remove,\(parts[0]),\(parts[1]),,,"
        })
        #expect(removed.count > 5)

        let rename = try cli(["rename", "preset", "material/fade", "gone", "--dry-run", "--format", "csv"])
        expectSuccess(rename)
        #expect(rename.stdout == "action,kind,name,field,old,new\r\nrename,preset,material/fade,name,material/fade,material/gone\r\n")
    }

    @Test("entries in use are refused with exit 65 naming their users, and nothing changes", arguments: [
        (["rm", "curve", "motion/standard"], ["'motion/standard'", "preset motion/fade", "and 8 more"]),
        (["rm", "preset", "motion/zoom"], ["'motion/zoom'", "route #1"]),
        (["rm", "library", "motion"], ["'motion'", "route #"]),
    ])
    func inUse(arguments: [String], fragments: [String]) throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let before = try cli.state()

        let result = try cli(arguments)

        expectError(result, exitCode: 65, mentioning: fragments + ["still used by"])
        #expect(try cli.state() == before)
    }

    @Test(
        "rm of an unknown name exits 66",
        arguments: [
            (["rm", "curve", "nosuch"], "no curve named 'nosuch'"),
            (["rm", "library", "nosuch"], "no library named 'nosuch'"),
            (["rm", "route", "999"], "999"),
        ])
    func unknown(arguments: [String], fragment: String) throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        expectError(try cli(arguments), exitCode: 66, mentioning: [fragment])
    }

    @Test("rm route with a name instead of an id is a usage error")
    func routeByName() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }

        let result = try cli(["rm", "route", "abc"])

        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stderr.contains("'abc'"))
    }
}
