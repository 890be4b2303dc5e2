import TransDBCore

/// A catalog held in memory inside an app: UIKit's lookup (``TransitionLookup`` over a
/// ``MemoryCatalog``, the code `transdb resolve` runs) and the presets' named curves, from a
/// bundle file (``init(bundles:)``) or from generated tables (``init(tables:)``).
public struct TransitionCatalog: PresetSource, Sendable {
    /// The entries the catalog was made of.
    public let tables: CatalogTables
    private let source: MemoryCatalog
    private let curves: [QualifiedName: TimingCurve]
    private let presets: [QualifiedName: Preset]

    /// A catalog of `tables`.
    ///
    /// - Throws: ``TransitionCatalogError/unknownReference(kind:name:)`` for a reference to an
    ///   entry that is not in the tables.
    public init(tables: CatalogTables) throws {
        self.tables = tables
        do {
            source = try MemoryCatalog(
                screens: tables.screens, containers: tables.containers, delegates: tables.delegates, presets: tables.presets,
                routes: tables.routes)
        } catch let LookupError.notFound(kind, name, _) {
            throw TransitionCatalogError.unknownReference(kind: kind.rawValue, name: name)
        }
        curves = Dictionary(tables.curves.map { ($0.qualifiedName, $0.curve) }, uniquingKeysWith: { first, _ in first })
        presets = Dictionary(tables.presets.map { ($0.qualifiedName, $0) }, uniquingKeysWith: { first, _ in first })
        // Every curve and preset a preset names is checked here, so that planning a transition
        // cannot fail later: a Reduce Motion alternative missing (its library's bundle not loaded)
        // would otherwise fall back to the original preset without a word.
        for preset in tables.presets {
            _ = try timingCurve(preset.curve)
            if let interaction = preset.interaction { _ = try timingCurve(interaction.completionCurve) }
            for reference in [preset.reducedMotion, preset.reverse].compactMap({ $0 }) {
                _ = try self.preset(named: reference.qualified(in: preset.library))
            }
        }
    }

    /// Resolves a route exactly as `transdb resolve` does: the same lookup over the same entries.
    ///
    /// - Parameters:
    ///   - request: The operation, the screens' names and, for push, pop and tab, the container.
    ///   - explain: Narrate each step in ``Resolution/explanation``.
    /// - Throws: ``ModelError`` or ``LookupError``, as the lookup does.
    public func resolve(_ request: LookupRequest, explain: Bool = false) throws -> Resolution {
        var lookup = TransitionLookup(source: source)
        return try lookup.resolve(request, strict: false, explain: explain)
    }

    /// The preset named `name` (`motion/zoom`).
    ///
    /// - Throws: ``TransitionCatalogError/unknownReference(kind:name:)``.
    public func preset(named name: QualifiedName) throws -> Preset {
        if let preset = presets[name] { return preset }
        throw TransitionCatalogError.unknownReference(kind: "preset", name: name.description)
    }

    /// The curve `reference` stands for: an inline curve itself, a named one looked up.
    ///
    /// - Throws: ``TransitionCatalogError/unknownReference(kind:name:)``.
    public func timingCurve(_ reference: CurveReference) throws -> TimingCurve {
        switch reference {
        case let .inline(curve): return curve
        case let .named(name):
            if let curve = curves[name] { return curve }
            throw TransitionCatalogError.unknownReference(kind: "curve", name: name.description)
        }
    }
}
