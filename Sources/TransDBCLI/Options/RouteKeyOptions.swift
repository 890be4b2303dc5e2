import ArgumentParser
import TransDB
import TransDBCore

/// How `show`, `set` and `rm` name a route: its id, or its key (`--delegate D --op OP --from A --to B`).
struct RouteKeyOptions: ParsableArguments {
    @Option(name: .long, help: "The route's delegate (needed only when several delegates map the same key).")
    var delegate: String?
    @Option(name: .long, help: "The route's operation: present, dismiss, push, pop or tab.") var op: TransitionOperation?
    @Option(name: .long, help: "The route's source screen, or '*'.") var from: String?
    @Option(name: .long, help: "The route's destination screen, or '*' (default '*' for dismiss).") var to: String?

    /// Whether any part of a key was given.
    var isGiven: Bool { delegate != nil || op != nil || from != nil || to != nil }

    /// The route `id` names (a whole number, `#` allowed in front), or the key these options give.
    func selector(id: String?) throws -> RouteSelector {
        if let id {
            if isGiven { throw ValidationError("give a route's id or its key (--op, --from, --to), not both") }
            let digits = id.hasPrefix("#") ? String(id.dropFirst()) : id
            guard let value = Int64(digits), value > 0, digits.allSatisfy(\.isASCII) else {
                throw ValidationError(
                    "a route is named by its id, a whole number from 1 (see `transdb list routes`), or by --op, --from and --to; got '\(id)'")
            }
            return .id(value)
        }
        guard let op, let from else {
            throw ValidationError(
                "name the route by its id, or by its key: --op, --from and --to (and --delegate when several delegates map it)")
        }
        guard let to = to ?? (op == .dismiss ? "*" : nil) else { throw ValidationError("missing --to (the screen being shown, or '*')") }
        return .key(
            RouteKey(
                delegate: try delegate.map { try qualifiedName($0, field: "delegate") }, operation: op,
                from: try ScreenPattern(parsing: from, field: "from screen"), to: try ScreenPattern(parsing: to, field: "to screen")))
    }
}

/// `--dry-run` for the commands that change entries.
struct DryRunOption: ParsableArguments {
    @Flag(name: .long, help: "Print what would change and change nothing.") var dryRun = false

    /// How `add` reports an entry: "added", or "would add" in a dry run.
    var added: String { dryRun ? "would add" : "added" }
}
