import ArgumentParser
import Foundation
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb sample CURVE`: evaluate a timing curve.
    struct Sample: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sample",
            abstract: "Evaluate a timing curve (a name or an expression) at points of normalised time.",
            discussion: """
                Prints the normalised time, the time in seconds when the curve has a duration of its own (a spring's), \
                and the progress. Without --at, samples --count + 1 evenly spaced points from 0 to 1.
                """)

        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "A curve name (library/name or name) or a curve expression.") var curve: String
        @Option(name: .long, help: ArgumentHelp("A normalised time to sample (repeatable; may lie outside [0, 1]).", valueName: "fraction"))
        var at: [Double] = []
        @Option(name: .long, help: "Sample this many intervals from 0 to 1.") var count: Int = 20
        @OptionGroup var output: FormatOptions

        func validate() throws {
            guard (1...100_000).contains(count) else { throw ValidationError("--count must be from 1 to 100000, got \(count)") }
            if let bad = at.first(where: { !$0.isFinite || abs($0) > 1e6 }) {
                throw ValidationError("--at must be a finite number within ±1e6, got \(bad)")
            }
        }

        func run() throws {
            try reporting {
                let reference = try CurveReference(parsing: curve, field: "curve")
                // An expression needs no catalog; a name does.
                let timing: TimingCurve
                switch reference {
                case let .inline(inline): timing = inline
                case .named: timing = try catalog.open(forWriting: false).timingCurve(reference)
                }
                let duration = timing.intrinsicDuration
                let function = timing.function(duration: duration)
                let points = at.isEmpty ? (0...count).map { Double($0) / Double(count) } : at
                let samples = points.map { point in (at: point, time: duration.map { point * $0 }, progress: function.progress(at: point)) }
                let records: [[(String, JSONValue)]] = samples.map {
                    [("at", .number($0.at)), ("time", .number($0.time)), ("progress", .number($0.progress))]
                }
                switch output.format {
                case .json:
                    let document = JSONValue.object([
                        ("curve", .string(timing.expression)), ("duration", .number(duration)),
                        ("samples", .array(records.map(JSONValue.object))),
                    ])
                    Output.print(document.pretty + "\n")
                case .ndjson, .csv:
                    Output.print(Listing(records: records).rendered(as: output.format))
                case .table:
                    Output.line(timing.expression + (duration.map { " over \($0.formatted(digits: 4)) s" } ?? ""))
                    let rows = samples.map { [$0.at.formatted(digits: 4), $0.time.map { $0.formatted(digits: 4) } ?? "-", $0.progress.formatted(digits: 6)] }
                    Output.print(Table(header: ["at", "time", "progress"], rows: rows).rendered)
                    if Terminal.isInteractive { Output.print("\n" + CurvePlot(function: function).rendered) }
                }
            }
        }
    }
}
