import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

/// The README's examples run, so that the documentation cannot drift from the binary.
///
/// Every ```` ```sh ```` block that does not run the repository's scripts is run line by line, in
/// order, in one temporary directory with `transdb` on the `PATH` and no catalog but the ones the
/// blocks make. Each command must exit 0, or N when its comment says `exits N`; each `#   ` line
/// right under a command is a line its output (stdout and stderr) must contain. Every `$ transdb …`
/// example in a plain block runs against a catalog made by `transdb init`, and its output must be
/// the lines shown — where a line holds `…`, the pieces around it in order, white space aside.
@Suite("README examples")
struct ReadmeTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    /// A fenced block: its language tag, its lines, and the last line of text before it.
    struct Block {
        var language: String
        var lines: [String]
        var context = ""
    }

    static func blocks() throws -> [Block] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        var blocks: [Block] = []
        var current: Block?
        var context = ""
        for line in text.components(separatedBy: "\n") {
            if var block = current {
                if line == "```" {
                    blocks.append(block)
                    current = nil
                } else {
                    block.lines.append(line)
                    current = block
                }
            } else if line.hasPrefix("```") {
                current = Block(language: String(line.dropFirst(3)), lines: [], context: context)
            } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                context = line
            }
        }
        return blocks
    }

    /// A command line of a shell block, its expected exit code and the output lines shown under it.
    struct Step: CustomStringConvertible {
        var command: String
        var exitCode: Int32
        var expected: [String]
        var description: String { command }
    }

    static func steps() throws -> [Step] {
        var steps: [Step] = []
        for block in try blocks() where block.language == "sh" && !block.lines.contains(where: { $0.contains("Scripts/") }) {
            for line in block.lines {
                if line.hasPrefix("#   "), !steps.isEmpty {
                    steps[steps.count - 1].expected.append(String(line.dropFirst(4)))
                    continue
                }
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                var command = trimmed
                var code: Int32 = 0
                if let comment = trimmed.range(of: "  #") ?? trimmed.range(of: " # ") {
                    let note = trimmed[comment.upperBound...]
                    if let exits = note.range(of: "exits ") {
                        code = Int32(note[exits.upperBound...].prefix { $0.isNumber }) ?? 0
                    }
                    command = String(trimmed[..<comment.lowerBound]).trimmingCharacters(in: .whitespaces)
                }
                steps.append(Step(command: command, exitCode: code, expected: []))
            }
        }
        return steps
    }

    /// Runs `command` with `/bin/sh` in the runner's directory, `transdb` first on the PATH.
    static func shell(_ runner: TransDBRunner, _ command: String) throws -> TransDBRunner.Result {
        let directory = (runner.binary as NSString).deletingLastPathComponent
        let result = try runner.runExecutable(
            "/bin/sh", ["-c", command], environment: ["PATH": directory + ":/usr/bin:/bin", "TRANSDB_DB": ""])
        return result
    }

    @Test("the shell blocks run in order: exit codes and the output lines shown")
    func shellBlocks() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        let steps = try Self.steps()
        #expect(steps.count > 30)
        for step in steps {
            let result = try Self.shell(runner, step.command)
            #expect(result.exitCode == step.exitCode, "`\(step.command)`: \(result)")
            let lines = Set((result.stdout + result.stderr).components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
            for line in step.expected {
                #expect(lines.contains(line.trimmingCharacters(in: .whitespaces)), "`\(step.command)` does not print \(line): \(result)")
            }
        }
    }

    @Test("each `$ transdb …` example prints what the README shows")
    func examples() throws {
        let runner = try TransDBRunner()
        defer { runner.remove() }
        let created = try Self.shell(runner, "transdb init")
        try #require(created.exitCode == 0, "\(created)")
        var count = 0
        for block in try Self.blocks() where block.language.isEmpty && block.lines.first?.hasPrefix("$ transdb ") == true {
            var index = 0
            while index < block.lines.count {
                let command = String(block.lines[index].dropFirst(2))
                var expected: [String] = []
                index += 1
                while index < block.lines.count, !block.lines[index].hasPrefix("$ ") {
                    expected.append(block.lines[index])
                    index += 1
                }
                count += 1
                let result = try Self.shell(runner, command.replacingOccurrences(of: "  #", with: " #"))
                #expect(result.exitCode == 0, "`\(command)`: \(result)")
                let output = result.stdout.components(separatedBy: "\n")
                if expected.allSatisfy({ !$0.contains("…") }) {
                    #expect(
                        Array(output.prefix(expected.count)) == expected,
                        "`\(command)` printed:\n\(result.stdout)\nthe README shows:\n\(expected.joined(separator: "\n"))")
                } else {
                    // Elided output: the pieces around each `…`, in order, white space aside.
                    let squeezed = result.stdout.filter { !$0.isWhitespace }
                    var position = squeezed.startIndex
                    for piece in expected.joined().split(separator: "…").map({ $0.filter { !$0.isWhitespace } }) where !piece.isEmpty {
                        guard let found = squeezed[position...].range(of: piece) else {
                            Issue.record("`\(command)` does not print \(piece) where the README shows it:\n\(result.stdout)")
                            break
                        }
                        position = found.upperBound
                    }
                }
            }
        }
        #expect(count >= 3)
    }

    /// The command each JSON example documents, run on the default catalog, and how to find the
    /// example's object in what it prints.
    static let jsonExamples: [String: (command: [String], pick: @Sendable ([String: Any]) -> Bool)] = [
        "`transdb list presets --format json` — an array of:": (
            ["list", "presets", "--format", "json"], { $0["library"] as? String == "motion" && $0["name"] as? String == "zoom" }
        ),
        "`transdb resolve --format json`:": (["resolve", "--op", "present", "--from", "Feed", "--to", "Detail", "--format", "json", "--explain"], { _ in true }),
    ]

    @Test("each JSON example is what the command prints: every value shown, `…` standing for any")
    func jsonExamples() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        var count = 0
        for block in try Self.blocks() where block.language == "json" {
            guard let (command, pick) = Self.jsonExamples[block.context] else { continue }
            count += 1
            let example = try #require(try JSONSerialization.jsonObject(with: Data(block.lines.joined(separator: "\n").utf8)) as? [String: Any])
            let printed = try JSONSerialization.jsonObject(with: Data(try cli(command).stdout.utf8))
            let objects = (printed as? [[String: Any]]) ?? [(printed as? [String: Any]) ?? [:]]
            let actual = try #require(objects.first(where: pick), "\(command): nothing printed matches the example")
            Self.expectShown(example, actual, at: command.joined(separator: " "))
        }
        #expect(count == Self.jsonExamples.count)
    }

    /// `actual` has what `shown` shows, key for key: `"…"` stands for any value, and an array ending
    /// with `"…"` for any further elements.
    static func expectShown(_ shown: Any, _ actual: Any?, at path: String) {
        switch shown {
        case let text as String where text == "…":
            return
        case let object as [String: Any]:
            let other = actual as? [String: Any]
            #expect(other != nil && Set(object.keys) == Set(other!.keys), "\(path): keys \(object.keys.sorted()) shown, \(other?.keys.sorted() ?? []) printed")
            for (key, value) in object { expectShown(value, other?[key], at: "\(path).\(key)") }
        case let array as [Any]:
            let other = actual as? [Any] ?? []
            let open = (array.last as? String) == "…"
            let fixed = open ? array.dropLast() : array[...]
            #expect(open ? other.count >= fixed.count : other.count == fixed.count, "\(path): \(other.count) elements printed")
            for (index, value) in fixed.enumerated() where index < other.count { expectShown(value, other[index], at: "\(path)[\(index)]") }
        default:
            #expect(String(describing: shown) == String(describing: actual ?? NSNull()), "\(path): \(shown) shown, \(actual ?? "nothing") printed")
        }
    }
}
