import Foundation
import Testing
import TransDB
import TransDBCore
import TransDBTestSupport

/// Issue 16: progress on stderr only at a terminal, a clean screen afterwards, reports that
/// start with counts by kind, and piped reports unchanged.
@Suite("Progress and report summaries")
struct ProgressCommandTests {
    /// A generated bundle of `mappings` routes written into the fixture's working directory.
    static func bundle(_ fixture: CLIFixture, mappings: Int, name: String = "big.json") throws -> String {
        let path = fixture.runner.file(name)
        let library = try BundleGenerator.library("big", presets: 300, mappings: mappings)
        try BundleFormat.encode(library).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The two bundles the report snapshots were recorded with, written into the fixture's directory.
    static func snapshotBundles(_ fixture: CLIFixture) throws -> (a: String, b: String) {
        for name in ["a.json", "b.json"] {
            try snapshot(name).write(toFile: fixture.runner.file(name), atomically: true, encoding: .utf8)
        }
        return (fixture.runner.file("a.json"), fixture.runner.file("b.json"))
    }

    /// The report snapshots recorded before progress existed (`Snapshots/reports`).
    static func snapshot(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots/reports/\(name)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test("import at a terminal: phases drawn in place on one line, then erased; the screen shows only the report")
    func importAtTerminal() throws {
        let fixture = try CLIFixture.initialized(empty: true)
        defer { fixture.remove() }
        let file = try Self.bundle(fixture, mappings: 20_000)
        let session = try fixture.runner.runInTerminal(["import", file, "--db", fixture.db])
        #expect(session.exitCode == 0, "\(session.text)")
        // The first drawing is the file being read, in megabytes, with a percentage.
        #expect(session.text.hasPrefix("\r\u{1B}[Kreading \(file)  0.0 / "))
        #expect(session.text.contains(" MB  "))
        #expect(session.text.contains("%"))
        // Every drawing starts at the line's start and erases what was there; none ends a line.
        let drawings = session.text.components(separatedBy: "\r\u{1B}[K").dropFirst()
        #expect(drawings.count >= 2)
        #expect(drawings.dropLast().allSatisfy { !$0.contains("\n") })

        let piped = try CLIFixture.initialized(empty: true)
        defer { piped.remove() }
        let result = try piped(["import", file])
        #expect(result.exitCode == 0)
        #expect(result.stderr == "")
        #expect(session.screen == result.stdoutLines)
        #expect(
            session.screen.first
                == "imported: added 1 library, 8 curves, 300 presets, 20 delegates, 1,000 screens, 20,000 routes; 0 changed; 0 unchanged")
    }

    @Test("a long path in a narrow terminal is shortened in its middle: the figures stay, no drawing is wider than the terminal")
    func narrowTerminal() throws {
        let fixture = try CLIFixture.initialized(empty: true)
        defer { fixture.remove() }
        let file = try Self.bundle(fixture, mappings: 20_000, name: String(repeating: "a-long-directory-name-", count: 4) + "bundle.json")
        let session = try fixture.runner.runInTerminal(["import", file, "--db", fixture.db], columns: 80)
        #expect(session.exitCode == 0, "\(session.text)")
        // Every drawing but the last, which erases the line before the report.
        let drawings = session.text.components(separatedBy: "\r\u{1B}[K").dropFirst().dropLast()
        let reading = try #require(drawings.first { $0.hasPrefix("reading ") }, "\(drawings)")
        #expect(reading.contains("…") && reading.contains("%"), "\(reading)")
        #expect(reading.contains(" MB  "), "\(reading)")
        #expect(drawings.allSatisfy { $0.count <= 79 }, "\(drawings)")
    }

    @Test("--quiet at a terminal draws nothing; --progress draws into a pipe; the two together are refused")
    func quietAndForced() throws {
        let fixture = try CLIFixture.initialized(empty: true)
        defer { fixture.remove() }
        let file = try Self.bundle(fixture, mappings: 2_000)
        let quiet = try fixture.runner.runInTerminal(["import", file, "--dry-run", "--quiet", "--db", fixture.db])
        #expect(quiet.exitCode == 0)
        #expect(!quiet.text.contains("\u{1B}[K"))
        #expect(quiet.screen.first?.hasPrefix("dry run, nothing written: added 1 library") == true)

        let forced = try fixture(["import", file, "--dry-run", "--progress", "--report", "json"])
        #expect(forced.exitCode == 0)
        #expect(forced.stderr.hasPrefix("\r\u{1B}[Kreading "))
        #expect(forced.stderr.hasSuffix("\r\u{1B}[K"))
        let plain = try fixture(["import", file, "--dry-run", "--report", "json"])
        #expect(plain.stderr == "")
        #expect(forced.stdout == plain.stdout)

        expectError(
            try fixture(["import", file, "--progress", "--quiet"]), exitCode: 64, mentioning: ["give --progress or --quiet, not both"])
    }

    @Test("json, ndjson and csv reports are byte for byte what transdb printed before progress and summaries")
    func pipedReportsUnchanged() throws {
        let fixture = try CLIFixture.initialized()
        defer { fixture.remove() }
        let (a, b) = try Self.snapshotBundles(fixture)
        let imported = try fixture(["import", a, "--report", "json"])
        #expect(imported.stdout == (try Self.snapshot("import-a.json.out")))
        for format in ["json", "ndjson", "csv"] {
            let replaced = try fixture(["import", b, "--on-conflict", "replace", "--dry-run", "--report", format])
            #expect(replaced.stdout == (try Self.snapshot("import-b.\(format).out")), "import --report \(format)")
            let diff = try fixture.runner.run(["diff", a, b, "--format", format])
            #expect(diff.stdout == (try Self.snapshot("diff.\(format).out")), "diff --format \(format)")
            #expect(diff.stderr == "")
        }
        let merge = try fixture(["merge", b, "--theirs", "--dry-run", "--format", "json"])
        #expect(merge.stdout == (try Self.snapshot("merge.json.out")))
    }

    @Test("Ctrl-C while an import reads its file: the line is erased, the process dies of SIGINT, the catalog is unchanged")
    func interruptedRead() throws {
        let fixture = try CLIFixture.initialized()
        defer { fixture.remove() }
        let file = try Self.bundle(fixture, mappings: 50_000)
        let before = try fixture.state()
        let session = try fixture.runner.runInTerminal(["import", file, "--db", fixture.db], interrupt: "reading ")
        #expect(session.signal == SIGINT, "\(session.text)")
        #expect(session.screen == [])
        #expect(try fixture.state() == before)
    }

    @Test("Ctrl-C while an import writes: the transaction is rolled back (or, if the import won the race, it is whole)")
    func interruptedWrite() throws {
        let fixture = try CLIFixture.initialized()
        defer { fixture.remove() }
        let file = try Self.bundle(fixture, mappings: 50_000)
        let before = try fixture.state()
        // "writing" is drawn inside the import's transaction (entries, then routes) and after it
        // commits ("writing the lookup store", a cache); whether a phase is drawn at all depends
        // on its length, hence the outcomes: unchanged, or the import whole.
        let session = try fixture.runner.runInTerminal(["import", file, "--db", fixture.db], interrupt: "writing ")
        if session.signal == SIGINT {
            #expect(session.screen == [])
            if try fixture.state() != before {
                #expect(session.text.contains("writing the lookup store"), "\(session.text)")
                #expect(try fixture(["list", "routes", "--library", "big", "--format", "json"]).jsonArray().count == 50_000)
            }
        } else {
            #expect(session.exitCode == 0)
            #expect(try fixture(["list", "routes", "--library", "big", "--format", "json"]).jsonArray().count == 50_000)
        }
        #expect(try fixture(["check"]).exitCode == 0)
    }

    @Test("Ctrl-C during export -o: no temporary file is left beside the output")
    func interruptedExport() throws {
        let fixture = try CLIFixture.initialized(empty: true)
        defer { fixture.remove() }
        try fixture.setUp([["import", try Self.bundle(fixture, mappings: 20_000)]])
        let out = fixture.runner.file("out.json")
        let session = try fixture.runner.runInTerminal(["export", "--library", "big", "-o", out, "--db", fixture.db], interrupt: "reading big")
        if session.signal == SIGINT {
            #expect(!FileManager.default.fileExists(atPath: out + ".transdb-tmp"))
            #expect(session.screen == [])
        } else {
            // The export beat the signal: it must then have finished cleanly.
            #expect(session.exitCode == 0)
            #expect(FileManager.default.fileExists(atPath: out))
        }
        #expect(!FileManager.default.fileExists(atPath: out + ".transdb-tmp"))
    }

    @Test("export to a file at a terminal shows progress; export to the terminal itself shows none")
    func exportProgress() throws {
        let fixture = try CLIFixture.initialized()
        defer { fixture.remove() }
        let out = fixture.runner.file("demo.json")
        let toFile = try fixture.runner.runInTerminal(["export", "--library", "demo", "-o", out, "--db", fixture.db])
        #expect(toFile.exitCode == 0)
        #expect(toFile.text.contains("\r\u{1B}[Kreading demo"))
        #expect(toFile.screen == ["wrote 1 library to \(out)"])
        let toTerminal = try fixture.runner.runInTerminal(["export", "--library", "demo", "--db", fixture.db])
        #expect(toTerminal.exitCode == 0)
        #expect(!toTerminal.text.contains("\u{1B}[K"))
        #expect(toTerminal.screen.joined(separator: "\n") + "\n" == (try String(contentsOfFile: out, encoding: .utf8)))
    }

    @Test("resolve --batch: requests counted with the share of the input file read; answers unchanged")
    func batchProgress() throws {
        let fixture = try CLIFixture.initialized()
        defer { fixture.remove() }
        let line = #"{"op":"present","from":"Home","to":"Settings"}"# + "\n"
        let requests = fixture.runner.file("requests.ndjson")
        try String(repeating: line, count: 40_000).write(toFile: requests, atomically: true, encoding: .utf8)
        let session = try fixture.runner.runInTerminal(
            ["resolve", "--batch", "--db", fixture.db], stdoutToTerminal: false, stdinFile: requests)
        #expect(session.exitCode == 0)
        #expect(session.text.hasPrefix("\r\u{1B}[Kanswering requests"))
        // Requests counted, with the share of the file read (the first drawing has neither yet).
        #expect(session.text.range(of: #"answering requests  [0-9,]+  [0-9]+%"#, options: .regularExpression) != nil)
        #expect(session.screen == [])
        let piped = try fixture.runner.run(["resolve", "--batch", "--db", fixture.db], stdin: String(repeating: line, count: 40_000))
        #expect(piped.stderr == "")
        #expect(session.stdout == piped.stdout)
        #expect(piped.stdoutLines.count == 40_000)
    }

    @Test("diff and merge at a terminal: the files read are shown, then erased; the screen is the piped report")
    func diffAndMergeAtTerminal() throws {
        let fixture = try CLIFixture.initialized()
        defer { fixture.remove() }
        let (a, b) = try Self.snapshotBundles(fixture)
        let diff = try fixture.runner.runInTerminal(["diff", a, b])
        #expect(diff.exitCode == 0)
        #expect(diff.text.hasPrefix("\r\u{1B}[Kreading \(a)"))
        #expect(diff.screen == (try fixture.runner.run(["diff", a, b])).stdoutLines)

        try fixture.setUp([["import", a]])
        let merge = try fixture.runner.runInTerminal(["merge", b, "--theirs", "--dry-run", "--db", fixture.db])
        #expect(merge.exitCode == 0)
        #expect(merge.text.hasPrefix("\r\u{1B}[Kreading \(b)"))
        #expect(merge.screen == (try fixture(["merge", b, "--theirs", "--dry-run"])).stdoutLines)
    }

    @Test("lint at a terminal: the catalog read and each rule checked are shown, then erased")
    func lintAtTerminal() throws {
        let fixture = try CLIFixture.initialized()
        defer { fixture.remove() }
        let session = try fixture.runner.runInTerminal(["lint", "--db", fixture.db])
        #expect(session.exitCode == 0)
        // The catalog's entries counted as they are read: the default library's 147.
        #expect(session.text.hasPrefix("\r\u{1B}[Kreading \(fixture.db)  0 / 147  0%"), "\(session.text)")
        #expect(session.screen == (try fixture(["lint"])).stdoutLines)
        let piped = try fixture(["lint", "--progress"])
        #expect(piped.stderr.contains("\r\u{1B}[Kreading ") && piped.stderr.contains(" / 147  "), "\(piped.stderr)")
        #expect(piped.stderr.hasSuffix("\r\u{1B}[K"))
    }

    @Test("diff and merge tables: counts by change and kind first, ten of each kind per change, --all lists everything")
    func summaries() throws {
        let fixture = try CLIFixture.initialized()
        defer { fixture.remove() }
        let (a, b) = try Self.snapshotBundles(fixture)
        let diff = try fixture.runner.run(["diff", a, b])
        #expect(diff.exitCode == 0)
        #expect(diff.stdoutLines.first == "removed 5 routes; changed 10 presets, 35 routes")
        #expect(diff.stdoutLines.filter { $0.hasPrefix("- route") }.count == 5)
        #expect(diff.stdoutLines.filter { $0.hasPrefix("~ preset") }.count == 10)
        #expect(diff.stdoutLines.filter { $0.hasPrefix("~ route") }.count == 10)
        #expect(
            Array(diff.stdoutLines.suffix(2)) == [
                "… 25 more changed", "--all lists every entry; --format json, ndjson or csv lists them for scripts",
            ])
        let all = try fixture.runner.run(["diff", a, b, "--all"])
        #expect(all.stdoutLines.count == 1 + 5 + 10 + 35)
        expectError(try fixture.runner.run(["diff", a, b, "--all", "--format", "json"]), exitCode: 64, mentioning: ["--all is for --format table"])

        try fixture.setUp([["import", a]])
        let merge = try fixture(["merge", b, "--theirs", "--dry-run"])
        #expect(merge.exitCode == 0)
        // The counts first, then the conflicts it took a side on, then the changes.
        #expect(merge.stdoutLines.first == "dry run, nothing written: changed 10 presets, 35 routes; 45 conflicts taken from theirs")
        #expect(merge.stdoutLines.dropFirst().first?.hasPrefix("conflict") == true)
        #expect(merge.stdoutLines.last == "--all lists every entry; --format json lists them for scripts")
        let mergeAll = try fixture(["merge", b, "--theirs", "--dry-run", "--all"])
        #expect(!mergeAll.stdout.contains("more changed"))
    }
}
