/// A preview page that cannot be made from what was asked.
public enum PreviewError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The sampling rate is below what a page needs to look right, or above what it can carry.
    case samplingRate(Double)
    /// The page would hold more transitions than a browser plays comfortably; `library` is the
    /// one library asked for, when one was (the advice is then to narrow below it).
    case tooManyPresets(count: Int, limit: Int, library: String?)
    /// The route table would be longer than a page can show.
    case tooManyRoutes(count: Int, limit: Int, library: String?)
    /// A transition is longer than a page embeds.
    case tooLong(name: String, duration: Double, limit: Double)

    /// The error as one sentence, naming the value.
    public var description: String {
        switch self {
        case let .samplingRate(fps):
            "invalid sampling rate \(fps.shortestDescription) samples per second: a preview embeds from \(PreviewSampling.minimumRate.shortestDescription) to \(PreviewSampling.maximumRate.shortestDescription) per second"
        case let .tooManyPresets(count, limit, nil):
            "the page would show \(count) presets, more than \(limit): preview one library at a time (--library)"
        case let .tooManyPresets(count, limit, library?):
            "the library '\(library)' has \(count) presets, more than the \(limit) a page shows: preview them one at a time (transdb preview PRESET), or a route (--op, --from, --to)"
        case let .tooManyRoutes(count, limit, nil):
            "the page would resolve \(count) routes, more than \(limit): preview a smaller library (--library)"
        case let .tooManyRoutes(count, limit, library?):
            "the library '\(library)' has \(count) routes, more than the \(limit) a page resolves: preview one route at a time (--op, --from, --to), or a preset (transdb preview PRESET)"
        case let .tooLong(name, duration, limit):
            "'\(name)' lasts \(duration.shortestDescription) s, longer than the \(limit.shortestDescription) s a preview page embeds; `transdb eval` samples it at any length"
        }
    }
}
