import Foundation
import TransDB
import TransDBCore

/// The progress line on stderr: one line redrawn in place (`\r`, erase to the end of the line)
/// at most ten times a second, erased when the work ends.
///
/// `writing routes  412,003 / 1,000,007  41%  180,210/s  3 s left`; bytes are shown in MB. The
/// rate and the time left appear once a phase has run for half a second, when they mean
/// something. The working thread only records where the work is (every ``WorkProgress/stride``
/// units); a timer draws the latest record, so a phase that counts nothing (building indexes,
/// committing) is shown too, with the time it has run. Ctrl-C (and SIGTERM, SIGHUP) while the
/// line is up erases it before the process dies of the signal (see ``Interruption``).
final class ProgressLine: @unchecked Sendable {
    /// What the line shows: a copy of the progress, taken on the working thread.
    struct Snapshot {
        var phase: String
        var completed: Int64
        var total: Int64?
        var unit: WorkProgress.Unit
        var fraction: Double?

        init(_ progress: WorkProgress) {
            phase = progress.phase
            completed = progress.completed
            total = progress.total
            unit = progress.unit
            fraction = progress.fractionDone
        }
    }

    /// The progress the library counts into.
    private(set) var progress: WorkProgress!
    /// Guards everything below, shared by the working thread and the timer's.
    private let lock = NSLock()
    private var latest: Snapshot?
    /// When the current phase began, and when the line was last drawn (monotonic seconds).
    private var phaseStart = 0.0
    private var lastDraw = -Double.infinity
    private var drawn = false
    private var lastShown = ""
    private var stopped = false
    private let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "transdb.progress"))

    /// The shortest time between two drawings.
    static let interval = 0.1

    init() {
        Interruption.install()
        progress = WorkProgress(stride: 2048) { [unowned self] in self.record($0) }
        timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100), leeway: .milliseconds(10))
        timer.setEventHandler { [unowned self] in self.tick() }
        timer.resume()
    }

    /// On the working thread: keeps a copy of where the work is; the very first record is drawn at
    /// once, so that even short work shows what it does.
    private func record(_ progress: WorkProgress) {
        let snapshot = Snapshot(progress)
        lock.lock()
        defer { lock.unlock() }
        let now = Self.now()
        if snapshot.phase != latest?.phase { phaseStart = now }
        latest = snapshot
        if lastDraw == -.infinity { drawLocked(now: now) }
    }

    /// On the timer's thread: draws the latest record, at most every ``interval``.
    private func tick() {
        lock.lock()
        defer { lock.unlock() }
        let now = Self.now()
        guard !stopped, now - lastDraw >= Self.interval else { return }
        drawLocked(now: now)
    }

    /// Erases the line, if it was drawn, and stops drawing.
    func erase() {
        lock.lock()
        stopped = true
        if drawn {
            Self.write("\r\u{1B}[K")
            drawn = false
            Interruption.lineIsDrawn = false
        }
        lock.unlock()
        timer.cancel()
    }

    private func drawLocked(now: Double) {
        guard !stopped, let latest else { return }
        lastDraw = now
        let shown = Self.text(latest, elapsed: now - phaseStart, width: Terminal.columns(STDERR_FILENO) - 1)
        guard shown != lastShown else { return }
        lastShown = shown
        // Marked before it is written: a signal in between then erases an empty line, not nothing.
        drawn = true
        Interruption.lineIsDrawn = true
        Self.write("\r\u{1B}[K" + shown)
    }

    /// `phase  done / total unit  percent  rate  time left`, the parts that are known, in at most
    /// `width` characters: a long phase (a file's path) is shortened in its middle so that the
    /// figures stay; only when they alone do not fit is the line cut at its end.
    static func text(_ progress: Snapshot, elapsed: Double, width: Int = .max) -> String {
        let phase = Table.printable(progress.phase)
        let figures = self.figures(progress, elapsed: elapsed)
        let text = ([phase] + figures).joined(separator: "  ")
        guard text.count > width else { return text }
        let tail = figures.isEmpty ? "" : "  " + figures.joined(separator: "  ")
        let room = width - tail.count
        guard room >= 12 else { return String(text.prefix(max(0, width - 1))) + "…" }
        let kept = room - 1
        return String(phase.prefix(kept - kept / 2)) + "…" + String(phase.suffix(kept / 2)) + tail
    }

    /// The known figures of `progress`: count, percentage, rate, time left.
    private static func figures(_ progress: Snapshot, elapsed: Double) -> [String] {
        var parts: [String] = []
        let done = progress.completed
        switch (progress.unit, progress.total) {
        case let (.items, total?): parts.append("\(done.groupedDescription) / \(total.groupedDescription)")
        case (.items, nil):
            // A phase that counts nothing (building indexes, committing) shows how long it has run.
            if done > 0 { parts.append(done.groupedDescription) } else if elapsed >= 1 { parts.append("\(Int(elapsed)) s") }
        case let (.bytes, total?): parts.append("\(megabytes(done)) / \(megabytes(total)) MB")
        case (.bytes, nil): parts.append("\(megabytes(done)) MB")
        }
        let fraction = progress.fraction
        if let fraction { parts.append("\(Int(fraction * 100))%") }
        if elapsed >= 0.5, done > 0 {
            let rate = Double(done) / elapsed
            parts.append(progress.unit == .bytes ? "\(megabytes(Int64(rate))) MB/s" : "\(Int64(rate).groupedDescription)/s")
            if let fraction, fraction > 0, fraction < 1 {
                parts.append(duration(elapsed * (1 - fraction) / fraction) + " left")
            }
        }
        return parts
    }

    /// `117.0`: bytes as megabytes (10⁶), one decimal.
    static func megabytes(_ bytes: Int64) -> String {
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `3 s`, `2 min 05 s` (at most 99 hours' worth: an estimate early in a long phase can be wild).
    static func duration(_ seconds: Double) -> String {
        let whole = Int(min(seconds, 359_999).rounded(.up))
        if whole < 60 { return "\(whole) s" }
        let s = whole % 60
        return "\(whole / 60) min \(s < 10 ? "0" : "")\(s) s"
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Foundation.write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return }  // stderr is gone: the line is not worth an error
                offset += count
            }
        }
    }
}
