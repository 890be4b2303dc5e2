import GRDB
import Testing
import TransDB
@testable import TransDBCore

/// The report of an import whose presets differ only in a link written in its own phase (a
/// reverse, a Reduce Motion alternative): each preset has one entry, in bundle order.
@Suite("Import report of preset links")
struct ImportLinkReportTests {
    static func bundle(reverseOfB: String?) throws -> LibraryBundle {
        var bundle = LibraryBundle(library: Library(name: "app"))
        for name in ["a", "b", "c"] {
            var draft = PresetDraft(kind: .fade)
            draft.reverse = name == "b" ? reverseOfB : nil
            bundle.presets.append(try draft.preset(library: "app", name: name))
        }
        return bundle
    }

    @Test("a reverse changed on an otherwise unchanged preset: its entry changes in place; skip keeps it; fail refuses")
    func reverseChanged() throws {
        let catalog = try Catalog(DatabaseQueue())
        _ = try catalog.importBundles([(try Self.bundle(reverseOfB: "a"), "v1.json")], policy: .fail)
        let v2 = try Self.bundle(reverseOfB: "c")

        let replaced = try catalog.importBundles([(v2, "v2.json")], policy: .replace, dryRun: true)
        #expect(replaced.entries.map(\.name) == ["app", "app/a", "app/b", "app/c"])
        #expect(replaced.entries.map(\.action) == [.unchanged, .unchanged, .changed, .unchanged])
        #expect(replaced.entries[2].fields == ["reverse"])

        let skipped = try catalog.importBundles([(v2, "v2.json")], policy: .skip)
        #expect(skipped.entries.map(\.action) == [.unchanged, .unchanged, .skipped, .unchanged])
        #expect(try catalog.bundle(library: "app").presets.first { $0.name == "b" }?.reverse?.name == "a")

        #expect(throws: CatalogError.importConflicts(["preset app/b (reverse app/a → app/c)"])) {
            try catalog.importBundles([(v2, "v2.json")], policy: .fail)
        }
        let taken = try catalog.importBundles([(v2, "v2.json")], policy: .replace)
        #expect(taken.summary == "0 added; changed 1 preset; unchanged 1 library, 2 presets")
        #expect(try catalog.bundle(library: "app").presets.first { $0.name == "b" }?.reverse?.name == "c")
    }
}
