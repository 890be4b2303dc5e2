import Foundation
import Testing

/// The package's layout rules that the compiler does not check (CONTRIBUTING.md, "Layout").
@Suite("Layout: where SQL and GRDB may appear")
struct LayoutTests {
    /// `Sources/`, found from this file (`Tests/TransDBTests/LayoutTests.swift`).
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// Every Swift file under `folder`, by its path below `Sources/`, with its text.
    static func swiftFiles(in folder: String) throws -> [(path: String, text: String)] {
        let root = sources.appendingPathComponent(folder)
        let paths = try #require(FileManager.default.subpathsOfDirectory(atPath: root.path) as [String]?)
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().map {
            ("\(folder)/\($0)", try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8))
        }
    }

    @Test("SQL is written only in Sources/TransDB/Storage")
    func sqlInStorage() throws {
        let files = try Self.swiftFiles(in: "TransDB")
        #expect(files.count > 50)
        let statement = try Regex(#"sql: |"(SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|PRAGMA) "#)
        let outside = files.filter { !$0.path.hasPrefix("TransDB/Storage/") && $0.text.contains(statement) }.map(\.path)
        #expect(outside == [])
        #expect(files.contains { $0.path.hasPrefix("TransDB/Storage/") && $0.text.contains(statement) })
    }

    @Test("TransDBCore and TransDBKit use neither GRDB nor SQLite")
    func coreWithoutSQLite() throws {
        for folder in ["TransDBCore", "TransDBKit"] {
            let files = try Self.swiftFiles(in: folder)
            #expect(!files.isEmpty)
            let importing = files.filter { $0.text.contains("import GRDB") || $0.text.contains("SQLite3") || $0.text.contains("import SQLite") }
            #expect(importing.map(\.path) == [], "\(folder)")
        }
    }
}
