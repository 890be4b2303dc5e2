import Foundation
import Testing
import TransDB
@testable import TransDBCore

extension Interchange {
    /// Libraries built directly as values from a seeded generator, using everything a library
    /// can hold: every preset kind and direction, every curve kind and spring form, names with
    /// the characters DTCG reserves, references across libraries and to a library that is not
    /// there, track changes, interaction settings, reverse presets, delegates (some released),
    /// screens, containers and routes with wildcards and explicit nils.
    struct LibraryGenerator {
        private var random: EngineCurves.SplitMix64

        /// The library names: DTCG's reserved characters, a percent sign, non-ASCII, a space.
        static let libraryNames = ["app", "design.system", "$brand", "50% {off}", "émoji ✨", "kit"]

        /// Curves that are not cubic Béziers, shared so that the DTCG writer's fits stay few:
        /// every spring form, an undamped spring, `steps()` and `linear(…)`.
        static let untypedCurves: [TimingCurve] = [
            .spring(.physical(mass: 1, stiffness: 100, damping: 10, velocity: 0)),
            .spring(.physical(mass: 3, stiffness: 1000, damping: 500, velocity: -5)),
            .spring(.physical(mass: 1, stiffness: 170, damping: 0.5, velocity: 0)),
            .spring(.uikit(duration: 0.45, dampingRatio: 0.9, velocity: 0.5)),
            .spring(.perceptual(duration: 0.5, bounce: 0.3)),
            .spring(.response(response: 0.55, dampingFraction: 0.825)),
            .spring(.android(stiffness: 380, dampingRatio: 0.8)),
            .steps(count: 4, position: .jumpNone),
            .piecewiseLinear([LinearStop(output: 0), LinearStop(output: 0.7, percent: 40), LinearStop(output: 1.1), LinearStop(output: 1)]),
        ]

        init(seed: UInt64) {
            random = EngineCurves.SplitMix64(seed: seed)
        }

        /// `count` presets or a few more, spread over the libraries, each bundle canonical,
        /// libraries by name.
        mutating func libraries(presets count: Int) throws -> [LibraryBundle] {
            let libraries = Self.libraryNames
            var bundles: [LibraryBundle] = []
            // Every library has the same names, so that references across libraries find them.
            let curveNames = Self.curveNames
            let presetNames = (0..<((count + libraries.count - 1) / libraries.count)).map(Self.presetName)
            for (index, library) in libraries.enumerated() {
                var bundle = LibraryBundle(library: Library(name: library, version: "2.\(index).0-beta", description: description()))
                for (offset, name) in curveNames.enumerated() {
                    let curve = offset < Self.untypedCurves.count ? Self.untypedCurves[offset] : bezierOrLinear()
                    bundle.curves.append(NamedCurve(library: library, name: name, curve: curve, description: description()))
                }
                for (offset, name) in presetNames.enumerated() {
                    bundle.presets.append(
                        try preset(
                            library: library, name: name, kind: PresetKind.allCases[offset % PresetKind.allCases.count],
                            libraries: libraries, curveNames: curveNames, presetNames: presetNames))
                }
                let delegates = (0..<5).map { "Delegate \($0)" }
                for name in delegates {
                    bundle.delegates.append(
                        Delegate(library: library, name: name, released: random.chance(0.3), description: description()))
                }
                let screens = ["Feed", "Detail", "Settings.Sheet", "{Modal}", "Ünïcode", "$Home"]
                for name in screens {
                    var screen = Screen(
                        library: library, name: name, delegate: random.chance(0.7) ? reference(delegates, libraries, library) : nil,
                        modalStyle: random.pick(ModalTransitionStyle.allCases),
                        presentationStyle: random.pick(ModalPresentationStyle.allCases),
                        description: description())
                    // Valid entries only: a partial curl the model refuses is presented full screen.
                    if (try? screen.validateStyles()) == nil { screen.presentationStyle = .fullScreen }
                    bundle.screens.append(screen)
                }
                for (offset, name) in ["Main Nav", "Tabs"].enumerated() {
                    bundle.containers.append(
                        Container(
                            library: library, name: name, kind: offset == 0 ? .navigation : .tab,
                            delegate: random.chance(0.5) ? reference(delegates, libraries, library) : nil, description: description()))
                }
                for _ in 0..<12 {
                    let pattern = { (generator: inout LibraryGenerator) -> ScreenPattern in
                        generator.random.chance(0.3) ? .any : .screen(generator.reference(screens, libraries, library))
                    }
                    var route = RouteMapping(
                        delegate: QualifiedName(library: nil, name: random.pick(delegates)),
                        operation: random.pick(TransitionOperation.allCases), from: pattern(&self), to: pattern(&self),
                        preset: random.chance(0.2) ? nil : reference(presetNames, libraries, library),
                        interaction: random.chance(0.3) ? reference(presetNames, libraries, library) : nil)
                    // Valid routes only: what the model's rules refuse is dropped.
                    if (try? route.validateDestination()) == nil { route.to = .any }
                    if (try? route.validateInteraction()) == nil { route.interaction = nil }
                    bundle.routes.append(route)
                }
                bundles.append(bundle.canonicalized())
            }
            func key(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }
            return bundles.sorted { key($0.library.name).lexicographicallyPrecedes(key($1.library.name)) }
        }

        // MARK: Parts

        /// Names for the untyped curves, then names with reserved characters, then plain ones.
        static let curveNames: [String] = {
            let special = ["ease.in", "{curly}", "$dollar", "100%", "linear", "spring [soft]", "räksmörgås", "🚀 launch"]
            return (0..<untypedCurves.count).map { "untyped \($0)" } + special + (0..<6).map { "curve\($0)" }
        }()

        private static func presetName(_ index: Int) -> String {
            let special = ["a.b", "{c}", "$d", "%e", "with space", "ünïcödé", "emoji 🎉", "linear"]
            return index < special.count ? special[index] : "preset \(index)"
        }

        private mutating func description() -> String {
            random.pick(["", "", "Plain.", "Line\nbreak, \"quotes\", tab\t and ✨", "a */ comment end", "{not.an.alias}"])
        }

        private mutating func bezierOrLinear() -> TimingCurve {
            random.chance(0.15)
                ? .linear
                : .cubicBezier(
                    x1: random.unit(), y1: random.uniform(-2...3), x2: random.chance(0.2) ? 1 : random.unit(), y2: random.uniform(-2...3))
        }

        /// A reference to one of `names`: in this library (bare or qualified), or another.
        private mutating func reference(_ names: [String], _ libraries: [String], _ library: String) -> QualifiedName {
            let name = random.pick(names)
            switch random.integer(0...9) {
            case 0...5: return QualifiedName(library: nil, name: name)
            case 6: return QualifiedName(library: library, name: name)
            default: return QualifiedName(library: random.pick(libraries), name: name)
            }
        }

        private mutating func curveReference(_ libraries: [String], _ curveNames: [String], _ library: String) -> CurveReference {
            switch random.integer(0...9) {
            case 0...2: return .inline(random.chance(0.5) ? bezierOrLinear() : random.pick(Self.untypedCurves))
            case 3...5: return .named(QualifiedName(library: nil, name: random.pick(curveNames)))
            case 6, 7:
                return .named(QualifiedName(library: random.pick(libraries), name: random.pick(curveNames)))
            case 8: return .named(QualifiedName(library: random.chance(0.5) ? nil : library, name: "linear"))
            default: return .named(QualifiedName(library: "absent", name: "ghost"))
            }
        }

        private mutating func preset(
            library: String, name: String, kind: PresetKind, libraries: [String], curveNames: [String], presetNames: [String]
        ) throws -> Preset {
            let direction = kind.allowedDirections.isEmpty ? nil : random.pick(kind.allowedDirections)
            let curve = curveReference(libraries, curveNames, library)
            // Few durations for the curves the writer approximates, so that its fits stay few.
            let approximated: Bool
            switch curve {
            case let .inline(inline): approximated = Self.untypedCurves.contains(inline)
            case let .named(name): approximated = name.name.hasPrefix("untyped ")
            }
            let duration: Double =
                kind == .none ? 0 : approximated || random.chance(0.5) ? random.pick([0.25, 0.35, 1]) : random.uniform(0.001...60)
            var tracks = kind.tracks(direction: direction)
            for _ in 0..<random.integer(0...3) {
                tracks = try TrackOverride(parsing: trackChange()).apply(to: tracks)
            }
            var interaction: InteractionSettings?
            if random.chance(0.3) {
                interaction = InteractionSettings(
                    completionSpeed: random.uniform(0.01...100), completionCurve: curveReference(libraries, curveNames, library),
                    finishThreshold: random.unit(),
                    // Position alone, the default flick, or a velocity of its own.
                    flickVelocity: random.chance(0.3) ? nil : random.chance(0.5) ? InteractionSettings.defaultFlickVelocity : random.uniform(0.01...1000))
            }
            var preset = Preset(
                library: library, name: name, kind: kind, direction: direction, duration: duration,
                delay: random.chance(0.7) ? 0 : random.uniform(0...60), curve: curve, tracks: tracks, interaction: interaction,
                reverse: random.chance(0.4) ? reference(presetNames, libraries, library) : nil, description: description())
            // Valid presets only: a preset the model refuses as its own reverse has none.
            if (try? preset.validateReverse()) == nil { preset.reverse = nil }
            return preset
        }

        /// One `VIEW.PHASE.PROPERTY=VALUE` with a value at full precision.
        private mutating func trackChange() -> String {
            let view = random.pick(["from", "to"])
            let phase = random.pick(["start", "end"])
            func n(_ range: ClosedRange<Double>) -> String { random.uniform(range).description }
            switch random.integer(0...8) {
            case 0:
                return
                    "\(view).\(phase).frame=\(random.pick(["container", "origin"]))(\(n(-100...100)), \(n(-5...5)), \(n(0...3)), \(n(0...100)))"
            case 1: return "\(view).\(phase).alpha=\(n(0...1))"
            case 2: return "\(view).\(phase).scale=\(n(-100...100))"
            case 3: return "\(view).\(phase).scaleX=\(n(-100...100))"
            case 4: return "\(view).\(phase).scaleY=\(n(-2...2))"
            case 5: return "\(view).\(phase).rotation=\(n(-3600...3600))"
            case 6: return "\(view).\(phase).rotationY=\(n(-180...180))"
            case 7: return "\(view).\(phase).cornerRadius=\(n(0...10000))"
            default: return "on-top=\(random.pick(["from", "to"]))"
            }
        }
    }
}
