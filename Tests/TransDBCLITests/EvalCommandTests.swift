import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

/// `transdb eval` and `transdb sample` as scripts use them.
@Suite("transdb eval and sample")
struct EvalCommandTests {
    @Test("eval of a preset as JSON: the documented keys, the start and the end state")
    func evalPresetJSON() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let result = try cli(["eval", "motion/pushLeft", "--at", "0", "--at", "0.35", "--format", "json"])
        expectSuccess(result)
        let document = try result.jsonObject()
        #expect(Array(document.keys).sorted() == ["animator", "duration", "notes", "operation", "played", "samples", "systemDefault"])
        #expect(document["animator"] as? String == "motion/pushLeft")
        #expect(isNull(document["systemDefault"]))
        #expect(document["duration"] as? Double == 0.35)
        let samples = try #require(document["samples"] as? [[String: Any]])
        #expect(samples.count == 2)
        let start = try #require(samples[0]["to"] as? [String: Any])
        #expect(
            Set(start.keys) == [
                "x", "y", "width", "height", "alpha", "scaleX", "scaleY", "rotation", "rotationY", "cornerRadius", "zIndex",
            ])
        #expect(start["x"] as? Double == 390)
        #expect(start["zIndex"] as? Int == 1)
        let endFrom = try #require(samples[1]["from"] as? [String: Any])
        #expect(endFrom["x"] as? Double == -130)
        #expect(samples[1]["progress"] as? Double == 1)
    }

    @Test("eval of a preset without --op plays it for the one operation its routes use, else present")
    func evalPresetOperation() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        func operation(_ arguments: [String]) throws -> String? {
            let result = try cli(["eval"] + arguments + ["--at", "0", "--format", "json"])
            expectSuccess(result)
            return try result.jsonObject()["operation"] as? String
        }
        #expect(try operation(["samples/hsLeftDismiss"]) == "dismiss")
        #expect(try operation(["motion/pageOut"]) == "pop")
        // Played for dismiss and pop: no one operation.
        #expect(try operation(["articles/dismissAnimatedTransitioning"]) == "present")
        // No route plays it.
        #expect(try operation(["uikit/navigationPop"]) == "present")
        #expect(try operation(["samples/hsLeftDismiss", "--op", "present"]) == "present")
        let table = try cli(["eval", "samples/szDismiss", "--at", "0"])
        expectSuccess(table)
        #expect(table.stdoutLines.first == "animator samples/szDismiss, dismiss, 2 s")
    }

    @Test("eval of a route that resolves to nil evaluates the system default")
    func evalSystemDefault() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let result = try cli(["eval", "--op", "present", "--from", "Feed", "--to", "Help", "--fps", "10", "--format", "json"])
        expectSuccess(result)
        let document = try result.jsonObject()
        #expect(isNull(document["animator"]))
        #expect(document["systemDefault"] as? String == "crossDissolve")
        let samples = try #require(document["samples"] as? [[String: Any]])
        #expect(samples.count == 5)  // 0, 0.1, 0.2, 0.3, 0.4
        let notes = try #require(document["notes"] as? [String])
        #expect(notes.contains { $0.contains("inferred") })
        let middle = try #require(samples[2]["to"] as? [String: Any])
        #expect(middle["alpha"] as? Double == 0.5)  // easeInOut is symmetric: half way at half time
    }

    @Test("eval with a gesture: outcome, completion duration and samples to the end of the completion")
    func evalGesture() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        // Detail's dismiss names uncoverDown (0.35 s), its interaction too: speed 1.5, threshold 0.35.
        let finish = try cli([
            "eval", "--op", "dismiss", "--from", "Detail", "--to", "Feed", "--gesture", "update 0.2@0.1, update 0.6@0.3, release@0.4",
            "--format", "json",
        ])
        expectSuccess(finish)
        let document = try finish.jsonObject()
        #expect(document["outcome"] as? String == "finish")
        let completion = try #require(document["completionDuration"] as? Double)
        #expect(abs(completion - 0.4 * 0.35 / 1.5) < 1e-12)
        let samples = try #require(document["samples"] as? [[String: Any]])
        let last = try #require(samples.last)
        #expect(abs((last["time"] as? Double ?? 0) - (0.4 + completion)) < 1e-12)
        #expect(last["progress"] as? Double == 1)

        let cancel = try cli([
            "eval", "--op", "dismiss", "--from", "Detail", "--to", "Feed", "--gesture", "update 0.3@0.1, release@0.2", "--format", "json",
        ])
        expectSuccess(cancel)
        let cancelled = try cancel.jsonObject()
        #expect(cancelled["outcome"] as? String == "cancel")
        #expect(abs((cancelled["completionDuration"] as? Double ?? 0) - 0.3 * 0.35 / 1.5) < 1e-12)
        // The note is a sentence: 0.07, not the 0.06999999999999999 that 0.3 · 0.35 / 1.5 makes.
        #expect(
            (cancelled["notes"] as? [String])?.contains("cancel at 0.2 s with percentComplete 0.3: the way back takes 0.07 s at completionSpeed 1.5")
                == true, "\(cancelled["notes"] ?? "")")
    }

    @Test("eval in CSV: one header, one row per frame, every property of both views")
    func evalCSV() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let result = try cli(["eval", "uikit/crossDissolve", "--fps", "20", "--format", "csv"])
        expectSuccess(result)
        let lines = result.stdout.split(whereSeparator: \.isNewline).map(String.init)  // CSV lines end in CRLF
        #expect(lines.count == 1 + 9)  // header + 0…0.4 s at 20 fps
        #expect(lines.first?.hasPrefix("time,progress,from.x,from.y,from.width,from.height,from.alpha") == true)
        // The shared element's columns are there, empty: one header for every preset.
        #expect(lines.first?.hasSuffix("to.zIndex,shared.x,shared.y,shared.width,shared.height,shared.alpha,shared.scaleX,shared.scaleY,shared.rotation,shared.rotationY,shared.cornerRadius,shared.zIndex,dimming") == true)
        #expect(lines.dropFirst().allSatisfy { $0.hasSuffix(",,,,,,,,,,,,0") })
        let shared = try cli(["eval", "samples/szPresent", "--fps", "20", "--format", "csv"])
        #expect(shared.stdout.split(whereSeparator: \.isNewline).first.map(String.init) == lines.first)
    }

    @Test("eval and preview of a dismiss may leave out --to, as resolve may: UIKit does not tell the delegate")
    func dismissWithoutDestination() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let full = try cli(["eval", "--op", "dismiss", "--from", "Detail", "--to", "Feed", "--format", "csv"])
        let bare = try cli(["eval", "--op", "dismiss", "--from", "Detail", "--format", "csv"])
        expectSuccess(bare)
        #expect(bare.stdout == full.stdout && bare.stdout.contains("\r\n"))
        let page = cli.runner.file("dismiss.html")
        #expect(try cli(["preview", "--op", "dismiss", "--from", "Detail", "-o", page]).exitCode == 0)
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("motion/uncoverDown"))
    }

    @Test(
        "eval refuses bad input with one line and exit 64 or 65",
        arguments: [
            (["eval", "motion/zoom", "--screen", "390by844"], Int32(64), "--screen must be WIDTHxHEIGHT"),
            (["eval", "motion/zoom", "--origin", "1,2,3"], Int32(64), "--origin must be X,Y,WIDTH,HEIGHT"),
            (["eval", "motion/zoom", "--fps", "0"], Int32(64), "--fps must be > 0"),
            (["eval", "--op", "present", "--from", "Feed"], Int32(64), "give a PRESET, or --op, --from and --to"),
            (["eval", "motion/zoom", "--gesture", "update 0.5@0.2"], Int32(65), "a gesture ends with finish@T, cancel@T or release@T"),
            (["eval", "motion/zooom"], Int32(66), "did you mean 'motion/zoom'"),
            (["eval", "samples/szPresent", "--target", "0,0,-1,4"], Int32(64), "--target must be X,Y,WIDTH,HEIGHT"),
            // Gestures follow the lookup: UIKit runs a transition interactively only with an interaction controller.
            (
                ["eval", "--op", "present", "--from", "Feed", "--to", "Detail", "--gesture", "update 0.5@0.1, finish@0.2"], Int32(65),
                "cannot play the gesture: the route's interaction controller is nil, so UIKit plays 'motion/zoom' without the gesture"
            ),
            (
                ["eval", "--op", "present", "--from", "Feed", "--to", "Help", "--gesture", "finish@0.2"], Int32(65),
                "cannot play the gesture: the route's animator is nil (the system default)"
            ),
            (["eval", "motion/zoom", "--gesture", "finish@0.2"], Int32(65), "the preset 'motion/zoom' has no interaction settings"),
            (
                ["eval", "motion/uncoverDown", "--gesture", "update 1.2@0.1, finish@0.2"], Int32(65),
                "invalid gesture event 'update 1.2@0.1': percentComplete must be in [0, 1], got 1.2"
            ),
        ])
    func evalErrors(_ arguments: [String], _ code: Int32, _ fragment: String) throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        expectError(try cli(arguments), exitCode: code, mentioning: [fragment])
    }

    @Test("eval of a shared element: `shared` from the origin rect to the target rect, then the completion's values")
    func evalShared() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let result = try cli([
            "eval", "samples/szPresent", "--screen", "375x667", "--origin", "24,140,120,90", "--target", "0,64,375,280", "--fps", "2",
            "--format", "json",
        ])
        expectSuccess(result)
        let samples = try #require(try result.jsonObject()["samples"] as? [[String: Any]])
        // 0, 0.5, 1, 1.5, 2 s, and one frame after the end for the completion values.
        #expect(samples.map { $0["time"] as? Double } == [0, 0.5, 1, 1.5, 2, 2.5])
        let first = try #require(samples[0]["shared"] as? [String: Any])
        #expect([first["x"], first["y"], first["width"], first["height"]].map { $0 as? Double } == [24, 140, 120, 90])
        #expect(first["zIndex"] as? Int == 2)
        let end = try #require(samples[4]["shared"] as? [String: Any])
        #expect([end["x"], end["y"], end["width"], end["height"], end["alpha"]].map { $0 as? Double } == [0, 64, 375, 280, 1])
        let after = try #require(samples[5]["shared"] as? [String: Any])
        #expect(after["alpha"] as? Double == 0)  // removeFromSuperview in the completion
        // CSV: the shared element's columns after the two views'.
        let csv = try cli(["eval", "samples/szPresent", "--at", "0", "--format", "csv"])
        let header = csv.stdout.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        #expect(
            header.hasSuffix(
                "to.zIndex,shared.x,shared.y,shared.width,shared.height,shared.alpha,shared.scaleX,shared.scaleY,shared.rotation,shared.rotationY,shared.cornerRadius,shared.zIndex,dimming"
            ))
        // A preset without a shared element has `shared: null`.
        let plain = try cli(["eval", "motion/fade", "--at", "0", "--format", "json"])
        let plainSamples = try #require(try plain.jsonObject()["samples"] as? [[String: Any]])
        #expect(isNull(plainSamples[0]["shared"]))
    }

    @Test("eval after the end shows completion values: CustomAnimatedTransitioning's from-view back at alpha 1")
    func evalCompletion() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let result = try cli(["eval", "samples/customAnimatedTransitioning", "--at", "1", "--at", "1.2", "--format", "json"])
        expectSuccess(result)
        let samples = try #require(try result.jsonObject()["samples"] as? [[String: Any]])
        #expect((samples[0]["from"] as? [String: Any])?["alpha"] as? Double == 0.5)
        #expect((samples[1]["from"] as? [String: Any])?["alpha"] as? Double == 1)
    }

    @Test("release with a velocity: a flick finishes below the threshold")
    func evalFlick() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let result = try cli([
            "eval", "--op", "dismiss", "--from", "Detail", "--to", "Feed", "--gesture", "update 0.2@0.1, release@0.2 v=1.8", "--format",
            "json",
        ])
        expectSuccess(result)
        let document = try result.jsonObject()
        #expect(document["outcome"] as? String == "finish")
        // uncoverDown: 0.35 s at completionSpeed 1.5 from 0.2.
        #expect(abs((document["completionDuration"] as? Double ?? 0) - 0.8 * 0.35 / 1.5) < 1e-12)
    }

    @Test("the flick velocity is the preset's: seed 000's pan decides by position alone; --flick-velocity and --no-flick set it")
    func flickVelocityIsThePresets() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        func outcome(_ preset: String, _ gesture: String) throws -> String? {
            let result = try cli(["eval", preset, "--gesture", gesture, "--format", "json"])
            expectSuccess(result)
            return try result.jsonObject()["outcome"] as? String
        }
        // HSLeftPresentAnimation: `if (process > 0.5) finish else cancel`, however fast the pan.
        #expect(try outcome("samples/hsLeftDismiss", "update 0.3@0.2, release@0.4 v=5") == "cancel")
        #expect(try outcome("samples/hsLeftDismiss", "update 0.8@0.2, release@0.4 v=-5") == "finish")
        #expect(try outcome("samples/hsLeftDismiss", "update 0.51@0.2, release@0.4") == "finish")
        let note = try cli(["eval", "samples/hsLeftDismiss", "--gesture", "update 0.3@0.2, release@0.4 v=5"]).stdout
        #expect(note.contains("cancel at 0.4 s with percentComplete 0.3 (the release velocity is not asked: the preset decides by position alone)"))
        // A velocity of its own: 2/s is no flick at 3/s, 4/s is.
        try cli.setUp([["add", "preset", "swipe", "--kind", "uncover", "--direction", "right", "--flick-velocity", "3"]])
        #expect(try outcome("swipe", "update 0.3@0.2, release@0.4 v=2") == "cancel")
        #expect(try outcome("swipe", "update 0.3@0.2, release@0.4 v=4") == "finish")
        let shown = try cli(["show", "preset", "swipe", "--format", "json"]).jsonObject()
        #expect((shown["interaction"] as? [String: Any])?["flickVelocity"] as? Double == 3)
        // --no-flick: position alone; set back to a velocity.
        let noFlick = try cli(["set", "preset", "swipe", "--no-flick"])
        expectSuccess(noFlick)
        #expect(noFlick.stdoutLines.contains("  interaction.flickVelocity: 3 → -"))
        #expect(try outcome("swipe", "update 0.3@0.2, release@0.4 v=4") == "cancel")
        let bundle = try cli(["export", "--library", "local"]).stdout
        #expect(bundle.contains(#""flickVelocity": null"#))
        expectSuccess(try cli(["set", "preset", "swipe", "--flick-velocity", "0.5"]))
        #expect(try outcome("swipe", "update 0.3@0.2, release@0.4 v=0.6") == "finish")
        // Refused: both at once (usage), a velocity out of range, either with --not-interactive.
        let before = try cli.state()
        expectError(try cli(["set", "preset", "swipe", "--no-flick", "--flick-velocity", "2"]), exitCode: 64, mentioning: ["give --flick-velocity N or --no-flick, not both"])
        expectError(
            try cli(["set", "preset", "swipe", "--flick-velocity", "0"]), exitCode: 65,
            mentioning: ["invalid flick velocity '0': a flick velocity is > 0 and ≤ 1000 (progress per second); to decide by position alone, give none"])
        expectError(try cli(["set", "preset", "swipe", "--not-interactive", "--no-flick"]), exitCode: 65, mentioning: ["--no-flick"])
        #expect(try cli.state() == before)
    }

    @Test("add preset --mirror-of: the source's motion swapped, played forward, and following the source when it changes")
    func mirrorOf() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        expectSuccess(try cli(["add", "preset", "zoomBack", "--mirror-of", "motion/zoom", "--completion-speed", "2"]))
        let shown = try cli(["show", "preset", "local/zoomBack", "--format", "json"]).jsonObject()
        #expect(shown["mirrorOf"] as? String == "motion/zoom")
        #expect(shown["kind"] as? String == "custom")
        #expect(shown["duration"] as? Double == 0.4)
        #expect(shown["curve"] as? String == "motion/gentleSpring")
        let tracks = try #require(shown["tracks"] as? [String: Any])
        #expect(((tracks["from"] as? [String: Any])?["end"] as? [String: Any])?["frame"] as? String == "origin")
        #expect(tracks["onTop"] as? String == "from")
        #expect((shown["interaction"] as? [String: Any])?["completionSpeed"] as? Double == 2)

        // The mirror plays zoom's spring forward from the full frame into the origin rect.
        let forward = try cli(["eval", "motion/zoom", "--at", "0.1", "--format", "json"]).jsonObject()
        let mirrored = try cli(["eval", "local/zoomBack", "--op", "dismiss", "--at", "0.1", "--format", "json"]).jsonObject()
        let grown = try #require(((forward["samples"] as? [[String: Any]])?[0]["to"] as? [String: Any])?["width"] as? Double)
        let shrunk = try #require(((mirrored["samples"] as? [[String: Any]])?[0]["from"] as? [String: Any])?["width"] as? Double)
        #expect(abs((grown - 100) - (390 - shrunk)) < 1e-9)  // the same progress, from the other end

        // zoom changes (an import replacing it): its mirror in another library follows.
        let exported = try cli(["export", "--library", "motion"]).stdout
        let file = cli.runner.file("motion.json")
        try exported.replacingOccurrences(
            of: "\"duration\": 0.4,\n      \"curve\": \"gentleSpring\"", with: "\"duration\": 0.6,\n      \"curve\": \"standard\""
        )
        .write(toFile: file, atomically: true, encoding: .utf8)
        expectSuccess(try cli(["import", file, "--on-conflict", "replace"]))
        let after = try cli(["show", "preset", "local/zoomBack", "--format", "json"]).jsonObject()
        #expect(after["duration"] as? Double == 0.6)
        #expect(after["curve"] as? String == "motion/standard")
        let zoomOut = try cli(["show", "preset", "motion/zoomOut", "--format", "json"]).jsonObject()
        #expect(zoomOut["duration"] as? Double == 0.6)
    }

    @Test(
        "a mirror is refused with its source's values, of a mirror, of itself, and its source cannot be removed",
        arguments: [
            (
                ["add", "preset", "x", "--mirror-of", "motion/zoom", "--kind", "fade", "--curve", "linear"], Int32(64),
                "leave out --kind, --curve"
            ),
            (["add", "preset", "x"], Int32(64), "give --kind, or --mirror-of PRESET"),
            (["add", "preset", "x", "--mirror-of", "motion/zoomOut"], Int32(65), "it is itself a mirror"),
            (["add", "preset", "x", "--mirror-of", "x"], Int32(65), "a preset cannot mirror itself"),
            (["add", "preset", "x", "--mirror-of", "motion/ghost"], Int32(66), "motion/ghost"),
            (["rm", "preset", "motion/zoom"], Int32(65), "preset motion/zoomOut"),
        ])
    func mirrorErrors(_ arguments: [String], _ code: Int32, _ fragment: String) throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let before = try cli.state()
        expectError(try cli(arguments), exitCode: code, mentioning: [fragment])
        #expect(try cli.state() == before)
    }

    @Test("sample of an expression needs no catalog and prints the documented JSON")
    func sampleExpression() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        let result = try runner.run(["sample", "cubic-bezier(0.42, 0, 0.58, 1)", "--count", "4", "--format", "json"])
        expectSuccess(result)
        let document = try result.jsonObject()
        #expect(document["curve"] as? String == "cubic-bezier(0.42, 0, 0.58, 1)")
        #expect(isNull(document["duration"]))
        let samples = try #require(document["samples"] as? [[String: Any]])
        #expect(samples.map { $0["at"] as? Double } == [0, 0.25, 0.5, 0.75, 1])
        #expect(samples[2]["progress"] as? Double == 0.5)
        #expect(isNull(samples[2]["time"]))
        // No per-user catalog was created for an expression.
        #expect(!FileManager.default.fileExists(atPath: runner.userCatalog))
    }

    @Test("sample of a named spring has a duration: its settling time")
    func sampleNamedSpring() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let result = try cli(["sample", "uikit/caSpringDefault", "--at", "0", "--at", "1", "--format", "json"])
        expectSuccess(result)
        let document = try result.jsonObject()
        let duration = try #require(document["duration"] as? Double)
        // m 1, k 100, c 10: ζ = 0.5, ω0 = 10, ωd = √75; t = [ln 1000 + ln(1 + ζω0/ωd)] / (ζω0).
        let expected = (log(1000) + log(1 + 5 / 75.0.squareRoot())) / 5
        #expect(abs(duration - expected) < 1e-12)
        let samples = try #require(document["samples"] as? [[String: Any]])
        #expect(samples[1]["time"] as? Double == duration)
    }
}
