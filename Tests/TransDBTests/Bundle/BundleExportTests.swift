import Foundation
import Testing
import TransDB
import TransDBTestSupport
@testable import TransDBCore

/// The streaming export writes exactly the bytes of ``BundleFormat/encode(_:)``, the reference.
@Suite("Streaming bundle export")
struct BundleExportTests {
    /// The streamed export of `library`, in chunks of `chunkSize` bytes.
    static func streamed(_ catalog: Catalog, library: String, chunkSize: Int = 1 << 20) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try catalog.exportBundle(library: library, chunkSize: chunkSize) { bytes.append(contentsOf: $0) }
        return bytes
    }

    static func reference(_ catalog: Catalog, library: String) throws -> [UInt8] {
        Array(BundleFormat.encode(try catalog.bundle(library: library)).utf8)
    }

    @Test("every seed library: the streamed bytes are the reference encoder's, in small chunks too")
    func seedLibraries() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("seeded.sqlite"), mode: .createIfMissing)
        let names = try catalog.libraryNames()
        #expect(names.count == 8)
        for name in names {
            let reference = try Self.reference(catalog, library: name)
            #expect(try Self.streamed(catalog, library: name) == reference, "library \(name)")
            #expect(try Self.streamed(catalog, library: name, chunkSize: 1) == reference, "library \(name), small chunks")
        }
    }

    @Test("a generated library of 2,000 presets and 20,000 mappings: the reference encoder's bytes")
    func generated() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("generated.sqlite"), mode: .createIfMissing, seed: false)
        _ = try catalog.importBundles([(try BundleGenerator.library(presets: 2_000, mappings: 20_000), "g.json")], policy: .fail)
        #expect(try Self.streamed(catalog, library: "generated") == (try Self.reference(catalog, library: "generated")))
    }

    @Test("awkward names, every operation, wildcards, nil presets, interactions, other libraries' entries, rows out of order")
    func awkward() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("awkward.sqlite"), mode: .createIfMissing, seed: false)
        let (main, other) = try Self.awkwardLibraries()
        _ = try catalog.importBundles([(main, "main.json"), (other, "other.json")], policy: .fail)
        let reference = try Self.reference(catalog, library: "main")
        #expect(try catalog.bundle(library: "main").routes.count == main.routes.count)
        #expect(try Self.streamed(catalog, library: "main") == reference)
        #expect(try Self.streamed(catalog, library: "main", chunkSize: 100) == reference)
        #expect(try Self.streamed(catalog, library: "other") == (try Self.reference(catalog, library: "other")))
        // Routes added one by one after the import get ids in no particular name order (exact
        // ones, to a screen the generated routes leave out, so they neither tie nor repeat).
        var generator = EngineCurves.SplitMix64(seed: 7)
        let screens = main.screens.map(\.name).shuffled(using: &generator)
        for (i, screen) in screens.prefix(40).enumerated() {
            _ = try catalog.addRoute(
                RouteRequest(
                    operation: .pop, from: .screen(QualifiedName(library: "main", name: screen)),
                    to: .screen(QualifiedName(library: "other", name: "near")),
                    preset: i % 4 == 0 ? nil : QualifiedName(library: "other", name: "borrowed"),
                    delegate: QualifiedName(library: "main", name: main.delegates[i % main.delegates.count].name)))
        }
        #expect(try Self.streamed(catalog, library: "main", chunkSize: 4096) == (try Self.reference(catalog, library: "main")))
    }

    @Test("a library with no routes, and an unknown library")
    func emptyAndUnknown() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("seeded.sqlite"), mode: .createIfMissing)
        #expect(try Self.streamed(catalog, library: "material") == (try Self.reference(catalog, library: "material")))
        #expect(throws: LookupError.self) { try Self.streamed(catalog, library: "nowhere") }
        var calls = 0
        #expect(throws: LookupError.notFound(kind: .library, name: "nowhere", suggestion: nil)) {
            try catalog.exportBundle(library: "nowhere") { _ in calls += 1 }
        }
        #expect(calls == 0)
    }

    @Test("what the sink throws ends the export and comes out unchanged")
    func sinkFailure() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("seeded.sqlite"), mode: .createIfMissing)
        let failure = CatalogError.io(path: "out.json", reason: "the disk is full")
        var calls = 0
        #expect(throws: failure) {
            try catalog.exportBundle(library: "demo", chunkSize: 1) { _ in
                calls += 1
                if calls == 2 { throw failure }
            }
        }
        #expect(calls == 2)
    }

    /// `main` with names that need escaping or sort differently by scalar than by letter, and
    /// `other`, whose screens and presets `main`'s routes use; both in shuffled order.
    static func awkwardLibraries() throws -> (LibraryBundle, LibraryBundle) {
        var generator = EngineCurves.SplitMix64(seed: 42)
        let awkward = [
            "quote\"d", #"back\slash"#, "écran", "画面", "🚀 launch", "rtl שלום mark", "line\u{2028}sep", "Zebra", "zebra", "a", "ab", "a b",
            "~tilde", "Ångström", "e\u{301}x", String(repeating: "😀", count: 125) + "\"",
        ]
        var main = LibraryBundle(library: Library(name: "main", version: "1.2.3", description: "line one\nline \"two\"\t😀"))
        var other = LibraryBundle(library: Library(name: "other", version: "1.0.0", description: ""))
        main.curves = [NamedCurve(library: "main", name: "ease", curve: try TimingCurve(expression: "cubic-bezier(0.42, 0, 0.58, 1)"), description: "\u{1}ctl")]
        let screens = (awkward + (0..<30).map { "Screen\($0)" }).map { Name.nfc($0) }
        let delegates = ["Δelegate", "delegate \"one\"", "Delegate", "d", String(repeating: "\\", count: 128)] + (0..<3).map { "D\($0)" }
        let presets = awkward.map { Name.nfc("p " + $0) } + ["plain"]
        main.delegates = delegates.enumerated().map { Delegate(library: "main", name: $1, released: $0 % 3 == 1, description: $0 % 2 == 0 ? "why \($0)" : "") }
        main.screens = screens.enumerated().map { i, name in
            Screen(library: "main", name: name, delegate: i % 4 == 0 ? QualifiedName(library: nil, name: delegates[i % delegates.count]) : nil, description: i % 5 == 0 ? "é\u{7F}" : "")
        }
        for (i, name) in presets.enumerated() {
            var draft = PresetDraft(kind: i % 2 == 0 ? .fade : .zoom)
            draft.duration = 0.25
            draft.curve = i % 3 == 0 ? "ease" : "linear"
            if i % 2 == 1 {
                draft.completionSpeed = 2
                draft.finishThreshold = 0.3
            }
            draft.description = i % 4 == 0 ? "preset “\(i)”" : ""
            main.presets.append(try draft.preset(library: "main", name: name))
        }
        other.screens = ["far", "Ωmega", "near"].map { Screen(library: "other", name: $0) }
        var borrowed = PresetDraft(kind: .fade)
        borrowed.duration = 0.3
        other.presets = [try borrowed.preset(library: "other", name: "borrowed")]
        // Per delegate and operation, `A → *` and `* → B` never both (they would tie).
        let screenPatterns: [ScreenPattern] =
            screens.map { .screen(QualifiedName(library: nil, name: $0)) }
            + other.screens.filter { $0.name != "near" }.map { .screen(QualifiedName(library: "other", name: $0.name)) }
        let presetNames: [QualifiedName?] =
            [nil, QualifiedName(library: "other", name: "borrowed")] + presets.map { QualifiedName(library: nil, name: $0) }
        // Odd presets have interaction settings, which an interaction preset needs.
        let interactive = presets.enumerated().filter { $0.offset % 2 == 1 }.map { QualifiedName(library: nil, name: $0.element) }
        var seen = Set<String>()
        for (d, delegate) in delegates.enumerated() {
            for operation in TransitionOperation.allCases {
                let wildcardFrom = (d + operation.rawValue.count) % 2 == 0
                for _ in 0..<25 {
                    var from = screenPatterns.randomElement(using: &generator) ?? .any
                    var to = screenPatterns.randomElement(using: &generator) ?? .any
                    switch Int.random(in: 0..<6, using: &generator) {
                    case 0: from = .any; to = .any
                    case 1, 2: if wildcardFrom { from = .any } else { to = .any }
                    default: break
                    }
                    if operation == .dismiss { to = .any }
                    guard seen.insert("\(delegate)|\(operation)|\(from)|\(to)").inserted else { continue }
                    let preset = presetNames.randomElement(using: &generator) ?? nil
                    let interaction = preset != nil && Bool.random(using: &generator) ? interactive.randomElement(using: &generator) : nil
                    main.routes.append(
                        RouteMapping(
                            delegate: QualifiedName(library: nil, name: delegate), operation: operation, from: from, to: to, preset: preset,
                            interaction: interaction))
                }
            }
        }
        main.screens.shuffle(using: &generator)
        main.presets.shuffle(using: &generator)
        main.delegates.shuffle(using: &generator)
        main.routes.shuffle(using: &generator)
        return (main, other)
    }
}
