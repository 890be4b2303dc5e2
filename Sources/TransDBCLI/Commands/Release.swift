import ArgumentParser
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb release delegate D`: model a weak reference whose object is gone.
    struct Release: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "release",
            abstract: "Mark a delegate released: its weak references are nil, so UIKit sees no delegate.",
            discussion: "The same as `transdb set delegate D --released`, with its --dry-run and --format.")

        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "delegate") var kind: DelegateKeyword
        @Argument(help: "The delegate's name.") var name: String
        @OptionGroup var dryRun: DryRunOption
        @OptionGroup var output: FormatOptions

        func run() throws {
            try reporting {
                try ReleaseState.set(released: true, name, in: catalog, dryRun: dryRun, output: output)
            }
        }
    }
}

/// The word `delegate` in `transdb release delegate D` and `transdb retain delegate D`.
enum DelegateKeyword: String, CaseIterable, ExpressibleByArgument {
    case delegate
}

/// `release` and `retain`: `set delegate --released` or `--no-released`, told in their own words.
enum ReleaseState {
    static func set(released: Bool, _ name: String, in catalog: CatalogOptions, dryRun: DryRunOption, output: FormatOptions) throws {
        let report = try catalog.open(forWriting: true, dryRun: dryRun.dryRun).setDelegate(
            try qualifiedName(name, field: "delegate"), DelegateEdit(released: released, description: nil), dryRun: dryRun.dryRun)
        guard output.format == .table else { return printReport(report, format: output.format) }
        let delegate = report.name
        if report.changes.isEmpty {
            Output.line("delegate \(delegate) is already \(released ? "released" : "retained"); nothing changed")
        } else if released {
            Output.line("\(dryRun.dryRun ? "would release" : "released") delegate \(delegate): UIKit now sees no delegate where it was set")
        } else {
            Output.line("\(dryRun.dryRun ? "would retain" : "retained") delegate \(delegate)")
        }
    }
}
