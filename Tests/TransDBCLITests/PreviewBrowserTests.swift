import Foundation
import Testing
import TransDBTestSupport

/// The preview pages in headless Chromium, measured in the browser (``ChromiumSession``,
/// ``PreviewProbe``): where the browser drew each view, not what the page's script wrote into a
/// `style` attribute, so that a layout bug (the container's scale, the device's border, a
/// transform's origin) fails.
extension PreviewCommandTests {
    /// A page the browser tests open: `preview`'s arguments, the URL fragment it is opened with,
    /// which container holds the stage, and the `eval` arguments that print the same clip.
    struct BrowserPage: Sendable, CustomTestStringConvertible {
        var preview: [String]
        var eval: [String]
        var fragment = ""
        var container = "[data-container]"
        var testDescription: String { (preview + (fragment.isEmpty ? [] : [fragment])).joined(separator: " ") }
    }

    static let dismissGesture = [
        "--op", "dismiss", "--from", "Detail", "--to", "Feed", "--gesture", "update 0.2@0.1, update 0.6@0.3, release@0.4",
    ]

    /// A shared element: a third card, which the completion removes.
    static let sharedElementPage = BrowserPage(preview: ["samples/szPresent"], eval: ["samples/szPresent"])
    static let gesturePage = BrowserPage(preview: dismissGesture, eval: dismissGesture)
    /// An index: route #2 (`present * → Detail`) opened in the full player below the cards.
    static let indexRoutePage = BrowserPage(
        preview: ["--library", "demo", "--library", "motion"],
        eval: ["--op", "present", "--from", "(any screen)", "--to", "demo/Detail"], fragment: "#route=2",
        container: "[data-detail] [data-container]")

    static let browserPages: [BrowserPage] = [
        sharedElementPage,
        // scaleX ≠ scaleY.
        BrowserPage(preview: ["samples/popAnimator"], eval: ["samples/popAnimator"]),
        // A spring that runs past its duration.
        BrowserPage(preview: ["samples/customTransition"], eval: ["samples/customTransition"]),
        BrowserPage(preview: ["motion/zoomFade"], eval: ["motion/zoomFade"]),
        // A turn about the vertical axis, on another screen size.
        BrowserPage(preview: ["motion/flipLeft", "--screen", "320x568"], eval: ["motion/flipLeft", "--screen", "320x568"]),
        // A navigation push: the system default, with its dimming overlay.
        BrowserPage(
            preview: ["--op", "push", "--from", "Feed", "--to", "Settings", "--container", "MainNav"],
            eval: ["--op", "push", "--from", "Feed", "--to", "Settings", "--container", "MainNav"]),
        // A tab switch: instant (duration 0).
        BrowserPage(
            preview: ["--op", "tab", "--from", "Feed", "--to", "Settings", "--container", "MainTabs"],
            eval: ["--op", "tab", "--from", "Feed", "--to", "Settings", "--container", "MainTabs"]),
        // Gestures: a released pan, and a preset driven to its finish.
        gesturePage,
        BrowserPage(
            preview: ["motion/uncoverDown", "--gesture", "update 0.5@0.1, finish@0.2"],
            eval: ["motion/uncoverDown", "--gesture", "update 0.5@0.1, finish@0.2"]),
        indexRoutePage,
        // The default library's index, with its first preset open.
        BrowserPage(preview: ["--all"], eval: ["articles/dismissAnimatedTransitioning"], container: "[data-detail] [data-container]"),
    ]

    /// Each card's colour (`COLORS` in ``PreviewAssets``).
    static let viewColors = ["from": "#2563eb", "to": "#ea580c", "shared": "#059669"]

    @Test(
        "in headless Chromium: each view's drawn box, opacity and z-order, and the dimming, are eval's at several times; nothing is fetched or logged; a screenshot shows the cards",
        .enabled(if: Self.browserAvailable), arguments: Self.browserPages)
    func browserMeasured(page: BrowserPage) throws {
        let chromium = try Self.chromium()
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let path = try Self.writePreview(page.preview, in: cli)
        let clip = try Self.shownClip(PreviewPageFile(path: path).data(), fragment: page.fragment)
        let times = Self.probeTimes(duration: clip.duration, events: clip.gestureEvents)
        let expected = try Self.evalSamples(cli, page.eval, at: times)

        let session = try ChromiumSession(chromium)
        defer { session.close() }
        try session.open("file://\(path)\(page.fragment)")
        let result = try #require(try session.evaluate(PreviewProbe.frames(container: page.container, times: times)) as? [String: Any])
        Self.expectQuiet(session, result, document: path, "\(page)")
        // The clip lasts as long as eval's timeline, plus the sample after the end when the completion changes a view.
        #expect(
            abs(Self.number(result, "duration") - clip.end) < 1e-9,
            "duration() is \(result["duration"] ?? "-"), the last sample is at \(clip.end)")
        let frames = try #require(result["frames"] as? [[String: Any]])
        try #require(frames.count == times.count)
        for (frame, sample) in zip(frames, expected) {
            let requested = Self.number(frame, "requested")
            let label = "\(page) at \(requested) s"
            #expect(frame["isPromise"] as? Bool == true, "\(label): seek() returns a promise")
            let clamped = min(max(requested, 0), clip.end)
            #expect(abs(Self.number(frame, "resolved") - clamped) < 1e-9, "\(label): seek()'s promise gave \(frame["resolved"] ?? "-")")
            #expect(abs(Self.number(frame, "time") - clamped) < 1e-9, "\(label): time() is \(frame["time"] ?? "-")")
            let mismatches = Self.mismatches(frame, sample, screen: clip.screen)
            #expect(mismatches.isEmpty, "\(label): drawn ≠ eval:\n\(mismatches.joined(separator: "\n"))")
        }

        // The screenshot, at the measured time with the most cards to look for (the middle one of
        // those): each card that is on top at its centre, opaque, not turned and not under the
        // dimming shows its colour inside the container.
        let visible = zip(frames, expected).map { Self.visibleCards($0, $1) }
        let most = visible.map(\.count).max() ?? 0
        try #require(most > 0, "\(page): no card is visible at any measured time")
        let candidates = visible.indices.filter { visible[$0].count == most }
        let chosen = candidates[candidates.count / 2]
        let shot = try #require(
            try session.evaluate(PreviewProbe.frames(container: page.container, times: [times[chosen]])) as? [String: Any])
        let frame = try #require((shot["frames"] as? [[String: Any]])?.first)
        #expect(Self.visibleCards(frame, expected[chosen]) == visible[chosen])
        let image = try PNGImage(try session.screenshot())
        #expect(image.width == 1200 && image.height == 900)
        #expect(image.histogram.count >= 16, "\(page): a screenshot of \(image.histogram.count) colours is blank")
        let region = Self.pixelRect(try #require(frame["container"] as? [String: Any]))
        for name in visible[chosen] {
            let color = try #require(Self.viewColors[name].flatMap { PNGImage.Color(hex: $0) })
            let count = image.count(near: color, tolerance: 8, x: region.x, y: region.y, width: region.width, height: region.height)
            #expect(count >= 50, "\(page) at \(times[chosen]) s: \(count) pixels of \(name)'s colour \(color) in the container")
        }
    }

    @Test(
        "in headless Chromium: the scrubber, the arrow keys, space, seek's promise, play and pause move the time as documented",
        .enabled(if: Self.browserAvailable), arguments: [Self.sharedElementPage, Self.gesturePage, Self.indexRoutePage])
    func browserControls(page: BrowserPage) throws {
        let chromium = try Self.chromium()
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let path = try Self.writePreview(page.preview, in: cli)
        let clip = try Self.shownClip(PreviewPageFile(path: path).data(), fragment: page.fragment)
        // Between two samples, away from the gesture's steps.
        let scrubTo = Self.probeTimes(duration: clip.duration, events: clip.gestureEvents)[2]
        let step = 1.0 / 60, sample = 1.0 / 240
        let expected = try Self.evalSamples(cli, page.eval, at: [scrubTo, scrubTo + sample])

        let session = try ChromiumSession(chromium)
        defer { session.close() }
        try session.open("file://\(path)\(page.fragment)")
        let out = try #require(try session.evaluate(PreviewProbe.controls(container: page.container, scrubTo: scrubTo)) as? [String: Any])
        Self.expectQuiet(session, out, document: path, "\(page)")

        let playing = try #require(out["playing"] as? [String: Any])
        #expect(Self.number(playing, "after") > Self.number(playing, "before"), "play() moves the time: \(playing)")
        #expect(playing["playing"] as? Bool == true)

        // The scrubber: its range is the clip; an input event pauses and seeks, and the next frame is drawn there.
        let scrub = try #require(out["scrub"] as? [String: Any])
        #expect(abs(Self.number(scrub, "max") - clip.end) < 1e-9, "the scrubber ends at \(scrub["max"] ?? "-")")
        #expect(abs(Self.number(scrub, "time") - scrubTo) < 1e-9, "the scrubber set the time to \(scrub["time"] ?? "-"), not \(scrubTo)")
        #expect(scrub["playing"] as? Bool == false, "moving the scrubber pauses")
        let afterScrub = try #require(scrub["measure"] as? [String: Any])
        #expect(
            Self.mismatches(afterScrub, expected[0], screen: clip.screen).isEmpty,
            "after the scrubber: \(Self.mismatches(afterScrub, expected[0], screen: clip.screen))")

        // → one display frame (1/60 s), Shift+→ one engine sample (1/240 s), ← back one display frame.
        let keys = try #require(out["keys"] as? [String: Any])
        #expect(abs(Self.number(keys, "right") - step) < 1e-9, "→ moved \(keys["right"] ?? "-")")
        #expect(abs(Self.number(keys, "shiftRight") - sample) < 1e-9, "Shift+→ moved \(keys["shiftRight"] ?? "-")")
        #expect(abs(Self.number(keys, "left") + step) < 1e-9, "← moved \(keys["left"] ?? "-")")
        #expect(keys["prevented"] as? Bool == true, "the page handles the arrow keys (the page does not scroll)")
        #expect(keys["playing"] as? Bool == false)
        #expect(abs(Self.number(keys, "time") - (scrubTo + sample)) < 1e-9)
        let afterKeys = try #require(keys["measure"] as? [String: Any])
        #expect(
            Self.mismatches(afterKeys, expected[1], screen: clip.screen).isEmpty,
            "after the keys: \(Self.mismatches(afterKeys, expected[1], screen: clip.screen))")
        #expect(keys["space"] as? Bool == true, "space plays")
        #expect(keys["spaceAgain"] as? Bool == false, "space again pauses")

        // seek() past the end: its promise gives the end, where the page stays.
        let past = try #require(out["seekPast"] as? [String: Any])
        #expect(abs(Self.number(past, "resolved") - clip.end) < 1e-9 && abs(Self.number(past, "time") - clip.end) < 1e-9, "\(past)")
        let paused = try #require(out["paused"] as? [String: Any])
        #expect(Self.number(paused, "at") == Self.number(paused, "later"), "pause() stops the clock: \(paused)")
    }

    @Test(
        "in headless Chromium: a request the page tries is refused by its policy, and the session sees it (the request check can fail)",
        .enabled(if: Self.browserAvailable))
    func browserRefusesRequests() throws {
        let chromium = try Self.chromium()
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let path = try Self.writePreview(["motion/zoom"], in: cli)
        let session = try ChromiumSession(chromium)
        defer { session.close() }
        try session.open("file://\(path)#t=0.2")
        #expect(session.console.isEmpty, "\(session.console)")
        #expect(session.requests.map(\.url) == ["file://\(path)"], "\(session.requests)")
        // What a page that fetched would do; the policy (the page's own, untouched) refuses each.
        let attempts = try #require(
            try session.evaluate(
                #"""
                (async function () {
                  var violations = [];
                  document.addEventListener('securitypolicyviolation', function (e) { violations.push(e.effectiveDirective); });
                  var fetched = await fetch('http://127.0.0.1:9/data.json').then(function () { return 'loaded'; }, function () { return 'refused'; });
                  var image = await new Promise(function (resolve) {
                    var img = new Image();
                    img.onload = function () { resolve('loaded'); };
                    img.onerror = function () { resolve('refused'); };
                    img.src = 'http://127.0.0.1:9/image.png';
                  });
                  await new Promise(function (resolve) { setTimeout(resolve, 50); });
                  return { fetched: fetched, image: image, violations: violations.sort(),
                    resources: performance.getEntriesByType('resource').length };
                })()
                """#) as? [String: Any])
        #expect(attempts["fetched"] as? String == "refused")
        #expect(attempts["image"] as? String == "refused")
        #expect(attempts["violations"] as? [String] == ["connect-src", "img-src"], "\(attempts)")
        // A refused request still leaves a resource entry: the other tests' 0 means none was even tried.
        #expect((attempts["resources"] as? Int ?? 0) >= 1, "\(attempts)")
        // Each refusal is in the console the browser tests require to be empty…
        let refusals = session.console.filter {
            $0.hasPrefix("log error (security): ") && $0.contains("violates the following Content Security Policy directive")
        }
        #expect(refusals.count == 2, "\(session.console)")
        // …and the browser reports the image it refused (a refused fetch it does not), blocked: no
        // request reached the network.
        #expect(session.requests.contains { $0.url == "http://127.0.0.1:9/image.png" }, "\(session.requests)")
        for request in session.requests.dropFirst() {
            #expect(request.blockedReason == "csp", "a request left the page: \(request)")
        }
    }

    @Test(
        "in headless Chromium: a layout bug the style attribute hides is caught (the geometry check can fail)",
        .enabled(if: Self.browserAvailable))
    func browserCatchesLayoutBug() throws {
        let chromium = try Self.chromium()
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let path = try Self.writePreview(["samples/popAnimator"], in: cli)
        let page = try String(contentsOfFile: path, encoding: .utf8)
        // Scaling each card about its corner instead of its centre: the same left, top, width,
        // height and transform in every style attribute, another place on the screen.
        let broken = page.replacingOccurrences(
            of: ".view{position:absolute;transform-origin:50% 50%;", with: ".view{position:absolute;transform-origin:0 0;")
        try #require(broken != page, "the card's transform origin is not where this test expects it")
        try broken.write(toFile: path, atomically: true, encoding: .utf8)
        let time = 0.1
        let expected = try Self.evalSamples(cli, ["samples/popAnimator"], at: [time])
        let scale = Self.number(try #require(expected[0]["to"] as? [String: Any]), "scaleX")
        try #require(abs(scale - 1) > 0.05, "popAnimator's to view is not scaled at \(time) s")

        let session = try ChromiumSession(chromium)
        defer { session.close() }
        try session.open("file://\(path)")
        let result = try #require(try session.evaluate(PreviewProbe.frames(container: "[data-container]", times: [time])) as? [String: Any])
        let frame = try #require((result["frames"] as? [[String: Any]])?.first)
        let mismatches = Self.mismatches(frame, expected[0], screen: (390, 844))
        #expect(mismatches.contains { $0.hasPrefix("to.x") }, "\(mismatches)")
    }

    // MARK: Helpers

    /// What the browser tests need of the clip a page shows: its screen, eval's duration, its last
    /// sample's time, and the times its gesture moves the views in one step.
    struct ShownClip {
        var screen: (width: Double, height: Double)
        var duration: Double
        var end: Double
        var gestureEvents: [Double]
    }

    /// The clip the page shows first: a single page's clip, an index's first preset, or the route of `#route=ID`.
    /// `transdb preview ARGUMENTS -o page.html` in the fixture's directory, which must succeed; the page's path.
    static func writePreview(_ arguments: [String], in cli: CLIFixture, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let path = cli.runner.file("page.html")
        let result = try cli(["preview"] + arguments + ["-o", path])
        try #require(result.exitCode == 0, "\(result)", sourceLocation: sourceLocation)
        return path
    }

    static func shownClip(_ data: [String: Any], fragment: String) throws -> ShownClip {
        let clips = try #require(data["clips"] as? [[String: Any]])
        var shown = 0
        if let id = fragment.range(of: "route=[0-9]+", options: .regularExpression).map({ Int(fragment[$0].dropFirst(6)) }) {
            let routes = try #require((data["index"] as? [String: Any])?["routes"] as? [[String: Any]])
            let row = try #require(routes.first { ($0["mapping"] as? [String: Any])?["id"] as? Int == id })
            shown = try #require(row["clip"] as? Int)
        }
        let clip = clips[shown]
        let screen = try #require(clip["screen"] as? [String: Any])
        let timeline = try #require(clip["timeline"] as? [String: Any])
        let gesture = clip["gesture"] as? [String: Any]
        let updates = (gesture?["updates"] as? [[String: Any]] ?? []).compactMap { $0["time"] as? Double }
        return ShownClip(
            screen: (number(screen, "width"), number(screen, "height")), duration: number(timeline, "duration"),
            end: try #require((timeline["time"] as? [Double])?.last),
            gestureEvents: updates + [gesture?["endTime"] as? Double].compactMap { $0 })
    }

    /// Times to measure: the start, three times halfway between two samples (where the page
    /// interpolates), one sample, the end, and a time past it (after the completion).
    ///
    /// A gesture's update moves the views at once: between the two samples around it the page
    /// interpolates linearly (as documented) where eval steps, so no time is taken in such an interval.
    static func probeTimes(duration: Double, events: [Double], fps: Double = 240) -> [Double] {
        func between(_ fraction: Double) -> Double {
            var k = (fraction * duration * fps).rounded(.down)
            while events.contains(where: { $0 >= (k - 1e-6) / fps && $0 <= (k + 1 + 1e-6) / fps }) { k += 1 }
            return (k + 0.5) / fps
        }
        let sample = (0.5 * duration * fps).rounded(.down) / fps
        return Array(Set([0, between(0.13), between(0.37), sample, between(0.71), duration, duration + 0.25])).sorted()
    }

    /// `eval ARGUMENTS --at T… --format json`'s samples, one per time, in order.
    static func evalSamples(_ cli: CLIFixture, _ arguments: [String], at times: [Double]) throws -> [[String: Any]] {
        let eval = try cli(["eval"] + arguments + times.flatMap { ["--at", String($0)] } + ["--format", "json"])
        expectSuccess(eval)
        let samples = try #require(try eval.jsonObject()["samples"] as? [[String: Any]])
        // (JSONSerialization on Linux may read a number one ulp off.)
        try #require(
            samples.count == times.count && zip(samples, times).allSatisfy { abs(number($0, "time") - $1) < 1e-12 },
            "eval's samples are not at \(times)")
        return samples
    }

    /// Expects a page that logged nothing, made no request but its document, and showed no script error.
    static func expectQuiet(
        _ session: ChromiumSession, _ probe: [String: Any], document path: String, _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(session.console.isEmpty, "\(label): the page logged \(session.console)", sourceLocation: sourceLocation)
        #expect(
            session.requests.map(\.url) == ["file://\(path)"], "\(label): requests \(session.requests)", sourceLocation: sourceLocation)
        if let resources = probe["resources"] {
            #expect(resources as? Int == 0, "\(label): \(resources) resource entries", sourceLocation: sourceLocation)
        }
        #expect(probe["errors"] == nil || probe["errors"] is NSNull, "\(label): script errors", sourceLocation: sourceLocation)
        if let ready = probe["ready"] {
            #expect(ready as? String == "true", "\(label): the page did not finish drawing", sourceLocation: sourceLocation)
        }
    }

    /// `object[key]` as a number, NaN when it is not one.
    static func number(_ object: [String: Any], _ key: String) -> Double { (object[key] as? NSNumber)?.doubleValue ?? .nan }

    /// Where eval's view is drawn: its bounding box in points.
    ///
    /// The page draws a view at its frame (`x`, `y`, `width`, `height`) with the transform
    /// `perspective(1000px) rotate(rotation) rotateY(rotationY) scale(scaleX, scaleY)` about its
    /// centre, so a turned view (a flip: `rotationY`) is handled, not skipped: its box is that of
    /// its four corners projected. Past 90° its back face is hidden (`backface-visibility`), but
    /// the browser still reports the box.
    static func drawnBox(_ view: [String: Any]) -> (x: Double, y: Double, width: Double, height: Double) {
        let (x, y, width, height) = (number(view, "x"), number(view, "y"), number(view, "width"), number(view, "height"))
        let (scaleX, scaleY) = (number(view, "scaleX"), number(view, "scaleY"))
        let rotation = number(view, "rotation") * .pi / 180
        let turn = number(view, "rotationY") * .pi / 180
        let perspective = 1000.0
        let corners = [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { (sx, sy) -> (Double, Double) in
            let (px, py) = (sx * width / 2 * scaleX, sy * height / 2 * scaleY)
            // rotateY: x' = x cos, z' = -x sin; rotate (about z): the plane's rotation; perspective: divide by 1 - z/d.
            let (tx, tz) = (px * cos(turn), -px * sin(turn))
            let (rx, ry) = (tx * cos(rotation) - py * sin(rotation), tx * sin(rotation) + py * cos(rotation))
            let w = 1 - tz / perspective
            return (rx / w, ry / w)
        }
        let xs = corners.map(\.0), ys = corners.map(\.1)
        let (left, top) = (xs.min() ?? 0, ys.min() ?? 0)
        return (x + width / 2 + left, y + height / 2 + top, (xs.max() ?? 0) - left, (ys.max() ?? 0) - top)
    }

    /// Which view eval puts on top at `point` (points in the container): `.some(nil)` for none,
    /// `nil` when it cannot be told there: within a point of an edge, over a turned or rotated
    /// view, or two views at the same z-order (the page's order decides).
    static func topView(at point: (x: Double, y: Double), _ views: [String: [String: Any]], screen: (width: Double, height: Double))
        -> String??
    {
        let margin = 1.0
        /// Whether `point` is inside the box grown by `by` (shrunk for a negative `by`).
        func within(_ box: (x: Double, y: Double, width: Double, height: Double), by: Double) -> Bool {
            point.x > box.x - by && point.x < box.x + box.width + by && point.y > box.y - by && point.y < box.y + box.height + by
        }
        let container = (x: 0.0, y: 0.0, width: screen.width, height: screen.height)
        guard within(container, by: -margin) else { return within(container, by: margin) ? nil : .some(nil) }
        var top: (name: String, z: Double)?
        var tied = false
        for (name, view) in views {
            let box = drawnBox(view)
            guard within(box, by: margin) else { continue }
            // On an edge, over a turned or rotated view: the browser's answer is not eval's to give.
            guard within(box, by: -margin), number(view, "rotation") == 0, number(view, "rotationY") == 0 else { return nil }
            let z = number(view, "zIndex")
            if let current = top, current.z == z {
                tied = true
            } else if top.map({ z > $0.z }) ?? true {
                top = (name, z)
                tied = false
            }
        }
        return tied ? nil : .some(top?.name)
    }

    /// Everything in a measured frame that differs from eval's sample: the container (its size,
    /// a uniform scale, shown whole in the device), each view's box (0.5 pt) and opacity
    /// (0.001), which view is on top at each view's centre, and the dimming (0.001).
    static func mismatches(_ frame: [String: Any], _ sample: [String: Any], screen: (width: Double, height: Double)) -> [String] {
        var found: [String] = []
        let container = frame["container"] as? [String: Any] ?? [:]
        if number(container, "width") != screen.width || number(container, "height") != screen.height {
            found.append("container is \(container["width"] ?? "-")×\(container["height"] ?? "-") points, not \(screen)")
        }
        if !(abs(number(container, "scaleX") - number(container, "scaleY")) < 1e-6) {
            found.append("container's scale is not uniform: \(container)")
        }
        let inset = container["inset"] as? [String: Any] ?? [:]
        for key in ["x", "y", "width", "height"] where !(abs(number(inset, key)) < 0.5) {
            found.append("container is not shown whole in the device: inset.\(key) = \(inset[key] ?? "-") px")
        }
        let drawnViews = frame["views"] as? [String: [String: Any]] ?? [:]
        var expectedViews: [String: [String: Any]] = [:]
        for name in ["from", "to", "shared"] { expectedViews[name] = sample[name] as? [String: Any] }
        if Set(drawnViews.keys) != Set(expectedViews.keys) {
            found.append("views drawn: \(drawnViews.keys.sorted()), eval's: \(expectedViews.keys.sorted())")
        }
        for (name, expected) in expectedViews.sorted(by: { $0.key < $1.key }) {
            guard let drawn = drawnViews[name] else { continue }
            let box = drawnBox(expected)
            for (key, value) in [("x", box.x), ("y", box.y), ("width", box.width), ("height", box.height)] {
                let actual = number(drawn, key)
                if !(abs(actual - value) <= 0.5) { found.append("\(name).\(key): drawn \(actual), eval \(value)") }
            }
            let opacity = number(drawn, "opacity")
            if !(abs(opacity - number(expected, "alpha")) <= 0.001) {
                found.append("\(name).opacity: drawn \(opacity), eval \(expected["alpha"] ?? "-")")
            }
            let centre = (x: number(drawn, "x") + number(drawn, "width") / 2, y: number(drawn, "y") + number(drawn, "height") / 2)
            if let top = topView(at: centre, expectedViews, screen: screen), drawn["hit"] as? String != top {
                found.append(
                    "at \(name)'s centre the browser finds \(drawn["hit"] as? String ?? "no view") on top, eval \(top ?? "no view")")
            }
        }
        let dimming = number(frame, "dimming")
        if !(abs(dimming - number(sample, "dimming")) <= 0.001) {
            found.append("dimming: drawn \(dimming), eval \(sample["dimming"] ?? "-")")
        }
        return found
    }

    /// The views of a measured frame whose colour a screenshot must show: on top at their centre
    /// (as the browser hit-tests), opaque, not turned (a flip's back face is hidden), and not under
    /// the dimming overlay (which is above the views at z-order 0).
    static func visibleCards(_ frame: [String: Any], _ sample: [String: Any]) -> [String] {
        let drawn = frame["views"] as? [String: [String: Any]] ?? [:]
        return ["from", "to", "shared"].filter { name in
            guard let view = sample[name] as? [String: Any], drawn[name]?["hit"] as? String == name else { return false }
            return number(view, "alpha") > 0.999 && number(view, "rotationY") == 0
                && (number(sample, "dimming") < 0.001 || number(view, "zIndex") >= 1)
        }
    }

    /// The container's drawn box in the screenshot's pixels, inset by 2 px (its edge is anti-aliased).
    static func pixelRect(_ container: [String: Any]) -> (x: Int, y: Int, width: Int, height: Int) {
        let left = Int(number(container, "left").rounded(.up)) + 2
        let top = Int(number(container, "top").rounded(.up)) + 2
        let right = Int(number(container, "right").rounded(.down)) - 2
        let bottom = Int(number(container, "bottom").rounded(.down)) - 2
        return (left, top, max(0, right - left), max(0, bottom - top))
    }
}
