import Foundation
import Testing
import TransDB
import TransDBCore
import TransDBKit
import TransDBTestSupport

/// TransDBKit's two ways of loading a catalog give the entries transdb itself reads.
@Suite("TransDBKit catalog tables")
struct CatalogTablesTests {
    @Test("TransDBKit's bundle reader gives what transdb's reader gives, for every seed file", arguments: try KitFixture.seedFiles())
    func bundleReaderAgrees(file: URL) throws {
        // Read with every seed file, as a mirror may be of another library's preset; compared on
        // this file's library.
        let kit = try KitFixture.tablesFromBundles()
        let name = "seed/\(file.lastPathComponent)"
        var bundle = try BundleFormat.decode(Array(try Data(contentsOf: file)), file: name).qualified()
        let library = bundle.library.name
        // transdb derives a mirror's values when it imports it; the same model function here.
        let presets = try KitFixture.bundlesFromTransDB().flatMap(\.presets)
        bundle.presets = try CatalogTables(presets: presets).derivingMirrors().presets.filter { $0.library == library }

        #expect(kit.libraries.filter { $0.name == library } == [bundle.library])
        #expect(Set(kit.curves.filter { $0.library == library }) == Set(bundle.curves))
        #expect(Set(kit.presets.filter { $0.library == library }) == Set(bundle.presets))
        #expect(Set(kit.delegates.filter { $0.library == library }) == Set(bundle.delegates))
        #expect(Set(kit.screens.filter { $0.library == library }) == Set(bundle.screens))
        #expect(Set(kit.containers.filter { $0.library == library }) == Set(bundle.containers))
        #expect(Set(kit.routes.filter { $0.delegate.library == library }) == Set(bundle.routes))
        #expect(!bundle.presets.isEmpty || !bundle.curves.isEmpty || !bundle.routes.isEmpty, "\(library) is empty")
    }

    @Test(
        "on generated libraries of every preset and curve kind, TransDBKit's bundle reader gives what transdb's gives",
        arguments: [(11, 40), (60, 500), (200, 3000)])
    func bundleReaderAgreesOnGenerated(presets: Int, mappings: Int) throws {
        let text = BundleFormat.encode(try BundleGenerator.library(presets: presets, mappings: mappings))
        let kit = try CatalogTables(bundles: [(file: "generated.json", data: Data(text.utf8))])
        let bundle = try BundleFormat.decode(Array(text.utf8), file: "generated.json").qualified()
        #expect(kit.libraries == [bundle.library])
        #expect(Set(kit.curves) == Set(bundle.curves))
        #expect(Set(kit.presets) == Set(bundle.presets))
        #expect(Set(kit.delegates) == Set(bundle.delegates))
        #expect(Set(kit.screens) == Set(bundle.screens))
        #expect(Set(kit.routes) == Set(bundle.routes))
    }

    @Test("the generated tables compiled in this test equal the bundle files (descriptions aside)")
    func generatedTablesAgree() throws {
        let fromBundles = KitFixture.withoutDescriptions(try KitFixture.tablesFromBundles())
        let generated = DefaultLibrary.tables
        #expect(Set(generated.libraries) == Set(fromBundles.libraries))
        #expect(Set(generated.curves) == Set(fromBundles.curves))
        #expect(Set(generated.presets) == Set(fromBundles.presets))
        #expect(Set(generated.delegates) == Set(fromBundles.delegates))
        #expect(Set(generated.screens) == Set(fromBundles.screens))
        #expect(Set(generated.containers) == Set(fromBundles.containers))
        #expect(Set(generated.routes) == Set(fromBundles.routes))
    }

    @Test("a bundle that is not one is refused with the file and the JSON path")
    func refusesBadBundle() {
        let data = Data(
            #"{"transdb": 1, "library": {"name": "x", "version": "1.0.0"}, "presets": [{"name": "p", "kind": "spin", "duration": 1, "curve": "linear"}]}"#
                .utf8)
        #expect(throws: TransitionCatalogError.invalidBundle(file: "x.json", path: "$.presets[0].kind", reason: "unknown preset kind")) {
            try CatalogTables(bundles: [(file: "x.json", data: data)])
        }
    }

    @Test("a catalog missing a library it refers to is refused, naming the entry")
    func refusesMissingReference() throws {
        let demo = try KitFixture.seedFiles().filter { $0.lastPathComponent == "demo.json" }
        let tables = try CatalogTables(bundles: demo.map { (file: $0.lastPathComponent, data: try Data(contentsOf: $0)) })
        #expect(throws: TransitionCatalogError.self) { try TransitionCatalog(tables: tables) }
    }

    @Test("a Reduce Motion alternative or a reverse in a library not loaded is refused at load, not skipped when played")
    func refusesMissingPresetReference() throws {
        func bundle(_ presets: String) -> Data {
            Data(#"{"transdb": 1, "library": {"name": "app", "version": "1.0.0"}, "presets": [\#(presets)]}"#.utf8)
        }
        for reference in [#""reducedMotion": "other/calm""#, #""reverse": "other/back""#] {
            let tables = try CatalogTables(bundles: [(file: "app.json", data: bundle(#"{"name": "p", "kind": "push", "direction": "left", \#(reference)}"#))])
            #expect(throws: TransitionCatalogError.self) { try TransitionCatalog(tables: tables) }
        }
        // Within the catalog, they load.
        let own = try CatalogTables(bundles: [
            (file: "app.json", data: bundle(#"{"name": "p", "kind": "push", "direction": "left", "reducedMotion": "q", "reverse": "q"}, {"name": "q", "kind": "fade"}"#))
        ])
        _ = try TransitionCatalog(tables: own)
    }

    @Test("a bundle's numbers are the nearest doubles to their digits, as transdb reads them (17-digit decimals too)")
    func exactNumbers() throws {
        let digits = ["0.21666666666666667", "0.43333333333333335", "0.30000000000000004", "0.1", "1e-7"]
        let presets = digits.enumerated().map { index, text in
            #"{"name": "p\#(index)", "kind": "push", "direction": "left", "duration": \#(text), "delay": \#(text), "interaction": {"completionSpeed": 1, "finishThreshold": \#(text)}}"#
        }
        let data = Data(#"{"transdb": 1, "library": {"name": "app", "version": "1.0.0"}, "presets": [\#(presets.joined(separator: ", "))]}"#.utf8)
        let tables = try CatalogTables(bundles: [(file: "app.json", data: data)])
        let byName = Dictionary(uniqueKeysWithValues: tables.presets.map { ($0.name, $0) })
        for (index, text) in digits.enumerated() {
            let preset = try #require(byName["p\(index)"])
            let exact = try #require(Double(text))
            #expect(preset.duration == exact, "\(text)")
            #expect(preset.delay == exact, "\(text)")
            #expect(preset.interaction?.finishThreshold == exact, "\(text)")
        }
    }
}
