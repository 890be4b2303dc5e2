import ArgumentParser
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb show curve|preset|route NAME`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one curve, preset or route in full.",
            discussion: "A route is shown by its id (see `transdb list routes`).")

        @OptionGroup var catalog: CatalogOptions
        @Argument(help: "curve, preset or route.") var kind: ShownKind
        @Argument(help: "The name (library/name or name), or a route's id.") var name: String
        @OptionGroup var output: FormatOptions

        func validate() throws {
            if kind == .route && Int64(name) == nil {
                throw ValidationError("a route is shown by its id, a whole number (see `transdb list routes`), not '\(name)'")
            }
        }

        func run() throws {
            try reporting {
                let catalog = try catalog.open(forWriting: false)
                let record: [(String, JSONValue)]
                switch kind {
                case .curve:
                    let (curve, users) = try catalog.curve(try qualifiedName(name, field: "curve"))
                    record = curve.record + curve.curve.springFacts + [("usedBy", .array(users.map(JSONValue.string)))]
                case .preset:
                    let (preset, users) = try catalog.preset(try qualifiedName(name, field: "preset"))
                    let expression = try catalog.timingCurve(preset.curve).expression
                    let completion = try preset.interaction.map { try catalog.timingCurve($0.completionCurve).expression }
                    record = preset.detailedRecord(curveExpression: expression, completionCurveExpression: completion)
                        + [("usedBy", .array(users.map(JSONValue.string)))]
                case .route:
                    record = try catalog.route(id: Int64(name) ?? 0).record
                }
                Output.print(Self.render(record, as: output.format))
            }
        }

        /// One entry: key/value lines for people, one object for scripts.
        static func render(_ record: [(String, JSONValue)], as format: OutputFormat) -> String {
            switch format {
            case .json: return JSONValue.object(record).pretty + "\n"
            case .ndjson: return JSONValue.object(record).compact + "\n"
            case .csv: return Listing(records: [record]).rendered(as: .csv)
            case .table:
                var rows: [[String]] = []
                for (key, value) in record {
                    switch value {
                    case let .object(members) where key == "tracks":
                        for (view, track) in members {
                            guard case let .object(phases) = track else {
                                rows.append(["tracks.\(view)", track.cell])
                                continue
                            }
                            for (phase, state) in phases { rows.append(["tracks.\(view).\(phase)", Self.stateSummary(state)]) }
                        }
                    case .null: rows.append([key, "-"])
                    case let .array(items): rows.append([key, items.isEmpty ? "-" : items.map(\.cell).joined(separator: ", ")])
                    default: rows.append([key, Table.printable(value.cell)])
                    }
                }
                return Table(header: nil, rows: rows).rendered
            }
        }

        /// `frame container(1, 0, 1, 1), alpha 1, …` with identity values left out.
        private static func stateSummary(_ state: JSONValue) -> String {
            guard case let .object(fields) = state else { return state.cell }
            let identity: [String: String] = ["alpha": "1", "scaleX": "1", "scaleY": "1", "rotation": "0", "rotationY": "0", "cornerRadius": "0"]
            let parts = fields.compactMap { key, value -> String? in
                let text = value.cell
                return identity[key] == text ? nil : "\(key) \(text)"
            }
            return parts.joined(separator: ", ")
        }
    }
}

extension TimingCurve {
    /// For a spring: its physical form, damping ratio, settling duration, overshoot and every
    /// equivalent spelling; nothing for other curves.
    var springFacts: [(String, JSONValue)] {
        guard case let .spring(spring) = self else { return [] }
        let physical = spring.physical
        let settling = physical.settlingDuration()
        return [
            ("physical", .string(TimingCurve.spring(.physical(
                mass: physical.mass, stiffness: physical.stiffness, damping: physical.damping, velocity: physical.velocity)).expression)),
            ("dampingRatio", .number(physical.dampingRatio)),
            ("settlingDuration", settling.isFinite ? .number(settling) : .null),
            ("overshoot", .number(physical.overshoot)),
            ("equivalents", .array((equivalentSpringExpressions ?? []).map(JSONValue.string))),
        ]
    }
}

/// What `show` shows.
enum ShownKind: String, CaseIterable, ExpressibleByArgument {
    case curve, preset, route
}
