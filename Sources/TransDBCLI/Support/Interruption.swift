import Foundation

/// What a signal that ends transdb (Ctrl-C, SIGTERM, SIGHUP) tidies before the process dies of
/// it: the progress line is erased, so the shell's prompt starts on a clean line, and a
/// half-written output file's temporary is removed. The catalog needs nothing: a transaction
/// that never committed is rolled back by SQLite.
///
/// The handler only calls `write`, `unlink`, `signal` and `raise`, which are safe in a signal
/// handler, on state set before it can run.
enum Interruption {
    /// Whether a progress line is on the terminal.
    nonisolated(unsafe) static var lineIsDrawn = false
    /// The temporary file an output is being written to (a C string), if any.
    nonisolated(unsafe) private static var temporaryFile: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var installed = false

    static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handler (once).
    static func install() {
        guard !installed else { return }
        installed = true
        // Static stored properties start on first use, behind a lock: touch them here, so the
        // handler never is their first user.
        _ = lineIsDrawn
        _ = temporaryFile
        for number in signals {
            // A signal the parent ignores (nohup, a background job) stays ignored.
            let previous = signal(number, handle)
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { signal(number, SIG_IGN) }
        }
    }

    /// Runs `body` with `path` removed if a signal ends the process meanwhile.
    static func removing<T>(_ path: String, _ body: () throws -> T) rethrows -> T {
        install()
        let copy = strdup(path)
        temporaryFile = copy
        defer {
            temporaryFile = nil
            free(copy)
        }
        return try body()
    }

    private static let handle: @convention(c) (Int32) -> Void = { number in
        if Interruption.lineIsDrawn {
            let erase: StaticString = "\r\u{1B}[K"
            _ = write(STDERR_FILENO, erase.utf8Start, erase.utf8CodeUnitCount)
        }
        if let path = Interruption.temporaryFile { unlink(path) }
        signal(number, SIG_DFL)
        raise(number)
    }
}
