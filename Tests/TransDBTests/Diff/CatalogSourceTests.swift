import Foundation
import Testing
import TransDB
import TransDBTestSupport
@testable import TransDBCore

extension DiffTests {
    @Suite("CatalogSource")
    struct CatalogSourceTests {
        static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/bundles")

        @Test("a catalog file gives every library")
        func catalog() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let path = directory.file("catalog.sqlite")
            // Closed before reading: its schema reaches the main file when the last connection closes.
            let expected = try { try Catalog(path: path, mode: .createIfMissing).bundles() }()
            let source = try CatalogSource(path: path)
            #expect(!source.isBundleFile)
            #expect(source.bundles == expected)
        }

        @Test("a bundle file gives its one library")
        func bundle() throws {
            let source = try CatalogSource(path: Self.fixtures.appendingPathComponent("valid-app.json").path)
            #expect(source.isBundleFile)
            #expect(source.bundles.map(\.library.name) == ["fixture"])
            #expect(source.bundles.first?.presets.count == 2)
        }

        @Test("a missing file, a file that is not JSON and an SQLite file of another application")
        func errors() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            #expect(throws: CatalogError.missingInput(path: directory.file("none.json"))) {
                try CatalogSource(path: directory.file("none.json"))
            }
            let text = directory.file("notes.txt")
            try Data("hello".utf8).write(to: URL(fileURLWithPath: text))
            #expect {
                try CatalogSource(path: text)
            } throws: { error in
                guard case .invalidBundle(let file, _, _)? = error as? CatalogError else { return false }
                return file == text
            }
            let foreign = directory.file("foreign.sqlite")
            try Data(Array("SQLite format 3\u{0}".utf8) + [UInt8](repeating: 0, count: 84)).write(to: URL(fileURLWithPath: foreign))
            #expect {
                try CatalogSource(path: foreign)
            } throws: { error in
                guard case .notACatalog? = error as? CatalogError else { return false }
                return true
            }
            #expect {
                try CatalogSource(path: directory.path)
            } throws: { error in
                guard case .notACatalog? = error as? CatalogError else { return false }
                return true
            }
        }

        @Test("a catalog and the bundles exported from it compare equal")
        func catalogAgainstBundles() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let path = directory.file("catalog.sqlite")
            let bundles = try Catalog(path: path, mode: .createIfMissing).bundles()
            let decoded = try bundles.map { try BundleFormat.decode(Array(BundleFormat.encode($0).utf8), file: $0.library.name) }
            #expect(CatalogDiff.compare(bundles, decoded).isEmpty)
            #expect(ThreeWayMerge.merge(base: nil, ours: bundles, theirs: decoded, policy: .fail).changes.isEmpty)
        }
    }
}
