/// Writes resolutions as compact JSON, byte for byte `JSONValue.object(resolution.record(…)).compact`,
/// for `resolve --batch`: the presets' records, the bulk of an answer, are written once per preset
/// and copied after that. The batch tests compare both spellings.
package struct ResolutionWriter {
    /// By box, for boxes made without their record: the lookup hands out one box per preset, and
    /// an identity hashes and compares faster than a name. Each entry holds its box, so that its
    /// identity is not another's.
    private var presetRecords: [ObjectIdentifier: (box: Boxed<Preset>, record: [UInt8])] = [:]
    /// At most this many presets' records are kept: a full table starts again.
    private let recordLimit: Int

    /// A writer keeping at most `recordLimit` records of presets whose boxes hold none.
    package init(recordLimit: Int = 1 << 16) {
        self.recordLimit = max(1, recordLimit)
    }

    /// Forgets the presets' records: the catalog they were read from has changed.
    package mutating func forget() {
        presetRecords.removeAll()
    }

    /// Appends `resolution` and a newline to `out`.
    ///
    /// - Parameters:
    ///   - curveExpression: The expression of a preset's curve, as for ``Resolution/record(curveExpression:includeExplanation:)``.
    ///   - includeExplanation: Whether to write the `explanation` array.
    package mutating func write(
        _ resolution: Resolution, curveExpression: (CurveReference) -> String, includeExplanation: Bool, into out: inout [UInt8]
    ) {
        JSONBytes.append(#"{"operation":""#, to: &out)
        JSONBytes.append(resolution.operation.rawValueLiteral, to: &out)
        JSONBytes.append(#"","from":"#, to: &out)
        JSONBytes.appendQuoted(resolution.from, to: &out)
        JSONBytes.append(#","to":"#, to: &out)
        JSONBytes.appendQuoted(resolution.to, to: &out)
        JSONBytes.append(#","container":"#, to: &out)
        Self.appendName(resolution.container, to: &out)
        JSONBytes.append(#","delegate":"#, to: &out)
        Self.appendName(resolution.delegate, to: &out)
        JSONBytes.append(#","mapping":"#, to: &out)
        if let mapping = resolution.mapping {
            JSONBytes.append(#"{"id":"#, to: &out)
            if let id = mapping.id { JSONBytes.appendInteger(id, to: &out) } else { JSONBytes.append("null", to: &out) }
            JSONBytes.append(#","delegate":"#, to: &out)
            Self.appendName(mapping.delegate, to: &out)
            JSONBytes.append(#","operation":""#, to: &out)
            JSONBytes.append(mapping.operation.rawValueLiteral, to: &out)
            JSONBytes.append(#"","from":"#, to: &out)
            Self.appendPattern(mapping.from, to: &out)
            JSONBytes.append(#","to":"#, to: &out)
            Self.appendPattern(mapping.to, to: &out)
            JSONBytes.append(#","preset":"#, to: &out)
            Self.appendName(mapping.preset, to: &out)
            JSONBytes.append(#","interaction":"#, to: &out)
            Self.appendName(mapping.interaction, to: &out)
            out.append(UInt8(ascii: "}"))
        } else {
            JSONBytes.append("null", to: &out)
        }
        JSONBytes.append(#","animator":"#, to: &out)
        appendPreset(resolution.$animator, curveExpression: curveExpression, to: &out)
        JSONBytes.append(#","interaction":"#, to: &out)
        appendPreset(resolution.$interaction, curveExpression: curveExpression, to: &out)
        JSONBytes.append(#","systemDefault":"#, to: &out)
        if let fallback = resolution.systemDefault {
            JSONBytes.appendQuoted(fallback.rawValue, to: &out)
        } else {
            JSONBytes.append("null", to: &out)
        }
        JSONBytes.append(#","unknown":"#, to: &out)
        Self.appendArray(resolution.unknownNames, to: &out)
        // Rare, and a derived preset has its original's name: written without the records' memo.
        if let value = resolution.reduceMotionRecord(curveExpression: curveExpression) {
            JSONBytes.append(#","reduceMotion":"#, to: &out)
            out.append(contentsOf: value.utf8(indented: false))
        }
        if includeExplanation {
            JSONBytes.append(#","explanation":"#, to: &out)
            Self.appendArray(resolution.explanation, to: &out)
        }
        JSONBytes.append("}\n", to: &out)
    }

    /// Takes the box, whose preset is read in place: copying a preset out costs more than writing it.
    private mutating func appendPreset(_ preset: Boxed<Preset>, curveExpression: (CurveReference) -> String, to out: inout [UInt8]) {
        guard let identity = preset.identity else { return JSONBytes.append("null", to: &out) }
        if let record = preset.record { return out.append(contentsOf: record) }
        if let kept = presetRecords[identity] { return out.append(contentsOf: kept.record) }
        guard let record = preset.map({ Self.record(of: $0, curveExpression: curveExpression) }) else { return }
        if presetRecords.count >= recordLimit { presetRecords.removeAll(keepingCapacity: true) }
        presetRecords[identity] = (preset, record)
        out.append(contentsOf: record)
    }

    /// `preset.resolutionRecord(curveExpression:)` as compact JSON, written straight into bytes:
    /// a batch over a catalog of thousands of presets writes each once, and building the
    /// ``JSONValue`` first cost four times what writing it does.
    package static func record(of preset: Preset, curveExpression: (CurveReference) -> String) -> [UInt8] {
        // Written where most records fit (200 to 400 bytes) and kept at their size: a batch keeps
        // tens of thousands, which the spare capacity of a grown array would add to its memory.
        var out: [UInt8] = []
        out.reserveCapacity(512)
        JSONBytes.append(#"{"name":"#, to: &out)
        JSONBytes.appendQuoted(preset.name, to: &out)
        JSONBytes.append(#","library":"#, to: &out)
        JSONBytes.appendQuoted(preset.library, to: &out)
        JSONBytes.append(#","kind":"#, to: &out)
        JSONBytes.appendQuoted(preset.kind.rawValue, to: &out)
        JSONBytes.append(#","direction":"#, to: &out)
        if let direction = preset.direction { JSONBytes.appendQuoted(direction.rawValue, to: &out) } else { JSONBytes.append("null", to: &out) }
        JSONBytes.append(#","duration":"#, to: &out)
        appendNumber(preset.duration, to: &out)
        JSONBytes.append(#","delay":"#, to: &out)
        appendNumber(preset.delay, to: &out)
        JSONBytes.append(#","curve":"#, to: &out)
        appendCurve(preset.curve, to: &out)
        JSONBytes.append(#","curveExpression":"#, to: &out)
        JSONBytes.appendQuoted(curveExpression(preset.curve), to: &out)
        JSONBytes.append(#","interaction":"#, to: &out)
        if let interaction = preset.interaction {
            JSONBytes.append(#"{"completionSpeed":"#, to: &out)
            appendNumber(interaction.completionSpeed, to: &out)
            JSONBytes.append(#","completionCurve":"#, to: &out)
            appendCurve(interaction.completionCurve, to: &out)
            JSONBytes.append(#","completionCurveExpression":"#, to: &out)
            JSONBytes.appendQuoted(curveExpression(interaction.completionCurve), to: &out)
            JSONBytes.append(#","finishThreshold":"#, to: &out)
            appendNumber(interaction.finishThreshold, to: &out)
            JSONBytes.append(#","flickVelocity":"#, to: &out)
            if let velocity = interaction.flickVelocity { appendNumber(velocity, to: &out) } else { JSONBytes.append("null", to: &out) }
            out.append(UInt8(ascii: "}"))
        } else {
            JSONBytes.append("null", to: &out)
        }
        JSONBytes.append(#","reverse":"#, to: &out)
        appendName(preset.reverse, to: &out)
        out.append(UInt8(ascii: "}"))
        return out.withUnsafeBufferPointer { Array($0) }
    }

    /// `curve.description`, quoted, without making the string of a name.
    private static func appendCurve(_ curve: CurveReference, to out: inout [UInt8]) {
        switch curve {
        case let .named(name): JSONBytes.appendQuoted(name, to: &out)
        case let .inline(timing): JSONBytes.appendQuoted(timing.expression, to: &out)
        }
    }

    /// A number as ``JSONValue`` writes it: `null` when it is not finite.
    private static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        guard value.isFinite else { return JSONBytes.append("null", to: &out) }
        out.append(contentsOf: value.shortestDescription.utf8)
    }

    private static func appendName(_ name: QualifiedName?, to out: inout [UInt8]) {
        guard let name else { return JSONBytes.append("null", to: &out) }
        JSONBytes.appendQuoted(name, to: &out)
    }

    private static func appendPattern(_ pattern: ScreenPattern, to out: inout [UInt8]) {
        switch pattern {
        case .any: JSONBytes.append(#""*""#, to: &out)
        case let .screen(name): JSONBytes.appendQuoted(name, to: &out)
        }
    }

    private static func appendArray(_ texts: [String], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (index, text) in texts.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONBytes.appendQuoted(text, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }
}
