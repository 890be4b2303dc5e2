import Foundation
import Testing
@testable import TransDB
import TransDBCore

/// `transdb generate swift` output compared with the committed files; run with
/// `TRANSDB_RECORD_GENERATED=1` to re-record them after an intended change.
@Suite("Generated Swift")
struct GeneratedSourceTests {
    @Test(
        "the committed generated files are what transdb generate swift writes",
        arguments: [
            (["--access", "internal", "--type-name", "DefaultLibrary"], "Tests/TransDBKitTests/Generated/DefaultLibrary.swift"),
            (["--library", "demo"], "Examples/TransDBDemo/Transitions.swift"),
        ])
    func matchesCommitted(arguments: [String], file: String) throws {
        let result = try KitFixture.cli(["generate", "swift"] + arguments)
        try #require(result.exitCode == 0, "\(result)")
        let path = KitFixture.root.appendingPathComponent(file).path
        if ProcessInfo.processInfo.environment["TRANSDB_RECORD_GENERATED"] == "1" {
            try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(result.stdout == (try String(contentsOfFile: path, encoding: .utf8)), "re-record with TRANSDB_RECORD_GENERATED=1")
        #expect(result.stderr.isEmpty)
    }

    @Test("the same catalog gives the same bytes, and a one-field change one line")
    func deterministicAndSmallDiff() throws {
        let bundles = try KitFixture.bundlesFromTransDB()
        let generator = try SwiftSourceGenerator()
        let first = generator.source(for: bundles, command: "transdb generate swift")
        #expect(generator.source(for: bundles.reversed(), command: "transdb generate swift") == first)
        var changed = bundles
        let index = try #require(changed.firstIndex { $0.library.name == "samples" })
        let preset = try #require(changed[index].presets.firstIndex { $0.name == "popAnimator" })
        changed[index].presets[preset].duration = 0.8
        let second = generator.source(for: changed, command: "transdb generate swift")
        let differing = zip(first.split(separator: "\n"), second.split(separator: "\n")).filter { $0 != $1 }
        #expect(differing.count == 1)
        #expect(differing.first?.1.contains("duration: 0.8") == true)
    }

    @Test("names become Swift identifiers; collisions across libraries take the library's name")
    func identifiers() {
        let names = [
            QualifiedName(library: "a", name: "Feed"), QualifiedName(library: "b", name: "Feed"),
            QualifiedName(library: "a", name: "fade-through"),
            QualifiedName(library: "a", name: "2up"), QualifiedName(library: "a", name: "default"),
        ]
        #expect(SwiftSourceGenerator.identifiers(for: names) == ["aFeed", "bFeed", "fadeThrough", "_2up", "`default`"])
    }

    @Test("a name that is its own case name keeps it when another entry would take it; within one library nothing is prefixed")
    func stableIdentifiers() {
        func identifiers(_ names: [(String, String)]) -> [String] {
            SwiftSourceGenerator.identifiers(for: names.map { QualifiedName(library: $0.0, name: $0.1) })
        }
        #expect(identifiers([("app", "fooBar")]) == ["fooBar"])
        // `Foo Bar` sorts first, but `fooBar` was there as itself: the newcomer gets the number.
        #expect(identifiers([("app", "Foo Bar"), ("app", "fooBar")]) == ["fooBar2", "fooBar"])
        // Across libraries the shared name takes its library; an entry named as that keeps it.
        #expect(identifiers([("p", "z"), ("q", "z"), ("r", "pZ")]) == ["pZ2", "qZ", "pZ"])
    }

    @Test("an unknown library and a bad type name are refused with one line and the usual exit codes")
    func refusals() throws {
        let unknown = try KitFixture.cli(["generate", "swift", "--library", "demoo"])
        #expect(unknown.exitCode == 66)
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderrLines == ["transdb: error: no library named 'demoo' (did you mean 'demo'?)"])
        let badName = try KitFixture.cli(["generate", "swift", "--type-name", "a b"])
        #expect(badName.exitCode == 64)
        #expect(badName.stderr.contains("must be a Swift identifier"))
    }

    @Test("a type name that is not an identifier is refused")
    func refusesTypeName() {
        #expect(throws: ModelError.self) { try SwiftSourceGenerator(typeName: "My Transitions") }
        #expect(throws: ModelError.invalidValue(field: "type name", value: "class", reason: "it is a Swift keyword; choose another name")) {
            try SwiftSourceGenerator(typeName: "class")
        }
    }

    @Test("a type name the generated file uses (Screen, String, TransDBCore) is refused: the namespace would hide it")
    func refusesShadowingName() throws {
        for name in ["Screen", "String", "TransDBCore", "CatalogTables", "Presets"] {
            #expect(throws: ModelError.self) { try SwiftSourceGenerator(typeName: name) }
        }
        // The list is complete: every type the file names, or declares in the namespace, is in it.
        let source = try SwiftSourceGenerator().source(for: try KitFixture.bundlesFromTransDB(), command: "transdb generate swift")
        let named = try Regex(#"(?:: |\[|\b(?:enum|TransDBCore|import) ?\.? ?)([A-Z][A-Za-z]+)\b|\b([A-Z][A-Za-z]+)\("#)
        var found = Set<String>()
        for match in source.matches(of: named) {
            if let name = (match.output[1].substring ?? match.output[2].substring).map(String.init) { found.insert(name) }
        }
        #expect(found.contains("ViewState") && found.contains("Screens") && found.contains("TransDBKit"))
        #expect(found.subtracting(SwiftSourceGenerator.namedTypes).subtracting(["Transitions"]).isEmpty)
    }
}
