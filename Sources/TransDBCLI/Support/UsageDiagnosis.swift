import Foundation
import ArgumentParser
import TransDBCore

/// What the command line meant, when ArgumentParser alone would answer badly: options shared by
/// every command (`--db`, `--busy-timeout`) given before the subcommand, a misspelt or foreign
/// command word (`ad`, `update`), an unknown option that a command's own checks would otherwise
/// report first (`resolve --opp`), and ArgumentParser's messages in transdb's words.
enum UsageDiagnosis {
    /// Words people reach for from other tools, and transdb's command for them.
    static let aliases: [String: String] = [
        "update": "set", "edit": "set", "modify": "set", "change": "set", "mv": "rename", "move": "rename", "remove": "rm",
        "delete": "rm", "del": "rm", "ls": "list", "get": "show", "describe": "show", "cat": "show", "new": "add", "create": "add",
    ]

    /// The options every command takes, which may come before the subcommand.
    static let shared: Set<String> = ["--db", "--busy-timeout"]

    /// A shared option given twice with different values (`transdb --db a.sqlite add … --db
    /// b.sqlite`): ArgumentParser would take one without a word, and a write would go to it.
    static func repeatedSharedOption(_ arguments: [String]) -> String? {
        for option in shared.sorted() {
            var values: [String] = []
            var index = arguments.startIndex
            while index < arguments.endIndex, arguments[index] != "--" {
                let word = arguments[index]
                if word == option, index + 1 < arguments.endIndex {
                    values.append(arguments[index + 1])
                    index += 1
                } else if word.hasPrefix(option + "=") {
                    values.append(String(word.dropFirst(option.count + 1)))
                }
                index += 1
            }
            let distinct = values.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            if distinct.count > 1 {
                return "\(option) is given \(values.count) times (\(distinct.map { "'\($0)'" }.joined(separator: ", "))); give it once"
            }
        }
        return nil
    }

    /// An option that takes one value given twice with different values (`list presets --library
    /// motion --library uikit`), or a flag given with its inversion (`--released --no-released`):
    /// ArgumentParser would keep the last without a word, and a script would get another answer
    /// than it asked for. Read after the shared options were moved (``normalized(_:)``).
    static func repeatedOption(_ arguments: [String]) -> String? {
        let words = arguments.prefix { $0 != "--" }
        // The usual command line names each option once, by its long name: nothing to look up.
        var names = Set<String>()
        var repeated = false
        for word in words where word.hasPrefix("-") && !isNegativeNumber(word) {
            var name = String(word.prefix { $0 != "=" })
            if name.hasPrefix("--no-") { name = "--" + name.dropFirst(5) }
            if !names.insert(name).inserted { repeated = true }
        }
        let short = names.contains { !$0.hasPrefix("--") }
        guard repeated || (short && names.count > 1) else { return nil }
        let arguments = CommandArguments(command(namedBy: words))
        var given: [Int: [(name: String, value: String?)]] = [:]
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            index += 1
            guard word.hasPrefix("-"), !isNegativeNumber(word) else { continue }
            let name = String(word.prefix { $0 != "=" })
            guard let argument = arguments.named[name] else { continue }
            var value: String?
            if arguments.takesValue[argument] {
                if let equals = word.firstIndex(of: "=") {
                    value = String(word[word.index(after: equals)...])
                } else if index < words.endIndex {
                    value = words[index]
                    index += 1
                }
            }
            given[argument, default: []].append((name, value))
        }
        for (argument, uses) in given.sorted(by: { $0.key < $1.key }) where uses.count > 1 && !arguments.isRepeating[argument] {
            let option = uses[0].name
            if shared.contains(option) { continue }  // said as typed, by ``repeatedSharedOption(_:)``
            let values = uses.compactMap(\.value).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            if values.count > 1 {
                return "\(option) is given \(uses.count) times (\(values.map { "'\($0)'" }.joined(separator: ", "))); give it once"
            }
        }
        // A flag and its inversion: two arguments to ArgumentParser, one choice to the user. (An
        // option and its `--no-` flag, `--reverse NAME` and `--no-reverse`, the command words itself.)
        for (name, argument) in arguments.named.sorted(by: { $0.key < $1.key }) where name.hasPrefix("--no-") {
            guard let flag = arguments.named["--" + name.dropFirst(5)], !arguments.takesValue[flag], given[argument] != nil, given[flag] != nil
            else { continue }
            return "give --\(name.dropFirst(5)) or \(name), not both"
        }
        return nil
    }

    /// `arguments` with shared options given before the subcommand (`transdb --db X list`) moved
    /// after it, where ArgumentParser reads them.
    static func normalized(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var rest = arguments[...]
        while let word = rest.first {
            if shared.contains(word), rest.count >= 2 {
                leading += rest.prefix(2)
                rest = rest.dropFirst(2)
            } else if let equals = word.firstIndex(of: "="), shared.contains(String(word[..<equals])) {
                leading.append(word)
                rest = rest.dropFirst()
            } else {
                break
            }
        }
        guard !leading.isEmpty, !rest.isEmpty else { return arguments }
        if let terminator = rest.firstIndex(of: "--") {
            return Array(rest[..<terminator]) + leading + Array(rest[terminator...])
        }
        return Array(rest) + leading
    }

    /// `arguments` with each negative number that follows an option joined to it (`--count -1`
    /// → `--count=-1`), or `nil` when there is none.
    static func negativeValuesJoined(_ arguments: [String]) -> [String]? {
        var joined: [String] = []
        var changed = false
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            if word == "--" { return changed ? joined + arguments[index...] : nil }
            if word.hasPrefix("--"), word.count > 2, !word.contains("="), index + 1 < arguments.endIndex,
                isNegativeNumber(arguments[index + 1])
            {
                joined.append(word + "=" + arguments[index + 1])
                changed = true
                index += 2
                continue
            }
            joined.append(word)
            index += 1
        }
        return changed ? joined : nil
    }

    /// `-1`, `-0.5`, `-.5`, `-1e3`, `-390x844`: a minus sign, then a digit or a point.
    private static func isNegativeNumber(_ word: String) -> Bool {
        let utf8 = Array(word.utf8.prefix(2))
        return utf8.count == 2 && utf8[0] == UInt8(ascii: "-") && (utf8[1] == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[1]))
    }

    /// A better message than ArgumentParser's for a command line it refused, or `nil`.
    static func diagnose(_ arguments: [String]) -> String? {
        diagnose(arguments[...], command: TransDBCommand.self, path: ["transdb"])
    }

    private static func subcommands(_ command: any ParsableCommand.Type) -> [any ParsableCommand.Type] {
        command.configuration.subcommands
    }

    private static func name(_ command: any ParsableCommand.Type) -> String {
        command.configuration.commandName ?? ""
    }

    private static func diagnose(_ arguments: ArraySlice<String>, command: any ParsableCommand.Type, path: [String]) -> String? {
        let children = subcommands(command)
        // `transdb --db x.sqlite list`: the options belong to the command, after it.
        if arguments.first == "--generate-completion-script" {
            let shell = arguments.dropFirst().first.map { "'\($0)'" } ?? "nothing"
            return "--generate-completion-script takes bash, zsh or fish, got \(shell)"
        }
        if let word = arguments.first, word.hasPrefix("-"), !children.isEmpty, !["--help", "-h", "--version"].contains(word) {
            let names = children.map(name)
            let known = path.joined(separator: " ")
            let option = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            guard let at = arguments.firstIndex(where: names.contains) else {
                // Only the options every command shares may come before it.
                if path.count == 1, !shared.contains(option) {
                    return "unknown option '\(word)'; give a command: \(names.joined(separator: ", "))"
                }
                return "no command given before or after '\(word)'; the commands are \(names.joined(separator: ", "))"
            }
            let reordered = [known, arguments[at]] + arguments[(at + 1)...] + arguments[..<at]
            // Moved after the command, is it one of its options?
            let moved = Array(path.dropFirst()) + [arguments[at]] + arguments[(at + 1)...] + arguments[..<at]
            if let problem = diagnose(moved[...], command: TransDBCommand.self, path: ["transdb"]),
                problem.hasPrefix("unknown option '\(option)'")
            {
                return problem
            }
            return "'\(word)' is an option of '\(known) \(arguments[at])', so it goes after it: \(reordered.joined(separator: " "))"
        }
        if let word = arguments.first, !word.hasPrefix("-"), !children.isEmpty {
            // `help` is checked before parsing (``helpTopic(_:)``).
            if word == "help" && path.count == 1 { return nil }
            let names = children.map(name)
            guard let index = names.firstIndex(of: word) else {
                let known = path.joined(separator: " ")
                if let alias = aliases[word], names.contains(alias) {
                    return "\(known) has no command '\(word)'; use '\(known) \(alias)'"
                }
                return noCommand(word, among: names, path: path)
            }
            return diagnose(arguments.dropFirst(), command: children[index], path: path + [word])
        }
        guard children.isEmpty else { return nil }
        let known = knownOptions(command)
        for word in arguments {
            if word == "--" { break }
            guard word.hasPrefix("--"), word.count > 2 else { continue }
            let name = String(word.prefix { $0 != "=" })
            if known.contains(name) { continue }
            let suggestion = NameSuggestion.closest(to: name, in: known).map { " (did you mean '\($0)'?)" } ?? ""
            return "unknown option '\(name)' for '\(path.joined(separator: " "))'\(suggestion)"
        }
        return nil
    }

    /// The (sub)command the words before the first option name: `add screen X --db d` names
    /// `transdb add screen`.
    private static func command(namedBy arguments: some Sequence<String>) -> any ParsableCommand.Type {
        var command: any ParsableCommand.Type = TransDBCommand.self
        for word in arguments where !word.hasPrefix("-") {
            guard let child = subcommands(command).first(where: { name($0) == word }) else { break }
            command = child
        }
        return command
    }

    /// `message` (reworded) with the option that the one word the command does not take most
    /// likely belongs to: `transdb export motion` → `--library motion`, `transdb check team.sqlite` →
    /// `--db team.sqlite`, `transdb eval fade 0.5` → `--at 0.5`.
    static func strayWordHint(_ message: String, arguments: [String]) -> String {
        guard let match = message.firstMatch(of: #/^unexpected argument '(?<word>[^']*)'$/#) else { return message }
        let word = String(match.word)
        let options = knownOptions(command(namedBy: arguments))
        let isCatalogFile = [".sqlite", ".sqlite3", ".db"].contains { word.lowercased().hasSuffix($0) }
        let option: String? =
            if isCatalogFile && options.contains("--db") {
                "--db"
            } else if Double(word)?.isFinite == true && options.contains("--at") {
                "--at"
            } else if !word.isEmpty && !word.hasPrefix("-") && !word.contains("/") && !word.contains(" ") && options.contains("--library") {
                "--library"
            } else {
                nil
            }
        guard let option else { return message }
        return message + " (did you mean '\(option) \(word)'?)"
    }

    /// `transdb help WORDS`: `nil` when the words name a command, else why not.
    static func helpTopic(_ words: ArraySlice<String>) -> String? {
        var command: any ParsableCommand.Type = TransDBCommand.self
        var path = ["transdb"]
        for word in words where !word.hasPrefix("-") {
            let children = subcommands(command)
            guard let next = children.first(where: { name($0) == word }) else {
                let names = children.map(name)
                guard !names.isEmpty else {
                    let known = path.joined(separator: " ")
                    if path == ["transdb", "lint"], let rule = LintRule.named(word) {
                        return "\(known) has no command '\(word)'; a rule's help is 'transdb lint --explain \(rule.id)'"
                    }
                    return "\(known) has no command '\(word)'; its help is 'transdb help \(path.dropFirst().joined(separator: " "))'"
                }
                return noCommand(word, among: names, path: path)
            }
            command = next
            path.append(word)
        }
        return nil
    }

    /// `transdb add has no command 'prest' (did you mean 'preset'?); its commands are …`.
    private static func noCommand(_ word: String, among names: [String], path: [String]) -> String {
        let suggestion = NameSuggestion.closest(to: word, in: names).map { " (did you mean '\($0)'?)" } ?? ""
        return "\(path.joined(separator: " ")) has no command '\(word)'\(suggestion); its commands are \(names.joined(separator: ", "))"
    }

    /// The long options `command` takes, read from its help (only on the error path).
    private static func knownOptions(_ command: any ParsableCommand.Type) -> [String] {
        let help = TransDBCommand.helpMessage(for: command, includeHidden: true, columns: 10_000)
        var options = Set(["--help", "--version"])
        var word = ""
        for character in help + " " {
            if character.isLetter || character.isNumber || character == "-" {
                word.append(character)
            } else {
                if word.hasPrefix("--"), word.count > 2, word.dropFirst(2).first?.isLetter == true { options.insert(word) }
                word = ""
            }
        }
        return options.sorted()
    }

    /// The commands whose `--format` takes `svg`.
    private static let drawing: [any ParsableCommand.Type] = [TransDBCommand.Eval.self, TransDBCommand.Sample.self]

    /// ArgumentParser's `message` in transdb's words: lower case, as every other error, and a
    /// value that is not one of a list gets the nearest one suggested, and `--format svg` where
    /// it does not apply says which commands draw.
    static func reworded(_ message: String) -> String {
        var text = message
        let marker = ". Please provide one of the following:"
        if let range = text.range(of: marker) {
            let cleaned = text[range.upperBound...].split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .map { $0.hasPrefix("- ") ? String($0.dropFirst(2)) : $0 }.filter { !$0.isEmpty }
            let head = String(text[..<range.lowerBound])
            var suggestion = ""
            if let start = head.range(of: "The value '"), let end = head[start.upperBound...].firstIndex(of: "'") {
                let value = String(head[start.upperBound..<end])
                suggestion = NameSuggestion.closest(to: value, in: cleaned).map { "; did you mean '\($0)'?" } ?? ""
            }
            text = head + ": expected one of " + cleaned.joined(separator: ", ") + suggestion
        }
        // ArgumentParser's one-line form of the same: ". Please provide one of 'a', 'b' or 'c'".
        if let range = text.range(of: ". Please provide one of ") {
            // Of two values it writes "'a' and 'b'": one of them is "'a' or 'b'".
            text = text[..<range.lowerBound] + ": expected one of " + text[range.upperBound...].replacingOccurrences(of: "' and '", with: "' or '")
        }
        if text.hasSuffix(".") { text.removeLast() }
        // Two exclusive flags: said as every other "not both" is.
        let exclusive = #/[Vv]alue to be set with flag '(?<second>[^']+)' had already been set with flag '(?<first>[^']+)'/#
        if let match = text.firstMatch(of: exclusive) {
            text = "give \(match.first) or \(match.second), not both"
        }
        // `--curve spring(duration: 0.5, bounce: 0.2)` unquoted: the shell split the expression.
        if text.contains("unexpected argument"), text.contains(":'") || text.contains(")'") {
            text += "; an expression with spaces is one argument: quote it ('spring(duration: 0.5, bounce: 0.2)')"
        }
        if text.hasPrefix("The value 'svg' is invalid for '--format") {
            text += "; svg is for " + drawing.map { "'transdb \(name($0))'" }.joined(separator: " and ")
        }
        guard let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase == true else { return text }
        return first.lowercased() + text.dropFirst()
    }
}

/// A command's options and flags as ArgumentParser describes them (`_dumpHelp()`, only read
/// when an option is given twice): each by every name it has, `--name` or `-n`.
private struct CommandArguments {
    var named: [String: Int] = [:]
    var takesValue: [Bool] = []
    var isRepeating: [Bool] = []

    init(_ command: any ParsableCommand.Type) {
        guard let dump = try? JSONSerialization.jsonObject(with: Data(command._dumpHelp().utf8)) as? [String: Any],
            let info = dump["command"] as? [String: Any], let arguments = info["arguments"] as? [[String: Any]]
        else { return }
        for argument in arguments {
            let kind = argument["kind"] as? String
            guard kind == "option" || kind == "flag", let names = argument["names"] as? [[String: Any]] else { continue }
            for name in names {
                guard let text = name["name"] as? String else { continue }
                named[(name["kind"] as? String == "short" ? "-" : "--") + text] = takesValue.count
            }
            takesValue.append(kind == "option")
            isRepeating.append(argument["isRepeating"] as? Bool ?? false)
        }
    }
}
