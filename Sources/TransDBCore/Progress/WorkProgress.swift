/// How far a long piece of work has got, for whoever shows it: the phase it is in, how many
/// items (or bytes) of it are done, and how many there are when that is known.
///
/// The library only counts; an observer (the CLI's progress line) decides what to show and
/// when. Counting must cost nothing next to the work counted, so ``advance(by:)`` is an
/// addition and a comparison, and the observer is called only every ``stride`` units and at
/// each new phase. Work that runs without anyone watching passes `nil` instead of a progress.
public final class WorkProgress {
    /// What the counted units are.
    public enum Unit: Sendable {
        /// Entries, requests, routes.
        case items
        /// Bytes of a file or a stream.
        case bytes
    }

    /// The phase, as a person reads it: `reading a.json`, `writing routes`.
    public private(set) var phase = ""
    /// Units done in this phase.
    public private(set) var completed: Int64 = 0
    /// Units in this phase in all, when known.
    public private(set) var total: Int64?
    /// What the units are.
    public private(set) var unit = Unit.items
    /// How far through its input the phase is, for work that counts items but knows its place
    /// in bytes (requests read from a file): bytes read, and bytes in all.
    public private(set) var position: (read: Int64, total: Int64)?
    /// How many units pass between two calls of the observer.
    public let stride: Int64

    private var nextReport: Int64
    private let observer: (WorkProgress) -> Void

    /// A progress whose `observer` is called at each phase and every `stride` units.
    public init(stride: Int64 = 4096, observer: @escaping (WorkProgress) -> Void) {
        self.stride = max(1, stride)
        self.nextReport = self.stride
        self.observer = observer
    }

    /// Starts a phase: the count goes back to zero.
    public func begin(_ phase: String, total: Int64? = nil, unit: Unit = .items) {
        self.phase = phase
        self.total = total
        self.unit = unit
        position = nil
        completed = 0
        nextReport = stride
        observer(self)
    }

    /// Counts `count` more units done.
    @inline(__always)
    public func advance(by count: Int64 = 1) {
        completed &+= count
        if completed >= nextReport { report() }
    }

    /// Sets the count of units done (for work that knows where it is, such as a byte offset).
    public func update(completed: Int64) {
        self.completed = completed
        if completed >= nextReport { report() }
    }

    /// Records how many bytes of its input (of `total`) the phase has read.
    public func update(read: Int64, of total: Int64) {
        position = (read, total)
    }

    /// The part of the phase done, from 0 to 1, when it is known: by count, else by position.
    public var fractionDone: Double? {
        if let total { return total > 0 ? min(1, Double(completed) / Double(total)) : 1 }
        if let position { return position.total > 0 ? min(1, Double(position.read) / Double(position.total)) : 1 }
        return nil
    }

    private func report() {
        nextReport = completed + stride
        observer(self)
    }
}

extension Optional where Wrapped == WorkProgress {
    /// ``WorkProgress/begin(_:total:unit:)`` when there is a progress.
    @inline(__always)
    public func begin(_ phase: @autoclosure () -> String, total: Int64? = nil, unit: WorkProgress.Unit = .items) {
        if let progress = self { progress.begin(phase(), total: total, unit: unit) }
    }

    /// ``WorkProgress/advance(by:)`` when there is a progress.
    @inline(__always)
    public func advance(by count: Int64 = 1) {
        if let progress = self { progress.advance(by: count) }
    }
}
