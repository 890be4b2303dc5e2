import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

/// `transdb diff` and `transdb merge` end to end: catalogs made with `init`, changed with `add`,
/// `rm` and `release`, compared and merged by the built binary.
@Suite("transdb diff and merge")
struct DiffMergeCommandTests {
    /// A bundle file of the library `extra`.
    static func extraBundle(version: String = "2.0.0") -> String {
        """
        {"transdb": 1, "library": {"name": "extra", "version": "\(version)"},
         "curves": [{"name": "soft", "expression": "cubic-bezier(0.25, 0.1, 0.25, 1)"}]}
        """
    }

    /// Copies the fixture's catalog to `name` in its working directory.
    static func copy(_ cli: CLIFixture, to name: String) throws -> String {
        let path = cli.runner.file(name)
        try FileManager.default.copyItem(atPath: cli.db, toPath: path)
        return path
    }

    /// Writes `text` to `name` in the fixture's working directory.
    static func write(_ text: String, to name: String, in cli: CLIFixture) throws -> String {
        let path = cli.runner.file(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs the setup commands against the catalog at `db`; each must succeed.
    static func setUp(_ cli: CLIFixture, db: String, _ commands: [[String]], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for command in commands {
            let result = try cli.runner.run(command + ["--db", db])
            try #require(
                result.exitCode == 0, "setup `\(command.joined(separator: " "))` failed: \(result)", sourceLocation: sourceLocation)
        }
    }

    /// Base and theirs copied from the fixture's catalog after `base`; ours (the fixture) and
    /// theirs then changed by their commands.
    static func sides(base: [[String]] = [], ours: [[String]], theirs: [[String]]) throws -> (cli: CLIFixture, base: String, theirs: String)
    {
        let cli = try CLIFixture.initialized()
        try cli.setUp(base)
        let basePath = try copy(cli, to: "base.sqlite")
        let theirPath = try copy(cli, to: "theirs.sqlite")
        try cli.setUp(ours)
        try setUp(cli, db: theirPath, theirs)
        return (cli, basePath, theirPath)
    }

    /// The stored duration of the preset `motion/p`.
    static func duration(_ cli: CLIFixture) throws -> Double? {
        let presets = try cli(["list", "presets", "--library", "motion", "--format", "json"]).jsonArray()
        return presets.first { $0["name"] as? String == "p" }?["duration"] as? Double
    }

    // MARK: diff

    static let changesOfB = [
        ["add", "preset", "x", "--kind", "fade", "--library", "motion"], ["release", "delegate", "demo/DetailTransitions"],
        ["rm", "curve", "uikit/linear"],
    ]

    @Test("diff: the counts by change and kind, then added, removed and changed entries")
    func diffTable() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let b = try Self.copy(cli, to: "b.sqlite")
        try Self.setUp(cli, db: b, Self.changesOfB)

        let result = try cli.runner.run(["diff", cli.db, b])

        expectSuccess(result)
        #expect(
            result.stdout == """
                added 1 preset; removed 1 curve; changed 1 delegate
                + preset motion/x
                - curve uikit/linear
                ~ delegate demo/DetailTransitions  released  false → true

                """)
        let reverse = try cli.runner.run(["diff", b, cli.db])
        #expect(reverse.stdoutLines.first == "added 1 curve; removed 1 preset; changed 1 delegate")
        #expect(reverse.stdoutLines.last == "~ delegate demo/DetailTransitions  released  true → false")
    }

    @Test("diff --format json: one object per entry with its changed fields")
    func diffJSON() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let b = try Self.copy(cli, to: "b.sqlite")
        try Self.setUp(cli, db: b, Self.changesOfB)

        let result = try cli.runner.run(["diff", cli.db, b, "--format", "json"])

        expectSuccess(result)
        let entries = try result.jsonArray()
        #expect(entries.map { $0["change"] as? String } == ["changed", "added", "removed"])
        #expect(entries.map { $0["kind"] as? String } == ["delegate", "preset", "curve"])
        #expect(
            entries.map { "\($0["library"] as? String ?? "")/\($0["name"] as? String ?? "")" }
                == ["demo/DetailTransitions", "motion/x", "uikit/linear"])
        let fields = try #require(entries[0]["fields"] as? [[String: Any]])
        #expect(fields.count == 1)
        #expect(fields[0]["field"] as? String == "released")
        #expect(fields[0]["old"] as? Bool == false)
        #expect(fields[0]["new"] as? Bool == true)
        #expect(isNull(entries[0]["value"]))
        let added = try #require(entries[1]["value"] as? [String: Any])
        #expect(added["kind"] as? String == "fade")
        #expect(added["tracks.to.start.alpha"] as? Double == 0)
        #expect(
            result.stdout.hasPrefix(
                "[\n  {\n    \"change\": \"changed\",\n    \"kind\": \"delegate\",\n    \"library\": \"demo\",\n    \"name\": \"DetailTransitions\",\n    \"fields\": ["
            ))
    }

    @Test("diff and merge see a shared element and completion values as fields of their own")
    func sharedAndCompletionFields() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let exported = try cli(["export", "--library", "samples"]).stdout
        let sharedLines = "\"shared.end.frame=target\",\n        \"shared.after.alpha=0\"\n"
        let afterLines = "\"from.end.alpha=0.5\",\n        \"from.after.alpha=1\"\n"
        #expect(exported.contains(sharedLines) && exported.contains(afterLines))
        let changed = exported.replacingOccurrences(of: sharedLines, with: "\"shared.end.frame=target(0, 0, 1, 0.5)\"\n")
            .replacingOccurrences(of: afterLines, with: "\"from.end.alpha=0.5\"\n")
        let theirs = try Self.write(changed, to: "samples.json", in: cli)

        let diff = try cli.runner.run(["diff", cli.db, theirs, "--format", "json"])
        expectSuccess(diff)
        let entries = try diff.jsonArray()
        let fields = entries.map { entry in
            "\(entry["name"] as? String ?? ""): "
                + ((entry["fields"] as? [[String: Any]]) ?? []).map { $0["field"] as? String ?? "" }.joined(separator: ", ")
        }
        #expect(fields == ["customAnimatedTransitioning: tracks.from.after", "szPresent: tracks.shared"])

        expectSuccess(try cli(["merge", theirs, "--theirs"]))
        let merged = try cli(["show", "preset", "samples/szPresent", "--format", "json"]).jsonObject()
        let shared = try #require((merged["tracks"] as? [String: Any])?["shared"] as? [String: Any])
        #expect((shared["end"] as? [String: Any])?["frame"] as? String == "target(0, 0, 1, 0.5)")
        #expect(shared["after"] == nil)
        let restored = try cli(["show", "preset", "samples/customAnimatedTransitioning", "--format", "json"]).jsonObject()
        #expect(((restored["tracks"] as? [String: Any])?["from"] as? [String: Any])?["after"] == nil)
    }

    @Test("diff of a catalog with itself, and of a bundle file with a catalog (only the bundle's library)")
    func diffSameAndBundle() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let same = try cli.runner.run(["diff", cli.db, cli.db])
        expectSuccess(same)
        #expect(same.stdout == "no differences\n")

        let bundle = try Self.write(Self.extraBundle(), to: "extra.json", in: cli)
        let added = try cli.runner.run(["diff", cli.db, bundle])
        expectSuccess(added)
        #expect(added.stdout == "added 1 library, 1 curve\n+ library extra\n+ curve extra/soft\n")
        #expect(try cli.runner.run(["diff", bundle, bundle]).stdout == "no differences\n")
    }

    @Test("diff, merge and lint read a bundle from standard input as '-'; errors name it, a catalog there is refused")
    func standardInput() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let bundle = Self.extraBundle()
        let diff = try cli.runner.run(["diff", "-", "--db", cli.db], stdin: bundle)
        expectSuccess(diff)
        #expect(diff.stdout == "added 1 library, 1 curve\n+ library extra\n+ curve extra/soft\n")
        let file = try Self.write(bundle, to: "extra.json", in: cli)
        #expect(try cli.runner.run(["diff", file, "-"], stdin: bundle).stdout == "no differences\n")
        let lint = try cli.runner.run(["lint", "-", "--db", cli.db, "--format", "json"], stdin: bundle)
        expectSuccess(lint)

        let before = try cli.state()
        let dry = try cli.runner.run(["merge", "-", "--dry-run", "--db", cli.db], stdin: bundle)
        expectSuccess(dry)
        #expect(try cli.state() == before)
        expectSuccess(try cli.runner.run(["merge", "-", "--db", cli.db], stdin: bundle))
        #expect(try cli.runner.run(["diff", file, "--db", cli.db]).stdout == "no differences\n")

        let after = try cli.state()
        expectError(try cli.runner.run(["merge", "-", "--db", cli.db], stdin: "{"), exitCode: 65, mentioning: ["standard input: $:"])
        let catalog = try String(decoding: Data(contentsOf: URL(fileURLWithPath: cli.db)), as: UTF8.self)
        expectError(
            try cli.runner.run(["diff", "-", "--db", cli.db], stdin: catalog), exitCode: 65,
            mentioning: ["standard input: $: a catalog cannot be read from standard input; give its path"])
        expectError(try cli.runner.run(["diff", "-", "-"], stdin: bundle), exitCode: 64, mentioning: ["standard input can be read only once"])
        expectError(try cli.runner.run(["lint", "-", "-", "--db", cli.db], stdin: bundle), exitCode: 64, mentioning: ["only once"])
        #expect(try cli.state() == after)
    }

    @Test("diff: a missing file exits 66, an invalid bundle or one over --max-size 65, another application's database 78")
    func diffErrors() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let missing = cli.runner.file("missing.json")
        expectError(try cli.runner.run(["diff", cli.db, missing]), exitCode: 66, mentioning: ["no file at '\(missing)'"])
        let garbage = try Self.write("not json", to: "garbage.json", in: cli)
        expectError(try cli.runner.run(["diff", garbage, cli.db]), exitCode: 65, mentioning: [garbage])
        let foreign = cli.runner.file("foreign.sqlite")
        try sqlite3(foreign, "CREATE TABLE t (x)")
        expectError(try cli.runner.run(["diff", cli.db, foreign]), exitCode: 78, mentioning: ["is not a transdb catalog"])
        // Named as a catalog but not SQLite (empty, or damaged past its header): said as --db says it.
        let text = try Self.write("hello", to: "garbage.sqlite", in: cli)
        let empty = try Self.write("", to: "empty.db", in: cli)
        expectError(
            try cli.runner.run(["diff", text, cli.db]), exitCode: 78,
            mentioning: ["'\(text)' is not a transdb catalog: it is not an SQLite database"])
        expectError(try cli(["merge", empty, "--dry-run"]), exitCode: 78, mentioning: ["'\(empty)' is not a transdb catalog: the file is empty"])
        // Bundle files are read as import reads them: at most --max-size bytes, the same message.
        let bundle = try Self.write(Self.extraBundle(), to: "extra.json", in: cli)
        let size = try FileManager.default.attributesOfItem(atPath: bundle)[.size] as! Int
        let limit = "\(size - 1)"
        let refusal = "the file has \(size) bytes, more than the limit of \(size - 1); raise it with --max-size"
        expectError(try cli.runner.run(["diff", cli.db, bundle, "--max-size", limit]), exitCode: 65, mentioning: [bundle, refusal])
        expectError(try cli(["merge", bundle, "--max-size", limit]), exitCode: 65, mentioning: [bundle, refusal])
        expectError(try cli(["import", bundle, "--max-size", limit]), exitCode: 65, mentioning: [bundle, refusal])
        // Every file is checked before any is read: the oversized second file is told, not the
        // first file's content (which may be a catalog of a million routes).
        expectError(try cli.runner.run(["diff", garbage, bundle, "--max-size", limit]), exitCode: 65, mentioning: [bundle, refusal])
        expectError(try cli.runner.run(["diff", garbage, missing]), exitCode: 66, mentioning: ["no file at '\(missing)'"])
        expectSuccess(try cli.runner.run(["diff", cli.db, bundle, "--max-size", "\(size)"]))
        expectError(try cli.runner.run(["diff", cli.db, bundle, "--max-size", "0"]), exitCode: 64, mentioning: ["--max-size must be a positive number of bytes"])
    }

    // MARK: merge

    @Test("merge --base: changes made on one side only are taken from both")
    func mergeThreeWay() throws {
        let (cli, base, theirs) = try Self.sides(
            ours: [["add", "preset", "mine", "--kind", "fade", "--library", "motion"]],
            theirs: [
                ["add", "preset", "yours", "--kind", "zoom", "--library", "motion"], ["release", "delegate", "demo/DetailTransitions"],
            ])
        defer { cli.remove() }

        let result = try cli(["merge", theirs, "--base", base])

        expectSuccess(result)
        #expect(
            result.stdout == """
                merged into '\(cli.db)': added 1 preset; changed 1 delegate
                + preset motion/yours
                ~ delegate demo/DetailTransitions  released  false → true

                """)
        let left = try cli.runner.run(["diff", theirs, cli.db])
        #expect(left.stdout == "added 1 preset\n+ preset motion/mine\n")
    }

    static let conflicting = (
        base: [["add", "preset", "p", "--kind", "fade", "--duration", "0.3", "--library", "motion"]],
        ours: [["rm", "preset", "motion/p"], ["add", "preset", "p", "--kind", "fade", "--duration", "0.5", "--library", "motion"]],
        theirs: [["rm", "preset", "motion/p"], ["add", "preset", "p", "--kind", "fade", "--duration", "0.6", "--library", "motion"]]
    )

    @Test("merge with a conflict under --fail: the conflicts on stdout, one error line, exit 65, nothing written")
    func mergeConflictFails() throws {
        let (cli, base, theirs) = try Self.sides(base: Self.conflicting.base, ours: Self.conflicting.ours, theirs: Self.conflicting.theirs)
        defer { cli.remove() }
        let before = try cli.state()

        for arguments in [["merge", theirs, "--base", base], ["merge", theirs, "--base", base, "--fail"]] {
            let result = try cli(arguments)
            #expect(result.exitCode == 65, "\(result)")
            #expect(
                result.stdout == """
                    conflict         field     base  ours  theirs  taken  reason
                    preset motion/p  duration  0.3   0.5   0.6     -      changed on both sides

                    """)
            #expect(
                result.stderrLines == [
                    "transdb: error: 1 conflict: preset motion/p duration (ours 0.5, theirs 0.6); use --ours or --theirs"
                ])
        }
        #expect(try cli.state() == before)
        #expect(try Self.duration(cli) == 0.5)
    }

    @Test("merge --ours keeps the local value, --theirs takes theirs", arguments: ["--ours", "--theirs"])
    func mergePolicy(flag: String) throws {
        let (cli, base, theirs) = try Self.sides(base: Self.conflicting.base, ours: Self.conflicting.ours, theirs: Self.conflicting.theirs)
        defer { cli.remove() }

        let result = try cli(["merge", theirs, "--base", base, flag])

        expectSuccess(result)
        let taken = flag == "--ours" ? "taken  reason" : "taken   reason"
        // The counts first, then the conflict the policy decided, then the changes.
        #expect(result.stdoutLines.dropFirst().first == "conflict         field     base  ours  theirs  " + taken)
        if flag == "--ours" {
            #expect(result.stdoutLines.first == "nothing to merge; 1 conflict taken from ours")
            #expect(result.stdoutLines.count == 3)
            #expect(try Self.duration(cli) == 0.5)
        } else {
            #expect(result.stdoutLines.first == "merged into '\(cli.db)': changed 1 preset; 1 conflict taken from theirs")
            #expect(result.stdoutLines.last == "~ preset motion/p  duration  0.5 → 0.6")
            #expect(try Self.duration(cli) == 0.6)
        }
    }

    @Test("merge --dry-run prints the changes and writes nothing")
    func mergeDryRun() throws {
        let (cli, base, theirs) = try Self.sides(base: Self.conflicting.base, ours: Self.conflicting.ours, theirs: Self.conflicting.theirs)
        defer { cli.remove() }
        let before = try cli.state()

        let result = try cli(["merge", theirs, "--base", base, "--theirs", "--dry-run"])

        expectSuccess(result)
        #expect(result.stdoutLines.first == "dry run, nothing written: changed 1 preset; 1 conflict taken from theirs")
        #expect(result.stdoutLines.last == "~ preset motion/p  duration  0.5 → 0.6")
        #expect(try cli.state() == before)
    }

    @Test("merge refuses a dangling reference whatever the policy, and writes nothing", arguments: ["--fail", "--ours", "--theirs"])
    func mergeDangling(flag: String) throws {
        let (cli, base, theirs) = try Self.sides(
            base: [["add", "preset", "q", "--kind", "fade", "--library", "motion"]],
            ours: [["rm", "preset", "motion/q"]],
            theirs: [
                ["add", "delegate", "D", "--library", "motion"],
                ["add", "route", "--op", "present", "--from", "*", "--to", "*", "--preset", "motion/q", "--delegate", "motion/D"],
            ])
        defer { cli.remove() }
        let before = try cli.state()

        let result = try cli(["merge", theirs, "--base", base, flag])

        #expect(result.exitCode == 65, "\(result)")
        #expect(result.stdout.contains("route motion/D: present * → *  preset"))
        #expect(result.stdout.contains("dangling reference: preset motion/q is not in the merged catalog"))
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.hasPrefix("transdb: error: 1 conflict: route motion/D: present * → * preset (dangling reference: "))
        #expect(result.stderr.contains("no policy resolves references and route ties"))
        #expect(try cli.state() == before)
    }

    @Test("merge of a bundle file without a base: its library is added, then a changed version is a conflict")
    func mergeBundleTwoWay() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let bundle = try Self.write(Self.extraBundle(), to: "extra.json", in: cli)

        let added = try cli(["merge", bundle])
        expectSuccess(added)
        #expect(added.stdout == "merged into '\(cli.db)': added 1 library, 1 curve\n+ library extra\n+ curve extra/soft\n")
        #expect(try cli.runner.run(["diff", bundle, cli.db]).stdout == "no differences\n")

        let newer = try Self.write(Self.extraBundle(version: "2.1.0"), to: "extra-2.1.json", in: cli)
        let before = try cli.state()
        let conflict = try cli(["merge", newer])
        #expect(conflict.exitCode == 65)
        #expect(
            conflict.stderrLines == ["transdb: error: 1 conflict: library extra version (ours 2.0.0, theirs 2.1.0); use --ours or --theirs"]
        )
        #expect(try cli.state() == before)

        let taken = try cli(["merge", newer, "--theirs"])
        expectSuccess(taken)
        let libraries = try cli(["list", "libraries", "--format", "json"]).jsonArray()
        #expect(libraries.first { $0["name"] as? String == "extra" }?["version"] as? String == "2.1.0")
        #expect(libraries.count == 9)
    }

    @Test("merge removes a library they removed and we did not change")
    func mergeRemovesLibrary() throws {
        let (cli, base, theirs) = try Self.sides(
            base: [["add", "library", "gone"], ["add", "curve", "c", "linear", "--library", "gone"]], ours: [],
            theirs: [["rm", "library", "gone"]])
        defer { cli.remove() }

        let result = try cli(["merge", theirs, "--base", base])

        expectSuccess(result)
        #expect(result.stdout == "merged into '\(cli.db)': removed 1 library, 1 curve\n- library gone\n- curve gone/c\n")
        let libraries = try cli(["list", "libraries", "--format", "json"]).jsonArray()
        #expect(!libraries.contains { $0["name"] as? String == "gone" })
        #expect(try cli.runner.run(["diff", theirs, cli.db]).stdout == "no differences\n")
    }

    @Test("merge --format json: conflicts, changes and whether the merge can be written")
    func mergeJSON() throws {
        let (cli, base, theirs) = try Self.sides(base: Self.conflicting.base, ours: Self.conflicting.ours, theirs: Self.conflicting.theirs)
        defer { cli.remove() }

        let failed = try cli(["merge", theirs, "--base", base, "--format", "json"])
        #expect(failed.exitCode == 65)
        let document = try failed.jsonObject()
        #expect(document["writable"] as? Bool == false)
        let conflicts = try #require(document["conflicts"] as? [[String: Any]])
        #expect(conflicts.count == 1)
        #expect(conflicts[0]["reason"] as? String == "bothChanged")
        #expect(conflicts[0]["field"] as? String == "duration")
        #expect(conflicts[0]["base"] as? Double == 0.3)
        #expect(conflicts[0]["ours"] as? Double == 0.5)
        #expect(conflicts[0]["theirs"] as? Double == 0.6)
        #expect(isNull(conflicts[0]["resolution"]))

        let taken = try cli(["merge", theirs, "--base", base, "--format", "json", "--theirs", "--dry-run"])
        expectSuccess(taken)
        let resolved = try taken.jsonObject()
        #expect(resolved["writable"] as? Bool == true)
        #expect((resolved["changes"] as? [[String: Any]])?.count == 1)
        #expect((resolved["conflicts"] as? [[String: Any]])?.first?["resolution"] as? String == "theirs")
    }

    @Test("merge usage errors exit 64; a missing THEIRS 66")
    func mergeErrors() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        expectError(try cli(["merge", cli.db, "--ours", "--theirs"]), exitCode: 64, mentioning: ["--ours", "--theirs"])
        expectError(try cli(["merge", cli.db, "--all", "--format", "csv"]), exitCode: 64, mentioning: ["--all is for --format table"])
        let missing = cli.runner.file("nowhere.sqlite")
        expectError(try cli(["merge", missing]), exitCode: 66, mentioning: ["no file at '\(missing)'"])
        expectError(try cli(["merge", cli.db, "--base", missing]), exitCode: 66, mentioning: [missing])
    }
}

extension DiffMergeCommandTests {
    @Test("merging a catalog into itself: nothing to merge, on a line of its own")
    func nothingToMerge() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let result = try cli(["merge", cli.db, "--dry-run"])
        expectSuccess(result)
        #expect(result.stdout == "nothing to merge\n")
    }

    @Test("merge reports in every format: ndjson and csv the conflicts and then the changes as diff lists them, a line each")
    func mergeFormats() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let bundle = cli.runner.file("demo.json")
        let exported = try cli(["export", "--library", "demo"])
        try exported.stdout.replacingOccurrences(of: #""version": "1.0.0""#, with: #""version": "1.1.0""#)
            .write(toFile: bundle, atomically: true, encoding: .utf8)
        let csv = try cli(["merge", bundle, "--theirs", "--dry-run", "--format", "csv"])
        expectSuccess(csv)
        // The conflict taken from theirs first (old is ours, new theirs; no base), then the change.
        #expect(
            csv.stdout
                == "change,kind,library,name,field,old,new,base,reason,resolution\r\n"
                + "conflict,library,demo,demo,version,1.0.0,1.1.0,,differs,theirs\r\n"
                + "changed,library,demo,demo,version,1.0.0,1.1.0,,,\r\n")
        // Refused (no policy): the conflict is in the CSV, unresolved, and nothing is written.
        let refused = try cli(["merge", bundle, "--format", "csv"])
        #expect(refused.exitCode == 65)
        #expect(refused.stdout.contains("conflict,library,demo,demo,version,1.0.0,1.1.0,,differs,\r\n"), "\(refused.stdout)")
        func canonical(_ text: String) throws -> Data {
            try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: Data(text.utf8)), options: [.sortedKeys])
        }
        let json = try cli(["merge", bundle, "--theirs", "--dry-run", "--format", "json"]).jsonObject()
        let ndjson = try cli(["merge", bundle, "--theirs", "--dry-run", "--format", "ndjson"])
        expectSuccess(ndjson)
        #expect(
            ndjson.stdoutLines == [
                #"{"change":"conflict","kind":"library","library":"demo","name":"demo","field":"version","old":"1.0.0","new":"1.1.0","base":null,"reason":"differs","resolution":"theirs"}"#,
                #"{"change":"changed","kind":"library","library":"demo","name":"demo","fields":[{"field":"version","old":"1.0.0","new":"1.1.0"}],"value":null}"#,
            ])
        // The change line is the json document's change, as diff --format ndjson writes it.
        let change = try #require((json["changes"] as? [Any])?.first)
        #expect(try canonical(ndjson.stdoutLines[1]) == JSONSerialization.data(withJSONObject: change, options: [.sortedKeys]))
    }

    @Test("diff compares design-token files by their names' extension; a token file named otherwise is refused with a hint")
    func tokenFiles() throws {
        let cli = try CLIFixture.initialized(empty: true)
        defer { cli.remove() }
        let old = cli.runner.file("old.tokens.json")
        let new = cli.runner.file("new.tokens.json")
        try #"{"easing": {"$type": "cubicBezier", "out": {"$value": [0, 0, 0.2, 1]}}}"#.write(toFile: old, atomically: true, encoding: .utf8)
        try #"{"easing": {"$type": "cubicBezier", "out": {"$value": [0, 0, 0.3, 1]}}}"#.write(toFile: new, atomically: true, encoding: .utf8)

        let diff = try cli(["diff", old, new, "--exit-code"])
        #expect(diff.exitCode == 1, "\(diff)")
        #expect(diff.stdoutLines == [
            "changed 1 curve", "~ curve local/easing.out  expression  cubic-bezier(0, 0, 0.2, 1) → cubic-bezier(0, 0, 0.3, 1)",
        ])
        expectSuccess(try cli(["diff", old, old, "--exit-code"]))

        // One --library reads the file's tokens into that library, as import --library does:
        // the file is compared with the catalog's library of that name, never with nothing.
        expectSuccess(try cli(["import", old, "--library", "ds"]))
        let against = try cli(["diff", new, "--library", "ds", "--exit-code"])
        #expect(against.exitCode == 1, "\(against)")
        #expect(against.stdoutLines.last == "~ curve ds/easing.out  expression  cubic-bezier(0, 0, 0.2, 1) → cubic-bezier(0, 0, 0.3, 1)")
        let bundleFile = cli.runner.file("ds.json")
        #expect(try cli(["export", "--library", "ds", "-o", bundleFile]).exitCode == 0)
        try cli.setUp([["add", "library", "other"]])
        expectError(
            try cli(["diff", bundleFile, "--library", "other", "--exit-code"]), exitCode: 66,
            mentioning: ["the library 'other' is not in '\(bundleFile)', which holds 'ds': a file stands for its own libraries"])

        // Values are shown whole when piped: two linear() curves differing only in a late stop.
        let stops = (1...9).map { "0.\($0) \($0)0%" }.joined(separator: ", ")
        let before = "linear(0, \(stops), 1)"
        let after = before.replacingOccurrences(of: "0.9 90%", with: "0.95 90%")
        let long = (old: cli.runner.file("long-old.json"), new: cli.runner.file("long-new.json"))
        for (file, expression) in [(long.old, before), (long.new, after)] {
            try """
                {"transdb": 1, "library": {"name": "ds", "version": "1.0.0"}, "curves": [{"name": "lin", "expression": "\(expression)"}]}
                """.write(toFile: file, atomically: true, encoding: .utf8)
        }
        #expect(try cli(["diff", long.old, long.new]).stdoutLines == ["changed 1 curve", "~ curve ds/lin  expression  \(before) → \(after)"])

        let plain = cli.runner.file("tokens.json")
        try FileManager.default.copyItem(atPath: old, toPath: plain)
        expectError(
            try cli(["diff", plain, old]), exitCode: 65,
            mentioning: ["tokens.json: $.easing: unknown field 'easing'", "read as one when its name ends in .tokens.json"])
    }
}
