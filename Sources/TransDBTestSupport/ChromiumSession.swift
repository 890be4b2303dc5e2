import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`):
/// open a page, run a script in it and wait for its promise, take a screenshot, and see every
/// request the page made and everything it logged.
///
/// `--dump-dom` serialises the page at its load event, before any animation frame, and
/// `--virtual-time-budget` does not help: in the new headless mode animation frames barely run
/// under virtual time (a page that awaits two `requestAnimationFrame`s is dumped after one), so a
/// script cannot await `transdbPreview.seek(t)` there. Here the browser runs in real time and
/// `Runtime.evaluate` awaits the script's promise. The page is the file as written: the script is
/// not added to it, so its Content-Security-Policy is untouched (DevTools evaluation is not subject
/// to `script-src`; what the script does, a `fetch` say, is).
public final class ChromiumSession {
    /// A failure talking to the browser: its message and the end of what the browser wrote to stderr.
    public struct Failure: Error, CustomStringConvertible {
        public var message: String
        public var stderr: String
        public var description: String { "\(message)\(stderr.isEmpty ? "" : "\nchromium stderr: \(stderr.suffix(2000))")" }
    }

    /// A request the page made (`Network.requestWillBeSent`), and why it failed if it did.
    public struct Request: Sendable, CustomStringConvertible {
        public var id: String
        public var url: String
        public var type: String
        /// `Network.loadingFailed`'s `errorText`, `nil` while it has not failed.
        public var failure: String?
        /// `Network.loadingFailed`'s `blockedReason` (`csp` for a request the page's policy refused).
        public var blockedReason: String?
        public var description: String {
            "\(type) \(url)\(failure.map { " failed: \($0)" } ?? "")\(blockedReason.map { " (blocked: \($0))" } ?? "")"
        }
    }

    /// Every message the page logged since it was opened: `console.*` calls (`console.error: …`),
    /// uncaught exceptions (`exception: …`) and the browser's own messages about the page
    /// (`log error (security): Refused to connect…`, from the Log domain).
    public private(set) var console: [String] = []
    /// Every request the page made since it was opened, the document itself included.
    public private(set) var requests: [Request] = []

    private let pid: pid_t
    private let socket: Int32
    private let directory: TemporaryDirectory
    private let watchdog: SessionWatchdog
    private var buffer: [UInt8] = []
    private var nextID = 0
    private var session: String?
    private var closed = false
    private var loadEvents = 0

    /// Starts the browser, with a page of `width`×`height` CSS pixels at a device scale of 1.
    ///
    /// - Parameter timeout: Seconds after which the browser is killed, whatever it is doing; a
    ///   call waiting for it then throws.
    public init(_ chromium: HeadlessChromium, width: Int = 1200, height: Int = 900, timeout: Double = 90) throws {
        directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("home"), withIntermediateDirectories: true)
        let arguments = [
            chromium.path, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
            "--force-device-scale-factor=1", "--window-size=\(width),\(height)", "--remote-debugging-pipe",
            "--user-data-dir=\(directory.file("profile"))", "about:blank",
        ]
        let environment = ["PATH=/usr/local/bin:/usr/bin:/bin", "HOME=\(directory.file("home"))"]
        (pid, socket) = try Self.spawn(arguments, environment: environment, stderr: directory.file("stderr"))
        watchdog = SessionWatchdog()
        let pid = pid
        let watchdog = watchdog
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            if watchdog.timeOut() { kill(-pid, SIGKILL) }
        }
        do {
            let target = try call("Target.createTarget", ["url": "about:blank"])
            guard let targetID = target["targetId"] as? String else { throw failure("no target: \(target)") }
            let attached = try call("Target.attachToTarget", ["targetId": targetID, "flatten": true])
            guard let session = attached["sessionId"] as? String else { throw failure("not attached: \(attached)") }
            self.session = session
            for domain in ["Page", "Runtime", "Log", "Network"] { _ = try call("\(domain).enable") }
            _ = try call(
                "Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Opens `url` in the page and returns after its load event; clears ``console`` and ``requests``
    /// first. With `reducedMotion` the page is loaded as for a reader who prefers reduced motion.
    public func open(_ url: String, reducedMotion: Bool = false) throws {
        console = []
        requests = []
        _ = try call(
            "Emulation.setEmulatedMedia",
            ["features": [["name": "prefers-reduced-motion", "value": reducedMotion ? "reduce" : "no-preference"]]])
        let loaded = loadEvents
        let navigation = try call("Page.navigate", ["url": url])
        if let error = navigation["errorText"] as? String { throw failure("cannot open \(url): \(error)") }
        // The load event may come before the command's reply, or after it.
        while loadEvents == loaded { record(try readMessage()) }
    }

    /// Runs `expression` in the page and returns its value, once it has settled when it is a
    /// promise (`returnByValue`: a JSON-like value, `nil` for `undefined` or `null`).
    ///
    /// - Throws: ``Failure`` with the exception when the expression throws or its promise rejects.
    public func evaluate(_ expression: String) throws -> Any? {
        let result = try call("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true])
        if let exception = result["exceptionDetails"] as? [String: Any] {
            let detail = (exception["exception"] as? [String: Any])?["description"] as? String ?? exception["text"] as? String ?? ""
            throw failure("the script threw: \(detail)")
        }
        let value = (result["result"] as? [String: Any])?["value"]
        return value is NSNull ? nil : value
    }

    /// A PNG of the page's viewport as it is drawn now.
    public func screenshot() throws -> [UInt8] {
        let result = try call("Page.captureScreenshot", ["format": "png"])
        guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw failure("no screenshot: \(result.keys.sorted())")
        }
        return [UInt8](data)
    }

    /// Closes the browser (and kills it if it does not exit) and removes its profile.
    public func close() {
        guard !closed else { return }
        closed = true
        session = nil
        _ = try? call("Browser.close")
        // The browser exits by itself after Browser.close; the watchdog kills it if it does not.
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        if watchdog.disarm() { kill(-pid, SIGKILL) }  // whatever is left of its process group
        _ = closeDescriptor(socket)
        directory.remove()
    }

    // MARK: The protocol

    /// Sends a command to the page's session (to the browser before there is one) and returns its result.
    private func call(_ method: String, _ parameters: [String: Any] = [:]) throws -> [String: Any] {
        nextID += 1
        let id = nextID
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if let session, !method.hasPrefix("Target.") && !method.hasPrefix("Browser.") { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        try write(bytes)
        let reply = try receive { $0["id"] as? Int == id }
        if let error = reply["error"] as? [String: Any] { throw failure("\(method): \(error["message"] ?? error)") }
        return reply["result"] as? [String: Any] ?? [:]
    }

    /// Reads messages until one satisfies `wanted`, recording every event met on the way.
    private func receive(_ wanted: ([String: Any]) -> Bool) throws -> [String: Any] {
        while true {
            let message = try readMessage()
            if wanted(message) { return message }
            record(message)
        }
    }

    private func record(_ event: [String: Any]) {
        guard let method = event["method"] as? String, let parameters = event["params"] as? [String: Any],
            session != nil, event["sessionId"] as? String == session
        else { return }
        switch method {
        case "Page.loadEventFired": loadEvents += 1
        case "Runtime.consoleAPICalled":
            let arguments = (parameters["args"] as? [[String: Any]] ?? []).map { argument in
                argument["value"].map { "\($0)" } ?? argument["description"] as? String ?? argument["type"] as? String ?? "?"
            }
            console.append("console.\(parameters["type"] as? String ?? "?"): \(arguments.joined(separator: " "))")
        case "Runtime.exceptionThrown":
            let details = parameters["exceptionDetails"] as? [String: Any] ?? [:]
            let text = (details["exception"] as? [String: Any])?["description"] as? String ?? details["text"] as? String ?? "?"
            console.append("exception: \(text)")
        case "Log.entryAdded":
            let entry = parameters["entry"] as? [String: Any] ?? [:]
            console.append(
                "log \(entry["level"] as? String ?? "?") (\(entry["source"] as? String ?? "?")): \(entry["text"] as? String ?? "")")
        case "Network.requestWillBeSent":
            let request = parameters["request"] as? [String: Any] ?? [:]
            requests.append(
                Request(
                    id: parameters["requestId"] as? String ?? "", url: request["url"] as? String ?? "",
                    type: parameters["type"] as? String ?? "?"))
        case "Network.loadingFailed":
            if let index = requests.lastIndex(where: { $0.id == parameters["requestId"] as? String }) {
                requests[index].failure = parameters["errorText"] as? String ?? "failed"
                requests[index].blockedReason = parameters["blockedReason"] as? String
            }
        default: break
        }
    }

    private func readMessage() throws -> [String: Any] {
        var scanned = 0
        while true {
            if let end = buffer[scanned...].firstIndex(of: 0) {
                let bytes = buffer[..<end]
                buffer.removeSubrange(...end)
                guard let message = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
                    throw failure("not a protocol message: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
                }
                return message
            }
            scanned = buffer.count
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw failure(watchdog.timedOut ? "chromium was killed after its timeout" : "chromium closed the pipe")
            }
            buffer += chunk[..<count]
        }
    }

    private func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Self.noSignal) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw failure("cannot write to chromium (errno \(errno))") }
            offset += count
        }
    }

    private func failure(_ message: String) -> Failure {
        let stderr = (try? String(contentsOfFile: directory.file("stderr"), encoding: .utf8)) ?? ""
        // The Debian launcher and D-Bus complain on every start; that is not the reason for anything.
        let lines = stderr.split(separator: "\n").filter { !$0.contains("dbus") && !$0.contains("unexpected operator") }
        return Failure(message: message, stderr: lines.joined(separator: "\n"))
    }

    // MARK: Starting the browser

    #if os(Linux)
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let noSignal: Int32 = 0
    #endif

    /// Starts `arguments` in a process group of its own, with one end of a socket pair as both
    /// its fd 3 (which Chromium reads commands from) and fd 4 (which it writes to), stdout and
    /// stderr to `stderr`; returns its pid and the other end.
    private static func spawn(_ arguments: [String], environment: [String], stderr: String) throws -> (pid_t, Int32) {
        var pair: [Int32] = [0, 0]
        #if os(Linux)
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
                throw Failure(message: "socketpair failed (errno \(errno))", stderr: "")
            }
        #else
            guard socketpair(AF_UNIX, SOCK_STREAM, 0, &pair) == 0 else {
                throw Failure(message: "socketpair failed (errno \(errno))", stderr: "")
            }
            var on: Int32 = 1
            for fd in pair {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            }
        #endif
        // The child's end above 4, so that dup2 to 3 and 4 never meets itself (it would keep FD_CLOEXEC).
        let child = fcntl(pair[1], F_DUPFD_CLOEXEC, 10)
        _ = closeDescriptor(pair[1])
        guard child >= 0 else {
            _ = closeDescriptor(pair[0])
            throw Failure(message: "fcntl failed (errno \(errno))", stderr: "")
        }
        defer { _ = closeDescriptor(child) }

        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_adddup2(&actions, child, 3)
        posix_spawn_file_actions_adddup2(&actions, child, 4)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard status == 0 else {
            _ = closeDescriptor(pair[0])
            throw Failure(message: "cannot start \(arguments[0]) (errno \(status))", stderr: "")
        }
        return (pid, pair[0])
    }
}

/// `close(2)`, under a name that does not collide with ``ChromiumSession/close()``.
private func closeDescriptor(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.close(fd)
    #elseif canImport(Musl)
        Musl.close(fd)
    #else
        Darwin.close(fd)
    #endif
}

/// A one-shot switch shared by a session and its timeout: whichever flips it first wins.
private final class SessionWatchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    private var fired = false

    /// Called by the timeout; `true` when the session was still open (the browser is then killed).
    func timeOut() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if done { return false }
        done = true
        fired = true
        return true
    }

    /// Called when the session closes; `false` when the timeout came first.
    func disarm() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if done { return false }
        done = true
        return true
    }

    /// Whether the timeout killed the browser.
    var timedOut: Bool {
        lock.lock()
        defer { lock.unlock() }
        return fired
    }
}
