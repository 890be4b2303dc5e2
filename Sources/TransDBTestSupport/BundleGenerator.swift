import TransDB
import TransDBCore

/// Deterministic libraries of any size, for round-trip tests and benchmarks: presets of every
/// kind and curve kind, interaction settings, reverses, overrides, screens with delegates,
/// released delegates and route mappings (exact, wildcard and explicit nil) that never tie.
public enum BundleGenerator {
    /// A library named `name` with `presets` presets and `mappings` route mappings.
    public static func library(_ name: String = "generated", presets: Int, mappings: Int) throws -> LibraryBundle {
        let expressions = [
            "cubic-bezier(0.42, 0, 0.58, 1)", "cubic-bezier(0.2, 0, 0, 1)", "steps(4, jump-end)", "linear(0, 0.25 40%, 1)",
            "spring(duration: 0.5, bounce: 0.2)", "spring(mass: 1, stiffness: 100, damping: 10, velocity: 0)",
            "spring(duration: 0.8, dampingRatio: 0.6, velocity: 0)", "spring(response: 0.5, dampingFraction: 0.825)",
        ]
        var bundle = LibraryBundle(library: Library(name: name, version: "2.0.0", description: "\(presets) presets, \(mappings) mappings"))
        bundle.curves = try expressions.enumerated().map { i, expression in
            NamedCurve(library: name, name: "c\(i)", curve: try TimingCurve(expression: expression), description: i % 2 == 0 ? "curve \(i)" : "")
        }
        let kinds = PresetKind.allCases
        for i in 0..<presets {
            let kind = kinds[i % kinds.count]
            var draft = PresetDraft(kind: kind)
            draft.direction = kind.allowedDirections.isEmpty ? nil : kind.allowedDirections[i % kind.allowedDirections.count]
            draft.duration = kind == .none ? 0 : Double(20 + i % 40) / 100
            draft.delay = i % 13 == 0 ? 0.05 : 0
            draft.curve = i % 3 == 0 ? expressions[i % expressions.count] : "c\(i % expressions.count)"
            if i % 7 == 0 {
                draft.completionSpeed = 1.5
                draft.completionCurve = "c0"
                draft.finishThreshold = 0.4
            }
            if kind == .custom { draft.overrides = [try TrackOverride(parsing: "to.start.alpha=0"), try TrackOverride(parsing: "from.end.scale=0.9")] }
            if i % 5 == 1 && i > 0 { draft.reverse = presetName(i - 1) }
            draft.description = i % 4 == 0 ? "preset \(i)" : ""
            bundle.presets.append(try draft.preset(library: name, name: presetName(i)))
        }
        let screens = 1000
        let delegates = max(1, (mappings + screens - 1) / screens)
        bundle.delegates = (0..<delegates).map { Delegate(library: name, name: delegate($0), released: $0 % 17 == 16) }
        bundle.screens = (0..<screens).map { i in
            Screen(
                library: name, name: screen(i), delegate: QualifiedName(library: nil, name: delegate(i % delegates)),
                modalStyle: i % 9 == 0 ? .crossDissolve : .coverVertical, presentationStyle: i % 5 == 0 ? .pageSheet : .automatic)
        }
        for i in 0..<mappings {
            let (d, j) = (i % delegates, i / delegates)
            let preset: QualifiedName? = i % 11 == 0 ? nil : QualifiedName(library: nil, name: presetName(i % max(presets, 1)))
            let interactive = preset != nil && (i % max(presets, 1)) % 7 == 0
            // The first mapping of each delegate is a wildcard `* → S`, which no exact one ties with.
            let from: ScreenPattern = j == 0 ? .any : .screen(QualifiedName(library: nil, name: screen(j)))
            bundle.routes.append(
                RouteMapping(
                    delegate: QualifiedName(library: nil, name: delegate(d)), operation: .present, from: from,
                    to: .screen(QualifiedName(library: nil, name: screen((j + d + 1) % screens))),
                    preset: presets == 0 ? nil : preset, interaction: presets > 0 && interactive ? preset : nil))
        }
        return bundle.canonicalized()
    }

    private static func presetName(_ i: Int) -> String { "p\(String(i).leftPadded(5))" }
    private static func delegate(_ i: Int) -> String { "D\(String(i).leftPadded(4))" }
    private static func screen(_ i: Int) -> String { "S\(String(i).leftPadded(4))" }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
