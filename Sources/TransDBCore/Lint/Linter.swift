/// Runs the lint rules (``LintRule/all``) over a catalog's entries. Pure: no storage, no output;
/// `transdb lint` and the tests call it on what storage or bundle files give.
public struct Linter: Sendable {
    /// The rules to run, by id.
    public var rules: Set<String>

    /// A linter running `rules` (default: all).
    public init(rules: Set<String> = Set(LintRule.all.map(\.id))) {
        self.rules = rules
    }

    /// The findings of the selected rules, in rule order then location order; a finding an inline
    /// suppression accepts (``LintSuppression``) carries its reason in
    /// ``LintFinding/suppression``. `progress`, when given, is told each rule as it runs.
    public func lint(_ catalog: LintCatalog, progress: WorkProgress? = nil) -> [LintFinding] {
        progress.begin("indexing the catalog")
        var run = LintRun(catalog: catalog)
        let checks: [(String, (inout LintRun) -> Void)] = [
            ("TD001", { $0.customPopWithoutInteraction() }), ("TD002", { $0.asymmetricPresentDismiss() }),
            ("TD003", { $0.dismissLooksLikePresent() }), ("TD004", { $0.springOutlastsDuration() }),
            ("TD005", { $0.interactiveCurveNotLinear() }), ("TD006", { $0.unusedDelegate() }),
            ("TD007", { $0.releasedDelegateWithMappings() }), ("TD008", { $0.mappingForUnaskedMethod() }),
            ("TD009", { $0.mappingNeverWins() }), ("TD010", { $0.wildcardTie() }),
            ("TD011", { $0.noSensibleReducedMotion() }), ("TD012", { $0.confusableNames() }),
            ("TD013", { $0.durationOutOfRange() }), ("TD014", { $0.transformNotInterpolable() }),
        ]
        let selected = checks.filter { rules.contains($0.0) }
        for (number, (id, check)) in selected.enumerated() {
            progress.begin("checking \(id) (\(number + 1) of \(selected.count)): \(LintRule.named(id)?.summary ?? id)")
            check(&run)
        }
        return run.findings.map { finding in
            var finding = finding
            finding.suppression = run.suppression(of: finding)
            return finding
        }
    }
}

/// One lint run: the catalog indexed by name, and the findings so far.
struct LintRun {
    let catalog: LintCatalog
    var findings: [LintFinding] = []
    private let presets: [QualifiedName: Preset]
    private let curves: [QualifiedName: TimingCurve]
    private let delegates: [QualifiedName: Delegate]
    private let screens: [QualifiedName: Screen]
    /// Screens, then containers, using each delegate.
    private let screensByDelegate: [QualifiedName: [Screen]]
    private let containersByDelegate: [QualifiedName: [Container]]
    private let routesByDelegate: [QualifiedName: [RouteMapping]]
    private let suppressions: [LintLocation: [LintSuppression]]

    init(catalog: LintCatalog) {
        self.catalog = catalog
        func index<T>(_ items: [T], _ key: (T) -> QualifiedName) -> [QualifiedName: T] {
            Dictionary(items.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
        }
        presets = index(catalog.presets, \.qualifiedName)
        curves = Dictionary(catalog.curves.map { ($0.qualifiedName, $0.curve) }, uniquingKeysWith: { a, _ in a })
        delegates = index(catalog.delegates, \.qualifiedName)
        screens = index(catalog.screens, \.qualifiedName)
        screensByDelegate = Dictionary(grouping: catalog.screens.compactMap { s in s.delegate.map { ($0, s) } }, by: \.0).mapValues {
            $0.map(\.1)
        }
        containersByDelegate = Dictionary(grouping: catalog.containers.compactMap { c in c.delegate.map { ($0, c) } }, by: \.0)
            .mapValues { $0.map(\.1) }
        routesByDelegate = Dictionary(grouping: catalog.routes, by: \.delegate)
        var suppressions: [LintLocation: [LintSuppression]] = [:]
        func add(_ location: LintLocation, _ description: String) {
            let found = LintSuppression.parse(description)
            if !found.isEmpty { suppressions[location, default: []] += found }
        }
        for library in catalog.libraries {
            add(LintLocation(library: library.name, kind: .library, name: library.name), library.description)
        }
        for curve in catalog.curves { add(.entry(.curve, curve.qualifiedName), curve.description) }
        for preset in catalog.presets { add(.entry(.preset, preset.qualifiedName), preset.description) }
        for screen in catalog.screens { add(.entry(.screen, screen.qualifiedName), screen.description) }
        for container in catalog.containers { add(.entry(.container, container.qualifiedName), container.description) }
        for delegate in catalog.delegates { add(.entry(.delegate, delegate.qualifiedName), delegate.description) }
        self.suppressions = suppressions
    }

    /// The reason of the inline suppression accepting `finding` (on its entry, its route's
    /// delegate or its library), or `nil`.
    func suppression(of finding: LintFinding) -> String? {
        var places = [finding.location, LintLocation(library: finding.location.library, kind: .library, name: finding.location.library)]
        if finding.location.kind == .route, let colon = finding.location.name.range(of: ": ") {
            let delegate = String(finding.location.name[..<colon.lowerBound])
            let qualified = (try? QualifiedName(parsing: delegate, field: "delegate"))?.qualified(in: finding.location.library)
            if let qualified { places.append(.entry(.delegate, qualified)) }
        }
        for place in places {
            if let accepting = suppressions[place]?.first(where: { $0.rules.contains(finding.rule) }) { return accepting.reason }
        }
        return nil
    }

    private mutating func report(_ rule: String, _ location: LintLocation, _ message: String) {
        let severity = LintRule.named(rule)?.severity ?? .warning
        findings.append(LintFinding(rule: rule, severity: severity, location: location, message: message))
    }

    private func curve(_ reference: CurveReference) -> TimingCurve? {
        switch reference {
        case let .inline(curve): curve
        case let .named(name): curves[name]
        }
    }

    private func isLinear(_ curve: TimingCurve) -> Bool {
        switch curve {
        case .linear: true
        case let .cubicBezier(x1, y1, x2, y2): x1 == y1 && x2 == y2
        case let .piecewiseLinear(stops): stops.count == 2 && stops[0].output == 0 && stops[1].output == 1
        case .steps, .spring: false
        }
    }

    // MARK: Rules

    /// TD001.
    mutating func customPopWithoutInteraction() {
        for route in catalog.routes where route.operation == .pop && route.interaction == nil {
            guard let preset = route.preset else { continue }
            // A mapping UIKit never reaches disables nothing: its delegate is released (TD007), or
            // asked only about other operations (TD008). One no entry uses may yet be wired (TD006).
            if delegates[route.delegate]?.released == true { continue }
            let asked = askedOperations(route.delegate)
            if !asked.isEmpty && !asked.contains(.pop) { continue }
            report(
                "TD001", .route(route),
                "pop \(route.from) → \(route.to) returns '\(preset)' with no interaction controller: the swipe-back gesture is disabled for it"
            )
        }
    }

    /// TD002.
    mutating func asymmetricPresentDismiss() {
        /// The position of a delegate's first route with an animator for any screen, and for each
        /// screen: one pass over its routes, not one per screen that uses it.
        struct FirstRoutes {
            var any: Int?
            var byScreen: [QualifiedName: Int] = [:]

            init(_ routes: [RouteMapping], _ operation: TransitionOperation, side: KeyPath<RouteMapping, ScreenPattern>) {
                for (position, route) in routes.enumerated() where route.operation == operation && route.preset != nil {
                    switch route[keyPath: side] {
                    case .any: if any == nil { any = position }
                    case let .screen(name): if byScreen[name] == nil { byScreen[name] = position }
                    }
                }
            }

            /// The first route that answers for `screen`.
            func first(for screen: QualifiedName, in routes: [RouteMapping]) -> RouteMapping? {
                [any, byScreen[screen]].compactMap { $0 }.min().map { routes[$0] }
            }
        }
        var firsts: [QualifiedName: (present: FirstRoutes, dismiss: FirstRoutes)] = [:]
        for screen in catalog.screens {
            guard let name = screen.delegate, let delegate = delegates[name], !delegate.released else { continue }
            let routes = routesByDelegate[name] ?? []
            if firsts[name] == nil {
                firsts[name] = (FirstRoutes(routes, .present, side: \.to), FirstRoutes(routes, .dismiss, side: \.from))
            }
            guard let first = firsts[name] else { continue }
            let present = first.present.first(for: screen.qualifiedName, in: routes)
            let dismiss = first.dismiss.first(for: screen.qualifiedName, in: routes)
            if let present, let animator = present.preset, dismiss == nil {
                report(
                    "TD002", .entry(.screen, screen.qualifiedName),
                    "'\(screen.qualifiedName)' is presented with '\(animator)' (\(present.routeDescription) on '\(name)') but dismissed with the system default \(screen.modalStyle.rawValue): '\(name)' returns no dismiss animator for it"
                )
            } else if let dismiss, let animator = dismiss.preset, present == nil {
                report(
                    "TD002", .entry(.screen, screen.qualifiedName),
                    "'\(screen.qualifiedName)' is dismissed with '\(animator)' (\(dismiss.routeDescription) on '\(name)') but presented with the system default \(screen.modalStyle.rawValue): '\(name)' returns no present animator for it"
                )
            }
        }
    }

    /// TD003.
    mutating func dismissLooksLikePresent() {
        for route in catalog.routes where route.operation == .dismiss || route.operation == .pop {
            guard let name = route.preset, let preset = presets[name] else { continue }
            let to = preset.tracks.to
            guard Self.isOffScreen(to.start.frame), !Self.isOffScreen(to.end.frame) else { continue }
            report(
                "TD003", .route(route),
                "\(route.routeDescription) plays '\(name)', whose to-view moves in from off-screen (\(to.start.frame.expression)) as a \(route.operation == .pop ? "push" : "present") does; the screen appearing was already underneath"
            )
        }
    }

    /// Whether a frame in container units lies wholly outside the container.
    static func isOffScreen(_ frame: RelativeFrame) -> Bool {
        frame.reference == .container && (frame.x >= 1 || frame.x + frame.width <= 0 || frame.y >= 1 || frame.y + frame.height <= 0)
    }

    /// TD004.
    mutating func springOutlastsDuration() {
        for preset in catalog.presets {
            guard case let .spring(spring)? = curve(preset.curve), preset.duration > 0 else { continue }
            if case .uikit = spring { continue }
            let settling = spring.physical.settlingDuration()
            guard settling.isFinite, settling > preset.duration * 1.1 else { continue }
            report(
                "TD004", .entry(.preset, preset.qualifiedName),
                "'\(preset.qualifiedName)' reports \(preset.duration.shortestDescription) s but its spring \(preset.curve) settles after \(Self.seconds(settling)) s (\(Int((settling / preset.duration * 100 - 100).rounded())) % longer)"
            )
        }
    }

    private static func seconds(_ value: Double) -> String { ((value * 1000).rounded() / 1000).shortestDescription }

    /// TD005.
    mutating func interactiveCurveNotLinear() {
        for route in catalog.routes where route.interaction != nil {
            guard let name = route.preset, let preset = presets[name], let curve = curve(preset.curve), !isLinear(curve) else { continue }
            report(
                "TD005", .route(route),
                "\(route.routeDescription) is interactive but its animator '\(name)' runs on \(preset.curve), not linear: during the gesture the view does not follow the finger"
            )
        }
    }

    /// TD006.
    mutating func unusedDelegate() {
        for delegate in catalog.delegates
        where screensByDelegate[delegate.qualifiedName] == nil && containersByDelegate[delegate.qualifiedName] == nil {
            let count = routesByDelegate[delegate.qualifiedName]?.count ?? 0
            report(
                "TD006", .entry(.delegate, delegate.qualifiedName),
                "no screen or container uses '\(delegate.qualifiedName)' as its delegate: UIKit never asks it\(count > 0 ? " and its \(count) mapping\(count == 1 ? "" : "s") never answer" : "")"
            )
        }
    }

    /// TD007.
    mutating func releasedDelegateWithMappings() {
        for delegate in catalog.delegates where delegate.released {
            let count = routesByDelegate[delegate.qualifiedName]?.count ?? 0
            guard count > 0 else { continue }
            report(
                "TD007", .entry(.delegate, delegate.qualifiedName),
                "'\(delegate.qualifiedName)' is released (a weak reference now nil) but has \(count) mapping\(count == 1 ? "" : "s"): UIKit plays the system default instead"
            )
        }
    }

    /// The operations UIKit asks `delegate` about, given who uses it.
    private func askedOperations(_ delegate: QualifiedName) -> Set<TransitionOperation> {
        var asked: Set<TransitionOperation> = []
        if screensByDelegate[delegate] != nil { asked.formUnion([.present, .dismiss]) }
        for container in containersByDelegate[delegate] ?? [] {
            asked.formUnion(container.kind == .navigation ? [.push, .pop] : [.tab])
        }
        return asked
    }

    /// TD008.
    mutating func mappingForUnaskedMethod() {
        for delegate in catalog.delegates where !delegate.released {
            let asked = askedOperations(delegate.qualifiedName)
            guard !asked.isEmpty else { continue }
            var roles: [String] = []
            if let screens = screensByDelegate[delegate.qualifiedName] {
                roles.append("the transitioningDelegate of \(screens.count) screen\(screens.count == 1 ? "" : "s")")
            }
            if let containers = containersByDelegate[delegate.qualifiedName] {
                roles.append(
                    "the delegate of \(containers.map { "\($0.kind.rawValue) container '\($0.qualifiedName)'" }.joined(separator: ", "))")
            }
            for route in routesByDelegate[delegate.qualifiedName] ?? [] where !asked.contains(route.operation) {
                report(
                    "TD008", .route(route),
                    "'\(delegate.qualifiedName)' is \(roles.joined(separator: " and ")): it is asked about \(asked.map(\.rawValue).sorted().joined(separator: "/")) only, never \(route.operation.animatorMethod), so \(route.routeDescription) never answers"
                )
            }
        }
    }

    /// TD009.
    mutating func mappingNeverWins() {
        for delegate in catalog.delegates where !delegate.released {
            let users = Set((screensByDelegate[delegate.qualifiedName] ?? []).map(\.qualifiedName))
            guard !users.isEmpty else { continue }
            let routes = routesByDelegate[delegate.qualifiedName] ?? []
            for operation in [TransitionOperation.present, .dismiss] {
                let mappings = routes.filter { $0.operation == operation }
                let keys = Set(mappings.map { Key(from: $0.from, to: $0.to) })
                for route in mappings {
                    let asked = operation == .present ? route.to : route.from
                    let other = operation == .present ? route.from : route.to
                    switch asked {
                    case let .screen(name):
                        guard !users.contains(name), screens[name] != nil else { continue }
                        report(
                            "TD009", .route(route),
                            "\(route.routeDescription) can never answer: UIKit asks the \(operation == .present ? "presented" : "dismissed") screen's transitioningDelegate, and '\(name)' does not use '\(delegate.qualifiedName)'"
                        )
                    case .any:
                        let shadowed = users.allSatisfy { user in
                            operation == .present
                                ? keys.contains(Key(from: other, to: .screen(user)))
                                : keys.contains(Key(from: .screen(user), to: other))
                        }
                        guard shadowed else { continue }
                        report(
                            "TD009", .route(route),
                            "\(route.routeDescription) can never answer: every screen using '\(delegate.qualifiedName)' (\(users.map(\.description).sorted().joined(separator: ", "))) has a more specific mapping"
                        )
                    }
                }
            }
        }
    }

    private struct Key: Hashable {
        var from: ScreenPattern
        var to: ScreenPattern
    }

    /// TD010.
    mutating func wildcardTie() {
        for (delegate, routes) in routesByDelegate.sorted(by: { $0.key.description < $1.key.description }) {
            for operation in TransitionOperation.allCases where operation != .dismiss {
                let mappings = routes.filter { $0.operation == operation }
                let exact = Set(mappings.filter { $0.specificity == 2 }.map { Key(from: $0.from, to: $0.to) })
                let toAny = mappings.filter { $0.from != .any && $0.to == .any }
                let fromAny = mappings.filter { $0.from == .any && $0.to != .any }
                for left in toAny {
                    let ties = fromAny.filter { !exact.contains(Key(from: left.from, to: $0.to)) }
                    guard !ties.isEmpty else { continue }
                    let names = ties.prefix(3).map { "\($0.from) → \($0.to)" }.joined(separator: ", ")
                    report(
                        "TD010", .route(left),
                        "\(left.routeDescription) on '\(delegate)' ties with \(names)\(ties.count > 3 ? " and \(ties.count - 3) more" : ""): both match \(left.from) → \(ties[0].to) equally"
                    )
                }
            }
        }
    }

    /// TD011.
    mutating func noSensibleReducedMotion() {
        for preset in catalog.presets where preset.reducedMotion == nil && ReducedMotion.hasLargeMotion(preset) {
            let problems = ReducedMotion.derivationProblems(preset)
            guard !problems.isEmpty else { continue }
            report(
                "TD011", .entry(.preset, preset.qualifiedName),
                "'\(preset.qualifiedName)' moves its views far and names no Reduce Motion alternative, and the derived fade is not sensible: \(problems.joined(separator: "; "))"
            )
        }
    }

    /// TD012.
    mutating func confusableNames() {
        var entries: [(EntityKind, QualifiedName)] = catalog.libraries.map { (.library, QualifiedName(library: $0.name, name: $0.name)) }
        entries += catalog.curves.map { (.curve, $0.qualifiedName) } + catalog.presets.map { (.preset, $0.qualifiedName) }
        entries += catalog.screens.map { (.screen, $0.qualifiedName) } + catalog.containers.map { (.container, $0.qualifiedName) }
        entries += catalog.delegates.map { (.delegate, $0.qualifiedName) }
        var groups: [String: [(EntityKind, QualifiedName)]] = [:]
        for entry in entries { groups["\(entry.0.rawValue)\u{0}\(Confusables.skeleton(entry.1.name))", default: []].append(entry) }
        for entry in entries {
            let key = "\(entry.0.rawValue)\u{0}\(Confusables.skeleton(entry.1.name))"
            guard let others = groups[key]?.filter({ $0.1.name != entry.1.name }), !others.isEmpty else { continue }
            let names = others.map { "'\($0.1)' (\(Self.codePoints($0.1.name)))" }.joined(separator: ", ")
            let location: LintLocation =
                entry.0 == .library
                ? LintLocation(library: entry.1.name, kind: .library, name: entry.1.name) : .entry(entry.0, entry.1)
            report(
                "TD012", location,
                "the \(entry.0.rawValue) '\(entry.0 == .library ? entry.1.name : entry.1.description)' (\(Self.codePoints(entry.1.name))) looks the same as \(names)"
            )
        }
    }

    /// The non-ASCII characters of `text`, as `U+0421`.
    private static func codePoints(_ text: String) -> String {
        let foreign = text.unicodeScalars.filter { !$0.isASCII }
        guard !foreign.isEmpty else { return "ASCII" }
        return foreign.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }.joined(separator: " ")
    }

    /// TD013.
    mutating func durationOutOfRange() {
        for preset in catalog.presets where preset.kind != .none && (preset.duration < 0.1 || preset.duration > 1.0) {
            report(
                "TD013", .entry(.preset, preset.qualifiedName),
                "'\(preset.qualifiedName)' lasts \(preset.duration.shortestDescription) s, outside 0.1–1.0 s"
            )
        }
    }
}

extension LintRun {
    /// TD014.
    mutating func transformNotInterpolable() {
        for preset in catalog.presets where preset.kind != .none {
            var problems: [String] = []
            let tracks = [(ViewRole.from.rawValue, preset.tracks.from), (ViewRole.to.rawValue, preset.tracks.to)]
                + (preset.tracks.shared.map { [("shared", $0)] } ?? [])
            for (view, track) in tracks {
                let turns = [("rotation", track.start.rotation, track.end.rotation), ("rotationY", track.start.rotationY, track.end.rotationY)]
                for (axis, start, end) in turns where abs(end - start) > 180 {
                    problems.append("\(view).\(axis) turns \((end - start).shortestDescription)°")
                }
                for (phase, state) in [("start", track.start), ("end", track.end)] where state.scaleX == 0 || state.scaleY == 0 {
                    problems.append("\(view).\(phase) has scale 0")
                }
            }
            guard !problems.isEmpty else { continue }
            report(
                "TD014", .entry(.preset, preset.qualifiedName),
                "'\(preset.qualifiedName)': \(problems.joined(separator: ", ")); a device interpolates one transform and plays this differently from eval"
            )
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
