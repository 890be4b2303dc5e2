import GRDB
import Testing
import TransDB
@testable import TransDBCore

extension DiffTests {
    /// `Catalog.merge`: the merge worked out against the catalog and written into it, or refused.
    @Suite("Catalog.merge and MergeError")
    struct CatalogMergeTests {
        /// An in-memory catalog holding `bundles`.
        static func catalog(_ bundles: [LibraryBundle]) throws -> Catalog {
            let catalog = try Catalog(DatabaseQueue())
            _ = try catalog.importBundles(bundles.map { ($0, "\($0.library.name).json") }, policy: .fail)
            return catalog
        }

        static func bundleFile(_ bundle: LibraryBundle, _ name: String) -> CatalogSource {
            CatalogSource(path: name, bundles: [bundle], isBundleFile: true)
        }

        static let base = bundleFile(app, "base.json")
        static let ours = editingPreset("zoom") { $0.duration = 0.5 }
        static let theirs = bundleFile(editingPreset("zoom") { $0.duration = 0.6 }, "theirs.json")

        @Test("a conflict under --fail is refused: nothing written, the conflicts in the error's one sentence")
        func refused() throws {
            let catalog = try Self.catalog([Self.ours, extra])
            let report = try catalog.merge(Self.theirs, base: Self.base, policy: .fail, dryRun: false)
            #expect(report.refusal == .unresolvedConflicts(report.result.unresolved))
            #expect(report.result.unresolved.count == 1)
            #expect(report.refusal?.description == "1 conflict: preset app/zoom duration (ours 0.5, theirs 0.6); use --ours or --theirs")
            #expect(try catalog.bundles() == [Self.ours, extra])
        }

        @Test("--theirs writes their value into the catalog, and leaves the libraries a bundle file does not have alone")
        func written() throws {
            let catalog = try Self.catalog([Self.ours, extra])
            let report = try catalog.merge(Self.theirs, base: Self.base, policy: .theirs, dryRun: false)
            #expect(report.refusal == nil)
            #expect(report.summary == "merged into ':memory:': changed 1 preset; 1 conflict taken from theirs")
            #expect(try catalog.bundles() == [Self.theirs.bundles[0], extra])
        }

        @Test("a dry run reports the merge and writes nothing")
        func dryRun() throws {
            let catalog = try Self.catalog([Self.ours])
            let report = try catalog.merge(Self.theirs, base: Self.base, policy: .ours, dryRun: true)
            #expect(report.summary == "nothing to merge; 1 conflict taken from ours")
            let taking = try catalog.merge(Self.theirs, base: Self.base, policy: .theirs, dryRun: true)
            #expect(taking.summary == "dry run, nothing written: changed 1 preset; 1 conflict taken from theirs")
            #expect(try catalog.bundles() == [Self.ours])
        }

        @Test("a library their catalog deleted is dropped from ours")
        func removedLibrary() throws {
            let catalog = try Self.catalog([app, extra])
            let theirs = CatalogSource(path: "theirs.sqlite", bundles: [app], isBundleFile: false)
            let base = CatalogSource(path: "base.sqlite", bundles: [app, extra], isBundleFile: false)
            let report = try catalog.merge(theirs, base: base, policy: .fail, dryRun: false)
            #expect(report.result.removedLibraries == ["extra"])
            #expect(try catalog.libraryNames() == ["app"])
        }

        static func conflict(_ name: String, _ reason: MergeConflict.Reason) -> MergeConflict {
            MergeConflict(
                kind: .preset, library: "app", name: name, field: "duration", reason: reason, ours: .number(0.5), theirs: .number(0.6),
                detail: reason.isResolvable ? nil : "no preset app/gone")
        }

        @Test("the refusal lists five conflicts, counts the rest, and gives the advice that fits them")
        func refusalMessages() {
            let resolvable = (1...7).map { Self.conflict("p\($0)", .bothChanged) }
            #expect(
                MergeError.unresolvedConflicts(resolvable).description
                    == "7 conflicts: " + (1...5).map { "preset app/p\($0) duration (ours 0.5, theirs 0.6)" }.joined(separator: "; ")
                    + "; and 2 more; use --ours or --theirs")
            let dangling = Self.conflict("r", .danglingReference)
            #expect(
                MergeError.unresolvedConflicts([dangling]).description
                    == "1 conflict: preset app/r duration (dangling reference: no preset app/gone); no policy resolves references and route ties: change the local catalog or theirs, then merge again"
            )
            #expect(
                MergeError.unresolvedConflicts([resolvable[0], dangling]).description.hasSuffix(
                    "; use --ours or --theirs for the conflicting values; references and route ties need a change to the local catalog or to theirs"
                ))
        }
    }
}
