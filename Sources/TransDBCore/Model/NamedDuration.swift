/// A named duration of the catalog: a design system's `motion/medium2` (300 ms), which presets
/// may use instead of a number of their own.
public struct NamedDuration: Hashable, Sendable {
    public var library: String
    public var name: String
    /// The duration, in seconds: in [0, ``Preset/maximumDuration``].
    public var seconds: Double
    public var description: String
    /// Whether the duration is deprecated: `nil` when it is not, `""` when it is without a reason,
    /// else the reason (see ``Deprecation``).
    public var deprecated: String?

    /// Creates a named duration.
    public init(library: String, name: String, seconds: Double, description: String = "", deprecated: String? = nil) {
        self.library = library
        self.name = name
        self.seconds = seconds
        self.description = description
        self.deprecated = deprecated
    }

    /// `library/name`.
    public var qualifiedName: QualifiedName { QualifiedName(library: library, name: name) }

    /// The duration with its name in NFC, checked as the catalog stores it.
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public func validated() throws -> NamedDuration {
        var duration = self
        duration.name = try Self.validatedName(name)
        try Self.validateSeconds(seconds)
        try Deprecation.validate(deprecated)
        return duration
    }

    /// `raw` in NFC when it can name a duration: a valid name (``Name/validated(_:field:)``) that
    /// does not read as a number, which `--duration` would take as seconds.
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public static func validatedName(_ raw: String) throws -> String {
        let name = try Name.validated(raw, field: "duration name")
        if DurationReference.looksNumeric(name) {
            throw ModelError.invalidValue(
                field: "duration name", value: name, reason: "a duration name cannot start with a digit, '-', '+' or '.', nor be nan or inf: it would read as seconds")
        }
        return name
    }

    /// Checks a named duration's seconds: in [0, ``Preset/maximumDuration``].
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public static func validateSeconds(_ seconds: Double) throws {
        guard seconds >= 0 && seconds <= Preset.maximumDuration else {
            throw ModelError.invalidValue(
                field: "duration", value: seconds.shortestDescription,
                reason: "a named duration is a number of seconds ≥ 0 and ≤ \(Preset.maximumDuration.shortestDescription)")
        }
    }
}

/// A preset's duration as people write it: seconds, or the name of a named duration.
public enum DurationReference: Hashable, Sendable, CustomStringConvertible {
    case seconds(Double)
    case named(QualifiedName)

    /// Reads `0.35` (JSON's number grammar) as seconds and anything else (`medium2`,
    /// `motion/medium2`) as a name.
    ///
    /// - Throws: ``JSONNumber/Refusal`` for text that starts as a number but is not one,
    ///   ``ModelError`` for an invalid name.
    public init(parsing text: String) throws {
        if Self.looksNumeric(text) {
            self = .seconds(try JSONNumber.parse(text))
        } else {
            self = .named(try QualifiedName(parsing: text, field: "duration"))
        }
    }

    /// Whether `text` starts as a number does (a digit, a sign or a point): it is read as seconds,
    /// never as a name.
    public static func looksNumeric(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        // `nan` and `inf` are numbers people type, refused as numbers (exit 64), never names.
        return ("0"..."9").contains(first) || first == "-" || first == "+" || first == "."
            || ["nan", "inf", "infinity"].contains(text.lowercased())
    }

    /// The seconds, or the name.
    public var description: String {
        switch self {
        case let .seconds(seconds): seconds.shortestDescription
        case let .named(name): name.description
        }
    }
}

/// Deprecation as DTCG's `$deprecated` gives it, kept on curves, presets and named durations as an
/// optional string: `nil` when the entry is not deprecated, `""` when it is without a reason, else
/// the reason.
public enum Deprecation {
    /// The longest reason accepted, in characters.
    public static let maximumReasonLength = 4096

    /// The JSON form: `true` for no reason, else the reason; `nil` when not deprecated.
    public static func json(_ deprecated: String?) -> JSONValue? {
        deprecated.map { $0.isEmpty ? .bool(true) : .string($0) }
    }

    /// `deprecated` (`: reason`) for messages and tables.
    public static func text(_ deprecated: String?) -> String? {
        deprecated.map { $0.isEmpty ? "deprecated" : "deprecated: \($0)" }
    }

    /// Checks a reason's length.
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public static func validate(_ deprecated: String?) throws {
        guard let deprecated, deprecated.count > maximumReasonLength else { return }
        throw ModelError.invalidValue(
            field: "deprecation", value: String(deprecated.prefix(40)) + "…",
            reason: "a deprecation reason has at most \(maximumReasonLength) characters")
    }
}
