import TransDBCore

/// A curve's samples as `transdb sample` prints them.
///
/// - `json`: `{"curve", "duration", "samples": [{"at", "time", "progress"}]}`.
/// - `ndjson`, `csv`: a line or row per sample, `at, time, progress`.
/// - `table`: the curve's expression (and its own duration), a row per sample, and with
///   ``plot`` a small plot of the curve.
public struct SampleOutput: Sendable {
    /// The samples.
    public var samples: CurveSamples
    /// Whether `table` ends with a plot of the curve (worth it in a terminal).
    public var plot: Bool

    /// The output of `samples`.
    public init(_ samples: CurveSamples, plot: Bool) {
        self.samples = samples
        self.plot = plot
    }
}

extension SampleOutput: Renderable {
    private var records: [[(String, JSONValue)]] {
        samples.samples.map { [("at", .number($0.at)), ("time", .number($0.time)), ("progress", .number($0.progress))] }
    }

    public var jsonDocument: JSONValue {
        .object([
            ("curve", .string(samples.curve.expression)), ("duration", .number(samples.duration)),
            ("samples", .array(records.map(JSONValue.object))),
        ])
    }

    public func forEachJSONLine(_ body: (JSONValue) throws -> Void) rethrows {
        for record in records { try body(.object(record)) }
    }

    public func forEachCSVRecord(_ body: ([(String, JSONValue)]) throws -> Void) rethrows {
        for record in records { try body(record) }
    }

    public var tableText: [TextBlock] {
        let rows = samples.samples.map {
            [$0.at.formatted(digits: 4), $0.time.map { $0.formatted(digits: 4) } ?? "-", $0.progress.formatted(digits: 6)]
        }
        return [.text(samples.heading + "\n"), .table(Table(header: ["at", "time", "progress"], rows: rows))]
            + (plot ? [.text("\n" + CurvePlot(function: samples.function).rendered)] : [])
    }
}

extension CurveSamples {
    /// The curve's expression, and its own duration when it has one: the heading of the table
    /// and the title of the plot.
    var heading: String {
        curve.expression + (duration.map { " over \($0.formatted(digits: 4)) s" } ?? "")
    }
}
