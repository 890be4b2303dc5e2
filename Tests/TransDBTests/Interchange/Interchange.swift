import Foundation
import Testing
import TransDB
import TransDBTestSupport
@testable import TransDBCore

/// The interchange formats' suites (DTCG and CSS), grouped so that `swift test --filter
/// Interchange` selects them.
@Suite("Interchange: DTCG and CSS")
enum Interchange {
    /// The default library: every seed library, read back from a new catalog.
    static func seedBundles() throws -> [LibraryBundle] {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try Catalog(path: directory.file("catalog.sqlite"), mode: .createIfMissing)
        return try catalog.bundles()
    }

    /// A fixture of `Fixtures/dtcg`.
    static func fixture(_ name: String) throws -> [UInt8] {
        let resources = try #require(Bundle.module.resourceURL)
        return [UInt8](try Data(contentsOf: resources.appendingPathComponent("Fixtures/dtcg/\(name)")))
    }

    /// A document that does not have the shape a test expects of it.
    struct UnexpectedOutput: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Decodes a document given as text.
    static func decode(_ text: String, defaultLibrary: String = "tokens") throws -> (bundles: [LibraryBundle], notes: [String]) {
        try DTCGFormat.decode(Array(text.utf8), file: "test.tokens.json", defaultLibrary: defaultLibrary)
    }
}
