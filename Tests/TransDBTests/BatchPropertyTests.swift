import Testing
import TransDB
import TransDBTestSupport
@testable import TransDBCore

/// `resolve --batch` against one-at-a-time `resolve` on random catalogs: wildcards on either
/// side, explicit nils, interactions, released delegates, delegates shared between screens and
/// containers, bare names in two libraries, unknown screens and containers, for every
/// operation, with and without `--strict` and `--explain`, however the input is chunked.
@Suite("Batch answers equal single answers on random catalogs")
struct BatchPropertyTests {
    /// SplitMix64: the same catalogs and requests on every run and platform.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    static let libraries = ["t", "u"]

    /// A random catalog; routes that would tie with one already there are refused by the
    /// catalog and skipped.
    static func makeCatalog(seed: UInt64, in directory: TemporaryDirectory) throws -> (Catalog, screens: [String], containers: [String]) {
        var random = Random(state: seed)
        let catalog = try Catalog(path: directory.file("random-\(seed).sqlite"), mode: .createIfMissing, seed: false)
        func name(_ library: String, _ name: String) -> QualifiedName { QualifiedName(library: library, name: name) }
        var presets: [QualifiedName] = []
        for index in 0..<4 {
            var draft = PresetDraft(kind: random.pick([.fade, .zoom, .custom, .sheet]))
            if random.chance(40) { draft.completionSpeed = 1.5 }
            let library = random.pick(libraries)
            try catalog.addPreset(try draft.preset(library: library, name: "p\(index)"))
            presets.append(name(library, "p\(index)"))
        }
        var delegates: [QualifiedName] = []
        for index in 0..<(2 + random.below(4)) {
            let library = random.pick(libraries)
            try catalog.addDelegate(Delegate(library: library, name: "D\(index)", released: random.chance(20)))
            delegates.append(name(library, "D\(index)"))
        }
        var screens: [QualifiedName] = []
        for index in 0..<(3 + random.below(8)) {
            // Some names in both libraries: a bare name is then ambiguous.
            for library in random.chance(15) ? libraries : [random.pick(libraries)] {
                try catalog.addScreen(
                    Screen(
                        library: library, name: "S\(index)", delegate: random.chance(75) ? random.pick(delegates) : nil,
                        modalStyle: random.pick([.coverVertical, .crossDissolve, .flipHorizontal])))
                screens.append(name(library, "S\(index)"))
            }
        }
        var containers: [QualifiedName] = []
        for index in 0..<random.below(4) {
            let library = random.pick(libraries)
            try catalog.addContainer(
                Container(
                    library: library, name: "C\(index)", kind: random.chance(70) ? .navigation : .tab,
                    delegate: random.chance(80) ? random.pick(delegates) : nil))
            containers.append(name(library, "C\(index)"))
        }
        for _ in 0..<(5 + random.below(30)) {
            let operation = random.pick(TransitionOperation.allCases)
            let from: ScreenPattern = random.chance(25) ? .any : .screen(random.pick(screens))
            let to: ScreenPattern = operation == .dismiss || random.chance(25) ? .any : .screen(random.pick(screens))
            let preset = random.chance(15) ? nil : random.pick(presets)
            let interaction = preset != nil && random.chance(30) ? random.pick(presets) : nil
            _ = try? catalog.addRoute(
                RouteRequest(
                    operation: operation, from: from, to: to, preset: preset, interaction: interaction, delegate: random.pick(delegates),
                    library: "t"))
        }
        // Most mappings are accepted (a few tie with an earlier one): the catalogs are not empty.
        #expect(try catalog.routes().count >= 3, "seed \(seed)")
        let screenNames = screens.flatMap { [$0.name, $0.description] } + ["Ghost", "t/Ghost"]
        let containerNames = containers.flatMap { [$0.name, $0.description] } + ["Ghost"]
        return (catalog, screenNames, containerNames)
    }

    static func requests(seed: UInt64, screens: [String], containers: [String]) -> String {
        var random = Random(state: seed ^ 0xA5A5)
        var lines: [String] = []
        for _ in 0..<120 {
            let operation = random.pick(TransitionOperation.allCases)
            var line = #"{"op": "\#(operation.rawValue)", "from": "\#(random.pick(screens))", "to": "\#(random.pick(screens))""#
            if operation.containerKind != nil && random.chance(70) { line += #", "container": "\#(random.pick(containers))""# }
            lines.append(line + "}")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `catalog` as plain dictionaries: the source an app's lookup reads.
    static func inMemory(_ catalog: Catalog) throws -> MemoryCatalog {
        try MemoryCatalog(
            screens: try catalog.screens(), containers: try catalog.containers(), delegates: try catalog.delegates(),
            presets: try catalog.presets(), routes: try catalog.routes())
    }

    /// Expects two answers to one request to agree: the same resolution, or the same error.
    /// Returns whether both resolved.
    @discardableResult
    static func expectSame(_ first: Result<Resolution, any Error>, _ second: Result<Resolution, any Error>, _ context: String) -> Bool {
        switch (first, second) {
        case let (.success(a), .success(b)):
            #expect(a == b, "\(context)")
            return true
        case let (.failure(a), .failure(b)):
            #expect("\(a)" == "\(b)", "\(context)")
        default:
            Issue.record("\(context): \(first) against \(second)")
        }
        return false
    }

    @Test("the same bytes, line for line", arguments: 1...24)
    func sameBytes(seed: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (catalog, screens, containers) = try Self.makeCatalog(seed: UInt64(seed), in: directory)
        let input = Self.requests(seed: UInt64(seed), screens: screens, containers: containers)
        for (strict, explain) in [(false, false), (true, false), (false, true)] {
            let expected = BatchResolverTests.oneAtATime(input, catalog: catalog, strict: strict, explain: explain)
            for chunk in [1 << 16, 13] {
                let (output, _) = try BatchResolverTests.batch(input, catalog: catalog, strict: strict, explain: explain, chunk: chunk)
                #expect(output == expected, "seed \(seed), strict \(strict), explain \(explain), chunks of \(chunk)")
            }
        }
    }

    /// The storage's index probes (which skip keys a delegate has no mapping for, and stop at
    /// the first match) against the in-memory catalog's plain dictionary look-ups: the same
    /// resolutions, explanations and errors.
    @Test("the catalog on disk answers as the same catalog in memory", arguments: 1...24)
    func storageMatchesMemory(seed: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (catalog, screens, containers) = try Self.makeCatalog(seed: UInt64(seed), in: directory)
        var memory = TransitionLookup(source: try Self.inMemory(catalog))
        let resolver = Resolver(catalog: catalog)
        var reader = BatchRequestReader()
        for line in Self.requests(seed: UInt64(seed), screens: screens, containers: containers).split(separator: "\n") {
            guard let request = try reader.request(String(line)) else { continue }
            for strict in [false, true] {
                Self.expectSame(
                    Result { try resolver.resolve(request, strict: strict) }, Result { try memory.resolve(request, strict: strict) },
                    "seed \(seed), \(line), strict \(strict), on disk and in memory")
            }
        }
    }

    /// A memo that is full starts again: a lookup that can remember one entry of each kind reads
    /// nearly everything again, and must answer as one that remembers everything.
    @Test("a lookup that forgets at once answers as one that remembers", arguments: 1...8)
    func smallMemo(seed: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (catalog, screens, containers) = try Self.makeCatalog(seed: UInt64(seed), in: directory)
        let source = try Self.inMemory(catalog)
        var forgetful = TransitionLookup(source: source, memoLimit: 1)
        // Presets have a limit of their own (they are the large entries): forgetting only them.
        var forgettingPresets = TransitionLookup(source: source, presetMemoLimit: 1)
        #expect(forgetful.presetMemoLimit == 1 && forgettingPresets.presetMemoLimit == 1 && forgettingPresets.memoLimit > 1)
        var remembering = TransitionLookup(source: source)
        var reader = BatchRequestReader()
        var answered = 0
        for line in Self.requests(seed: UInt64(seed), screens: screens, containers: containers).split(separator: "\n") {
            guard let request = try reader.request(String(line)) else { continue }
            for explain in [false, true] {
                let bothAnswered = Self.expectSame(
                    Result { try forgetful.resolve(request, explain: explain) }, Result { try remembering.resolve(request, explain: explain) },
                    "seed \(seed), \(line), explain \(explain), forgetting and remembering")
                Self.expectSame(
                    Result { try forgettingPresets.resolve(request, explain: explain) }, Result { try remembering.resolve(request, explain: explain) },
                    "seed \(seed), \(line), explain \(explain), forgetting presets and remembering")
                if bothAnswered { answered += 1 }
            }
        }
        #expect(answered > 0)
    }
}
