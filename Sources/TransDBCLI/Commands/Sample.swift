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
                and the progress. Without --at, samples --count + 1 evenly spaced points from 0 to 1. --format svg draws \
                the samples as a plot of progress over normalised time, titled with the curve's expression.
                """)

        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "A curve name (library/name or name) or a curve expression.") var curve: String
        @Option(
            name: .long, parsing: .unconditionalSingleValue,
            help: ArgumentHelp("A normalised time to sample (repeatable; may lie outside [0, 1]).", valueName: "fraction"),
            transform: number)
        var at: [Double] = []
        @Option(name: .long, help: "Sample this many intervals from 0 to 1 (default: \(Self.defaultCount)).") var count: Int?
        static let defaultCount = 20
        @OptionGroup var output: DrawingFormatOptions

        func validate() throws {
            if let count, !(1...100_000).contains(count) { throw ValidationError("--count must be from 1 to 100000, got \(count)") }
            if count != nil && !at.isEmpty { throw ValidationError("give --at times or --count intervals, not both") }
            if let bad = at.first(where: { !$0.isFinite || abs($0) > 1e6 }) {
                throw ValidationError("--at must be a finite number within ±1e6, got \(bad.shortestDescription)")
            }
        }

        func run() throws {
            try reporting {
                let reference = try CurveReference(parsing: curve, field: "curve")
                // An expression needs no catalog; a name does.
                let timing =
                    switch reference {
                    case let .inline(inline): inline
                    case .named: try catalog.open(forWriting: false).timingCurve(reference)
                    }
                let samples = CurveSamples(curve: timing, at: at.isEmpty ? CurveSamples.evenlySpaced(intervals: count ?? Self.defaultCount) : at)
                guard let format = output.format.listing else { return Output.print(CurvePlotSVG(samples).svg) }
                Output.print(SampleOutput(samples, plot: Terminal.isInteractive), as: format, wide: output.wide)
            }
        }
    }
}
