import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

/// Reduce Motion on the command line: naming an alternative, showing the derivation, and `eval`
/// playing the alternative.
@Suite("Reduce Motion commands")
struct ReduceMotionCommandTests {
    @Test("add and set preset --reduced-motion; show preset says named or derived; rm refuses a named alternative")
    func nameAnAlternative() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        try cli.setUp([["add", "preset", "slideIn", "--kind", "slide", "--reduced-motion", "motion/fade"]])
        let shown = try cli(["show", "preset", "slideIn", "--format", "json"]).jsonObject()
        #expect(shown["reducedMotion"] as? String == "motion/fade")
        #expect(shown["reduceMotion"] as? String == "named: motion/fade")
        let before = try cli.state()
        expectError(try cli(["rm", "preset", "motion/fade"]), exitCode: 65, mentioning: ["preset local/slideIn"])
        expectError(
            try cli(["set", "preset", "slideIn", "--reduced-motion", "slideIn"]), exitCode: 65,
            mentioning: ["invalid reduced-motion preset 'slideIn'", "cannot be its own Reduce Motion alternative"])
        expectError(try cli(["set", "preset", "slideIn", "--reduced-motion", "nope"]), exitCode: 66, mentioning: ["nope"])
        #expect(try cli.state() == before)
        let unset = try cli(["set", "preset", "slideIn", "--no-reduced-motion"])
        #expect(unset.stdout == "set preset local/slideIn\n  reducedMotion: \"motion/fade\" → -\n")
        let derived = try cli(["show", "preset", "slideIn", "--format", "json"]).jsonObject()
        #expect(
            derived["reduceMotion"] as? String
                == "derived: the to view stands at its end state and fades in instead of moving; the from view stands at its start state and fades out instead of moving; same duration (0.35 s) and delay"
        )
        expectError(
            try cli(["set", "preset", "slideIn", "--reduced-motion", "motion/fade", "--no-reduced-motion"]), exitCode: 64,
            mentioning: ["not both"])
    }

    @Test("export, diff, merge and import carry the alternative")
    func roundTrip() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let base = cli.runner.file("base.json")
        try cli.setUp([["add", "preset", "slideIn", "--kind", "slide"], ["export", "--library", "local", "-o", base]])
        try cli.setUp([["set", "preset", "slideIn", "--reduced-motion", "motion/fade"]])
        let head = cli.runner.file("head.json")
        try cli.setUp([["export", "--library", "local", "-o", head]])
        let diff = try cli(["diff", base, head])
        expectSuccess(diff)
        #expect(diff.stdoutLines == ["changed 1 preset", "~ preset local/slideIn  reducedMotion  - → motion/fade"])
        let other = try CLIFixture.initialized()
        defer { other.remove() }
        expectSuccess(try other(["import", base]))
        let merged = try other(["merge", head, "--base", base])
        expectSuccess(merged)
        #expect(try other(["show", "preset", "local/slideIn", "--format", "json"]).jsonObject()["reducedMotion"] as? String == "motion/fade")
        let third = try CLIFixture.initialized()
        defer { third.remove() }
        expectSuccess(try third(["import", head]))
        #expect(try third(["show", "preset", "local/slideIn", "--format", "json"]).jsonObject()["reducedMotion"] as? String == "motion/fade")
    }

    @Test("eval --reduce-motion plays the derived cross-fade, or the named alternative, and says which")
    func eval() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let derived = try cli(["eval", "motion/pushLeft", "--reduce-motion", "--at", "0", "--at", "0.35", "--format", "json"]).jsonObject()
        #expect(derived["animator"] as? String == "motion/pushLeft" && derived["played"] as? String == "motion/pushLeft")
        #expect(
            (derived["notes"] as? [String])?.first?.hasPrefix("Reduce Motion: 'motion/pushLeft' names no alternative; transdb derives one")
                == true)
        let samples = try #require(derived["samples"] as? [[String: Any]])
        let start = try #require(samples.first?["to"] as? [String: Any])
        let end = try #require(samples.last?["from"] as? [String: Any])
        #expect(start["x"] as? Double == 0 && start["alpha"] as? Double == 0)
        #expect(end["x"] as? Double == 0 && end["alpha"] as? Double == 0)
        let named = try cli(["eval", "samples/szPresent", "--reduce-motion", "--format", "json"]).jsonObject()
        #expect(named["animator"] as? String == "samples/szPresent" && named["played"] as? String == "uikit/crossDissolve")
        #expect(named["duration"] as? Double == 0.4)
        let route = try cli(["eval", "--op", "present", "--from", "Feed", "--to", "Compose", "--reduce-motion", "--format", "json"])
            .jsonObject()
        #expect(route["systemDefault"] as? String == "coverVertical")
        #expect((route["notes"] as? [String])?.last?.hasSuffix("so transdb answers it unchanged (inferred)") == true)
    }
}
