import TransDBCore

/// The first line of a report of many entries (`import`, `merge`, `diff`): how many entries
/// each action touched, by kind, in bundle order —
/// `added 1 library, 6 curves, 10,000 presets, 1,000 screens, 1,000,000 routes; 0 changed; 0 unchanged`.
public struct ReportSummary: Hashable, Sendable {
    /// The kinds in the order a bundle holds them.
    public static let kinds: [EntityKind] = [.library, .curve, .duration, .preset, .delegate, .screen, .container, .route]

    /// An action and its count per kind (by position in ``kinds``).
    private struct Row: Hashable, Sendable {
        var name: String
        var counts: [Int]
    }

    /// The actions in the order they are printed.
    private var actions: [Row]
    /// Actions printed as `0 ACTION` when nothing had them; the others are left out then.
    private let alwaysShown: Set<String>

    /// A summary of `actions`, in that order, all at zero.
    public init(actions: [String], alwaysShown: Set<String> = []) {
        self.actions = actions.map { Row(name: $0, counts: [Int](repeating: 0, count: Self.kinds.count)) }
        self.alwaysShown = alwaysShown
    }

    /// Counts `count` more entries of `kind` under `action`.
    public mutating func add(_ action: String, _ kind: EntityKind, count: Int = 1) {
        guard let a = actions.firstIndex(where: { $0.name == action }), let k = Self.kinds.firstIndex(of: kind) else { return }
        actions[a].counts[k] += count
    }

    /// How many entries had `action`.
    public func count(_ action: String) -> Int {
        actions.first { $0.name == action }?.counts.reduce(0, +) ?? 0
    }

    /// Whether no entry had any action.
    public var isEmpty: Bool { actions.allSatisfy { $0.counts.allSatisfy { $0 == 0 } } }

    /// `added 1 library, 6 curves; 0 changed`: each action with its counts by kind, `0 ACTION`
    /// for an action in `alwaysShown` that nothing had; `empty` when there is nothing to say.
    public func text(empty: String) -> String {
        let parts = actions.compactMap { action -> String? in
            let counts = zip(Self.kinds, action.counts).filter { $0.1 > 0 }
            if counts.isEmpty { return alwaysShown.contains(action.name) ? "0 \(action.name)" : nil }
            return action.name + " " + counts.map { "\($0.1.groupedDescription) \($0.0.noun(count: $0.1))" }.joined(separator: ", ")
        }
        return isEmpty ? empty : parts.joined(separator: "; ")
    }
}

/// How a table report lists entries: a sample of each action, or every entry (`--all`).
public enum ReportSample: Hashable, Sendable {
    /// The first ``perKind`` entries of each kind, for each action.
    case sample
    /// Every entry.
    case all

    /// How many entries of each kind a sampled table lists for each action.
    public static let perKind = 10

    /// The most entries of one kind and action listed.
    var limit: Int { self == .all ? Int.max : Self.perKind }

    /// Which entries of one action a table lists: the first ``limit`` of each kind.
    struct Quota {
        let limit: Int
        private var taken: [EntityKind: Int] = [:]
        /// How many entries were listed.
        private(set) var listed = 0

        init(_ sample: ReportSample) { limit = sample.limit }

        /// Whether an entry of `kind` is listed; counts it when it is.
        mutating func admits(_ kind: EntityKind) -> Bool {
            guard taken[kind, default: 0] < limit else { return false }
            taken[kind, default: 0] += 1
            listed += 1
            return true
        }
    }

    /// `… 1,999,975 more added`, a line per action cut short, then `hint` (how to see them all);
    /// nothing when no action was cut.
    static func more(_ cut: [(action: String, count: Int)], hint: String) -> String {
        let lines = cut.filter { $0.count > 0 }.map { "… \($0.count.groupedDescription) more \($0.action)\n" }
        return lines.isEmpty ? "" : lines.joined() + hint + "\n"
    }
}

extension EntityKind {
    /// `library`/`libraries`, `route`/`routes`.
    func noun(count: Int) -> String {
        count == 1 ? rawValue : (self == .library ? "libraries" : rawValue + "s")
    }
}
