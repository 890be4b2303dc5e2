import Foundation
@testable import TransDBCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A process a fault test starts, signals and ends itself: `transdb` killed in the middle of an
/// import, a shell of writers, an `sqlite3` holding the write lock.
///
/// Waiting always has a deadline, after which the process is killed with SIGKILL, and
/// ``stop()`` (called from a `defer`) kills whatever is still running, so a failing test never
/// leaves a process behind.
final class ChildProcess {
    /// How a process ended.
    enum Termination: Equatable, CustomStringConvertible {
        /// It called `exit` with this status.
        case exited(Int32)
        /// It was killed by this signal.
        case signalled(Int32)

        var description: String {
            switch self {
            case let .exited(status): "exit \(status)"
            case let .signalled(signal): "killed by signal \(signal)"
            }
        }
    }

    private let process = Process()
    /// When the process was started.
    let started: Date

    /// The process id.
    var pid: Int32 { process.processIdentifier }

    /// Whether the process is still running.
    var isRunning: Bool { process.isRunning }

    /// Starts `executable`.
    ///
    /// - Parameters:
    ///   - executable: The program's path.
    ///   - arguments: Its arguments.
    ///   - environment: Its environment; by default the test process's.
    ///   - directory: Its working directory; by default the test process's.
    ///   - stdin: A `FileHandle` or `Pipe` for standard input; by default `/dev/null`.
    ///   - stdout: A `FileHandle` or `Pipe` for standard output; by default `/dev/null`.
    ///   - stderr: A `FileHandle` or `Pipe` for standard error; by default `/dev/null`.
    /// - Throws: The error launching the process.
    init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        stdin: Any? = nil, stdout: Any? = nil, stderr: Any? = nil
    ) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory, isDirectory: true) }
        process.standardInput = stdin ?? FileHandle.nullDevice
        process.standardOutput = stdout ?? FileHandle.nullDevice
        process.standardError = stderr ?? FileHandle.nullDevice
        started = Date()
        try process.run()
    }

    /// Sends `signal` to the process (nothing happens once it has been waited for).
    func signal(_ signal: Int32) {
        if process.isRunning { kill(pid, signal) }
    }

    /// Waits up to `seconds` for the process to exit, polling every 2 ms, and leaves it running
    /// if it does not.
    ///
    /// - Returns: Whether it exited in that time.
    func exits(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(2_000) }
        return !process.isRunning
    }

    /// Waits for the process to exit, killing it with SIGKILL after `timeout` seconds.
    ///
    /// - Returns: Whether it exited before the deadline.
    @discardableResult
    func wait(timeout: Double) -> Bool {
        let inTime = exits(within: timeout)
        if !inTime { kill(pid, SIGKILL) }
        process.waitUntilExit()
        return inTime
    }

    /// How the process ended; call after ``wait(timeout:)``.
    var termination: Termination {
        process.terminationReason == .uncaughtSignal ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
    }

    /// Kills the process with SIGKILL if it is still running, and reaps it.
    func stop() {
        if process.isRunning { kill(pid, SIGKILL) }
        process.waitUntilExit()
    }
}
