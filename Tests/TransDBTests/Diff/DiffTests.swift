import TransDB
@testable import TransDBCore

/// Unit tests of `CatalogDiff` and `ThreeWayMerge`, and the libraries they compare.
enum DiffTests {
    static func qn(_ name: String, _ library: String? = nil) -> QualifiedName { QualifiedName(library: library, name: name) }

    static func preset(
        _ name: String, _ kind: PresetKind, direction: Direction? = nil, duration: Double? = nil,
        curve: CurveReference = .named(qn("snappy")),
        interaction: InteractionSettings? = nil, reverse: QualifiedName? = nil
    ) -> Preset {
        let direction = direction ?? kind.defaultDirection
        return Preset(
            library: "app", name: name, kind: kind, direction: direction, duration: duration ?? kind.defaultDuration, curve: curve,
            tracks: kind.tracks(direction: direction), interaction: interaction, reverse: reverse)
    }

    static func route(
        _ operation: TransitionOperation, _ from: String, _ to: String, preset: String?, interaction: String? = nil,
        delegate: String = "Transitions"
    ) -> RouteMapping {
        func side(_ text: String) -> ScreenPattern { text == "*" ? .any : .screen(qn(text)) }
        return RouteMapping(
            delegate: qn(delegate), operation: operation, from: side(from), to: side(to), preset: preset.map { qn($0) },
            interaction: interaction.map { qn($0) })
    }

    /// The library every test starts from: one or more entries of every kind, some of them
    /// used by nothing (`unused`, `fade`, `Settings`, `Tabs`).
    static let app = LibraryBundle(
        library: Library(name: "app", version: "1.0.0", description: "The app"),
        curves: [
            NamedCurve(library: "app", name: "snappy", curve: .spring(.perceptual(duration: 0.4, bounce: 0.15))),
            NamedCurve(library: "app", name: "unused", curve: .linear),
        ],
        presets: [
            preset("fade", .fade),
            preset("sink", .uncover, interaction: InteractionSettings(completionSpeed: 1, finishThreshold: 0.5)),
            preset("slide", .push, direction: .left),
            preset("zoom", .zoom, duration: 0.4),
        ],
        delegates: [Delegate(library: "app", name: "Transitions")],
        screens: [
            Screen(library: "app", name: "Detail", delegate: qn("Transitions")), Screen(library: "app", name: "List"),
            Screen(library: "app", name: "Settings"),
        ],
        containers: [Container(library: "app", name: "Tabs", kind: .tab)],
        routes: [
            route(.present, "List", "Detail", preset: "zoom"),
            route(.dismiss, "Detail", "*", preset: "sink", interaction: "sink"),
        ]
    ).canonicalized()

    /// A second library, referred to by nothing.
    static let extra = LibraryBundle(
        library: Library(name: "extra", version: "2.0.0"),
        curves: [NamedCurve(library: "extra", name: "soft", curve: .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))])

    /// `bundle` changed by `body`.
    static func with(_ bundle: LibraryBundle = app, _ body: (inout LibraryBundle) -> Void) -> LibraryBundle {
        var copy = bundle
        body(&copy)
        return copy.canonicalized()
    }

    /// `bundle` with the preset `name` changed by `body`.
    static func editingPreset(_ name: String, in bundle: LibraryBundle = app, _ body: (inout Preset) -> Void) -> LibraryBundle {
        with(bundle) { bundle in
            for index in bundle.presets.indices where bundle.presets[index].name == name { body(&bundle.presets[index]) }
        }
    }

    /// `(change, kind, name, fields)` of every entry, to compare with an expected list.
    static func outline(_ diff: CatalogDiff) -> [String] {
        diff.entries.map { entry in
            "\(entry.change.sign) \(entry.kind.rawValue) \(entry.qualifiedName)"
                + (entry.fields.isEmpty ? "" : " " + entry.fields.map(\.field).joined(separator: ","))
        }
    }

    /// The preset `name` of the library `library` in `bundles`.
    static func preset(_ name: String, in bundles: [LibraryBundle], library: String = "app") -> Preset? {
        bundles.first { $0.library.name == library }?.presets.first { $0.name == name }
    }
}
