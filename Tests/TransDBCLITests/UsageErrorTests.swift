import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

/// Usage errors a new user meets: typos get suggestions, unknown options are reported as such,
/// shared options may come first, numbers have one grammar, and every message is one lower-case
/// line with exit 64 that changes nothing.
@Suite("Usage errors")
struct UsageErrorTests {
    @Test(
        "each usage error: exit 64, one line naming what was typed, and a suggestion where there is one",
        arguments: [
            (["ad", "screen", "X"], "transdb has no command 'ad' (did you mean 'add'?); its commands are init, add, set"),
            (["update", "preset", "zoom", "--duration", "1"], "transdb has no command 'update'; use 'transdb set'"),
            (["add", "scren", "X"], "transdb add has no command 'scren' (did you mean 'screen'?)"),
            (
                ["resolve", "--opp", "present", "--from", "A", "--to", "B"],
                "unknown option '--opp' for 'transdb resolve' (did you mean '--op'?)"
            ),
            (["list", "routes", "--dlegate", "x"], "unknown option '--dlegate' for 'transdb list' (did you mean '--delegate'?)"),
            (
                ["list", "preset"],
                "the value 'preset' is invalid for '<kind>': expected one of libraries, curves, durations, presets, screens, containers, delegates, routes; did you mean 'presets'?"
            ),
            (["add", "preset", "p", "--kind", "fadee"], "did you mean 'fade'?"),
            (["add", "preset", "p", "--kind", "fade", "--duration", "0x10"], "'0x10' is not a number; write it as JSON does"),
            (["add", "preset", "p", "--kind", "fade", "--duration", "1_000"], "'1_000' is not a number"),
            (["add", "preset", "p", "--kind", "fade", "--duration", "nan"], "'nan' is not a number"),
            (["add", "preset", "p", "--kind", "fade", "--duration", "1e-400"], "the number '1e-400' is too small to be told from 0"),
            (["add", "preset", "p", "--kind", "fade", "--duration", "1e400"], "the number '1e400' is out of range"),
            (["add", "preset", "p", "--kind", "fade", "--delay", ".5"], "'.5' is not a number"),
            (["add", "preset", "p", "--kind", "fade", "--duration", "300ms"], "'300ms' is not a number; times are seconds without a unit: write 0.3"),
            (["eval", "motion/fade", "--at", "-1"], "--at must be a number of seconds from 0 to 3600, got -1 ("),
            (["eval", "motion/fade", "--fps", "0"], "--fps must be > 0 and ≤ 10000, got 0 ("),
            (["eval", "motion/fade", "--fps", "30", "--at", "0.1"], "give --fps or --at, not both"),
            (["add", "preset", "p", "--kind", "fade", "--set", "to.end.alpha=0x1"], "the value must be"),
            (["resolve", "--op", "present", "--from", "Feed", "--to", "Detail", "--busy-timeout", "inf"], "'inf' is not a number"),
            (["add", "container", "N", "--kind", "x"], "expected one of 'navigation' or 'tab'"),
            (["merge", "other.json", "--ours", "--theirs"], "give --ours or --theirs, not both"),
            (
                ["add", "preset", "p", "--kind", "fade", "--curve", "spring(duration:", "0.5,", "bounce:", "0.2)"],
                "3 unexpected arguments: '0.5,', 'bounce:', '0.2)'; an expression with spaces is one argument: quote it"
            ),
            (
                ["resolve", "present", "Feed", "Detail"],
                "the route is given with options: transdb resolve --op present --from Feed --to Detail"
            ),
            (["resolve", "--op", "present", "--from", "Feed", "Detail", "x"], "2 unexpected arguments: 'Detail', 'x'"),
            // An option of one value given twice, a flag with its inversion: refused, not the last kept.
            (["list", "presets", "--library", "motion", "--library", "uikit"], "--library is given 2 times ('motion', 'uikit'); give it once"),
            (["resolve", "--op", "present", "--op", "dismiss", "--from", "A", "--to", "B"], "--op is given 2 times ('present', 'dismiss')"),
            (["export", "--library", "motion", "--output=a.json", "-o", "b.json"], "--output is given 2 times ('a.json', 'b.json')"),
            (["set", "delegate", "demo/LegacyTransitions", "--released", "--no-released"], "give --released or --no-released, not both"),
            // A word where an option's value belongs: the option is suggested.
            (["export", "motion"], "unexpected argument 'motion' (did you mean '--library motion'?)"),
            (["check", "team.sqlite"], "unexpected argument 'team.sqlite' (did you mean '--db team.sqlite'?)"),
            (["eval", "motion/fade", "0.5"], "unexpected argument '0.5' (did you mean '--at 0.5'?)"),
            (["list", "presets", "motion", "x"], "2 unexpected arguments: 'motion', 'x' (see"),
            (["list", "libraries", "--library", "demo"], "--library filters a library's entries; 'list libraries' lists every library"),
        ] as [([String], String)])
    func usage(_ arguments: [String], _ fragment: String) throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let before = try cli.state()

        let result = try cli(arguments)

        let code: Int32 = arguments.contains("--set") ? 65 : 64
        expectError(result, exitCode: code, mentioning: [fragment])
        let message = result.stderr.dropFirst("transdb: error: ".count)
        #expect(message.first?.isUppercase == false, "lower case, as transdb's own messages: \(result)")
        #expect(try cli.state() == before)
    }

    @Test("a negative value reaches the command: --at -0.5 samples outside [0, 1]; --duration -1 is a bad duration, not a missing value")
    func negativeValues() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let sample = try cli(["sample", "linear", "--at", "-0.5", "--format", "csv"])
        expectSuccess(sample)
        #expect(sample.stdout == "at,time,progress\r\n-0.5,,-0.5\r\n")
        expectError(
            try cli(["add", "preset", "p", "--kind", "fade", "--duration", "-1"]), exitCode: 65, mentioning: ["invalid duration '-1'"])
        // Options of other types too: the command's own check words what is wrong with the number.
        expectError(try cli(["sample", "linear", "--count", "-1"]), exitCode: 64, mentioning: ["--count must be from 1 to 100000, got -1"])
        expectError(
            try cli(["eval", "material/fade", "--screen", "-390x844"]), exitCode: 64,
            mentioning: ["--screen must be WIDTHxHEIGHT in points, each > 0 and ≤ 100000, e.g. 390x844, got '-390x844'"])
        expectError(try cli(["sample", "linear", "--count"]), exitCode: 64, mentioning: ["missing value for '--count"])
        expectError(try cli(["sample", "linear", "--at", "0.5", "--count", "3"]), exitCode: 64, mentioning: ["give --at times or --count intervals, not both"])
        // An empty --db is refused before any file is touched.
        for command in [["init"], ["list", "presets"]] {
            expectError(try cli.runner.run(command + ["--db", ""]), exitCode: 64, mentioning: ["--db must name a catalog file; it is empty"])
        }
        // `help` with a topic that is not a command.
        expectError(try cli.runner.run(["help", "resolv"]), exitCode: 64, mentioning: ["transdb has no command 'resolv' (did you mean 'resolve'?)"])
        expectError(try cli.runner.run(["help", "add", "prest"]), exitCode: 64, mentioning: ["transdb add has no command 'prest' (did you mean 'preset'?)"])
        expectError(
            try cli.runner.run(["help", "lint", "td001"]), exitCode: 64,
            mentioning: ["transdb lint has no command 'td001'; a rule's help is 'transdb lint --explain TD001'"])
        expectError(try cli.runner.run(["help", "lint", "x"]), exitCode: 64, mentioning: ["transdb lint has no command 'x'; its help is 'transdb help lint'"])
        expectError(
            try cli.runner.run(["--generate-completion-script", "powershell"]), exitCode: 64,
            mentioning: ["--generate-completion-script takes bash, zsh or fish, got 'powershell'"])
        // Lint rules complete.
        #expect(try cli.runner.run(["--generate-completion-script", "fish"]).stdout.contains("TD013"))
        let help = try cli.runner.run(["help", "add", "preset"])
        expectSuccess(help)
        #expect(help.stdout.hasPrefix("OVERVIEW: Add an animator preset."))
        // Shared options first, but no command at all.
        expectError(try cli.runner.run(["--db", cli.db]), exitCode: 64, mentioning: ["no command given before or after '--db'", "list"])
        expectError(try cli.runner.run(["--bogus"]), exitCode: 64, mentioning: ["unknown option '--bogus'; give a command: init, add"])
        // Two catalogs: refused before either is touched, whatever the order; the same one twice is fine.
        let other = cli.runner.file("other.sqlite")
        let before = try cli.state()
        expectError(
            try cli.runner.run(["--db", cli.db, "add", "screen", "Twice", "--db", other]), exitCode: 64,
            mentioning: ["--db is given 2 times ('\(cli.db)', '\(other)'); give it once"])
        expectError(try cli.runner.run(["list", "screens", "--db=\(other)", "--db", cli.db]), exitCode: 64, mentioning: ["--db is given 2 times"])
        #expect(try cli.state() == before && !FileManager.default.fileExists(atPath: other))
        expectSuccess(try cli.runner.run(["--db", cli.db, "list", "libraries", "--db", cli.db]))
        // Other options: the same value twice is taken, and so are repeatable options' values.
        let twice = try cli(["list", "presets", "--library", "motion", "--library", "motion", "--format", "json"])
        expectSuccess(twice)
        #expect(try twice.jsonArray().count == 20)
        let directory = cli.runner.file("two")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        expectSuccess(try cli(["export", "--library", "motion", "--library", "uikit", "-o", directory, "-q"]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["motion.json", "uikit.json"])
        // The hint names the help of the command the line gave, past the shared options.
        #expect(
            try cli.runner.run(["--db", cli.db, "add", "screen", "--bogus"]).stderr
                == "transdb: error: unknown option '--bogus' for 'transdb add screen' (see 'transdb add screen --help')\n")
        #expect(try cli.runner.run(["--nonsense"]).stderr.hasSuffix("(see 'transdb --help')\n"))
        // Before a command, an option it does not have is unknown, not "an option of" it.
        #expect(
            try cli.runner.run(["--bogus", "list"]).stderr
                == "transdb: error: unknown option '--bogus' for 'transdb list' (see 'transdb list --help')\n")
        expectError(
            try cli.runner.run(["--format", "json", "list", "libraries"]), exitCode: 64,
            mentioning: ["'--format' is an option of 'transdb list', so it goes after it: transdb list libraries --format json (see 'transdb list --help')"])
    }

    @Test("an empty -o is a usage error; a device given as the catalog is named as such")
    func oddPaths() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        for command in [["generate", "swift"], ["export", "--library", "demo"], ["preview", "motion/zoom"]] {
            expectError(try cli(command + ["-o", ""]), exitCode: 64, mentioning: ["-o must name a file, or '-' for standard output; it is empty"])
        }
        expectError(
            try cli.runner.run(["list", "libraries", "--db", "/dev/null"]), exitCode: 78,
            mentioning: ["'/dev/null' is not a transdb catalog: it is a character device, not a file"])
    }

    @Test("eval refuses to print more than 100,000 samples instead of running out of memory")
    func evalSampleBound() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        expectError(
            try cli(["eval", "--op", "dismiss", "--from", "Detail", "--to", "Feed", "--gesture", "update 0.5@3600, finish@3600", "--fps", "10000"]),
            exitCode: 64,
            mentioning: ["eval would print 36001168 samples (3600.116667 s at 10000 fps), more than 100000: lower --fps, or name the times with --at"])
        // The count is exact: a 10 s fade at 10,000 fps is 100,001 samples; at 9,999.9 fps 100,000.
        try cli.setUp([["add", "preset", "ten", "--kind", "fade", "--duration", "10", "--curve", "linear"]])
        let before = try cli.state()
        expectError(
            try cli(["eval", "ten", "--format", "csv", "--fps", "10000"]), exitCode: 64,
            mentioning: ["eval would print 100001 samples (10 s at 10000 fps), more than 100000"])
        #expect(try cli(["eval", "ten", "--format", "csv", "--fps", "9999.9"]).exitCode == 0)
        let svg = try cli(["eval", "motion/zoom", "--format", "svg"] + Array(repeating: "--at=0.1", count: 1001))
        expectError(svg, exitCode: 64, mentioning: ["--format svg draws at most 1000 frames, got 1001 --at times"])
        // 0.71 s at 10,000 fps is within the bound.
        let within = try cli(["eval", "motion/zoom", "--fps", "10000", "--format", "json"]).jsonObject()
        #expect((within["samples"] as? [Any])?.count == 7_100)
        #expect(try cli.state() == before)
    }

    @Test("a group without its subcommand fails, as rm without a kind does: a script with an empty kind must not pass")
    func groupWithoutSubcommand() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        for (arguments, fragment) in [
            (["add"], "missing what to add: library, curve, duration, preset, screen, container, delegate or route"),
            (["set"], "missing what to change: library, curve, duration, preset, screen, container, delegate or route"),
            (["generate"], "missing what to generate: swift"),
        ] {
            expectError(try runner.run(arguments), exitCode: 64, mentioning: [fragment])
        }
        #expect(try runner.run(["add", "--help"]).exitCode == 0)
    }

    @Test("--db and --busy-timeout may come before the subcommand")
    func sharedOptionsFirst() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let result = try cli.runner.run(["--db", cli.db, "--busy-timeout", "1", "list", "libraries", "--format", "json"])
        expectSuccess(result)
        #expect(try result.jsonArray().count == 8)
        let equals = try cli.runner.run(["--db=\(cli.db)", "show", "library", "demo", "--format", "json"])
        expectSuccess(equals)
        // init too: a wrapper adding both to every call works for it.
        let created = cli.runner.file("new.sqlite")
        let initialized = try cli.runner.run(["--db", created, "--busy-timeout", "0.5", "init"])
        expectSuccess(initialized)
        #expect(initialized.stdoutLines.first == "created catalog '\(created)' (schema 10) with the default library:")
        expectSuccess(try cli.runner.run(["--busy-timeout", "0.5", "init", "--db", created]))
    }

    @Test("add library: one --version in its help, a semantic version required")
    func libraryVersion() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let help = try cli.runner.run(["add", "library", "--help"])
        #expect(help.exitCode == 0)
        #expect(help.stdout.components(separatedBy: "--version").count == 3, "once in the usage line, once in the options: \(help.stdout)")
        #expect(try cli.runner.run(["--version"]).stdout == "0.1.0\n")

        let before = try cli.state()
        expectError(
            try cli(["add", "library", "x", "--version", "abc"]), exitCode: 65,
            mentioning: ["invalid library version 'abc': a version is a semantic version"])
        expectError(try cli(["set", "library", "demo", "--version", "1.0"]), exitCode: 65, mentioning: ["invalid library version '1.0'"])
        #expect(try cli.state() == before)
        expectSuccess(try cli(["add", "library", "x", "--version", "2.0.0-beta.1+exp.sha.5114f85"]))
    }

    @Test("add names an entry as set and show do: ds/x adds x to ds; --library naming another library is refused")
    func addQualified() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let added = try cli(["add", "preset", "ds/x", "--kind", "fade"])
        expectSuccess(added)
        #expect(added.stdout == "added preset ds/x (fade, 0.3 s, cubic-bezier(0.42, 0, 0.58, 1))\n")
        expectSuccess(try cli(["add", "duration", "ds/short", "0.1", "--library", "ds"]))
        expectSuccess(try cli(["add", "screen", "app/Home"]))
        #expect(try cli(["show", "screen", "app/Home", "--format", "json"]).jsonObject()["library"] as? String == "app")
        let before = try cli.state()
        expectError(
            try cli(["add", "curve", "ds/c", "linear", "--library", "other"]), exitCode: 64,
            mentioning: ["'ds/c' names library 'ds' but --library says 'other'; give one of them"])
        expectError(
            try cli(["add", "delegate", "a/b/c"]), exitCode: 65,
            mentioning: ["invalid delegate name 'a/b/c': a reference is library/name with one '/', which cannot be part of a name"])
        #expect(try cli.state() == before)
    }

    @Test("add route --format json prints the route as show route does, its new id included; notes go to stderr")
    func addRouteForScripts() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let added = try cli(["add", "route", "--op", "present", "--from", "Feed", "--to", "Settings", "--preset", "motion/fade", "--format", "json"])
        #expect(added.exitCode == 0)
        #expect(added.stderrLines == ["note: added to 'demo/ModalTransitions', the transitioningDelegate of screen 'demo/Settings'"])
        let route = try added.jsonObject()
        let id = try #require(route["id"] as? Int)
        let shown = try cli(["show", "route", "\(id)", "--format", "json"]).jsonObject()
        var withoutFlag = route
        #expect(withoutFlag.removeValue(forKey: "dryRun") as? Bool == false)
        #expect(NSDictionary(dictionary: withoutFlag).isEqual(to: shown))
        #expect(route["preset"] as? String == "motion/fade")
        let dry = try cli(["add", "route", "--op", "present", "--from", "Feed", "--to", "Help", "--preset", "motion/fade", "--format", "csv", "--dry-run"])
        let rows = dry.stdout.components(separatedBy: "\r\n")
        #expect(rows.first == "id,delegate,operation,from,to,preset,interaction,dryRun")
        #expect(rows.dropFirst().first?.hasSuffix(",true") == true)
    }

    @Test("add route --library puts the delegate it creates in that library")
    func routeDelegateLibrary() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        try cli.setUp([["add", "screen", "S", "--library", "teamA"]])

        let result = try cli(["add", "route", "--op", "present", "--from", "*", "--to", "teamA/S", "--nil", "--library", "teamB"])

        expectSuccess(result)
        #expect(
            result.stdoutLines.first
                == "screen 'teamA/S' had no transitioningDelegate: created delegate 'teamB/STransitioningDelegate' and set it")
        let delegates = try cli(["list", "delegates", "--library", "teamB", "--format", "json"]).jsonArray()
        #expect(qualifiedNames(delegates) == ["teamB/STransitioningDelegate"])
    }
}
