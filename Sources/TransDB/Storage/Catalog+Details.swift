import TransDBCore

/// One entry in full, for `transdb show`.
extension Catalog {
    /// The curve `name` in full: its record, for a spring its facts (``SpringFacts``), and
    /// `usedBy`, the presets that use it.
    ///
    /// - Throws: ``LookupError`` for an unknown or ambiguous name.
    public func curveDetail(_ name: QualifiedName) throws -> EntryDetail {
        let (curve, users) = try curve(name)
        return EntryDetail(
            record: curve.record + (curve.curve.springFacts?.record ?? []) + [("usedBy", .array(users.map(JSONValue.string)))])
    }

    /// The preset `name` in full: ``Preset/detailedRecord(curveExpression:completionCurveExpression:)``
    /// with its curves' expressions, and `usedBy`, what uses it.
    ///
    /// - Throws: ``LookupError`` for an unknown or ambiguous name.
    public func presetDetail(_ name: QualifiedName) throws -> EntryDetail {
        let (preset, users) = try preset(name)
        let expression = try timingCurve(preset.curve).expression
        let completion = try preset.interaction.map { try timingCurve($0.completionCurve).expression }
        return EntryDetail(
            record: preset.detailedRecord(curveExpression: expression, completionCurveExpression: completion)
                + [("usedBy", .array(users.map(JSONValue.string)))])
    }

    /// The route mapping with id `id`.
    ///
    /// - Throws: ``LookupError/notFound(kind:name:suggestion:)`` for an unknown id.
    public func routeDetail(id: Int64) throws -> EntryDetail {
        EntryDetail(record: try route(id: id).record)
    }
}
