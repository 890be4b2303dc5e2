import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A run of `transdb` on a pseudo-terminal, as a person at a terminal sees it: everything the
/// process wrote to the terminal, and the screen that leaves.
public struct TerminalSession: Sendable {
    /// The bytes the terminal received, escape sequences included (the line discipline turns
    /// `\n` into `\r\n`).
    public var bytes: [UInt8]
    /// The exit status; for a process killed by a signal, `nil`.
    public var exitCode: Int32?
    /// The signal that ended the process, if one did.
    public var signal: Int32?
    /// Standard output, when it went to a file rather than the terminal.
    public var stdout: String?

    /// What the terminal received, as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The lines left on the screen: text drawn at the cursor, `\r` back to the line's start,
    /// `\n` down a line, `ESC [ K` erasing to the end of the line; other escape sequences are
    /// skipped. Trailing spaces and the empty line after a final newline are dropped.
    public var screen: [String] {
        var lines: [[Character]] = [[]]
        var row = 0
        var column = 0
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\r": column = 0
            case "\n":
                row += 1
                if row == lines.count { lines.append([]) }
            case "\u{1B}":
                guard scalars.next() == "[" else { continue }
                var parameters = ""
                while let next = scalars.next() {
                    if (0x40...0x7E).contains(next.value) {
                        if next == "K" && (parameters.isEmpty || parameters == "0") {
                            lines[row].removeSubrange(min(column, lines[row].count)...)
                        }
                        break
                    }
                    parameters.unicodeScalars.append(next)
                }
            default:
                while lines[row].count < column { lines[row].append(" ") }
                if column < lines[row].count { lines[row][column] = Character(scalar) } else { lines[row].append(Character(scalar)) }
                column += 1
            }
        }
        var screen = lines.map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        if screen.last == "" { screen.removeLast() }
        return screen
    }
}

extension TransDBRunner {
    /// Runs `transdb` with stderr (and, unless `stdoutToTerminal` is false, stdout) on a new
    /// pseudo-terminal of `columns` columns, stdin from `stdinFile` or `/dev/null`.
    ///
    /// - Parameter interrupt: When given, the process gets SIGINT (as from Ctrl-C) once the
    ///   text the terminal has received contains this.
    public func runInTerminal(
        _ arguments: [String], columns: Int = 200, stdoutToTerminal: Bool = true, stdinFile: String? = nil, interrupt: String? = nil
    ) throws -> TerminalSession {
        let (master, name) = try Self.openPseudoTerminal()
        defer { close(master) }
        var size = winsize(ws_row: 50, ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let outPath = sandbox.file("terminal-stdout-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: outPath) }
        let pid = try spawn(arguments, terminal: name, stdout: stdoutToTerminal ? nil : outPath, stdin: stdinFile ?? "/dev/null")

        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var interrupted = false
        let deadline = Date().addingTimeInterval(timeout)
        // The terminal is read until the child is gone (the master then reads EIO).
        while Date() < deadline {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) >= 0 || errno == EINTR else { break }
            if descriptor.revents & Int16(POLLIN) != 0 {
                let count = read(master, &buffer, buffer.count)
                if count <= 0 { break }
                bytes += buffer[..<count]
                if let interrupt, !interrupted, String(decoding: bytes, as: UTF8.self).contains(interrupt) {
                    interrupted = true
                    kill(pid, SIGINT)
                }
            } else if descriptor.revents & Int16(POLLHUP | POLLERR) != 0 {
                break
            }
        }
        if Date() >= deadline { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFSIGNALED, WTERMSIG and WEXITSTATUS, which Swift does not import.
        let signal = status & 0x7F
        let signaled = signal != 0 && signal != 0x7F
        return TerminalSession(
            bytes: bytes, exitCode: signaled ? nil : (status >> 8) & 0xFF, signal: signaled ? signal : nil,
            stdout: stdoutToTerminal ? nil : String(decoding: try Data(contentsOf: URL(fileURLWithPath: outPath)), as: UTF8.self))
    }

    /// Starts `transdb` as a shell would: every signal unblocked and at its default action
    /// (Foundation's `Process` passes on the signal mask of the thread that starts it, which
    /// blocks SIGINT in a test), stderr and stdout on the terminal at `terminal` (stdout to the
    /// file `stdout` when given), stdin from the file `stdin`, in ``workingDirectory``.
    private func spawn(_ arguments: [String], terminal: String, stdout: String?, stdin: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, terminal, O_RDWR | O_NOCTTY, 0)
        if let stdout {
            posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 2, 1)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        // The child starts in the working directory through `env -C`, which posix_spawn cannot ask for.
        let command = ["/usr/bin/env", "-C", workingDirectory, binary] + arguments
        let argv = command.map { strdup($0) } + [nil]
        let variables = environment.merging(["TERM": "xterm"]) { _, new in new }
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
        guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
        return pid
    }

    /// A new pseudo-terminal: its master side, and the path of its slave side. Linux's
    /// `/dev/ptmx` with its two ioctls, because Glibc's module hides `posix_openpt`.
    private static func openPseudoTerminal() throws -> (Int32, String) {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        let setLock: UInt = 0x4004_5431  // TIOCSPTLCK
        let getNumber: UInt = 0x8004_5430  // TIOCGPTN
        guard ioctl(master, setLock, &unlock) == 0, ioctl(master, getNumber, &number) == 0 else {
            close(master)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        return (master, "/dev/pts/\(number)")
    }
}
