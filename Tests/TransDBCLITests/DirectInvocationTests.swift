import ArgumentParser
import Testing
@testable import TransDBCLI
@testable import TransDBCore

/// `resolve` and `list` are parsed without ArgumentParser on the hot path (`DirectInvocation`);
/// whatever that parser takes must be exactly the command ArgumentParser builds, and whatever it
/// does not take must be left to ArgumentParser.
@Suite("Direct invocation")
struct DirectInvocationTests {
    /// Every stored property wrapper of the command, as `dump` shows it (values, not definitions).
    private func dumped(_ command: any ParsableCommand) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }

    static let taken: [[String]] = [
        ["resolve", "--op", "present", "--from", "Feed", "--to", "Detail"],
        ["resolve", "--op=push", "--from=Feed", "--to=Detail", "--container=MainNav", "--format=json", "--db=/tmp/x.sqlite"],
        ["resolve", "--from", "A B", "--to", "lib/C", "--op", "dismiss", "--explain", "--strict", "--busy-timeout", "0.5", "--format", "csv"],
        ["resolve", "--op", "present", "--from", "Feed", "--to", "Detail", "--reduce-motion", "--explain"],
        ["resolve", "--db", "cat.sqlite", "--op", "tab", "--from", "*x", "--to", "é😀", "--busy-timeout=3600"],
        ["resolve", "--batch"], ["resolve", "--batch", "--db", "c.sqlite", "--jobs", "2", "--explain", "--strict"],
        ["resolve", "--reduce-motion", "--batch", "--quiet", "--jobs=1"], ["resolve", "--batch", "--progress", "--busy-timeout", "2"],
        ["list", "presets"],
        ["list", "--format", "json", "presets", "--db", "c.sqlite"],
        ["list", "routes", "--delegate", "uikit/D", "--op", "pop", "--screen", "Feed", "--library", "demo", "--format", "ndjson"],
        ["list", "curves", "--kind", "spring", "--busy-timeout", "0"],
        ["list", "libraries", "--format", "table"],
        ["list", "routes", "--preset", "motion/zoom"], ["list", "presets", "--curve", "gentleSpring", "--kind", "zoom"],
        ["list", "presets", "--duration", "medium2"],
        ["list", "screens", "--delegate", "DetailTransitions"],
    ]

    @Test("builds the same command as ArgumentParser", arguments: taken)
    func sameCommand(_ arguments: [String]) throws {
        let direct = try #require(DirectInvocation.command(arguments), "DirectInvocation should take \(arguments)")
        let parsed = try TransDBCommand.parseAsRoot(arguments)
        #expect(type(of: direct) == type(of: parsed))
        #expect(dumped(direct) == dumped(parsed))
        #expect(!dumped(direct).contains("definition"), "every property is set")
    }

    static let leftToArgumentParser: [[String]] = [
        [], ["--version"], ["resolve", "--help"], ["resolve", "-h"], ["help", "resolve"],
        ["resolve", "--op", "present", "--from", "A"],  // --to missing
        ["resolve", "--op", "sideways", "--from", "A", "--to", "B"],  // not an operation
        ["resolve", "--op", "present", "--from", "A", "--to", "B", "--container", "Nav"],  // fails validate()
        ["resolve", "--op", "present", "--from", "A", "--to", "B", "--to", "C"],  // repeated
        ["resolve", "--op", "present", "--from", "-A", "--to", "B"],  // a value that looks like an option
        ["resolve", "--op", "present", "--from=", "--to", "B"],  // empty value
        ["resolve", "--op", "present", "--from", "A", "--to", "B", "--busy-timeout", "-1"],
        ["resolve", "--op", "present", "--from", "A", "--to", "B", "--busy-timeout", "abc"],
        ["resolve", "--op", "present", "--from", "A", "--to", "B", "--format", "xml"],
        ["resolve", "--op", "present", "--from", "A", "--to", "B", "--", "x"],
        ["resolve", "--batch", "--jobs", "0"], ["resolve", "--batch", "--jobs", "two"],  // validate() refuses; not a number
        ["resolve", "--batch", "--progress", "--quiet"], ["resolve", "--batch", "-q"],  // both; the short spelling
        ["resolve", "--batch", "--op", "present", "--from", "A", "--to", "B"],  // a route and --batch
        ["resolve", "--op", "dismiss", "--from", "A"],  // a dismiss without --to: valid, but ArgumentParser's
        ["resolve", "--jobs", "2", "--op", "present", "--from", "A", "--to", "B"],  // --jobs without --batch
        ["resolve", "--op", "present", "--from", "A", "--to", "B", "extra"],
        ["resolve", "--op", "present", "--from", "A", "--to", "B", "--explai"],  // no abbreviations
        ["list"], ["list", "presets", "curves"], ["list", "widgets"],
        ["list", "presets", "--op", "push"],  // --op filters routes only: validate() refuses it
        ["list", "screens", "--kind", "modal"],
        ["list", "curves", "--preset", "zoom"], ["list", "routes", "--curve", "linear"], ["list", "curves", "--duration", "medium2"],  // filters of other kinds
        ["list", "routes", "--op", "sideways"],
        ["show", "preset", "uikit/fade"], ["eval", "uikit/fade"],
    ]

    @Test("leaves everything else to ArgumentParser", arguments: leftToArgumentParser)
    func fallsBack(_ arguments: [String]) {
        #expect(DirectInvocation.command(arguments) == nil)
    }

    @Test("every command names itself, so that building the command tree needs no reflection")
    func explicitCommandNames() {
        func check(_ command: any ParsableCommand.Type, path: String) {
            #expect(command.configuration.commandName != nil, "\(path) \(command) has no commandName")
            for sub in command.configuration.subcommands {
                check(sub, path: path + " " + (sub.configuration.commandName ?? "?"))
            }
        }
        check(TransDBCommand.self, path: "transdb")
    }
}
