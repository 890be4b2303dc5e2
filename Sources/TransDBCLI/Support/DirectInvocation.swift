import ArgumentParser
import TransDB
import TransDBCore

/// The read-only commands that scripts run in loops — `resolve` (one route or `--batch`) and
/// `list` — parsed without ArgumentParser's machinery.
///
/// ArgumentParser builds its argument sets by reflecting over every property wrapper, and each
/// new type it meets costs a run-time protocol-conformance check; in a static binary every such
/// check scans the whole conformance table (Foundation's included). callgrind put that at half of
/// a whole `transdb resolve` process. So the plain, complete, valid spellings of these two
/// commands are recognised here and filled into the same command values ArgumentParser would
/// make; anything else — help, a typo, an abbreviation, a repeated or missing option, a value that
/// fails validation — gives `nil` and goes through ArgumentParser, so every message and every help
/// text still comes from one place. `DirectInvocationTests` checks that both parsers build equal
/// commands.
enum DirectInvocation {
    /// The command `arguments` (without the program name) spell, or `nil` to use ArgumentParser.
    static func command(_ arguments: [String]) -> (any ParsableCommand)? {
        guard let name = arguments.first else { return nil }
        let rest = arguments.dropFirst()
        switch name {
        case "resolve": return resolve(rest)
        case "list": return list(rest)
        default: return nil
        }
    }

    /// One route (`--op`, `--from`, `--to`), or `--batch`.
    private static func resolve(_ arguments: ArraySlice<String>) -> TransDBCommand.Resolve? {
        guard
            let words = Words(
                arguments, options: ["db", "busy-timeout", "op", "from", "to", "container", "format", "jobs"],
                flags: ["explain", "strict", "wide", "reduce-motion", "batch", "progress", "quiet"]),
            words.positionals.isEmpty,
            let catalog = catalogOptions(words), let output = formatOptions(words),
            let op = words.optionalValue("op", TransitionOperation.init(argument:)),
            let jobs = words.optionalValue("jobs", Int.init)
        else { return nil }
        var command = TransDBCommand.Resolve()
        command.catalog = catalog
        command.op = op
        command.from = words.options["from"]
        command.to = words.options["to"]
        command.container = words.options["container"]
        command.explain = words.flags.contains("explain")
        command.strict = words.flags.contains("strict")
        command.reduceMotion = words.flags.contains("reduce-motion")
        command.batch = words.flags.contains("batch")
        command.jobs = jobs
        command.output = output
        var progress = ProgressOptions()
        progress.progress = words.flags.contains("progress")
        progress.quiet = words.flags.contains("quiet")
        guard (try? progress.validate()) != nil else { return nil }
        command.progress = progress
        command.words = []
        // A single route needs all three names here; a dismiss without --to is ArgumentParser's.
        guard command.batch || (command.from != nil && command.to != nil) else { return nil }
        return (try? command.validate()) == nil ? nil : command
    }

    private static func list(_ arguments: ArraySlice<String>) -> TransDBCommand.List? {
        guard
            let words = Words(
                arguments, options: ["db", "busy-timeout", "library", "kind", "delegate", "op", "screen", "preset", "curve", "duration", "format"],
                flags: ["wide"]),
            words.positionals.count == 1, let kind = ListedKind(argument: words.positionals[0]),
            let catalog = catalogOptions(words), let output = formatOptions(words)
        else { return nil }
        var command = TransDBCommand.List()
        command.catalog = catalog
        command.kind = kind
        command.library = words.options["library"]
        command.kindFilter = words.options["kind"]
        command.delegate = words.options["delegate"]
        guard let op = words.optionalValue("op", TransitionOperation.init(argument:)) else { return nil }
        command.op = op
        command.screen = words.options["screen"]
        command.preset = words.options["preset"]
        command.curve = words.options["curve"]
        command.duration = words.options["duration"]
        command.output = output
        return (try? command.validate()) == nil ? nil : command
    }

    private static func catalogOptions(_ words: Words) -> CatalogOptions? {
        var options = CatalogOptions()
        options.db = words.options["db"]
        guard let timeout = words.optionalValue("busy-timeout", { try? JSONNumber.parse($0) }) else { return nil }
        options.busyTimeout = timeout ?? Catalog.defaultBusyTimeout
        return (try? options.validate()) == nil ? nil : options
    }

    private static func formatOptions(_ words: Words) -> FormatOptions? {
        var options = FormatOptions()
        guard let format = words.optionalValue("format", OutputFormat.init(argument:)) else { return nil }
        options.format = format ?? .table
        options.wide = words.flags.contains("wide")
        return options
    }
}

/// Command-line words split into `--name value` / `--name=value` options, `--flag`s and
/// positionals — only in the plain spellings; anything unusual makes the whole split fail.
private struct Words {
    var options: [String: String] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    init?(_ arguments: ArraySlice<String>, options known: Set<String>, flags knownFlags: Set<String>) {
        var remaining = arguments[...]
        while let word = remaining.popFirst() {
            guard word.hasPrefix("-") else {
                positionals.append(word)
                continue
            }
            guard word.hasPrefix("--"), word.count > 2 else { return nil }  // `-x`, `-`, `--`
            let body = word.dropFirst(2)
            if let equals = body.firstIndex(of: "=") {
                let name = String(body[..<equals])
                guard known.contains(name), options[name] == nil else { return nil }
                options[name] = String(body[body.index(after: equals)...])
            } else if knownFlags.contains(String(body)) {
                guard flags.insert(String(body)).inserted else { return nil }
            } else {
                let name = String(body)
                // A value that looks like an option is ArgumentParser's to judge.
                guard known.contains(name), options[name] == nil, let value = remaining.popFirst(), !value.hasPrefix("-") else {
                    return nil
                }
                options[name] = value
            }
        }
        // An empty value (`--from=`) is left to ArgumentParser and the command's own checks.
        if options.values.contains(where: \.isEmpty) { return nil }
    }

    /// The option's value converted, `nil` when it is absent or does not convert.
    func value<T>(_ name: String, _ convert: (String) -> T?) -> T? {
        options[name].flatMap(convert)
    }

    /// `.some(nil)` when the option is absent, `.some(value)` when it converts, `nil` when it does not.
    func optionalValue<T>(_ name: String, _ convert: (String) -> T?) -> T?? {
        guard let text = options[name] else { return .some(nil) }
        return convert(text).map { .some($0) }
    }
}
