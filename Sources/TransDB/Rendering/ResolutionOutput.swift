import TransDBCore

/// A resolution as `transdb resolve` prints it.
///
/// - `json`, `ndjson`, `csv`: ``Resolution/record(curveExpression:includeExplanation:)`` with
///   the explanation, as one object or one row.
/// - `table`: the route, container, delegate, mapping and answer as `key  value` lines; with
///   ``explain``, then the lookup's steps, numbered, and one line in the manner of
///   `git check-ignore -v`: `DELEGATE:#MAPPING:ROUTE<TAB>ANSWER`, fields empty where there was
///   none.
public struct ResolutionOutput: Sendable {
    /// The answer.
    public var resolution: Resolution
    /// Whether `table` adds the lookup step by step.
    public var explain: Bool
    /// Where the expressions of the answer's curves are read.
    let catalog: Catalog

    /// The output of `resolution`, whose curves' expressions are read from `catalog` when a
    /// format shows them (a curve that cannot be read is shown by its name).
    public init(_ resolution: Resolution, catalog: Catalog, explain: Bool) {
        self.resolution = resolution
        self.catalog = catalog
        self.explain = explain
    }

    /// The answer's record, with its curves' expressions. Read only when asked for: the table
    /// does not show them, and reading them costs a query per curve.
    public var record: [(String, JSONValue)] {
        resolution.record(curveExpression: { reference in (try? catalog.curveExpression(reference)) ?? reference.description })
    }
}

extension ResolutionOutput: Renderable {
    public var jsonDocument: JSONValue { .object(record) }

    /// One row whose columns do not depend on the flags: `reduceMotion` is empty when Reduce
    /// Motion was not asked for (the JSON forms leave the key out then).
    public func forEachCSVRecord(_ body: ([(String, JSONValue)]) throws -> Void) rethrows {
        var row = record
        if !row.contains(where: { $0.0 == "reduceMotion" }) {
            row.insert(("reduceMotion", .null), at: row.firstIndex { $0.0 == "explanation" } ?? row.endIndex)
        }
        try body(row)
    }

    public var tableText: [TextBlock] {
        [.table(summary)] + (explain ? [.text(explanation)] : [])
    }

    private var summary: Table {
        let r = resolution
        var rows: [[String]] = [["route", "\(r.operation.rawValue) \(r.from) → \(r.to)"]]
        if let container = r.container { rows.append(["container", container.description]) }
        rows.append(["delegate", r.delegate?.description ?? "nil"])
        rows.append(["mapping", r.mapping.map { "#\($0.id ?? 0) \($0.routeDescription)" } ?? "-"])
        if let animator = r.animator {
            rows.append([
                "animator",
                "\(animator.qualifiedName) (\(animator.kind.rawValue), \(animator.duration.shortestDescription) s, \(animator.curve))",
            ])
            rows.append(["interaction", r.interaction.map { $0.qualifiedName.description } ?? "nil"])
        } else {
            rows.append(["animator", "nil → system default \(r.systemDefault?.rawValue ?? "-")"])
        }
        if r.reduceMotion {
            if let alternative = r.reducedMotion {
                let preset = alternative.preset
                rows.append([
                    "reduce motion",
                    alternative.origin == .named
                        ? "\(preset.qualifiedName) (named; \(preset.kind.rawValue), \(preset.duration.shortestDescription) s, \(preset.curve))"
                        : "derived from \(preset.qualifiedName): \(ReducedMotion.changes(from: alternative.original, to: preset).joined(separator: "; "))",
                ])
            } else if let system = r.systemDefault {
                rows.append(["reduce motion", ReducedMotion.systemDefaultNote(system)])
            }
        }
        if !r.unknownNames.isEmpty { rows.append(["not in catalog", r.unknownNames.joined(separator: ", ")]) }
        return Table(header: nil, rows: rows.map { [$0[0], Table.printable($0[1])] })
    }

    private var explanation: String {
        let r = resolution
        var text = "\n"
        for (i, step) in r.explanation.enumerated() {
            let number = String(i + 1)
            text += String(repeating: " ", count: max(0, 3 - number.count)) + "\(number). \(Table.printable(step))\n"
        }
        let answer = r.animator.map { $0.qualifiedName.description } ?? "nil (\(r.systemDefault?.rawValue ?? "-"))"
        let source = r.delegate?.description ?? ""
        let mapping = r.mapping.map { "#\($0.id ?? 0)" } ?? ""
        let route = r.mapping?.routeDescription ?? ""
        text += "\n\(Table.printable(source)):\(mapping):\(Table.printable(route))\t\(Table.printable(answer))\n"
        return text
    }
}
