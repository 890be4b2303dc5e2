import Foundation
import Testing
import TransDB
import TransDBTestSupport
@testable import TransDBCore

/// `transdb resolve --batch`: one answer per line, identical to one-at-a-time `resolve`.
@Suite("transdb resolve --batch")
struct ResolveBatchTests {
    static let routes: [(op: String, from: String, to: String, container: String?)] = [
        ("present", "Feed", "Detail", nil), ("present", "Settings", "Detail", nil), ("present", "Feed", "Help", nil),
        ("dismiss", "Detail", "Feed", nil), ("push", "Feed", "Detail", "MainNav"), ("pop", "Detail", "Feed", "MainNav"),
        ("tab", "Feed", "Profile", "MainTabs"), ("present", "Feed", "Ghost", nil),
    ]

    /// The single answer without its explanation, on one line, as `--batch` prints it: the
    /// printed JSON read back in order and written compactly.
    static func single(_ cli: CLIFixture, _ route: (op: String, from: String, to: String, container: String?)) throws -> String {
        var arguments = ["resolve", "--op", route.op, "--from", route.from, "--to", route.to, "--format", "json"]
        if let container = route.container { arguments += ["--container", container] }
        let result = try cli.runner.run(arguments + ["--db", cli.db])
        expectSuccess(result)
        guard case let .object(members) = try StrictJSON.parse(Array(result.stdout.utf8)) else {
            Issue.record("not an object: \(result.stdout)")
            return ""
        }
        return JSONValue.object(members.filter { $0.0 != "explanation" }).compact
    }

    @Test("NDJSON and CSV input give the single answers, in input order")
    func sameAsSingle() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let expected = try Self.routes.map { try Self.single(cli, $0) }
        let ndjson =
            Self.routes.map { route in
                #"{"op": "\#(route.op)", "from": "\#(route.from)", "to": "\#(route.to)""#
                    + (route.container.map { #", "container": "\#($0)""# } ?? "") + "}"
            }.joined(separator: "\n") + "\n"
        let csv =
            "op,from,to,container\n" + Self.routes.map { "\($0.op),\($0.from),\($0.to),\($0.container ?? "")" }.joined(separator: "\n")
            + "\n"
        // A byte-order mark before the first line (Excel's "CSV UTF-8") is not part of it.
        for input in [ndjson, csv, "\u{FEFF}" + ndjson, "\u{FEFF}" + csv] {
            let result = try cli.runner.run(["resolve", "--batch", "--db", cli.db], stdin: input)
            expectSuccess(result)
            // Byte for byte: same keys, same order, same numbers and escapes.
            #expect(result.stdoutLines == expected)
        }
    }

    /// The stamp a lookup store was built at (its header's bytes 8..<16), `nil` without a store.
    static func storeStamp(_ db: String) -> Int64? {
        guard let bytes = FileManager.default.contents(atPath: db + "-lookup"), bytes.count >= 16 else { return nil }
        return bytes[8..<16].reversed().reduce(Int64(0)) { $0 << 8 | Int64($1) }
    }

    static func catalogStamp(_ cli: CLIFixture) throws -> Int64? {
        let result = try cli.runner.run(["query", "SELECT stamp FROM lookup_stamp", "--format", "csv", "--db", cli.db])
        expectSuccess(result)
        // CSV lines end with "\r\n", one Character.
        return result.stdout.split(whereSeparator: \.isNewline).dropFirst().first.flatMap { Int64($0) }
    }

    @Test("import and merge leave the lookup store of the catalog they wrote; a dry run and a change do not")
    func storeAfterImport() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let bundle = cli.runner.file("demo.json")
        let exported = try cli(["export", "--library", "demo"])
        expectSuccess(exported)
        try exported.stdout.write(toFile: bundle, atomically: true, encoding: .utf8)
        #expect(try cli(["rm", "library", "demo"]).exitCode == 0)
        let answers = try Self.routes.map { try Self.single(cli, $0) }
        #expect(Self.storeStamp(cli.db) == nil)
        #expect(try cli(["import", bundle, "--dry-run"]).exitCode == 0)
        #expect(Self.storeStamp(cli.db) == nil)
        #expect(try cli(["import", bundle]).exitCode == 0)
        let stamp = try #require(try Self.catalogStamp(cli))
        #expect(Self.storeStamp(cli.db) == stamp)
        let restored = try Self.routes.map { try Self.single(cli, $0) }
        #expect(restored != answers)
        let input = Self.routes.map { #"{"op": "\#($0.op)", "from": "\#($0.from)", "to": "\#($0.to)""# + ($0.container.map { #", "container": "\#($0)""# } ?? "") + "}" }
            .joined(separator: "\n") + "\n"
        let batch = try cli.runner.run(["resolve", "--batch", "--db", cli.db], stdin: input)
        expectSuccess(batch)
        #expect(batch.stdoutLines == restored)
        // A change draws a new stamp: the store stays as it was, and is no longer read.
        #expect(try cli(["release", "delegate", "DetailTransitions"]).exitCode == 0)
        #expect(try Self.catalogStamp(cli) != stamp)
        #expect(Self.storeStamp(cli.db) == stamp)
        let changed = try cli.runner.run(["resolve", "--batch", "--db", cli.db], stdin: input)
        #expect(changed.stdoutLines == (try Self.routes.map { try Self.single(cli, $0) }))
        #expect(changed.stdoutLines != restored)
        // That batch, too short to switch to a new store, wrote one for the next.
        #expect(Self.storeStamp(cli.db) == (try Self.catalogStamp(cli)))
        #expect(try cli(["set", "preset", "motion/pushLeft", "--duration", "0.5"]).exitCode == 0)
        #expect(Self.storeStamp(cli.db) != (try Self.catalogStamp(cli)), "a preset is in the store: its change draws a new stamp")
        let slower = try cli.runner.run(["resolve", "--batch", "--db", cli.db], stdin: input)
        #expect(slower.stdoutLines == (try Self.routes.map { try Self.single(cli, $0) }))
        #expect(slower.stdout.contains(#""duration":0.5"#))
        #expect(Self.storeStamp(cli.db) == (try Self.catalogStamp(cli)))
        #expect(try cli(["merge", bundle, "--theirs"]).exitCode == 0)
        #expect(Self.storeStamp(cli.db) == (try Self.catalogStamp(cli)))
    }

    @Test("a line that cannot be answered is an error object in its place; the command exits 65")
    func badLines() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let input = """
            {"op": "present", "from": "Feed", "to": "Detail"}
            {"op": "push", "from": "Feed", "to": "Detail"}
            {"op": "fly", "from": "Feed", "to": "Detail"}
            {"op": "present", "from": "Feed", "to": "Detail", "extra": 1}
            {"op": "present", "from": "Feed", "to": "Help"}
            {"op": "present", "from": "Feed", "to": "a\\u202eb"}

            """
        let result = try cli.runner.run(["resolve", "--batch", "--db", cli.db], stdin: input)
        #expect(result.exitCode == 65)
        #expect(result.stderrLines == [#"transdb: error: some lines could not be resolved; their answers are {"line", "error"} objects"#])
        let lines = result.stdoutLines
        #expect(lines.count == 6)
        #expect(
            lines[1]
                == #"{"line":2,"error":"push needs a container: the catalog has several navigation containers (articles/MainNavigationController, demo/MainNav, demo/SettingsNav); name one with --container, or a batch request's container"}"#
        )
        #expect(
            lines[2]
                == #"{"line":3,"error":"invalid batch line 3 '{\"op\": \"fly\", \"from\": \"Feed\", \"to\": \"Detail\"}': 'fly' is not one of present, dismiss, push, pop, tab"}"#
        )
        #expect(lines[3].contains("unknown field 'extra'"))
        #expect(lines[4].hasPrefix(#"{"operation":"present","from":"Feed","to":"Help""#))
        // Escaped as the single command prints it, so the name cannot reorder the line.
        #expect(lines[5].hasPrefix(#"{"line":6,"error":"invalid to screen 'a\\u{202e}b': a name cannot contain U+202E"#))
    }

    @Test("a CSV header as a spreadsheet writes it is read; an array, or a line after a bad header, is told what is wrong")
    func headersAndFirstLines() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let plain = try cli.runner.run(["resolve", "--batch", "--db", cli.db], stdin: "op,from,to\npresent,Feed,Detail\n")
        let spreadsheet = try cli.runner.run(["resolve", "--batch", "--db", cli.db], stdin: "OP, From , To\npresent, Feed , Detail\n")
        expectSuccess(spreadsheet)
        #expect(spreadsheet.stdout == plain.stdout)
        let motion = try cli.runner.run(
            ["resolve", "--batch", "--db", cli.db], stdin: "op,from,to,reduceMotion\npresent,Feed,Detail,true\npresent,Feed,Detail,TRUE\n")
        expectSuccess(motion)
        #expect(motion.stdoutLines.count == 2 && motion.stdoutLines[0] == motion.stdoutLines[1])

        let array = try cli.runner.run(["resolve", "--batch", "--db", cli.db], stdin: #"["present", "Feed", "Detail"]"# + "\n")
        #expect(array.exitCode == 65)
        #expect(array.stdoutLines.first?.contains("a request is a JSON object") == true, "\(array)")

        let bad = try cli.runner.run(["resolve", "--batch", "--db", cli.db], stdin: "\nfrom,to\npresent,Feed,Detail\n")
        #expect(bad.exitCode == 65)
        #expect(bad.stdoutLines.count == 3)
        #expect(bad.stdoutLines.dropFirst().first?.contains("a CSV batch starts with the header op,from,to") == true, "\(bad)")
        #expect(
            bad.stdoutLines.last
                == #"{"line":3,"error":"invalid batch line 3 'present,Feed,Detail': line 2 was neither a request nor a CSV header (op,from,to…), so this line cannot be read either"}"#
        )
    }

    @Test("--jobs: the same bytes on one thread and on several, large inputs shared among them")
    func jobs() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        // Enough lines (about 40 KB at a time) for each job to get a share, bad lines among them.
        var lines: [String] = []
        for index in 0..<2000 {
            let route = Self.routes[index % Self.routes.count]
            lines.append(
                index % 97 == 5
                    ? #"{"op": "fly", "from": "Feed", "to": "Detail"}"#
                    : #"{"op": "\#(route.op)", "from": "\#(route.from)", "to": "\#(route.to)""#
                        + (route.container.map { #", "container": "\#($0)""# } ?? "") + "}")
        }
        let input = lines.joined(separator: "\n") + "\n"
        let one = try cli.runner.run(["resolve", "--batch", "--jobs", "1", "--db", cli.db], stdin: input)
        #expect(one.exitCode == 65)
        #expect(one.stdoutLines.count == 2000)
        #expect(
            one.stdoutLines[5]
                == #"{"line":6,"error":"invalid batch line 6 '{\"op\": \"fly\", \"from\": \"Feed\", \"to\": \"Detail\"}': 'fly' is not one of present, dismiss, push, pop, tab"}"#
        )
        for jobs in ["2", "3"] {
            let several = try cli.runner.run(["resolve", "--batch", "--jobs", jobs, "--db", cli.db], stdin: input)
            #expect(several.exitCode == 65)
            #expect(several.stdout == one.stdout, "--jobs \(jobs)")
        }
    }

    @Test("--jobs out of range, or without --batch, is a usage error (exit 64)")
    func badJobs() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        for (arguments, message) in [
            (["resolve", "--batch", "--jobs", "0"], "--jobs 0: give a number of threads from 1 to 64"),
            (["resolve", "--op", "present", "--from", "Feed", "--to", "Detail", "--jobs", "2"], "--jobs is for --batch"),
        ] {
            let result = try cli.runner.run(arguments + ["--db", cli.db], stdin: "")
            #expect(result.exitCode == 64, "\(result)")
            #expect(result.stderr.contains(message), "\(result)")
        }
    }

    @Test("a blank line and a line that is not JSON get an answer in their place, so output lines match input lines")
    func blankAndNonJSONLines() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let good = #"{"op": "present", "from": "Feed", "to": "Detail"}"#
        let result = try cli.runner.run(
            ["resolve", "--batch", "--db", cli.db], stdin: [good, "", "not json", good].joined(separator: "\n") + "\n")

        #expect(result.exitCode == 65, "\(result)")
        #expect(result.stdoutLines.count == 4)
        let answers = result.stdoutLines.map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(answers[0]?["operation"] as? String == "present")
        #expect(answers[1]?["line"] as? Int == 2)
        #expect((answers[1]?["error"] as? String)?.contains("the line is blank") == true)
        #expect(answers[2]?["line"] as? Int == 3)
        #expect((answers[2]?["error"] as? String)?.contains("not JSON: each line of an NDJSON batch is an object") == true)
        #expect(answers[3]?["operation"] as? String == "present")
    }
}
