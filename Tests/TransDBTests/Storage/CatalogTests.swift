import Foundation
import Testing
import TransDB
import TransDBTestSupport
@testable import TransDBCore

@Suite("Catalog storage")
struct CatalogTests {
    // MARK: Fixture values

    static func qn(_ library: String?, _ name: String) -> QualifiedName { QualifiedName(library: library, name: name) }

    static let app = Library(name: "app", version: "2.1.0", description: "The app's transitions")
    static let other = Library(name: "other", version: "1.0.0", description: "")

    static let snappy = NamedCurve(
        library: "app", name: "snappy", curve: .spring(.perceptual(duration: 0.4, bounce: 0.15)), description: "A snappy spring")
    static let ticks = NamedCurve(library: "app", name: "ticks", curve: .steps(count: 4, position: .jumpBoth))

    static let cardDown = Preset(
        library: "app", name: "cardDown", kind: .uncover, direction: .down, duration: 0.35,
        curve: .inline(.cubicBezier(x1: 0.4, y1: 0, x2: 1, y2: 1)), tracks: PresetKind.uncover.tracks(direction: .down),
        interaction: InteractionSettings(completionSpeed: 1.5, completionCurve: .named(qn("app", "snappy")), finishThreshold: 0.35),
        description: "The card slides down; interactive")
    static let cardUp: Preset = {
        var tracks = PresetKind.sheet.tracks(direction: nil)
        tracks.from.start.rotation = -15
        tracks.to.end.alpha = 0.75
        tracks.to.start.frame = RelativeFrame(.origin, x: -1.0 / 3.0, y: 0.5, width: 2, height: 0)
        tracks.onTop = .from
        return Preset(
            library: "app", name: "cardUp", kind: .custom, duration: 0.45, delay: 0.05, curve: .named(qn("app", "snappy")),
            tracks: tracks, reverse: qn("app", "cardDown"), description: "A card rises")
    }()
    static let instant = Preset(
        library: "app", name: "instant", kind: .none, duration: 0, curve: .inline(.linear), tracks: PresetKind.none.tracks(direction: nil))
    static let turn = Preset(
        library: "app", name: "turn", kind: .flip, direction: .right, duration: 0.6,
        curve: .inline(.spring(.uikit(duration: 0.6, dampingRatio: 0.8, velocity: 0))), tracks: PresetKind.flip.tracks(direction: .right))
    static let echo = Preset(
        library: "other", name: "echo", kind: .fade, duration: 0.3, curve: .named(qn("app", "snappy")),
        tracks: PresetKind.fade.tracks(direction: nil))

    static let detailTransitions = Delegate(library: "app", name: "D", description: "Detail's transitioningDelegate")
    static let navDelegate = Delegate(library: "app", name: "NavDelegate", released: true, description: "gone")
    static let otherD = Delegate(library: "other", name: "D")

    static let curl = Screen(library: "app", name: "Curl", modalStyle: .partialCurl, presentationStyle: .fullScreen)
    static let detail = Screen(
        library: "app", name: "Detail", delegate: qn("app", "D"), modalStyle: .crossDissolve, presentationStyle: .pageSheet,
        description: "The detail")
    static let list = Screen(library: "app", name: "List")

    static let nav = Container(library: "app", name: "Nav", kind: .navigation, delegate: qn("app", "NavDelegate"), description: "Main")
    static let tabs = Container(library: "app", name: "Tabs", kind: .tab)

    static let route1 = RouteMapping(
        id: 1, delegate: qn("app", "D"), operation: .present, from: .screen(qn("app", "List")), to: .screen(qn("app", "Detail")),
        preset: qn("app", "cardUp"))
    static let route2 = RouteMapping(
        id: 2, delegate: qn("app", "D"), operation: .dismiss, from: .screen(qn("app", "Detail")), to: .any, preset: qn("app", "cardDown"),
        interaction: qn("app", "cardDown"))
    static let route3 = RouteMapping(
        id: 3, delegate: qn("app", "D"), operation: .present, from: .screen(qn("app", "List")), to: .any, preset: nil)

    /// A fresh catalog, without the default library, holding the values above: every kind of
    /// entry, named curves used by presets of two libraries, a reverse preset and three routes.
    static func populated(in directory: TemporaryDirectory) throws -> Catalog {
        let catalog = try Catalog(path: directory.file("catalog.sqlite"), mode: .createIfMissing, seed: false)
        try catalog.addLibrary(app)
        try catalog.addCurve(snappy)
        try catalog.addCurve(ticks)
        try catalog.addPreset(cardDown)
        try catalog.addPreset(cardUp)
        try catalog.addPreset(instant)
        try catalog.addPreset(turn)
        try catalog.addDelegate(detailTransitions)
        try catalog.addDelegate(navDelegate)
        try catalog.addScreen(list)
        try catalog.addScreen(detail)
        try catalog.addScreen(curl)
        try catalog.addContainer(nav)
        try catalog.addContainer(tabs)
        // Bare names, resolved in the request's library, come back qualified.
        let added = [
            try catalog.addRoute(
                RouteRequest(
                    operation: .present, from: .screen(qn(nil, "List")), to: .screen(qn(nil, "Detail")), preset: qn(nil, "cardUp"),
                    delegate: qn("app", "D"), library: "app")),
            try catalog.addRoute(
                RouteRequest(
                    operation: .dismiss, from: .screen(qn(nil, "Detail")), to: .any, preset: qn(nil, "cardDown"),
                    interaction: qn(nil, "cardDown"), delegate: qn("app", "D"), library: "app")),
            try catalog.addRoute(
                RouteRequest(
                    operation: .present, from: .screen(qn(nil, "List")), to: .any, preset: nil, delegate: qn("app", "D"), library: "app")),
        ]
        #expect(added.map(\.mapping) == [route1, route2, route3])
        #expect(added.map(\.notes) == [[], [], []])
        try catalog.addLibrary(other)
        try catalog.addPreset(echo)
        try catalog.addDelegate(otherD)
        return catalog
    }

    /// Everything a catalog holds, as its public API lists it.
    struct Snapshot: Equatable, CustomStringConvertible {
        var libraries: [Library]
        var counts: [[EntityKind: Int]]
        var curves: [NamedCurve]
        var presets: [Preset]
        var screens: [Screen]
        var containers: [Container]
        var delegates: [Delegate]
        var routes: [RouteMapping]

        init(_ catalog: Catalog) throws {
            let libraries = try catalog.libraries()
            self.libraries = libraries.map(\.library)
            counts = libraries.map(\.counts)
            curves = try catalog.curves()
            presets = try catalog.presets()
            screens = try catalog.screens()
            containers = try catalog.containers()
            delegates = try catalog.delegates()
            routes = try catalog.routes()
        }

        var description: String {
            "\(libraries.map(\.name)) \(counts) routes: \(routes.map(\.routeDescription)) delegates: \(delegates.map(\.name))"
        }
    }

    /// Runs the sqlite3 shell on `path`, returning its trimmed output.
    @discardableResult
    static func sqlite3(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = ["-batch", path, sql]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "sqlite3 \(sql): \(text)")
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func bytes(_ path: String) throws -> Data {
        try #require(FileManager.default.contents(atPath: path))
    }

    static func fixture(_ name: String) throws -> [UInt8] {
        let resources = try #require(Bundle.module.resourceURL)
        let url = resources.appendingPathComponent("Fixtures/bundles/\(name)")
        return [UInt8](try Data(contentsOf: url))
    }

    // MARK: Create and reopen

    @Test("a created catalog has the schema and no library when not seeded, and reopens with its data")
    func createAndReopen() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("catalog.sqlite")
        do {
            let catalog = try Catalog(path: path, mode: .createIfMissing, seed: false)
            #expect(catalog.path == path)
            #expect(catalog.isReadOnly == false)
            #expect(try catalog.schemaVersion() == 10)
            #expect(try catalog.libraries().isEmpty)
            try catalog.addLibrary(Self.app)
            try catalog.addCurve(Self.snappy)
        }
        #expect(try Self.sqlite3(path, "PRAGMA application_id") == "\(Catalog.applicationID)")
        #expect(try Self.sqlite3(path, "PRAGMA user_version") == "10")
        #expect(
            try Self.sqlite3(path, "SELECT version, name FROM transdb_migration WHERE version IN (1, 3)")
                == "1|0001_catalog.sql\n3|0003_route_ids_never_reused.sql")

        for mode in [Catalog.Mode.readWrite, .readOnly, .createIfMissing] {
            let reopened = try Catalog(path: path, mode: mode)
            if case .readOnly = mode { #expect(reopened.isReadOnly) } else { #expect(!reopened.isReadOnly) }
            #expect(try reopened.schemaVersion() == 10)
            let libraries = try reopened.libraries()
            #expect(libraries.map(\.library) == [Self.app])
            #expect(libraries.map(\.counts) == [[.curve: 1, .duration: 0, .preset: 0, .screen: 0, .container: 0, .delegate: 0, .route: 0]])
            #expect(try reopened.curves() == [Self.snappy])
        }
    }

    @Test("a created catalog holds the default library when seeded")
    func createSeeded() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("catalog.sqlite"), mode: .createIfMissing)
        #expect(
            try catalog.libraries().map(\.library.name) == [
                "articles", "coreanimation", "demo", "material", "motion", "samples", "swiftui", "uikit",
            ])
        #expect(try catalog.preset(Self.qn("uikit", "navigationPush")).preset.reverse == Self.qn("uikit", "navigationPop"))
    }

    @Test("a missing catalog is refused unless it may be created, and no file appears")
    func missingCatalog() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("missing.sqlite")
        for mode in [Catalog.Mode.readWrite, .readOnly] {
            #expect(throws: CatalogError.missingCatalog(path: path)) { try Catalog(path: path, mode: mode) }
        }
        #expect(!FileManager.default.fileExists(atPath: path))

        let nested = directory.file("nope/catalog.sqlite")
        #expect(
            throws: CatalogError.notWritable(path: nested, reason: "the directory '\(directory.file("nope"))' does not exist")
        ) {
            try Catalog(path: nested, mode: .createIfMissing)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("nope")))
    }

    // MARK: Round trip

    @Test("every kind of entry comes back from the catalog exactly as it was added")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.populated(in: directory)

        let libraries = try catalog.libraries()
        #expect(libraries.map(\.library) == [Self.app, Self.other])
        #expect(
            libraries.map(\.counts) == [
                [.curve: 2, .duration: 0, .preset: 4, .screen: 3, .container: 2, .delegate: 2, .route: 3],
                [.curve: 0, .duration: 0, .preset: 1, .screen: 0, .container: 0, .delegate: 1, .route: 0],
            ])
        #expect(try catalog.curves() == [Self.snappy, Self.ticks])
        #expect(try catalog.presets() == [Self.cardDown, Self.cardUp, Self.instant, Self.turn, Self.echo])
        #expect(try catalog.screens() == [Self.curl, Self.detail, Self.list])
        #expect(try catalog.containers() == [Self.nav, Self.tabs])
        #expect(try catalog.delegates() == [Self.detailTransitions, Self.navDelegate, Self.otherD])
        #expect(try catalog.routes() == [Self.route1, Self.route2, Self.route3])

        // Showing one entry, with what uses it.
        let down = try catalog.preset(Self.qn("app", "cardDown"))
        #expect(down.preset == Self.cardDown)
        #expect(down.usedBy == ["preset app/cardUp", "route #2"])
        let up = try catalog.preset(Self.qn(nil, "cardUp"))
        #expect(up.preset == Self.cardUp)
        #expect(up.usedBy == ["route #1"])
        let snappy = try catalog.curve(Self.qn(nil, "snappy"))
        #expect(snappy.curve == Self.snappy)
        #expect(snappy.usedBy == ["preset app/cardDown", "preset app/cardUp", "preset other/echo"])
        let ticks = try catalog.curve(Self.qn("app", "ticks"))
        #expect(ticks.curve == Self.ticks)
        #expect(ticks.usedBy == [])
        #expect(try catalog.route(id: 2) == Self.route2)
        #expect(try catalog.timingCurve(.named(Self.qn("app", "snappy"))) == Self.snappy.curve)

        // Filters.
        #expect(try catalog.curves(kind: .steps) == [Self.ticks])
        #expect(try catalog.curves(library: "other") == [])
        #expect(try catalog.presets(library: "other") == [Self.echo])
        #expect(try catalog.presets(kind: .flip) == [Self.turn])
        #expect(try catalog.screens(library: "other") == [])
        #expect(try catalog.containers(kind: .tab) == [Self.tabs])
        #expect(try catalog.delegates(library: "other") == [Self.otherD])
        #expect(try catalog.routes(operation: .dismiss) == [Self.route2])
        #expect(try catalog.routes(screen: Self.qn(nil, "List")) == [Self.route1, Self.route3])
        #expect(try catalog.routes(delegate: Self.qn("other", "D")) == [])
        #expect(try catalog.routes(library: "app") == [Self.route1, Self.route2, Self.route3])
    }

    @Test("routes without a delegate go to the asked object's delegate, created and assigned when it has none")
    func routeDelegates() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.populated(in: directory)

        let push = try catalog.addRoute(
            RouteRequest(
                operation: .push, from: .any, to: .screen(Self.qn(nil, "Detail")), preset: Self.qn(nil, "turn"),
                container: Self.qn(nil, "Nav")))
        #expect(
            push.mapping
                == RouteMapping(
                    id: 4, delegate: Self.qn("app", "NavDelegate"), operation: .push, from: .any, to: .screen(Self.qn("app", "Detail")),
                    preset: Self.qn("app", "turn")))
        #expect(push.notes == ["added to 'app/NavDelegate', the delegate of container 'app/Nav'"])

        let tab = try catalog.addRoute(
            RouteRequest(operation: .tab, from: .screen(Self.qn(nil, "List")), to: .screen(Self.qn(nil, "Detail")), preset: nil))
        #expect(
            tab.mapping
                == RouteMapping(
                    id: 5, delegate: Self.qn("app", "TabsDelegate"), operation: .tab, from: .screen(Self.qn("app", "List")),
                    to: .screen(Self.qn("app", "Detail")), preset: nil))
        #expect(tab.notes == ["container 'app/Tabs' had no delegate: created delegate 'app/TabsDelegate' and set it"])

        let present = try catalog.addRoute(
            RouteRequest(operation: .present, from: .any, to: .screen(Self.qn(nil, "Curl")), preset: Self.qn(nil, "instant")))
        #expect(
            present.mapping
                == RouteMapping(
                    id: 6, delegate: Self.qn("app", "CurlTransitioningDelegate"), operation: .present, from: .any,
                    to: .screen(Self.qn("app", "Curl")), preset: Self.qn("app", "instant")))
        #expect(
            present.notes == ["screen 'app/Curl' had no transitioningDelegate: created delegate 'app/CurlTransitioningDelegate' and set it"]
        )

        var tabs = Self.tabs
        tabs.delegate = Self.qn("app", "TabsDelegate")
        #expect(try catalog.containers() == [Self.nav, tabs])
        var curl = Self.curl
        curl.delegate = Self.qn("app", "CurlTransitioningDelegate")
        #expect(try catalog.screens() == [curl, Self.detail, Self.list])
        #expect(
            try catalog.delegates().map(\.qualifiedName) == [
                Self.qn("app", "CurlTransitioningDelegate"), Self.qn("app", "D"), Self.qn("app", "NavDelegate"),
                Self.qn("app", "TabsDelegate"), Self.qn("other", "D"),
            ])
        #expect(try catalog.routes() == [Self.route1, Self.route2, Self.route3, push.mapping, tab.mapping, present.mapping])
    }

    @Test("a route on a delegate UIKit will not ask is kept, with a note saying so")
    func unreachableRouteNote() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.populated(in: directory)
        let addition = try catalog.addRoute(
            RouteRequest(
                operation: .dismiss, from: .screen(Self.qn(nil, "Curl")), to: .any, preset: Self.qn(nil, "instant"),
                delegate: Self.qn("app", "D"), library: "app"))
        #expect(
            addition.notes == [
                "note: screen 'Curl' does not have 'app/D' as its transitioningDelegate, so UIKit will not ask it for this route"
            ])
        #expect(try catalog.routes().count == 4)
    }

    // MARK: Refusals leave the catalog unchanged

    struct Violation: Sendable, CustomTestStringConvertible {
        var label: String
        var error: any Error & Sendable
        var attempt: @Sendable (Catalog) throws -> Void
        var testDescription: String { label }
    }

    static let violations: [Violation] = {
        let fade = PresetKind.fade.tracks(direction: nil)
        func route(_ request: RouteRequest) -> @Sendable (Catalog) throws -> Void {
            { catalog in _ = try catalog.addRoute(request) }
        }
        let nameSlash = "'/' separates a library from a name and cannot be part of one"
        return [
            Violation(label: "duplicate library", error: CatalogError.alreadyExists(kind: .library, name: "app")) {
                try $0.addLibrary(Library(name: "app"))
            },
            Violation(label: "duplicate curve", error: CatalogError.alreadyExists(kind: .curve, name: "app/snappy")) {
                try $0.addCurve(NamedCurve(library: "app", name: "snappy", curve: .linear))
            },
            Violation(label: "duplicate preset", error: CatalogError.alreadyExists(kind: .preset, name: "app/cardUp")) {
                try $0.addPreset(Preset(library: "app", name: "cardUp", kind: .fade, duration: 0.3, curve: .inline(.linear), tracks: fade))
            },
            Violation(label: "duplicate screen", error: CatalogError.alreadyExists(kind: .screen, name: "app/List")) {
                try $0.addScreen(Screen(library: "app", name: "List"))
            },
            Violation(label: "duplicate container", error: CatalogError.alreadyExists(kind: .container, name: "app/Nav")) {
                try $0.addContainer(Container(library: "app", name: "Nav", kind: .tab))
            },
            Violation(label: "duplicate delegate", error: CatalogError.alreadyExists(kind: .delegate, name: "app/D")) {
                try $0.addDelegate(Delegate(library: "app", name: "D"))
            },
            Violation(
                label: "unknown curve, in a library that would be created",
                error: LookupError.notFound(kind: .curve, name: "snapy", suggestion: "snappy")
            ) {
                try $0.addPreset(
                    Preset(library: "fresh", name: "p", kind: .fade, duration: 0.3, curve: .named(qn(nil, "snapy")), tracks: fade))
            },
            Violation(
                label: "unknown completion curve", error: LookupError.notFound(kind: .curve, name: "app/snapp", suggestion: "app/snappy")
            ) {
                try $0.addPreset(
                    Preset(
                        library: "app", name: "p", kind: .fade, duration: 0.3, curve: .inline(.linear), tracks: fade,
                        interaction: InteractionSettings(completionCurve: .named(qn("app", "snapp")))))
            },
            Violation(
                label: "unknown reverse preset", error: LookupError.notFound(kind: .preset, name: "app/cardUpp", suggestion: "app/cardUp")
            ) {
                try $0.addPreset(
                    Preset(
                        library: "app", name: "p", kind: .fade, duration: 0.3, curve: .inline(.linear), tracks: fade,
                        reverse: qn("app", "cardUpp")))
            },
            Violation(
                label: "unknown delegate of a screen",
                error: LookupError.notFound(kind: .delegate, name: "NavDelegat", suggestion: "NavDelegate")
            ) {
                try $0.addScreen(Screen(library: "app", name: "New", delegate: qn(nil, "NavDelegat")))
            },
            Violation(
                label: "unknown delegate of a container", error: LookupError.notFound(kind: .delegate, name: "app/Ghost", suggestion: nil)
            ) {
                try $0.addContainer(Container(library: "app", name: "Nav2", kind: .navigation, delegate: qn("app", "Ghost")))
            },
            Violation(
                label: "unknown screen in a route", error: LookupError.notFound(kind: .screen, name: "Zzzzzzzz", suggestion: nil),
                attempt: route(
                    RouteRequest(
                        operation: .present, from: .screen(qn(nil, "Zzzzzzzz")), to: .screen(qn("app", "Detail")),
                        preset: qn("app", "cardUp"),
                        delegate: qn("app", "D")))),
            Violation(
                label: "partial curl that is not full screen",
                error: ModelError.invalidValue(
                    field: "modal style", value: "partialCurl",
                    reason:
                        "UIKit allows a partial curl only with presentation style fullScreen, not pageSheet (it raises an exception otherwise)"
                )
            ) {
                try $0.addScreen(Screen(library: "app", name: "Curl2", modalStyle: .partialCurl, presentationStyle: .pageSheet))
            },
            Violation(
                label: "partial curl with the automatic style",
                error: ModelError.invalidValue(
                    field: "modal style", value: "partialCurl",
                    reason:
                        "UIKit allows a partial curl only with presentation style fullScreen, not automatic (it raises an exception otherwise)"
                )
            ) {
                try $0.addScreen(Screen(library: "app", name: "Curl3", modalStyle: .partialCurl))
            },
            Violation(
                label: "dismiss route with a destination",
                error: ModelError.invalidValue(
                    field: "dismiss route", value: "Detail → List",
                    reason:
                        "UIKit's animationController(forDismissed:) sees only the dismissed screen, so a dismiss route's destination is '*'"
                ),
                attempt: route(
                    RouteRequest(
                        operation: .dismiss, from: .screen(qn(nil, "Detail")), to: .screen(qn(nil, "List")), preset: qn(nil, "cardDown"),
                        delegate: qn("app", "D"), library: "app"))),
            Violation(
                label: "interaction without a preset",
                error: ModelError.invalidValue(
                    field: "interaction", value: "cardDown",
                    reason:
                        "UIKit asks for an interaction controller only when the delegate returned an animator; give the route a preset too"),
                attempt: route(
                    RouteRequest(
                        operation: .present, from: .any, to: .screen(qn(nil, "Curl")), preset: nil, interaction: qn(nil, "cardDown"),
                        delegate: qn("app", "D"), library: "app"))),
            Violation(
                label: "interaction preset without interaction settings",
                error: ModelError.invalidValue(
                    field: "interaction preset", value: "cardUp",
                    reason: "the preset has no interaction settings; give it --completion-speed or --finish-threshold"),
                attempt: route(
                    RouteRequest(
                        operation: .present, from: .any, to: .screen(qn(nil, "Curl")), preset: qn(nil, "cardUp"),
                        interaction: qn(nil, "cardUp"),
                        delegate: qn("app", "D"), library: "app"))),
            Violation(
                label: "route tie A → * against * → B",
                error: CatalogError.routeTie(
                    new: "present * → app/Curl", existing: "present app/List → * on delegate 'app/D'", existingID: 3, example: "app/List → app/Curl"),
                attempt: route(
                    RouteRequest(
                        operation: .present, from: .any, to: .screen(qn(nil, "Curl")), preset: qn(nil, "cardUp"), delegate: qn("app", "D"),
                        library: "app"))),
            Violation(
                label: "duplicate route",
                error: CatalogError.routeExists(route: "present app/List → app/Detail", delegate: "app/D", id: 1),
                attempt: route(
                    RouteRequest(
                        operation: .present, from: .screen(qn(nil, "List")), to: .screen(qn(nil, "Detail")), preset: qn(nil, "turn"),
                        delegate: qn("app", "D"), library: "app"))),
            Violation(
                label: "ambiguous bare delegate name",
                error: LookupError.ambiguous(kind: .delegate, name: "D", candidates: ["app/D", "other/D"]),
                attempt: route(
                    RouteRequest(
                        operation: .present, from: .any, to: .screen(qn(nil, "Curl")), preset: qn(nil, "cardUp"), delegate: qn(nil, "D")))),
            Violation(
                label: "present route to '*' without a delegate",
                error: ModelError.invalidValue(
                    field: "route", value: "List → *",
                    reason: "UIKit asks the presented (--to) screen's transitioningDelegate; with '*' there give --delegate"),
                attempt: route(RouteRequest(operation: .present, from: .screen(qn(nil, "List")), to: .any, preset: qn(nil, "cardUp")))),
            Violation(
                label: "a created delegate is rolled back with the route that failed",
                error: LookupError.notFound(kind: .preset, name: "nope", suggestion: nil),
                attempt: route(RouteRequest(operation: .present, from: .any, to: .screen(qn(nil, "Curl")), preset: qn(nil, "nope")))),
            Violation(
                label: "push route on a tab container",
                error: ModelError.invalidValue(
                    field: "container", value: "app/Tabs", reason: "it is a tab container; push routes need a navigation container"),
                attempt: route(
                    RouteRequest(
                        operation: .push, from: .any, to: .screen(qn(nil, "Detail")), preset: qn(nil, "turn"), container: qn(nil, "Tabs")))),
            Violation(
                label: "remove a curve used by presets",
                error: CatalogError.inUse(
                    kind: .curve, name: "app/snappy", usedBy: ["preset app/cardDown", "preset app/cardUp", "preset other/echo"])
            ) {
                try $0.remove(.curve, qn("app", "snappy"))
            },
            Violation(
                label: "remove a preset used as a reverse and by a route",
                error: CatalogError.inUse(kind: .preset, name: "app/cardDown", usedBy: ["preset app/cardUp", "route #2"])
            ) {
                try $0.remove(.preset, qn(nil, "cardDown"))
            },
            Violation(
                label: "remove a screen used by routes",
                error: CatalogError.inUse(kind: .screen, name: "app/List", usedBy: ["route #1", "route #3"])
            ) {
                try $0.remove(.screen, qn(nil, "List"))
            },
            Violation(
                label: "remove a library another library uses",
                error: CatalogError.inUse(kind: .library, name: "app", usedBy: ["preset other/echo"])
            ) {
                try $0.remove(.library, qn(nil, "app"))
            },
            Violation(label: "remove an unknown curve", error: LookupError.notFound(kind: .curve, name: "tick", suggestion: "ticks")) {
                try $0.remove(.curve, qn(nil, "tick"))
            },
            Violation(label: "remove an unknown route", error: LookupError.notFound(kind: .route, name: "#99", suggestion: nil)) {
                try $0.removeRoute(.id(99))
            },
            Violation(label: "release an unknown delegate", error: LookupError.notFound(kind: .delegate, name: "Ghost", suggestion: nil)) {
                _ = try $0.setReleased(qn(nil, "Ghost"), true)
            },
            Violation(
                label: "screen named '*'",
                error: ModelError.invalidValue(field: "screen name", value: "*", reason: "'*' stands for any screen in routes")
            ) {
                try $0.addScreen(Screen(library: "app", name: "*"))
            },
            Violation(
                label: "curve name with parentheses",
                error: ModelError.invalidValue(
                    field: "curve name", value: "ease(1)", reason: "a curve name cannot contain parentheses: they mark a curve expression")
            ) {
                try $0.addCurve(NamedCurve(library: "app", name: "ease(1)", curve: .linear))
            },
            Violation(
                label: "invalid library of a new entry",
                error: ModelError.invalidValue(field: "library name", value: "a/b", reason: nameSlash)
            ) {
                try $0.addDelegate(Delegate(library: "a/b", name: "X"))
            },
            Violation(
                label: "library version too long",
                error: ModelError.invalidValue(
                    field: "library version", value: String(repeating: "1", count: 65), reason: "a version is a semantic version of at most 64 characters: MAJOR.MINOR.PATCH, e.g. 1.2.0 or 2.0.0-beta.1"
                )
            ) {
                try $0.addLibrary(Library(name: "v", version: String(repeating: "1", count: 65)))
            },
            Violation(
                label: "bundle of a library that exists with other values",
                error: CatalogError.importConflicts(["library app (version 2.1.0 → 1.0.0, description The app's transitions → \"\")"])
            ) {
                try $0.importBundle(
                    Array(#"{"transdb": 1, "library": {"name": "app"}, "curves": [{"name": "c", "expression": "linear"}]}"#.utf8),
                    file: "app.json")
            },
        ]
    }()

    @Test("a refused write throws the exact error and leaves the catalog unchanged", arguments: violations)
    func refusal(_ violation: Violation) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.populated(in: directory)
        let before = try Snapshot(catalog)
        let thrown = #expect(throws: (any Error).self) { try violation.attempt(catalog) }
        #expect(thrown.map { "\(type(of: $0)): \($0)" } == "\(type(of: violation.error)): \(violation.error)")
        #expect(try Snapshot(catalog) == before)
    }

    @Test("values only the schema checks are refused by SQLite, and nothing is written")
    func schemaChecks() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.populated(in: directory)
        let before = try Snapshot(catalog)
        let invalid = [
            Preset(
                library: "app", name: "p", kind: .flip, direction: .up, duration: 0.3, curve: .inline(.linear),
                tracks: PresetKind.flip.tracks(direction: .up)),
            Preset(library: "app", name: "p", kind: .none, duration: 0.3, curve: .inline(.linear), tracks: ViewTracks()),
            Preset(
                library: "app", name: "p", kind: .fade, duration: 0.3, curve: .inline(.linear), tracks: ViewTracks(),
                interaction: InteractionSettings(completionSpeed: 0)),
        ]
        for preset in invalid {
            let error = #expect(throws: CatalogError.self) { try catalog.addPreset(preset) }
            guard case let .constraintViolated(reason)? = error else {
                Issue.record("expected a constraint violation, got \(String(describing: error))")
                continue
            }
            #expect(reason.hasPrefix("CHECK constraint failed"), "\(reason)")
            #expect(error?.description == "the catalog refused the change: \(reason)")
        }
        #expect(try Snapshot(catalog) == before)
    }

    @Test("a bundle whose last route fails while writing (a tie) leaves nothing behind")
    func failureDuringWriteRollsBack() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("catalog.sqlite"), mode: .createIfMissing, seed: false)
        let before = try Snapshot(catalog)
        // Valid on its own, but `A → *` and `* → B` tie for A → B: found only when the routes are written.
        let json = #"""
            {"transdb": 1, "library": {"name": "t"}, "presets": [{"name": "p", "kind": "fade"}], "delegates": [{"name": "D"}],
             "screens": [{"name": "A"}, {"name": "B", "delegate": "D"}],
             "routes": [{"delegate": "D", "op": "present", "from": "A", "to": "*", "preset": "p"},
                        {"delegate": "D", "op": "present", "from": "*", "to": "B", "preset": "p"}]}
            """#
        #expect(
            throws: CatalogError.invalidBundle(
                file: "tie.json", path: "$.routes[1]",
                reason: "the route present * → t/B ties with the route present t/A → * on delegate 't/D' of this import: both would match t/A → t/B equally; make one of them more specific")
        ) {
            try catalog.importBundle(Array(json.utf8), file: "tie.json")
        }
        #expect(try Snapshot(catalog) == before)
        #expect(try catalog.libraries().isEmpty)
    }

    @Test("a route that ties with one already in the catalog names it by id, at the route's place in the file")
    func tieWithStoredRoute() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("catalog.sqlite"), mode: .createIfMissing, seed: false)
        let head = #"{"transdb": 1, "library": {"name": "t"}, "presets": [{"name": "p", "kind": "fade"}], "delegates": [{"name": "D"}], "screens": [{"name": "A"}, {"name": "B", "delegate": "D"}], "routes": "#
        _ = try catalog.importBundle(Array((head + #"[{"delegate": "D", "op": "present", "from": "A", "to": "*", "preset": "p"}]}"#).utf8), file: "first.json")
        let before = try Snapshot(catalog)
        let second = head + #"[{"delegate": "D", "op": "present", "from": "A", "to": "*", "preset": "p"}, {"delegate": "D", "op": "present", "from": "*", "to": "B", "preset": "p"}]}"#
        #expect(
            throws: CatalogError.invalidBundle(
                file: "second.json", path: "$.routes[1]",
                reason: "the route present * → t/B ties with the existing route #1 present t/A → * on delegate 't/D': both would match t/A → t/B equally; remove the existing route or make one of them more specific")
        ) {
            try catalog.importBundle(Array(second.utf8), file: "second.json")
        }
        #expect(try Snapshot(catalog) == before)
    }

    @Test("a bundle whose last route is invalid leaves no library behind")
    func failedImportLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("catalog.sqlite"), mode: .createIfMissing, seed: false)
        let before = try Snapshot(catalog)
        #expect(
            throws: CatalogError.invalidBundle(
                file: "last-route-invalid.json", path: "$.routes[1].to",
                reason:
                    "invalid dismiss route 'Detail → List': UIKit's animationController(forDismissed:) sees only the dismissed screen, so a dismiss route's destination is '*'"
            )
        ) {
            try catalog.importBundle(try Self.fixture("last-route-invalid.json"), file: "last-route-invalid.json")
        }
        #expect(try Snapshot(catalog) == before)
        #expect(try catalog.libraries().isEmpty)

        // The same bundle with a valid last route loads completely.
        try catalog.importBundle(try Self.fixture("valid-app.json"), file: "valid-app.json")
        let libraries = try catalog.libraries()
        #expect(
            libraries.map(\.library) == [
                Library(name: "fixture", version: "0.1.0", description: "A small app bundle whose routes are all valid")
            ])
        #expect(libraries.map(\.counts) == [[.curve: 1, .duration: 0, .preset: 2, .screen: 2, .container: 0, .delegate: 1, .route: 2]])
        let snappy = Self.qn("fixture", "snappy")
        #expect(
            try catalog.presets() == [
                Preset(
                    library: "fixture", name: "rise", kind: .cover, direction: .up, duration: 0.4, curve: .named(snappy),
                    tracks: PresetKind.cover.tracks(direction: .up), reverse: Self.qn("fixture", "sink")),
                Preset(
                    library: "fixture", name: "sink", kind: .uncover, direction: .down, duration: 0.4, curve: .named(snappy),
                    tracks: PresetKind.uncover.tracks(direction: .down), interaction: InteractionSettings(),
                    reverse: Self.qn("fixture", "rise")),
            ])
        #expect(try catalog.routes().map(\.routeDescription) == ["present fixture/List → fixture/Detail", "dismiss fixture/Detail → *"])
    }

    // MARK: Files that are not catalogs

    @Test("a catalog of a newer schema is refused and its file left byte for byte as it was")
    func newerSchema() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("catalog.sqlite")
        do {
            let catalog = try Catalog(path: path, mode: .createIfMissing, seed: false)
            try catalog.addLibrary(Self.app)
        }
        try Self.sqlite3(path, "PRAGMA user_version=99")
        let before = try Self.bytes(path)
        for mode in [Catalog.Mode.readWrite, .readOnly, .createIfMissing] {
            #expect(throws: CatalogError.newerSchema(path: path, found: 99, supported: 10)) { try Catalog(path: path, mode: mode) }
        }
        #expect(try Self.bytes(path) == before)
        #expect(try Self.sqlite3(path, "PRAGMA user_version") == "99")
        #expect(try Self.sqlite3(path, "SELECT name FROM library") == "app")
    }

    enum Foreign: String, CaseIterable, Sendable {
        case empty, text, randomBytes, truncatedHeader, otherSQLite, otherApplicationID, directory

        var reason: String {
            switch self {
            case .empty: "the file is empty"
            case .text, .randomBytes, .truncatedHeader: "it is not an SQLite database"
            case .otherSQLite: "it is an SQLite database without transdb's application id (another application's database?)"
            case .otherApplicationID: "it is the SQLite database of another application (application id 1234)"
            case .directory: "it is a directory"
            }
        }

        /// Creates the file at `path`.
        func make(at path: String) throws {
            switch self {
            case .empty:
                #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            case .text:
                #expect(FileManager.default.createFile(atPath: path, contents: Data("Milk, eggs, flour.\nNot a catalog.\n".utf8)))
            case .randomBytes:
                // A fixed pseudo-random sequence, so the test is the same on every run.
                var state: UInt64 = 0x9E37_79B9_7F4A_7C15
                let bytes = (0..<4096).map { _ -> UInt8 in
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return UInt8(truncatingIfNeeded: state >> 56)
                }
                #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            case .truncatedHeader:
                #expect(FileManager.default.createFile(atPath: path, contents: Data("SQLite format 3\u{0}".utf8) + Data(count: 40)))
            case .otherSQLite:
                try CatalogTests.sqlite3(path, "CREATE TABLE t(x); INSERT INTO t VALUES (1);")
            case .otherApplicationID:
                try CatalogTests.sqlite3(path, "PRAGMA application_id=1234; CREATE TABLE t(x);")
            case .directory:
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            }
        }
    }

    @Test("a file that is not a transdb catalog is refused and left untouched", arguments: Foreign.allCases)
    func notACatalog(_ foreign: Foreign) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("catalog.sqlite")
        try foreign.make(at: path)
        let before = foreign == .directory ? nil : try Self.bytes(path)
        for mode in [Catalog.Mode.readWrite, .readOnly, .createIfMissing] {
            #expect(throws: CatalogError.notACatalog(path: path, reason: foreign.reason)) {
                try Catalog(path: path, mode: mode)
            }
        }
        if let before {
            #expect(try Self.bytes(path) == before)
        }
        if foreign == .empty {
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
            #expect(size == 0)
        }
        // Nothing else was created beside it (no journal, WAL or shared-memory file).
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["catalog.sqlite"])
    }

    // MARK: Read-only

    @Test("a catalog opened read-only reads but refuses every write")
    func readOnly() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("catalog.sqlite")
        let expected = try Snapshot(try Self.populated(in: directory))

        let catalog = try Catalog(path: path, mode: .readOnly)
        #expect(catalog.isReadOnly)
        #expect(try Snapshot(catalog) == expected)
        let refused = CatalogError.notWritable(path: path, reason: "it was opened for reading only")
        #expect(throws: refused) { try catalog.addLibrary(Library(name: "new")) }
        #expect(throws: refused) { try catalog.addCurve(NamedCurve(library: "app", name: "c", curve: .linear)) }
        #expect(throws: refused) {
            try catalog.addPreset(
                Preset(library: "app", name: "p", kind: .fade, duration: 0.3, curve: .inline(.linear), tracks: ViewTracks()))
        }
        #expect(throws: refused) { try catalog.addScreen(Screen(library: "app", name: "S")) }
        #expect(throws: refused) { try catalog.addContainer(Container(library: "app", name: "C", kind: .tab)) }
        #expect(throws: refused) { try catalog.addDelegate(Delegate(library: "app", name: "X")) }
        #expect(throws: refused) {
            _ = try catalog.addRoute(
                RouteRequest(
                    operation: .present, from: .any, to: .screen(Self.qn(nil, "Curl")), preset: Self.qn(nil, "turn"),
                    delegate: Self.qn("app", "D")))
        }
        #expect(throws: refused) { _ = try catalog.setReleased(Self.qn("app", "D"), true) }
        #expect(throws: refused) { try catalog.remove(.delegate, Self.qn("app", "D")) }
        #expect(throws: refused) { try catalog.removeRoute(.id(1)) }
        #expect(throws: refused) { try catalog.importBundle(try Self.fixture("valid-app.json"), file: "valid-app.json") }
        #expect(try Snapshot(catalog) == expected)
        #expect(try Snapshot(try Catalog(path: path, mode: .readWrite)) == expected)
    }

    // MARK: Removing and releasing

    @Test("removing a delegate removes its routes and unsets it where it was assigned")
    func removeDelegate() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.populated(in: directory)
        let before = try Snapshot(catalog)

        let report = try catalog.remove(.delegate, Self.qn("app", "D"))
        #expect(report.removed.count == 3)
        #expect(report.removed.allSatisfy { $0.hasPrefix("route #") && $0.hasSuffix(" on app/D") })
        #expect(report.notes == ["screen app/Detail no longer has a delegate"])
        #expect(try catalog.routes() == [])
        var detail = Self.detail
        detail.delegate = nil
        #expect(try catalog.screens() == [Self.curl, detail, Self.list])
        #expect(try catalog.delegates() == [Self.navDelegate, Self.otherD])
        #expect(try catalog.presets() == before.presets)
        #expect(try catalog.libraries().map(\.counts).first?[.route] == 0)

        // With the routes gone, the presets they used can go too.
        #expect(try catalog.remove(.preset, Self.qn(nil, "cardUp")).removed == [])
        #expect(try catalog.remove(.preset, Self.qn(nil, "cardDown")).removed == [])
        #expect(try catalog.presets().map(\.name) == ["instant", "turn", "echo"])
        #expect(try catalog.curve(Self.qn(nil, "snappy")).usedBy == ["preset other/echo"])
    }

    @Test("removing a delegate that owns one route, and one that is a container's delegate")
    func removeDelegateNotes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.populated(in: directory)
        _ = try catalog.addRoute(
            RouteRequest(
                operation: .push, from: .any, to: .screen(Self.qn(nil, "Detail")), preset: Self.qn(nil, "turn"),
                container: Self.qn(nil, "Nav")))
        let report = try catalog.remove(.delegate, Self.qn(nil, "NavDelegate"))
        #expect(report.removed == ["route #4: push * → app/Detail on app/NavDelegate"])
        #expect(report.notes == ["container app/Nav no longer has a delegate"])
        #expect(try catalog.containers().first?.delegate == nil)
        #expect(try catalog.routes() == [Self.route1, Self.route2, Self.route3])
    }

    @Test("removing a route by id reports it and leaves the others")
    func removeRoute() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.populated(in: directory)
        let report = try catalog.removeRoute(.id(2))
        #expect(report.name == "#2")
        #expect(report.detail == "\(Self.route2.routeDescription) on \(Self.route2.delegate)")
        #expect(try catalog.routes() == [Self.route1, Self.route3])
        #expect(try catalog.preset(Self.qn(nil, "cardDown")).usedBy == ["preset app/cardUp"])
    }

    @Test("removing a library removes everything in it")
    func removeLibrary() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.populated(in: directory)
        #expect(try catalog.remove(.library, Self.qn(nil, "other")).removed == ["preset other/echo", "delegate other/D"])
        #expect(try catalog.libraries().map(\.library) == [Self.app])
        #expect(try catalog.presets().map(\.name) == ["cardDown", "cardUp", "instant", "turn"])
        #expect(try catalog.delegates() == [Self.detailTransitions, Self.navDelegate])
        // Now nothing outside uses `app`, and it goes with its routes, presets and curves.
        #expect(try catalog.remove(.library, Self.qn(nil, "app")).removed.count > 0)
        #expect(try Snapshot(catalog) == Snapshot(try Catalog(path: directory.file("empty.sqlite"), mode: .createIfMissing, seed: false)))
    }

    @Test("setReleased marks a delegate released and retained again")
    func setReleased() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.populated(in: directory)

        var released = Self.detailTransitions
        released.released = true
        #expect(try catalog.setReleased(Self.qn("app", "D"), true) == released)
        #expect(try catalog.delegates() == [released, Self.navDelegate, Self.otherD])

        var retained = Self.navDelegate
        retained.released = false
        #expect(try catalog.setReleased(Self.qn("app", "NavDelegate"), false) == retained)
        #expect(try catalog.delegates() == [released, retained, Self.otherD])

        #expect(try catalog.setReleased(Self.qn("app", "D"), false) == Self.detailTransitions)
        #expect(try catalog.delegates() == [Self.detailTransitions, retained, Self.otherD])
    }

    // MARK: Names

    @Test("addPreset validates the preset's name like every other add does")
    func addPresetValidatesName() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.populated(in: directory)
        let before = try Snapshot(catalog)
        let preset = Preset(
            library: "app", name: "bad\nname", kind: .fade, duration: 0.3, curve: .inline(.linear),
            tracks: PresetKind.fade.tracks(direction: nil))
        // The screen, delegate, container, curve and library adds refuse the same name.
        #expect(
            throws: ModelError.invalidValue(field: "screen name", value: "bad\nname", reason: "a name cannot contain control characters")
        ) {
            try catalog.addScreen(Screen(library: "app", name: "bad\nname"))
        }
        #expect(
            throws: ModelError.invalidValue(field: "preset name", value: "bad\nname", reason: "a name cannot contain control characters")
        ) {
            try catalog.addPreset(preset)
        }
        #expect(try Snapshot(catalog) == before)
    }

    @Test("names are limited to 128 code points, as the schema's CHECK (length(name) ≤ 128) counts them")
    func longNamesOfClusters() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.populated(in: directory)
        let before = try Snapshot(catalog)
        // 128 ASCII characters: accepted by both the validator and the schema.
        try catalog.addScreen(Screen(library: "app", name: String(repeating: "a", count: 128)))
        #expect(try catalog.screens(library: "app").count == 4)
        // 128 code points of combining sequences ("x" + acute, no precomposed form): accepted and stored.
        let accented = String(repeating: "x\u{301}", count: 64)
        try catalog.addDelegate(Delegate(library: "app", name: accented))
        #expect(try catalog.delegates(library: "app").map(\.name).contains(accented))
        // 65 of them are 130 code points: refused before SQLite sees them, with a sentence, not a raw CHECK error.
        let tooLong = String(repeating: "x\u{301}", count: 65)
        #expect(
            throws: ModelError.invalidValue(field: "delegate name", value: tooLong, reason: "a name has at most 128 Unicode code points")
        ) {
            try catalog.addDelegate(Delegate(library: "app", name: tooLong))
        }
        let family = String(repeating: "👨‍👩‍👧", count: 128)
        #expect(throws: ModelError.invalidValue(field: "screen name", value: family, reason: "a name has at most 128 Unicode code points"))
        {
            try catalog.addScreen(Screen(library: "app", name: family))
        }
        #expect(try Snapshot(catalog).presets == before.presets)
    }

    @Test("addPreset stores the preset's name in NFC, so it can be found by the name as typed")
    func addPresetNormalisesName() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Self.populated(in: directory)
        let decomposed = "caf" + "e\u{301}"
        try catalog.addPreset(
            Preset(
                library: "app", name: decomposed, kind: .fade, duration: 0.3, curve: .inline(.linear),
                tracks: PresetKind.fade.tracks(direction: nil)))
        // A screen of the same name is stored composed.
        try catalog.addScreen(Screen(library: "app", name: decomposed))
        #expect(try catalog.screens().map { Array($0.name.unicodeScalars) }.contains(["c", "a", "f", "\u{e9}"]))
        #expect(try catalog.screens(library: "app").count == 4)

        let names = try catalog.presets(library: "app").map { Array($0.name.unicodeScalars) }
        #expect(names.contains(["c", "a", "f", "\u{e9}"]))
        _ = try catalog.preset(try QualifiedName(parsing: "app/caf\u{e9}", field: "preset"))
    }
}

/// `list presets` reads summaries in one query; they must say what the full presets say.
@Suite("Preset summaries")
struct PresetSummaryTests {
    @Test("summaries equal the full presets' summaries, for the default library and with filters")
    func sameAsFullPresets() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("catalog.sqlite"), mode: .createIfMissing)
        let all = try catalog.presetSummaries()
        #expect(all.count > 30)
        #expect(all == (try catalog.presets()).map(\.summary))
        #expect(all.contains { $0.reverse != nil } && all.contains { $0.isInteractive })
        #expect(all.contains { if case .inline = $0.curve { true } else { false } })
        #expect(try catalog.presetSummaries(library: "motion") == (try catalog.presets(library: "motion")).map(\.summary))
        #expect(try catalog.presetSummaries(kind: .push) == (try catalog.presets(kind: .push)).map(\.summary))
        #expect(try catalog.presetSummaries(library: "nowhere").isEmpty)
    }

    @Test("a preset's record is its summary's record")
    func records() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try CatalogTests.populated(in: directory)
        for preset in try catalog.presets() {
            #expect(JSONValue.object(preset.record) == JSONValue.object(preset.summary.record))
        }
        #expect(try catalog.hasLibrary("app"))
        #expect(try !catalog.hasLibrary("App"))
    }
}
