import Foundation

/// Debian's `chromium` in headless mode, for the tests that load a preview page in a browser.
public struct HeadlessChromium: Sendable {
    /// The executable.
    public let path: String

    /// `$TRANSDB_CHROMIUM`, else the first of `chromium`, `chromium-browser` and
    /// `google-chrome` on `PATH`; `nil` when there is none.
    public static var installed: HeadlessChromium? {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["TRANSDB_CHROMIUM"], !path.isEmpty { return HeadlessChromium(path: path) }
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for directory in directories {
                let candidate = (directory as NSString).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate) { return HeadlessChromium(path: candidate) }
            }
        }
        return nil
    }

    /// Whether the tests must find a browser (CI sets `TRANSDB_REQUIRE_CHROMIUM=1`): then a
    /// missing one is a failure, not a skipped test.
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["TRANSDB_REQUIRE_CHROMIUM"] == "1" }

    /// A page after its scripts ran.
    public struct Page: Sendable {
        /// The DOM, serialised (`--dump-dom`).
        public var dom: String
        /// Every message the page wrote to the console, errors and refused requests included
        /// (Chromium's `CONSOLE` log lines).
        public var console: [String]
    }

    /// Loads `url` and returns the DOM after the page's scripts ran, and what it logged.
    ///
    /// - Parameters:
    ///   - reducedMotion: Load it as for a reader who prefers reduced motion.
    ///   - timeout: Seconds before the browser is killed.
    /// - Throws: The error launching it; a run that failed or timed out has its stderr in the error.
    public func load(_ url: String, reducedMotion: Bool = false, timeout: Double = 90) throws -> Page {
        let result = try run(
            ["--enable-logging=stderr", "--v=0", "--dump-dom"] + (reducedMotion ? ["--force-prefers-reduced-motion"] : []) + [url],
            timeout: timeout)
        return Page(dom: result.stdout, console: result.stderrLines.filter { $0.contains(":CONSOLE") })
    }

    /// Loads `url` and writes a screenshot of `width`×`height` to `png`.
    public func screenshot(_ url: String, to png: String, width: Int = 1200, height: Int = 900, timeout: Double = 90) throws {
        _ = try run(["--screenshot=\(png)", "--window-size=\(width),\(height)", url], timeout: timeout)
    }

    /// A failed run: the exit code and what the browser said.
    public struct Failure: Error, CustomStringConvertible {
        public var exitCode: Int32
        public var stderr: String
        public var timedOut: Bool
        public var description: String { "chromium exited with \(exitCode)\(timedOut ? " (timed out)" : ""): \(stderr.suffix(2000))" }
    }

    private func run(_ arguments: [String], timeout: Double) throws -> TransDBRunner.Result {
        let runner = try TransDBRunner(binary: path, timeout: timeout)
        defer { runner.remove() }
        let result = try runner.run(
            ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(runner.sandbox.file("profile"))"]
                + arguments)
        guard result.exitCode == 0, !result.timedOut else {
            throw Failure(exitCode: result.exitCode, stderr: result.stderr, timedOut: result.timedOut)
        }
        return result
    }
}
