/// A scripted interactive gesture: `update(p)` calls at times, then the release —
/// `update 0.2@0.1, update 0.6@0.3, finish@0.4`. `cancel@T` cancels; `release@T` applies the
/// preset's finish threshold (finish when progress is above it, as the seed documents' pan does),
/// or with a velocity, `release@0.4 v=1.8`, finishes (or cancels) a flick faster than the flick
/// velocity whatever the progress, as gesture-driven libraries do.
public struct GestureScript: Hashable, Sendable {
    /// One `update(percentComplete)` at a time.
    public struct Update: Hashable, Sendable {
        public var time: Double
        /// The value passed to `update(_:)`, in [0, 1] (a script with another value is refused
        /// rather than clamped, so that a typo is not silently played as 0 or 1).
        public var percent: Double
    }

    /// How the gesture ends.
    public enum Ending: String, Hashable, Sendable {
        case finish, cancel, release
    }

    public var updates: [Update]
    public var ending: Ending
    public var endTime: Double
    /// The gesture's velocity at a `release`, in progress per second (positive towards finishing).
    public var releaseVelocity: Double?

    /// The most events a script may hold.
    public static let maximumEvents = 100_000

    /// Parses a script.
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)`` naming the event.
    public init(parsing text: String) throws {
        func refuse(_ event: String, _ reason: String) -> ModelError {
            .invalidValue(field: "gesture event", value: event, reason: reason)
        }
        let events = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
        guard events.count <= Self.maximumEvents else {
            throw ModelError.invalidValue(
                field: "gesture", value: String(text.prefix(40)) + "…", reason: "a gesture has at most \(Self.maximumEvents) events")
        }
        var updates: [Update] = []
        var ending: (Ending, Double)?
        var velocity: Double?
        var lastTime = 0.0
        for event in events {
            guard ending == nil else { throw refuse(event, "nothing can follow finish, cancel or release") }
            guard let at = event.lastIndex(of: "@") else {
                throw refuse(event, "write 'update P@SECONDS', 'finish@SECONDS', 'cancel@SECONDS' or 'release@SECONDS'")
            }
            var after = event[event.index(after: at)...].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            if after.count == 2, after[1].hasPrefix("v=") {
                guard event[..<at].trimmingWhitespaceSubstring() == "release" else {
                    throw refuse(event, "only release takes a velocity: release@SECONDS v=PROGRESS_PER_SECOND")
                }
                guard let v = Double(after[1].dropFirst(2)), v.isFinite, abs(v) <= 1000 else {
                    throw refuse(event, "the velocity after 'v=' must be a number of progress per second within ±1000")
                }
                velocity = v
                after.removeLast()
            }
            if after.count > 1, Double(after[0]) != nil {
                // A release's velocity, when it is there, is not the extra word.
                let extra = after.count > 2 && after[1].hasPrefix("v=") ? after[2] : after[1]
                throw refuse(event, "'\(extra)' follows the time; only release takes more: release@SECONDS v=PROGRESS_PER_SECOND")
            }
            guard after.count == 1, let time = Double(after[0]), time.isFinite, time >= 0, time <= 3600 else {
                throw refuse(event, "the time after '@' must be a number of seconds from 0 to 3600")
            }
            guard time >= lastTime else {
                throw refuse(event, "events must be in time order (this one is before \(lastTime.shortestDescription) s)")
            }
            lastTime = time
            let words = event[..<at].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            switch (words.first, words.count) {
            case ("update", 2):
                guard let percent = Double(words[1]), percent.isFinite else {
                    throw refuse(event, "update takes a number, e.g. update 0.4@0.2")
                }
                guard (0...1).contains(percent) else {
                    throw refuse(event, "percentComplete must be in [0, 1], got \(percent.shortestDescription)")
                }
                updates.append(Update(time: time, percent: percent))
            case let (word?, 1) where Ending(rawValue: word) != nil:
                ending = (Ending(rawValue: word) ?? .finish, time)
            default:
                throw refuse(event, "write 'update P@SECONDS', 'finish@SECONDS', 'cancel@SECONDS' or 'release@SECONDS'")
            }
        }
        guard let (end, endTime) = ending else {
            throw ModelError.invalidValue(field: "gesture", value: text, reason: "a gesture ends with finish@T, cancel@T or release@T")
        }
        self.updates = updates
        self.ending = end
        self.endTime = endTime
        self.releaseVelocity = velocity
    }

    /// `percentComplete` at `time`: the last update at or before it; 0 before any.
    public func percentComplete(at time: Double) -> Double {
        var value = 0.0
        for update in updates {
            guard update.time <= time else { break }
            value = update.percent
        }
        return value
    }
}

extension StringProtocol {
    func trimmingWhitespaceSubstring() -> String { String(self).trimmingWhitespace() }
}
