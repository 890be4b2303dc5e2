import Foundation
import Testing
import TransDBTestSupport
@testable import TransDB
@testable import TransDBCore

/// The lookup store (`<catalog>-lookup`): the same answers as the catalog, read only while the
/// catalog's stamp is the store's, and never a reason for a wrong answer when it is stale,
/// damaged or missing.
@Suite("Lookup store")
struct LookupStoreTests {
    typealias Random = BatchPropertyTests.Random

    private static func stamp(_ catalog: Catalog) throws -> Int64? {
        try catalog.read { db in LookupStamp.current(db) }
    }

    private static func requests(seed: Int, _ screens: [String], _ containers: [String]) -> String {
        BatchPropertyTests.requests(seed: UInt64(seed), screens: screens, containers: containers)
    }

    @Test("the store answers every request as the catalog does", arguments: 1...24)
    func sameAnswers(seed: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (catalog, screens, containers) = try BatchPropertyTests.makeCatalog(seed: UInt64(seed), in: directory)
        #expect(catalog.refreshLookupStore())
        let store = try #require(catalog.openLookupStore())
        #expect(try Self.stamp(catalog) == store.stamp)
        var reader = BatchRequestReader()
        let requests = try Self.requests(seed: seed, screens, containers).split(separator: "\n").compactMap { try reader.request(String($0)) }
        try Self.expectSameAnswers(requests, catalog: catalog, store: store, "seed \(seed)")
    }

    /// Expects the store's lookup to answer each request, strict or not, as the catalog's does.
    private static func expectSameAnswers(_ requests: [LookupRequest], catalog: Catalog, store: LookupStore, _ context: String) throws {
        let resolver = Resolver(catalog: catalog)
        let expected = requests.map { request in [false, true].map { strict in Result { try resolver.resolve(request, strict: strict) } } }
        let answers = try catalog.read { db in
            var lookup = TransitionLookup(source: StoreLookupSource(store, db))
            return requests.map { request in [false, true].map { strict in Result { try lookup.resolve(request, strict: strict) } } }
        }
        for (index, request) in requests.enumerated() {
            for strict in [0, 1] {
                BatchPropertyTests.expectSame(
                    expected[index][strict], answers[index][strict], "\(context), \(request.from) → \(request.to), strict \(strict == 1)")
            }
        }
    }

    @Test("every preset read back from the store is the catalog's: the default library, the batch tests' and random catalogs")
    func samePresets() throws {
        let directory = try TemporaryDirectory()
        let other = try TemporaryDirectory()
        defer {
            directory.remove()
            other.remove()
        }
        var catalogs = [
            ("default library", try Catalog(path: directory.file("seeded.sqlite"), mode: .createIfMissing, seed: true)),
            ("batch tests", try BatchResolverTests.makeCatalog(in: other)),
        ]
        for seed in 1...6 { catalogs.append(("seed \(seed)", try BatchPropertyTests.makeCatalog(seed: UInt64(seed), in: directory).0)) }
        for (name, catalog) in catalogs {
            // The preset entries written in pieces of a few entries (a megabyte unless told).
            try catalog.read { db in try LookupStoreBuilder.build(db, to: catalog.lookupStorePath, presetPiece: 1500) }
            let store = try #require(catalog.openLookupStore(), "\(name)")
            #expect(try Self.stamp(catalog) == store.stamp)
            try catalog.read { db in
                let ids = try Int64.fetchAll(db, sql: "SELECT id FROM preset ORDER BY id")
                #expect(!ids.isEmpty, "\(name)")
                var source = StoreLookupSource(store, db)
                for id in ids {
                    let expected = try CatalogReader(db: db).preset(id: id)
                    #expect(try source.preset(id: id) == expected, "\(name): preset \(expected.qualifiedName)")
                }
                // An id no preset has is not in the store either: the catalog would not find it.
                #expect(throws: LookupStoreError.self) { try source.preset(id: (ids.max() ?? 0) + 1) }
            }
        }
    }

    @Test("a batch reading the store writes the bytes of one-at-a-time resolution", arguments: 1...12)
    func batchBytes(seed: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (catalog, screens, containers) = try BatchPropertyTests.makeCatalog(seed: UInt64(seed), in: directory)
        #expect(catalog.refreshLookupStore())
        let input = Self.requests(seed: seed, screens, containers)
        for (strict, explain) in [(false, false), (true, true)] {
            let expected = BatchResolverTests.oneAtATime(input, catalog: catalog, strict: strict, explain: explain)
            // A single `resolve` reading the store (as the CLI's does) answers as the catalog does.
            let single = BatchResolverTests.oneAtATime(input, catalog: catalog, strict: strict, explain: explain, readsLookupStore: true)
            #expect(single == expected, "seed \(seed), strict \(strict), one at a time from the store")
            for (chunk, lanes) in [(1 << 16, 1), (13, 2)] {
                var batch = BatchResolver(catalog: catalog, strict: strict, explain: explain, lanes: lanes, minimumShare: 1)
                let output = try Self.run(&batch, input)
                #expect(output == expected, "seed \(seed), strict \(strict), chunks of \(chunk), \(lanes) lanes")
                #expect(batch.lanesReadingStore == lanes)
            }
        }
    }

    /// Feeds `input` in chunks of 13 bytes, stopping before ``BatchResolver/finish(into:)`` so
    /// that the lanes can still be asked what they read.
    private static func run(_ batch: inout BatchResolver, _ input: String) throws -> String {
        var output: [UInt8] = []
        let bytes = Array(input.utf8)
        for start in stride(from: 0, to: bytes.count, by: 13) {
            try bytes[start..<min(start + 13, bytes.count)].withUnsafeBufferPointer { try batch.feed($0, into: &output) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    @Test("names in many libraries: the first 50 by id are the candidates, as the catalog lists them")
    func manyLibraries() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("many.sqlite"), mode: .createIfMissing, seed: false)
        // Libraries added in an order their names do not sort in.
        for index in (0..<60).reversed() { try catalog.addScreen(Screen(library: "l\(index)", name: "Ü-名前")) }
        try catalog.addScreen(Screen(library: "only", name: "Alone", modalStyle: .partialCurl, presentationStyle: .fullScreen))
        #expect(catalog.refreshLookupStore())
        let store = try #require(catalog.openLookupStore())
        let requests = [("Ü-名前", "Alone"), ("l7/Ü-名前", "Alone"), ("Alone", "Ü-名前"), ("l99/Ü-名前", "only/Alone"), ("ü-名前", "Alone")].map {
            LookupRequest(operation: .present, from: $0, to: $1)
        }
        try Self.expectSameAnswers(requests, catalog: catalog, store: store, "many libraries")
    }

    @Test("screens whose ids have gaps are found, and routes find their screens", arguments: [1, 4, 7])
    func idGaps(seed: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (catalog, screens, containers) = try BatchPropertyTests.makeCatalog(seed: UInt64(seed), in: directory)
        let delegate = try #require(try catalog.delegates().first).qualifiedName
        for index in 0..<12 { try catalog.addScreen(Screen(library: "t", name: "G\(index)", delegate: delegate)) }
        for index in [2, 3, 7] { _ = try catalog.remove(.screen, QualifiedName(library: "t", name: "G\(index)")) }
        for (from, to) in [(4, 8), (8, 11), (0, 4)] {
            _ = try catalog.addRoute(
                RouteRequest(
                    operation: .present, from: .screen(QualifiedName(library: "t", name: "G\(from)")),
                    to: .screen(QualifiedName(library: "t", name: "G\(to)")), preset: nil, delegate: delegate, library: "t"))
        }
        #expect(catalog.refreshLookupStore())
        let store = try #require(catalog.openLookupStore())
        let names = screens + (0..<12).map { "G\($0)" }
        var reader = BatchRequestReader()
        let requests = try Self.requests(seed: seed, names, containers).split(separator: "\n").compactMap { try reader.request(String($0)) }
            + [(4, 8), (8, 11), (0, 4), (3, 4)].map { LookupRequest(operation: .present, from: "G\($0)", to: "G\($1)") }
        try Self.expectSameAnswers(requests, catalog: catalog, store: store, "seed \(seed) with gaps")
    }

    @Test("every change the lookup can see draws a new stamp; a rolled-back one does not")
    func stamps() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("stamps.sqlite"), mode: .createIfMissing, seed: false)
        var last = try #require(try Self.stamp(catalog))
        func expectNew(_ what: String, _ change: () throws -> Void) throws {
            try change()
            let now = try #require(try Self.stamp(catalog))
            #expect(now != last, "\(what) kept the stamp")
            last = now
        }
        let screen = QualifiedName(library: "t", name: "A")
        try expectNew("a screen added") { try catalog.addScreen(Screen(library: "t", name: "A")) }
        try expectNew("a delegate added") { try catalog.addDelegate(Delegate(library: "t", name: "D")) }
        try expectNew("a container added") { try catalog.addContainer(Container(library: "t", name: "Nav", kind: .navigation)) }
        var edit = ScreenEdit()
        edit.modalStyle = .crossDissolve
        try expectNew("a screen changed") { _ = try catalog.setScreen(screen, edit) }
        try expectNew("a delegate released") { _ = try catalog.setReleased(QualifiedName(library: "t", name: "D"), true) }
        try expectNew("a route added") {
            _ = try catalog.addRoute(
                RouteRequest(operation: .present, from: .any, to: .screen(screen), preset: nil, delegate: QualifiedName(library: "t", name: "D"), library: "t"))
        }
        try catalog.addScreen(Screen(library: "t", name: "C"))
        last = try #require(try Self.stamp(catalog))
        try expectNew("a screen removed") { _ = try catalog.remove(.screen, QualifiedName(library: "t", name: "C")) }
        try expectNew("a library changed") {
            var edit = LibraryEdit()
            edit.version = "2.0.0"
            _ = try catalog.setLibrary("t", edit)
        }
        // Presets as the store keeps them: their rows, their views', and the names joined in.
        try expectNew("a curve added") {
            try catalog.addCurve(NamedCurve(library: "t", name: "snappy", curve: try TimingCurve(expression: "cubic-bezier(0.2, 0, 0, 1)")))
        }
        try expectNew("a preset added") {
            var draft = PresetDraft(kind: .slide)
            draft.curve = "t/snappy"
            _ = try catalog.addPreset(try draft.preset(library: "t", name: "p"))
        }
        try expectNew("a preset's views changed") {
            var edit = PresetEdit()
            edit.direction = .up
            _ = try catalog.setPreset(QualifiedName(library: "t", name: "p"), edit)
        }
        try expectNew("a preset changed") {
            var edit = PresetEdit()
            edit.delay = 0.1
            _ = try catalog.setPreset(QualifiedName(library: "t", name: "p"), edit)
        }
        try expectNew("a duration added") { try catalog.addDuration(NamedDuration(library: "t", name: "short", seconds: 0.2)) }
        try expectNew("a curve renamed") { _ = try catalog.rename(.curve, QualifiedName(library: "t", name: "snappy"), to: "brisk") }
        try catalog.addScreen(Screen(library: "t", name: "B"), dryRun: true)
        #expect(try Self.stamp(catalog) == last, "a dry run changed the stamp")
    }

    @Test("a store of an earlier state is not read: the batch answers the catalog as it is")
    func staleStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (catalog, screens, containers) = try BatchPropertyTests.makeCatalog(seed: 5, in: directory)
        #expect(catalog.refreshLookupStore())
        let before = try #require(catalog.openLookupStore()).stamp
        for delegate in try catalog.delegates() { _ = try catalog.setReleased(delegate.qualifiedName, !delegate.released) }
        #expect(try Self.stamp(catalog) != before)
        let input = Self.requests(seed: 5, screens, containers)
        let expected = BatchResolverTests.oneAtATime(input, catalog: catalog, strict: false, explain: false)
        var batch = BatchResolver(catalog: catalog, strict: false, explain: false, lanes: 1, minimumShare: 1)
        #expect(try Self.run(&batch, input) == expected)
        var rest: [UInt8] = []
        try batch.finish(into: &rest)
        #expect(rest.isEmpty)
    }

    @Test(
        "a damaged or foreign store is not read, and the answers stay the catalog's",
        arguments: ["truncated", "garbled", "garbled entries", "garbled indexes", "foreign"])
    func damagedStore(damage: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (catalog, screens, containers) = try BatchPropertyTests.makeCatalog(seed: 9, in: directory)
        #expect(catalog.refreshLookupStore())
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: catalog.lookupStorePath)))
        switch damage {
        case "truncated": bytes.removeLast(bytes.count / 3)
        case "garbled entries":
            // The screens', routes' and presets' entries, which are checked group by group (a preset
            // each) as they are read.
            let store = try #require(catalog.openLookupStore())
            var random = Random(state: 9)
            for section in [LookupStoreLayout.Section.screenEntries, .routeEntries, .presetEntries] {
                let range = store.range(of: section)
                for index in range where random.chance(30) { bytes[index] = UInt8(truncatingIfNeeded: random.next()) }
            }
        case "garbled indexes":
            // The sections checked page by page as they are read: the store still opens.
            let store = try #require(catalog.openLookupStore())
            var random = Random(state: 9)
            for section in LookupStoreLayout.pagedSections {
                let range = store.range(of: section)
                for index in range where random.chance(30) { bytes[index] = UInt8(truncatingIfNeeded: random.next()) }
            }
        case "garbled":
            var random = Random(state: 9)
            for index in LookupStoreLayout.headerSize..<bytes.count where random.chance(5) { bytes[index] = UInt8(truncatingIfNeeded: random.next()) }
        default: bytes = Array("not a store".utf8)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: catalog.lookupStorePath))
        if damage == "garbled indexes" {
            let store = try #require(catalog.openLookupStore())
            let delegates = Int64(store.range(of: .delegateOffsets).count / 4)
            #expect(delegates > 0)
            #expect(throws: LookupStoreError.damaged) { for ordinal in 0..<delegates { _ = try store.delegate(ordinal) } }
        }
        let input = Self.requests(seed: 9, screens, containers)
        let expected = BatchResolverTests.oneAtATime(input, catalog: catalog, strict: false, explain: true)
        #expect(BatchResolverTests.oneAtATime(input, catalog: catalog, strict: false, explain: true, readsLookupStore: true) == expected)
        var batch = BatchResolver(catalog: catalog, strict: false, explain: true, lanes: 1, minimumShare: 1)
        #expect(try Self.run(&batch, input) == expected, "\(damage)")
        var rest: [UInt8] = []
        try batch.finish(into: &rest)
    }

    @Test("one changed letter in a delegate's name, which every bound allows, is found by its page's check")
    func changedIndexByte() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (catalog, _, _) = try BatchPropertyTests.makeCatalog(seed: 9, in: directory)
        #expect(catalog.refreshLookupStore())
        let before = try #require(catalog.openLookupStore())
        let last = Int64(before.range(of: .delegateOffsets).count / 4) - 1
        #expect(last >= 0)
        let name = try before.delegate(last).name
        // The entries end with the last delegate's name: its last letter is the section's last byte.
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: catalog.lookupStorePath)))
        let at = before.range(of: .delegateEntries).upperBound - 1
        #expect(bytes[at] == name.last)
        bytes[at] = bytes[at] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
        try Data(bytes).write(to: URL(fileURLWithPath: catalog.lookupStorePath))
        let after = try #require(catalog.openLookupStore())
        #expect(throws: LookupStoreError.damaged) { _ = try after.delegate(last) }
    }

    @Test("an import draws one new stamp, with the triggers back in place; a dry run leaves both as they were")
    func importStamps() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (source, _, _) = try BatchPropertyTests.makeCatalog(seed: 3, in: directory)
        let bundles = try source.bundles().map { (bundle: $0, file: "b.json") }
        let catalog = try Catalog(path: directory.file("imported.sqlite"), mode: .createIfMissing, seed: false)
        let triggers = "SELECT group_concat(name || sql, ';') FROM (SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name)"
        let (stamp, schema) = try catalog.read { db in (LookupStamp.current(db), try String.fetchOne(db, sql: triggers)) }
        #expect(schema?.components(separatedBy: "_stamp AFTER").count == 28)
        _ = try catalog.importBundles(bundles, policy: .fail, dryRun: true)
        #expect(try catalog.read { db in (LookupStamp.current(db), try String.fetchOne(db, sql: triggers)) } == (stamp, schema))
        _ = try catalog.importBundles(bundles, policy: .fail)
        let (after, schemaAfter) = try catalog.read { db in (LookupStamp.current(db), try String.fetchOne(db, sql: triggers)) }
        #expect(after != stamp)
        #expect(schemaAfter == schema)
        #expect(catalog.openLookupStore() == nil)
        #expect(catalog.refreshLookupStore())
        #expect(try catalog.openLookupStore()?.stamp == Self.stamp(catalog))
    }

    @Test("a batch over a catalog without a store builds one beside it, and leaves nothing else behind")
    func backgroundBuild() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (catalog, screens, containers) = try BatchPropertyTests.makeCatalog(seed: 11, in: directory)
        let input = Self.requests(seed: 11, screens, containers)
        let expected = BatchResolverTests.oneAtATime(input, catalog: catalog, strict: false, explain: false)
        // Until the build is done the catalog answers; a later chunk reads the store.
        var batch = BatchResolver(catalog: catalog, strict: false, explain: false, lanes: 1, minimumShare: 1)
        var output = try Self.run(&batch, input)
        var waited = 0
        while batch.lanesReadingStore == 0, waited < 500 {
            usleep(10_000)
            waited += 1
            var more: [UInt8] = []
            try Array(input.utf8).withUnsafeBufferPointer { try batch.feed($0, into: &more) }
            output += String(decoding: more, as: UTF8.self)
        }
        #expect(batch.lanesReadingStore == 1, "the store was not built within 5 s")
        #expect(output == String(repeating: expected, count: waited + 1))
        var rest: [UInt8] = []
        try batch.finish(into: &rest)
        #expect(try catalog.openLookupStore()?.stamp == Self.stamp(catalog))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!files.contains { $0.hasSuffix(".tmp") }, "\(files)")
    }

    @Test("a build removes what builds of processes that are gone left behind, and nothing else")
    func abandonedBuilds() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (catalog, _, _) = try BatchPropertyTests.makeCatalog(seed: 5, in: directory)
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let gone = finished.processIdentifier
        let store = URL(fileURLWithPath: catalog.lookupStorePath).lastPathComponent
        let abandoned = "\(store).\(gone).123.tmp"
        let kept = ["\(store).\(getpid()).456.tmp", "\(store).notes.tmp", "\(store).\(gone).tmp", "other.sqlite-lookup.\(gone).1.tmp"]
        for name in [abandoned] + kept { try Data("partial".utf8).write(to: URL(fileURLWithPath: directory.file(name))) }
        #expect(catalog.refreshLookupStore())
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        #expect(!files.contains(abandoned))
        #expect(files.isSuperset(of: kept), "\(files)")
    }
}
