import ArgumentParser
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb lint [FILE…]`.
    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lint",
            abstract: "Find transition bugs in the catalog or in bundle files before they ship.",
            discussion: """
                Without FILE, lints every library of the catalog (--db, or the one every command finds). With FILE \
                (bundle files or catalogs), lints their libraries, reading the libraries they refer to from the catalog, \
                and gives each finding's file and line. Each rule has a stable id, a severity (error, warning, info) and \
                a help text: --explain RULE prints it, --explain all lists the rules. --rule runs only the rules given, \
                --ignore leaves rules out (both repeatable). An entry's description can accept a finding with its \
                reason: [lint allow TD001: why]; accepted findings are counted, listed with --show-accepted, and in \
                SARIF are results with a suppression. Exits 1 when a finding no suppression accepts is at or above \
                --fail-on (default: error), 0 otherwise.
                """)

        @OptionGroup var catalog: CatalogOptions
        @Argument(
            help: ArgumentHelp("Bundle files or catalogs to lint instead of the catalog; '-' reads a bundle from standard input.", valueName: "file"))
        var files: [String] = []
        @Option(name: .long, help: ArgumentHelp("Run only this rule (repeatable).", valueName: "rule"), completion: .list(Self.ruleIDs))
        var rule: [String] = []
        @Option(name: .long, help: ArgumentHelp("Do not run this rule (repeatable).", valueName: "rule"), completion: .list(Self.ruleIDs))
        var ignore: [String] = []
        @Option(name: .long, help: "Exit 1 when a finding is at or above this severity.")
        var failOn: LintSeverity = .error
        @Option(name: .long, help: "The output format; sarif is SARIF 2.1.0.") var format: LintFormat = .table
        @Option(
            name: .long, help: ArgumentHelp("Print this rule's help (`all`: a line per rule) and lint nothing.", valueName: "rule"),
            completion: .list(Self.ruleIDs + ["all"]))
        var explain: String?
        @Flag(name: .long, help: "List the findings inline suppressions accept too (table and json).") var showAccepted = false
        @OptionGroup var progress: ProgressOptions

        func validate() throws {
            if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input can be read only once; give '-' once") }
            let both = Swift.Set(rule.compactMap { LintRule.named($0)?.id }).intersection(ignore.compactMap { LintRule.named($0)?.id })
            if let id = both.sorted().first { throw ValidationError("--rule and --ignore both name \(id): nothing would run") }
            if explain != nil && format == .sarif { throw ValidationError("--explain prints table or json; sarif is for findings") }
            if explain != nil && !(files.isEmpty && rule.isEmpty && ignore.isEmpty) {
                throw ValidationError("--explain prints a rule's help and lints nothing: give it without files, --rule or --ignore")
            }
            for id in rule + ignore + [explain].compactMap({ $0 }).filter({ $0 != "all" }) where LintRule.named(id) == nil {
                throw ValidationError(
                    "unknown lint rule '\(id)'; the rules are \(LintRule.all.map(\.id).joined(separator: ", ")) (transdb lint --explain all)")
            }
        }

        func run() throws {
            let ids = Swift.Set((rule.isEmpty ? LintRule.all.map(\.id) : rule.compactMap { LintRule.named($0)?.id }))
                .subtracting(ignore.compactMap { LintRule.named($0)?.id })
            let rules = LintRule.all.filter { ids.contains($0.id) }
            if let explain {
                let explained = explain == "all" ? LintRule.all : LintRule.named(explain).map { [$0] } ?? []
                guard format == .json else { return Output.print(Self.explanation(explained, full: explain != "all")) }
                Output.print(JSONValue.array(explained.map(\.record)).pretty + "\n")
                return
            }
            var failed = false
            try reporting {
                let (findings, input): ([LintFinding], LintInput) = try progress.run { progress in
                    let input: LintInput
                    if files.isEmpty {
                        input = try catalog.open(forWriting: false).lintInput(progress: progress)
                    } else {
                        progress.begin("reading " + files.joined(separator: ", "))
                        input = try LintInput(
                            files: files, catalog: try? catalog.open(forWriting: false),
                            standardInput: Input.standardInput(maximumSize: BundleFormat.defaultMaximumSize))
                    }
                    return (input.lint(Linter(rules: ids), progress: progress), input)
                }
                let report = LintReport(findings: findings, rules: rules, places: input.places, files: input.files)
                let rendered = report.rendered(format, toolVersion: TransDBVersion.current, showAccepted: showAccepted)
                Output.print(rendered)
                // The table of a clean catalog is empty, as a compiler's output is; say that it ran.
                if rendered.isEmpty {
                    let libraries = input.reported?.count ?? input.catalog.libraries.count
                    Output.inform(
                        "transdb: no findings (\(rules.count) rule\(rules.count == 1 ? "" : "s") over \(libraries) librar\(libraries == 1 ? "y" : "ies"))")
                }
                failed = report.hasFindings(atLeast: failOn)
            }
            if failed { throw ExitCode(1) }
        }

        /// What shell completion offers for a rule.
        static let ruleIDs = LintRule.all.map(\.id)

        /// The rules as `--explain` prints them in a table: a line each, or in full.
        static func explanation(_ rules: [LintRule], full: Bool) -> String {
            guard full else {
                return rules.map { "\($0.id)  \($0.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0))  \($0.summary)" }
                    .joined(separator: "\n") + "\n"
            }
            return rules.map { rule in
                "\(rule.id) \(rule.name) (\(rule.severity.rawValue)): \(rule.summary)\n\n\(rule.help)\n\nSource: \(rule.source)\n"
            }.joined(separator: "\n")
        }
    }
}
