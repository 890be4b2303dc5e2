import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
    import TransDBCore
#endif

/// Runs the built `transdb` binary in a sandbox of its own, for end-to-end tests.
///
/// Each runner owns a temporary directory holding the process's `HOME`, its `XDG_DATA_HOME` and
/// a working directory, so that no test reads or writes the real per-user catalog and tests can
/// run in parallel. The environment starts minimal: `PATH`, `HOME` and `XDG_DATA_HOME`, without
/// `TRANSDB_DB`.
public struct TransDBRunner: Sendable {
    /// What one run of `transdb` did.
    public struct Result: Sendable, Equatable, CustomStringConvertible {
        /// The exit status, or the signal number when the process was killed.
        public var exitCode: Int32
        /// Everything written to standard output, decoded as UTF-8.
        public var stdout: String
        /// Everything written to standard error, decoded as UTF-8.
        public var stderr: String
        /// Whether the run was killed for taking longer than the runner's timeout.
        public var timedOut: Bool

        /// Creates a result.
        public init(exitCode: Int32, stdout: String, stderr: String, timedOut: Bool = false) {
            self.exitCode = exitCode
            self.stdout = stdout
            self.stderr = stderr
            self.timedOut = timedOut
        }

        /// Standard output split into lines, without the empty string after a final newline.
        public var stdoutLines: [String] { Self.lines(stdout) }

        /// Standard error split into lines, without the empty string after a final newline.
        public var stderrLines: [String] { Self.lines(stderr) }

        /// Standard output parsed as JSON with `JSONSerialization`.
        ///
        /// - Throws: `JSONSerialization`'s error when standard output is not JSON.
        public func json() throws -> Any {
            try JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed])
        }

        /// Standard output parsed as one JSON object.
        ///
        /// - Throws: ``TransDBRunner/Failure/unexpectedJSON(_:)`` when it is not one object.
        public func jsonObject() throws -> [String: Any] {
            guard let object = try json() as? [String: Any] else { throw Failure.unexpectedJSON(stdout) }
            return object
        }

        /// Standard output parsed as a JSON array of objects, as `list --format json` prints.
        ///
        /// - Throws: ``TransDBRunner/Failure/unexpectedJSON(_:)`` when it is not an array of objects.
        public func jsonArray() throws -> [[String: Any]] {
            guard let array = try json() as? [[String: Any]] else { throw Failure.unexpectedJSON(stdout) }
            return array
        }

        /// The run as a person reads it in a failed expectation.
        public var description: String {
            "exit \(exitCode)\(timedOut ? " (timed out)" : "")\n--- stdout ---\n\(stdout)--- stderr ---\n\(stderr)"
        }

        private static func lines(_ text: String) -> [String] {
            var lines = text.components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
            return lines
        }
    }

    /// Why the runner could not run `transdb`.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// No executable named `transdb` was found; the paths searched are listed.
        case binaryNotFound(searched: [String])
        /// Standard output was JSON, but not of the expected shape.
        case unexpectedJSON(String)

        public var description: String {
            switch self {
            case let .binaryNotFound(searched):
                "no executable 'transdb' found; build it (swift build) or set TRANSDB_BINARY. Searched: "
                    + searched.joined(separator: ", ")
            case let .unexpectedJSON(text):
                "unexpected JSON shape: \(text)"
            }
        }
    }

    /// The `transdb` executable this runner starts.
    public let binary: String
    /// The sandbox directory, removed by ``remove()``.
    public let sandbox: TemporaryDirectory
    /// The environment every run starts from; ``run(_:environment:in:stdin:)`` adds to it.
    public var environment: [String: String]
    /// The working directory used when a run names none: `work` inside the sandbox.
    public var workingDirectory: String
    /// How long a run may take before it is killed, in seconds.
    public var timeout: Double

    /// `HOME` for every run: `home` inside the sandbox.
    public var home: String { sandbox.file("home") }
    /// `XDG_DATA_HOME` for every run: `data` inside the sandbox.
    public var dataHome: String { sandbox.file("data") }
    /// Where the per-user catalog is created: `$XDG_DATA_HOME/transdb/transdb.sqlite`.
    public var userCatalog: String { (dataHome as NSString).appendingPathComponent("transdb/transdb.sqlite") }

    /// Creates a runner with a fresh sandbox.
    ///
    /// - Parameters:
    ///   - binary: The executable to run; by default ``locateBinary()``'s answer.
    ///   - timeout: How long a run may take before it is killed, in seconds.
    /// - Throws: ``Failure/binaryNotFound(searched:)``, or the error creating the sandbox.
    public init(binary: String? = nil, timeout: Double = 120) throws {
        self.binary = try binary ?? Self.locateBinary()
        self.timeout = timeout
        sandbox = try TemporaryDirectory()
        for directory in ["home", "data", "work"] {
            try FileManager.default.createDirectory(atPath: sandbox.file(directory), withIntermediateDirectories: true)
        }
        workingDirectory = sandbox.file("work")
        environment = [
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": sandbox.file("home"),
            "XDG_DATA_HOME": sandbox.file("data"),
        ]
    }

    /// The path of `name` inside the working directory.
    public func file(_ name: String) -> String { (workingDirectory as NSString).appendingPathComponent(name) }

    /// Removes the sandbox and everything in it.
    public func remove() { sandbox.remove() }

    /// Runs `transdb` with `arguments` and waits for it to exit.
    ///
    /// Standard output and standard error go to files in the sandbox, so that a large output
    /// cannot fill a pipe and block the process.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - environment: Variables added to (or replacing those of) ``environment``.
    ///   - directory: The working directory; by default ``workingDirectory``.
    ///   - stdin: Text for standard input; by default standard input is `/dev/null`.
    /// - Returns: The exit code and both outputs.
    /// - Throws: The error launching the process or reading its output.
    @discardableResult
    public func run(
        _ arguments: [String], environment extra: [String: String] = [:], in directory: String? = nil, stdin: String? = nil
    ) throws -> Result {
        try runExecutable(binary, arguments, environment: extra, in: directory, stdin: stdin)
    }

    /// Runs another program (`/bin/sh -c …`, for the README's shell lines) the way ``run(_:environment:in:stdin:)``
    /// runs `transdb`: in the sandbox, with its environment and watchdog.
    @discardableResult
    public func runExecutable(
        _ executable: String, _ arguments: [String], environment extra: [String: String] = [:], in directory: String? = nil,
        stdin: String? = nil
    ) throws -> Result {
        let id = UUID().uuidString
        let outPath = sandbox.file("stdout-\(id)")
        let errPath = sandbox.file("stderr-\(id)")
        let inPath = sandbox.file("stdin-\(id)")
        defer {
            for path in [outPath, errPath, inPath] { try? FileManager.default.removeItem(atPath: path) }
        }
        try Data().write(to: URL(fileURLWithPath: outPath))
        try Data().write(to: URL(fileURLWithPath: errPath))
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        defer {
            try? out.close()
            try? err.close()
        }
        let input: FileHandle
        if let stdin {
            try Data(stdin.utf8).write(to: URL(fileURLWithPath: inPath))
            input = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
        } else {
            input = FileHandle.nullDevice
        }
        defer { if stdin != nil { try? input.close() } }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment.merging(extra) { _, new in new }
        process.currentDirectoryURL = URL(fileURLWithPath: directory ?? workingDirectory, isDirectory: true)
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err

        let watchdog = Watchdog()
        try process.run()
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            if watchdog.fire() { kill(pid, SIGKILL) }
        }
        process.waitUntilExit()
        let timedOut = !watchdog.disarm()

        let stdout = try String(decoding: Data(contentsOf: URL(fileURLWithPath: outPath)), as: UTF8.self)
        let stderr = try String(decoding: Data(contentsOf: URL(fileURLWithPath: errPath)), as: UTF8.self)
        return Result(exitCode: process.terminationStatus, stdout: stdout, stderr: stderr, timedOut: timedOut)
    }

    // MARK: Finding the binary

    /// The built `transdb`: `$TRANSDB_BINARY` when set, else the first executable named
    /// `transdb` in the directory of the running test executable or one of its parents (SwiftPM
    /// builds it beside the `.xctest` bundle), else in the build directory of the package this
    /// file belongs to.
    ///
    /// - Throws: ``Failure/binaryNotFound(searched:)`` naming every path tried.
    public static func locateBinary() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["TRANSDB_BINARY"], !path.isEmpty {
            guard isExecutable(path) else { throw Failure.binaryNotFound(searched: [path]) }
            return path
        }
        var searched: [String] = []
        for directory in searchDirectories() {
            let candidate = (directory as NSString).appendingPathComponent("transdb")
            if searched.contains(candidate) { continue }
            searched.append(candidate)
            if isExecutable(candidate) { return candidate }
        }
        throw Failure.binaryNotFound(searched: searched)
    }

    /// Directories that may hold the built binary, most likely first.
    private static func searchDirectories() -> [String] {
        var starts: [URL] = []
        if let first = CommandLine.arguments.first, !first.isEmpty {
            let url = URL(fileURLWithPath: first).resolvingSymlinksInPath()
            starts.append(url.deletingLastPathComponent())
        }
        // On macOS the test process is Xcode's `xctest`; the bundle itself sits in the build directory.
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            starts.append(bundle.bundleURL.deletingLastPathComponent())
        }
        starts.append(Bundle.main.bundleURL)
        var directories: [String] = []
        for start in starts {
            var current = start.standardizedFileURL
            for _ in 0..<4 {
                directories.append(current.path)
                let parent = current.deletingLastPathComponent()
                if parent.path == current.path { break }
                current = parent
            }
        }
        // Last resort: the package's default build directory, found from this source file.
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        directories.append(packageRoot.appendingPathComponent(".build/debug").path)
        return directories
    }

    private static func isExecutable(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isExecutableFile(atPath: path)
    }
}

/// A one-shot switch shared by a run and its timeout: whichever flips it first wins.
private final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false

    /// Called by the timeout; `true` when the process has not exited yet.
    func fire() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if done { return false }
        done = true
        return true
    }

    /// Called after the process exited; `false` when the timeout fired first.
    func disarm() -> Bool { fire() }
}
