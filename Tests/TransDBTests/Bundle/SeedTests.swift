import Foundation
import Testing
import TransDB
import TransDBTestSupport
@testable import TransDBCore

@Suite("Seed bundles and the bundle format")
struct SeedTests {
    /// The package's root folder, found from this file's path
    /// (`Tests/TransDBTests/Bundle/SeedTests.swift`).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Bundle
        .deletingLastPathComponent()  // TransDBTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static func seedBytes(_ file: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: packageRoot.appendingPathComponent("seed").appendingPathComponent(file)))
    }

    /// The parts of a bundle file these tests look at, read independently of the library's decoder.
    struct SeedFile: Decodable {
        struct Named: Decodable {
            var name: String
            var expression: String?
            var curve: String?
            var interaction: Interaction?
        }

        struct Interaction: Decodable {
            var completionCurve: String?
        }

        struct LibraryInfo: Decodable {
            var name: String
        }

        var library: LibraryInfo
        var curves: [Named]?
        var durations: [Named]?
        var presets: [Named]?
        var delegates: [Named]?
        var screens: [Named]?
        var containers: [Named]?
        var routes: [[String: String?]]?

        static func read(_ file: String) throws -> SeedFile {
            try JSONDecoder().decode(SeedFile.self, from: Data(try SeedTests.seedBytes(file)))
        }

        var counts: [EntityKind: Int] {
            [
                .curve: curves?.count ?? 0, .duration: durations?.count ?? 0, .preset: presets?.count ?? 0, .screen: screens?.count ?? 0,
                .container: containers?.count ?? 0, .delegate: delegates?.count ?? 0, .route: routes?.count ?? 0,
            ]
        }

        /// Every curve expression the file writes: named curves, and inline preset and completion curves.
        var expressions: [String] {
            let isExpression = { (text: String) in text == "linear" || text.contains("(") }
            let named = (curves ?? []).compactMap(\.expression)
            let inline = (presets ?? []).flatMap { [$0.curve, $0.interaction?.completionCurve].compactMap { $0 } }.filter(isExpression)
            return named + inline
        }
    }

    // MARK: Loading

    @Test("each seed file loads into an empty catalog after the files before it", arguments: Catalog.seedFileNames)
    func seedLoads(file: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("catalog.sqlite"), mode: .createIfMissing, seed: false)
        let index = try #require(Catalog.seedFileNames.firstIndex(of: file))
        let prefix = Catalog.seedFileNames[...index]
        for name in prefix {
            try catalog.importBundle(try Self.seedBytes(name), file: "seed/\(name)")
        }

        let seed = try SeedFile.read(file)
        #expect(seed.library.name + ".json" == file)
        let libraries = try catalog.libraries()
        #expect(Set(libraries.map(\.library.name)) == Set(prefix.map { String($0.dropLast(".json".count)) }))
        let loaded = try #require(libraries.first { $0.library.name == seed.library.name })
        #expect(loaded.counts == seed.counts)
        #expect(try catalog.presets(library: seed.library.name).map(\.name) == (seed.presets ?? []).map(\.name).sorted())
        #expect(try catalog.curves(library: seed.library.name).map(\.name) == (seed.curves ?? []).map(\.name).sorted())
    }

    @Test("a seed file that needs an earlier one does not load without it")
    func seedOrderMatters() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("catalog.sqlite"), mode: .createIfMissing, seed: false)
        // samples.json uses uikit/easeInOut, and uikit/crossDissolve for Reduce Motion.
        #expect(
            throws: CatalogError.missingReferences([
                "curve uikit/easeInOut (used by preset samples/hsLeftPresent and 4 more)",
                "preset uikit/crossDissolve (used by preset samples/szPresent and 1 more)",
            ])
        ) {
            try catalog.importBundle(try Self.seedBytes("samples.json"), file: "seed/samples.json")
        }
        #expect(try catalog.libraries().isEmpty)
    }

    @Test("the seeded default catalog is what importing the seed folder in order gives")
    func embeddedSeedsMatchTheFolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let seeded = try Catalog(path: directory.file("seeded.sqlite"), mode: .createIfMissing)
        let imported = try Catalog(path: directory.file("imported.sqlite"), mode: .createIfMissing, seed: false)
        for name in Catalog.seedFileNames {
            try imported.importBundle(try Self.seedBytes(name), file: "seed/\(name)")
        }
        #expect(try seeded.libraries().map(\.library) == imported.libraries().map(\.library))
        #expect(try seeded.libraries().map(\.counts) == imported.libraries().map(\.counts))
        #expect(try seeded.curves() == imported.curves())
        #expect(try seeded.presets() == imported.presets())
        #expect(try seeded.screens() == imported.screens())
        #expect(try seeded.containers() == imported.containers())
        #expect(try seeded.delegates() == imported.delegates())
        #expect(try seeded.routes() == imported.routes())
    }

    @Test("the embedded file lists are exactly the files of seed/ and migrations/")
    func embeddedListsMatchFolders() throws {
        func files(_ folder: String, _ suffix: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: Self.packageRoot.appendingPathComponent(folder).path)
                .filter { $0.hasSuffix(suffix) }.sorted()
        }
        let seeds = try files("seed", ".json")
        #expect(!seeds.isEmpty)
        #expect(Catalog.seedFileNames.sorted() == seeds)
        #expect(Set(Catalog.seedFileNames).count == Catalog.seedFileNames.count)

        let migrations = try files("migrations", ".sql")
        #expect(!migrations.isEmpty)
        // Migrations apply in file-name order, their numbers strictly increasing from 1. Numbers are
        // reserved per branch (issue 12's 0003 was written beside issue 11's 0002), so a gap may
        // exist until both are merged; a migration is never skipped once both are in.
        #expect(Catalog.migrationFileNames == migrations)
        let numbers = Catalog.migrationFileNames.compactMap { Int($0.prefix(4)) }
        #expect(numbers.count == migrations.count && numbers.first == 1 && zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 })
        // Nothing else sits in those folders.
        #expect(try files("seed", "") == seeds)
        #expect(try files("migrations", "") == migrations)
    }

    @Test("a created catalog's schema version is the number of the last migration")
    func schemaVersionIsLastMigration() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("catalog.sqlite"), mode: .createIfMissing, seed: false)
        let last = try #require(Catalog.migrationFileNames.last)
        #expect(try catalog.schemaVersion() == Int(last.prefix(4)))
    }

    // MARK: Seed contents

    @Test("every preset of the default catalog is what the resolver returns for a route to it")
    func everySeedPresetResolves() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("catalog.sqlite"), mode: .createIfMissing)
        let presets = try catalog.presets()
        #expect(presets.count == 42)

        let probe = QualifiedName(library: "scratch", name: "Probe")
        try catalog.addDelegate(Delegate(library: "scratch", name: "Probe"))
        try catalog.addScreen(Screen(library: "scratch", name: "Source"))
        for (i, preset) in presets.enumerated() {
            try catalog.addScreen(Screen(library: "scratch", name: "Target\(i)", delegate: probe))
            let addition = try catalog.addRoute(
                RouteRequest(
                    operation: .present, from: .screen(QualifiedName(library: "scratch", name: "Source")),
                    to: .screen(QualifiedName(library: "scratch", name: "Target\(i)")), preset: preset.qualifiedName, delegate: probe))
            #expect(addition.notes == [])
        }

        let resolver = Resolver(catalog: catalog)
        for (i, preset) in presets.enumerated() {
            let resolution = try resolver.resolve(
                Resolver.Request(operation: .present, from: "scratch/Source", to: "scratch/Target\(i)"), strict: true)
            #expect(resolution.delegate == probe, "\(preset.qualifiedName)")
            #expect(resolution.mapping?.preset == preset.qualifiedName, "\(preset.qualifiedName)")
            #expect(resolution.animator == preset, "\(preset.qualifiedName)")
            #expect(resolution.interaction == nil, "\(preset.qualifiedName)")
            #expect(resolution.systemDefault == nil, "\(preset.qualifiedName)")
            #expect(resolution.unknownNames == [], "\(preset.qualifiedName)")
            // Named curves and reverses point at entries that exist.
            if case let .named(name) = preset.curve {
                #expect(throws: Never.self) { try catalog.curve(name) }
            }
            if case let .named(name)? = preset.interaction?.completionCurve {
                #expect(throws: Never.self) { try catalog.curve(name) }
            }
            if let reverse = preset.reverse {
                #expect(throws: Never.self) { try catalog.preset(reverse) }
            }
        }
    }

    @Test("every curve expression in a seed file is written canonically", arguments: Catalog.seedFileNames)
    func seedExpressionsAreCanonical(file: String) throws {
        for expression in try SeedFile.read(file).expressions {
            #expect(try TimingCurve(expression: expression).expression == expression, "\(file)")
        }
    }

    @Test("the seed files write curve expressions, and every stored curve reads back canonically")
    func storedCurvesAreCanonical() throws {
        let total = try Catalog.seedFileNames.map { try SeedFile.read($0).expressions.count }.reduce(0, +)
        // 35 named curves, the inline `linear` of uikit/tabNone, the inline springs of uikit/coverVertical
        // and motion/sheet, the three inline springs of samples (popAnimatorDismiss mirrors popAnimator)
        // and that of articles/dismissAnimatedTransitioning.
        #expect(total == 42)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("catalog.sqlite"), mode: .createIfMissing)
        for curve in try catalog.curves() {
            #expect(try TimingCurve(expression: curve.curve.expression) == curve.curve, "\(curve.qualifiedName)")
        }
    }

    // MARK: Bundle errors

    struct BadBundle: Sendable, CustomTestStringConvertible {
        var label: String
        var json: String
        var path: String
        var reason: String
        var testDescription: String { label }
    }

    static let badBundles: [BadBundle] = [
        BadBundle(
            label: "a duration in seconds written as a string",
            json: #"{"transdb": 1, "library": {"name": "x"}, "presets": [{"name": "p", "kind": "fade", "duration": "0.3"}]}"#,
            path: "$.presets[0].duration", reason: #"seconds are a number, not the string "0.3"; a string names a duration"#),
        BadBundle(
            label: "a missing kind",
            json: #"{"transdb": 1, "library": {"name": "x"}, "presets": [{"name": "p"}]}"#,
            path: "$.presets[0].kind", reason: "required field is missing"),
        BadBundle(
            label: "a null name",
            json: #"{"transdb": 1, "library": {"name": "x"}, "curves": [{"name": "c", "expression": "linear"}, {"name": null, "expression": "linear"}]}"#,
            path: "$.curves[1].name", reason: "expected a string, found null"),
        BadBundle(
            label: "presets that are not an array",
            json: #"{"transdb": 1, "library": {"name": "x"}, "presets": {"name": "p"}}"#,
            path: "$.presets", reason: #"expected an array, found {"name":"p"}"#),
        BadBundle(
            label: "a released flag that is not a boolean",
            json: #"{"transdb": 1, "library": {"name": "x"}, "delegates": [{"name": "D", "released": "yes"}]}"#,
            path: "$.delegates[0].released", reason: #"expected true or false, found "yes""#),
        BadBundle(
            label: "a route without a preset key",
            json: #"{"transdb": 1, "library": {"name": "x"}, "routes": [{"delegate": "D", "op": "present", "from": "A", "to": "B"}]}"#,
            path: "$.routes[0].preset", reason: #"a route needs "preset" (null for an explicit nil)"#),
        BadBundle(
            label: "a missing library",
            json: #"{"transdb": 1}"#,
            path: "$.library", reason: "required field is missing"),
        BadBundle(
            label: "another bundle format",
            json: #"{"transdb": 2, "library": {"name": "x"}}"#,
            path: "$.transdb", reason: "bundle format 2 is not supported (this transdb reads format 1)"),
        BadBundle(
            label: "an invalid library name",
            json: #"{"transdb": 1, "library": {"name": "a/b"}}"#,
            path: "$.library.name", reason: "invalid library name 'a/b': '/' separates a library from a name and cannot be part of one"),
        BadBundle(
            label: "an invalid curve expression",
            json: #"{"transdb": 1, "library": {"name": "x"}, "curves": [{"name": "c", "expression": "steps(0)"}]}"#,
            path: "$.curves[0].expression",
            reason: "invalid curve expression 'steps(0)' at column 7: the number of steps must be a whole number from 1 to 100000, got 0"),
        BadBundle(
            label: "a zero duration in the second preset",
            json: #"{"transdb": 1, "library": {"name": "x"}, "presets": [{"name": "a", "kind": "fade"}, {"name": "b", "kind": "fade", "duration": 0}]}"#,
            path: "$.presets[1].duration", reason: "invalid duration '0': a duration is a number of seconds > 0 and ≤ 60"),
        BadBundle(
            label: "an unknown kind",
            json: #"{"transdb": 1, "library": {"name": "x"}, "presets": [{"name": "p", "kind": "spin"}]}"#,
            path: "$.presets[0].kind",
            reason: "'spin' is not one of none, fade, push, pull, cover, uncover, slide, zoom, flip, sheet, custom"),
        BadBundle(
            label: "an invalid track override",
            json: #"{"transdb": 1, "library": {"name": "x"}, "presets": [{"name": "p", "kind": "custom", "set": ["to.start.alpha=2"]}]}"#,
            path: "$.presets[0].set[0]", reason: "invalid track 'to.start.alpha=2': the value must be a number in [0, 1]"),
        BadBundle(
            label: "a preset that is its own reverse",
            json: #"{"transdb": 1, "library": {"name": "x"}, "presets": [{"name": "p", "kind": "fade", "reverse": "p"}]}"#,
            path: "$.presets[0].reverse", reason: "invalid reverse preset 'p': a preset cannot be its own reverse"),
        BadBundle(
            label: "an unknown modal style",
            json: #"{"transdb": 1, "library": {"name": "x"}, "screens": [{"name": "S", "modalStyle": "pageCurl"}]}"#,
            path: "$.screens[0].modalStyle",
            reason: "'pageCurl' is not one of coverVertical, flipHorizontal, crossDissolve, partialCurl"),
        BadBundle(
            label: "an unknown operation",
            json:
                #"{"transdb": 1, "library": {"name": "x"}, "delegates": [{"name": "D"}], "screens": [{"name": "A"}], "routes": [{"delegate": "D", "op": "show", "from": "A", "to": "*", "preset": null}]}"#,
            path: "$.routes[0].op", reason: "'show' is not one of present, dismiss, push, pop, tab"),
    ]

    @Test("an invalid bundle is refused with its file, JSON path and reason, and nothing is written", arguments: badBundles)
    func badBundle(_ bad: BadBundle) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("catalog.sqlite"), mode: .createIfMissing, seed: false)
        #expect(throws: CatalogError.invalidBundle(file: "bad.json", path: bad.path, reason: bad.reason)) {
            try catalog.importBundle(Array(bad.json.utf8), file: "bad.json")
        }
        #expect(try catalog.libraries().isEmpty)
    }

    @Test("a reference to nothing is refused with every missing name, and nothing is written")
    func missingReference() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("catalog.sqlite"), mode: .createIfMissing, seed: false)
        let json = #"{"transdb": 1, "library": {"name": "x"}, "presets": [{"name": "p", "kind": "fade", "reverse": "ghost", "curve": "y/c"}]}"#
        #expect(throws: CatalogError.missingReferences(["curve y/c (used by preset x/p)", "preset x/ghost (used by preset x/p)"])) {
            try catalog.importBundle(Array(json.utf8), file: "bad.json")
        }
        #expect(try catalog.libraries().isEmpty)
    }

    @Test("bytes that are not JSON are refused at the root path")
    func notJSON() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("catalog.sqlite"), mode: .createIfMissing, seed: false)
        for bytes in [Array("not json".utf8), [], [0xFF, 0xFE, 0x00], Array(#"{"transdb": 1, "library": {"name": "x"}"#.utf8)] {
            let error = #expect(throws: CatalogError.self) { try catalog.importBundle(bytes, file: "bad.json") }
            guard case let .invalidBundle(file, path, reason)? = error else {
                Issue.record("expected invalidBundle, got \(String(describing: error))")
                continue
            }
            #expect(file == "bad.json")
            #expect(path == "$")
            #expect(!reason.isEmpty)
        }
        #expect(try catalog.libraries().isEmpty)
    }
}
