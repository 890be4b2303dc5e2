import Foundation
import Testing
import TransDB
import TransDBTestSupport
@testable import TransDBCore

/// Export → import into an empty catalog → export gives the same bytes.
@Suite("Bundle round trips")
struct BundleRoundTripTests {
    /// Imports `text` into a fresh empty catalog and exports the library again.
    static func reexport(_ texts: [String], library: String, in directory: TemporaryDirectory) throws -> String {
        let catalog = try Catalog(path: directory.file("copy-\(UUID().uuidString).sqlite"), mode: .createIfMissing, seed: false)
        let bundles = try texts.enumerated().map { (try BundleFormat.decode(Array($1.utf8), file: "file\($0).json"), "file\($0).json") }
        _ = try catalog.importBundles(bundles, policy: .fail)
        return BundleFormat.encode(try catalog.bundle(library: library))
    }

    @Test("every library of the default catalog round-trips byte for byte")
    func defaultLibrary() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("seeded.sqlite"), mode: .createIfMissing)
        let exported = try catalog.bundles().map(BundleFormat.encode)
        #expect(exported.count == 8)
        // All libraries in one import, since they refer to each other.
        let copy = try Catalog(path: directory.file("copy.sqlite"), mode: .createIfMissing, seed: false)
        let report = try copy.importBundles(try exported.enumerated().map { (try BundleFormat.decode(Array($1.utf8), file: "\($0).json"), "\($0).json") }, policy: .fail)
        #expect(report.count(.added) == report.entries.count)
        #expect(try copy.bundles().map(BundleFormat.encode) == exported)
        // A second export of the same catalog is identical too.
        #expect(try catalog.bundles().map(BundleFormat.encode) == exported)
    }

    @Test("a generated library of 10,000 presets and 100,000 mappings round-trips byte for byte")
    func generated() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let generated = try BundleGenerator.library(presets: 10_000, mappings: 100_000)
        let text = BundleFormat.encode(generated)
        // The file reads back as the same value.
        #expect(try BundleFormat.decode(Array(text.utf8), file: "generated.json") == generated)
        let first = try Self.reexport([text], library: "generated", in: directory)
        #expect(first == text)
    }

    @Test("importing the same file again changes nothing and reports every entry unchanged")
    func reimport() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let generated = try BundleGenerator.library(presets: 200, mappings: 2_000)
        let catalog = try Catalog(path: directory.file("catalog.sqlite"), mode: .createIfMissing, seed: false)
        _ = try catalog.importBundles([(generated, "g.json")], policy: .fail)
        let again = try catalog.importBundles([(generated, "g.json")], policy: .fail)
        #expect(again.count(.unchanged) == again.entries.count)
        #expect(again.entries.count == 1 + generated.curves.count + generated.presets.count + generated.delegates.count + generated.screens.count + generated.routes.count)
    }

    @Test("a one-field change is a one-line diff of the export")
    func oneLineDiff() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var bundle = try BundleGenerator.library(presets: 50, mappings: 100)
        let before = BundleFormat.encode(bundle)
        bundle.presets[7].duration = 0.61
        let after = try Self.reexport([BundleFormat.encode(bundle)], library: "generated", in: directory)
        let changed = zip(before.split(separator: "\n"), after.split(separator: "\n")).filter { $0 != $1 }
        #expect(before.split(separator: "\n").count == after.split(separator: "\n").count)
        #expect(changed.count == 1)
        #expect(changed.first?.1.contains("\"duration\": 0.61") == true)
    }

    @Test("policies: fail lists conflicts and writes nothing, skip keeps ours, replace takes theirs, dry run writes nothing")
    func policies() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("catalog.sqlite"), mode: .createIfMissing, seed: false)
        let original = try BundleGenerator.library(presets: 20, mappings: 40)
        _ = try catalog.importBundles([(original, "a.json")], policy: .fail)
        var changed = original
        changed.presets[3].duration = 0.99
        changed.curves[0].description = "renamed"
        changed.presets.append(try PresetDraft(kind: .fade).preset(library: "generated", name: "zNew"))
        let name3 = "generated/\(original.presets[3].name)"

        #expect(throws: CatalogError.importConflicts(["curve generated/c0 (description curve 0 → renamed)", "preset \(name3) (duration \(original.presets[3].duration.description) → 0.99)"])) {
            try catalog.importBundles([(changed, "b.json")], policy: .fail)
        }
        #expect(try catalog.bundle(library: "generated") == original)

        let dry = try catalog.importBundles([(changed, "b.json")], policy: .replace, dryRun: true)
        #expect(dry.summary == "added 1 preset; changed 1 curve, 1 preset; unchanged 1 library, 7 curves, 19 presets, 1 delegate, 1,000 screens, 40 routes")
        #expect(try catalog.bundle(library: "generated") == original)

        let skipped = try catalog.importBundles([(changed, "b.json")], policy: .skip)
        #expect(skipped.count(.skipped) == 2)
        #expect(skipped.count(.added) == 1)
        var expected = original
        expected.presets.append(changed.presets.last ?? original.presets[0])
        #expect(try catalog.bundle(library: "generated") == expected.canonicalized())

        _ = try catalog.importBundles([(changed, "b.json")], policy: .replace)
        #expect(try catalog.bundle(library: "generated") == changed.canonicalized())
    }

    @Test("files imported together may refer to each other; alone they fail listing what is missing")
    func crossLibraryReferences() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let design = #"{"transdb": 1, "library": {"name": "design"}, "curves": [{"name": "standard", "expression": "cubic-bezier(0.2, 0, 0, 1)"}]}"#
        let checkout = #"""
            {"transdb": 1, "library": {"name": "checkout"},
             "presets": [{"name": "cardZoom", "kind": "zoom", "duration": 0.4, "curve": "design/standard"},
                         {"name": "cardFade", "kind": "fade", "duration": 0.3, "curve": "design/emphasized"}]}
            """#
        let catalog = try Catalog(path: directory.file("catalog.sqlite"), mode: .createIfMissing, seed: false)
        let decode = { (text: String, file: String) in (try BundleFormat.decode(Array(text.utf8), file: file), file) }
        #expect(throws: CatalogError.missingReferences([
            "curve design/standard (used by preset checkout/cardZoom)", "curve design/emphasized (used by preset checkout/cardFade)",
        ])) {
            try catalog.importBundles([try decode(checkout, "checkout.json")], policy: .fail)
        }
        #expect(throws: CatalogError.missingReferences(["curve design/emphasized (used by preset checkout/cardFade)"])) {
            try catalog.importBundles([try decode(checkout, "checkout.json"), try decode(design, "design.json")], policy: .fail)
        }
        #expect(try catalog.libraries().isEmpty)
        let fixed = checkout.replacingOccurrences(of: "design/emphasized", with: "design/standard")
        let report = try catalog.importBundles([try decode(fixed, "checkout.json"), try decode(design, "design.json")], policy: .fail)
        #expect(report.count(.added) == 5)
        #expect(try catalog.preset(QualifiedName(library: "checkout", name: "cardZoom")).preset.curve == .named(QualifiedName(library: "design", name: "standard")))
        // The export keeps the cross-library reference by name.
        #expect(BundleFormat.encode(try catalog.bundle(library: "checkout")).contains(#""curve": "design/standard""#))
    }
}

extension BundleRoundTripTests {
    @Test("a library's tokens schema goes through a catalog and back, a changed one is a change, and an invalid one is refused at its path")
    func tokensSchema() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let text = """
            {
              "transdb": 1,
              "library": {
                "name": "ds",
                "version": "1.0.0",
                "description": "",
                "tokensSchema": "https://www.designtokens.org/schemas/2025.10/format.json"
              },
              "curves": [],
              "presets": [],
              "delegates": [],
              "screens": [],
              "containers": [],
              "routes": []
            }

            """
        #expect(try BundleFormat.decode(Array(text.utf8), file: "ds.json").library.tokensSchema == "https://www.designtokens.org/schemas/2025.10/format.json")
        #expect(try Self.reexport([text], library: "ds", in: directory) == text)

        let catalog = try Catalog(path: directory.file("schema.sqlite"), mode: .createIfMissing, seed: false)
        _ = try catalog.importBundles([(try BundleFormat.decode(Array(text.utf8), file: "ds.json"), "ds.json")], policy: .fail)
        let changed = text.replacingOccurrences(of: "2025.10", with: "2026.01")
        let report = try catalog.importBundles([(try BundleFormat.decode(Array(changed.utf8), file: "ds.json"), "ds.json")], policy: .replace)
        #expect(report.entries.filter { $0.action == .changed }.map(\.name) == ["ds"])
        #expect(try catalog.bundle(library: "ds").library.tokensSchema == "https://www.designtokens.org/schemas/2026.01/format.json")

        let invalid = text.replacingOccurrences(of: "https://www.designtokens.org/schemas/2025.10/format.json", with: "format json")
        #expect {
            try BundleFormat.decode(Array(invalid.utf8), file: "bad.json")
        } throws: { error in
            "\(error)".hasPrefix("bad.json: $.library.tokensSchema: invalid tokens schema 'format json': a tokens schema is an absolute URI")
        }
    }
}
