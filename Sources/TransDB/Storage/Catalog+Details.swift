import GRDB
import TransDBCore

/// One entry in full, for `transdb show`.
extension Catalog {
    /// The curve `name` in full: its record, for a spring its facts (``SpringFacts``), `usedBy`,
    /// the presets that use it, and `sameAs`, the other named curves that are the same curve
    /// (``sameCurves(as:)``).
    ///
    /// - Throws: ``LookupError`` for an unknown or ambiguous name.
    public func curveDetail(_ name: QualifiedName) throws -> EntryDetail {
        let (curve, users) = try curve(name)
        let same = try sameCurves(as: curve.curve).filter { $0 != curve.qualifiedName.description }
        return EntryDetail(
            record: curve.record + (curve.curve.springFacts?.record ?? []) + [
                ("usedBy", .array(users.map(JSONValue.string))), ("sameAs", .array(same.map(JSONValue.string))),
            ],
            columns: NamedCurve.recordKeys + SpringFacts.recordKeys + ["usedBy", "sameAs"])
    }

    /// The named duration `name` in full: its record and `usedBy`, the presets that use it.
    ///
    /// - Throws: ``LookupError`` for an unknown or ambiguous name.
    public func durationDetail(_ name: QualifiedName) throws -> EntryDetail {
        let (duration, users) = try duration(name)
        return EntryDetail(
            record: duration.record + [("usedBy", .array(users.map(JSONValue.string)))], columns: NamedDuration.recordKeys + ["usedBy"])
    }

    /// The preset `name` in full: ``Preset/detailedRecord(curveExpression:completionCurveExpression:)``
    /// with its curves' expressions, `reduceMotion`, what plays under Reduce Motion (the named
    /// alternative, or how the derived one differs: ``ReducedMotion``), and `usedBy`, what uses it.
    ///
    /// - Throws: ``LookupError`` for an unknown or ambiguous name.
    public func presetDetail(_ name: QualifiedName) throws -> EntryDetail {
        let (preset, users) = try preset(name)
        let expression = try timingCurve(preset.curve).expression
        let completion = try preset.interaction.map { try timingCurve($0.completionCurve).expression }
        let alternative = try ReducedMotion.alternative(for: preset, source: self)
        var reduceMotion = alternative.origin == .named
            ? "named: \(alternative.preset.qualifiedName)"
            : "derived: " + ReducedMotion.changes(from: preset, to: alternative.preset).joined(separator: "; ")
        let problems = alternative.origin == .derived ? ReducedMotion.derivationProblems(preset) : []
        if !problems.isEmpty { reduceMotion += " (not sensible: \(problems.joined(separator: "; ")); name one with --reduced-motion)" }
        return EntryDetail(
            record: preset.detailedRecord(curveExpression: expression, completionCurveExpression: completion)
                + [("reduceMotion", .string(reduceMotion)), ("usedBy", .array(users.map(JSONValue.string)))],
            columns: Preset.detailedRecordKeys + ["reduceMotion", "usedBy"])
    }

    /// The route mapping with id `id`.
    ///
    /// - Throws: ``LookupError/notFound(kind:name:suggestion:)`` for an unknown id.
    public func routeDetail(id: Int64) throws -> EntryDetail {
        EntryDetail(record: try route(id: id).record)
    }
}

extension Catalog {
    /// A curve expression that is not in the catalog, in full: its record as a curve of no
    /// library, its spring facts, and `sameAs` (``sameCurves(as:)``).
    public func curveDetail(expression curve: TimingCurve) throws -> EntryDetail {
        let same = try sameCurves(as: curve)
        return EntryDetail(
            record: [("kind", .string(curve.kind.rawValue)), ("expression", .string(curve.expression))]
                + (curve.springFacts?.record ?? []) + [("sameAs", .array(same.map(JSONValue.string)))],
            columns: ["kind", "expression"] + SpringFacts.recordKeys + ["sameAs"])
    }

    /// The named curves that are `curve`: whose expression is its own or, for a spring, one of its
    /// equivalent spellings (`response: 0.5, dampingFraction: 0.7` is SwiftUI's `duration: 0.5,
    /// bounce: 0.3`) or the same motion with its numbers rounded (as `show curve` writes the
    /// equivalents), or, for the identity, any other identity (`linear` is `cubic-bezier(0, 0,
    /// 1, 1)`). Sorted by qualified name.
    private func sameCurves(as curve: TimingCurve) throws -> [String] {
        let spellings = [curve.expression] + (curve.springFacts?.equivalents ?? [])
        // Curves with many spellings are found by reading each candidate of their kinds.
        let (kinds, isSame): ([TimingCurve.Kind], ((TimingCurve) -> Bool)?) =
            switch curve {
            case _ where curve.isIdentity: ([.linear, .cubicBezier, .piecewiseLinear], { $0.isIdentity })
            case let .spring(spring): ([.spring], { other in if case let .spring(other) = other { other.isSameMotion(as: spring) } else { false } })
            default: ([], nil)
            }
        return try read { db in
            var names = try String.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT l.name || '/' || c.name FROM curve c JOIN library l ON l.id = c.library_id
                    WHERE c.expression IN (\(databaseQuestionMarks(count: spellings.count))) ORDER BY 1
                    """,
                arguments: StatementArguments(spellings))
            if let isSame {
                let candidates = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT l.name || '/' || c.name AS name, c.expression FROM curve c JOIN library l ON l.id = c.library_id
                        WHERE c.kind IN (\(databaseQuestionMarks(count: kinds.count)))
                        """,
                    arguments: StatementArguments(kinds.map(\.rawValue)))
                for row in candidates where (try? TimingCurve(expression: row["expression"] as String)).map(isSame) == true {
                    names.append(row["name"])
                }
                names = Array(Set(names)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            }
            return names
        }
    }

    /// The screen `name` in full, with `routes`, the routes from or to it.
    ///
    /// - Throws: ``LookupError`` for an unknown or ambiguous name.
    /// `listLimit`, when given, reads at most that many routes (a table shows the first few of
    /// a screen's thousands) and counts the rest in ``EntryDetail/totals``.
    public func screenDetail(_ name: QualifiedName, listLimit: Int? = nil) throws -> EntryDetail {
        try read { db in
            let id = try CatalogLookup.id(.screen, name, db)
            let reader = CatalogReader(db: db)
            let routes = try reader.routes(screen: id, limit: listLimit)
            var detail = EntryDetail(record: try reader.screen(id: id).record + [("routes", routeList(routes))])
            if let listLimit, routes.count >= listLimit { detail.totals["routes"] = try reader.routeCount(screen: id) }
            return detail
        }
    }

    /// The container `name` in full.
    ///
    /// - Throws: ``LookupError`` for an unknown or ambiguous name.
    public func containerDetail(_ name: QualifiedName) throws -> EntryDetail {
        try read { db in EntryDetail(record: try CatalogReader(db: db).container(id: CatalogLookup.id(.container, name, db)).record) }
    }

    /// The delegate `name` in full, with `setOn`, the screens and containers it is the delegate
    /// of, and `routes`, its mappings.
    ///
    /// - Throws: ``LookupError`` for an unknown or ambiguous name.
    /// `listLimit` as in ``screenDetail(_:listLimit:)`` (a delegate may answer a million routes).
    public func delegateDetail(_ name: QualifiedName, listLimit: Int? = nil) throws -> EntryDetail {
        try read { db in
            let id = try CatalogLookup.id(.delegate, name, db)
            let reader = CatalogReader(db: db)
            let owners = try String.fetchAll(
                db,
                sql: """
                    SELECT 'screen ' || l.name || '/' || s.name FROM screen s JOIN library l ON l.id = s.library_id WHERE s.delegate_id = ?1
                    UNION ALL SELECT 'container ' || l.name || '/' || c.name FROM container c JOIN library l ON l.id = c.library_id
                    WHERE c.delegate_id = ?1 ORDER BY 1
                    """,
                arguments: [id])
            let routes = try reader.routes(delegate: id, limit: listLimit)
            var detail = EntryDetail(
                record: try reader.delegate(id: id).record + [("setOn", .array(owners.map(JSONValue.string))), ("routes", routeList(routes))])
            if let listLimit, routes.count >= listLimit { detail.totals["routes"] = try reader.routeCount(delegate: id) }
            return detail
        }
    }

    /// The library `name` in full: its record and the number of entries of each kind.
    ///
    /// - Throws: ``LookupError`` for an unknown library.
    public func libraryDetail(_ name: String) throws -> EntryDetail {
        guard let entry = try libraries().first(where: { $0.library.name == name }) else {
            throw LookupError.notFound(
                kind: .library, name: name,
                suggestion: NameSuggestion.closest(to: name, in: try libraries().map(\.library.name)))
        }
        return EntryDetail(
            record: entry.library.record
                + EntityKind.inLibrary.map {
                    ("\($0.rawValue)s", JSONValue.integer(Int64(entry.counts[$0] ?? 0)))
                })
    }

    /// `#ID op from → to returns preset` for each route.
    private func routeList(_ routes: [RouteMapping]) -> JSONValue {
        .array(routes.map { .string("#\($0.id ?? 0) \($0.routeDescription) on \($0.delegate) returns \($0.preset?.description ?? "nil")") })
    }
}
