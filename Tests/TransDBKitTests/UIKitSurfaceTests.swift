import Foundation
import Testing
import TransDBTestSupport

/// The UIKit glue, a generated file and the example app type-check against the UIKit API surface
/// under `Fixtures/UIKit` (each declaration from Apple's documentation): Swift 6 language mode,
/// so complete strict concurrency checking, with warnings as errors. There is no UIKit on Linux;
/// this checks names, types, optionality and isolation, not behaviour.
@Suite("TransDBKit against the UIKit API surface", .serialized)
struct UIKitSurfaceTests {
    static let flags = ["-swift-version", "6", "-warnings-as-errors", "-parse-as-library"]

    /// The stub `UIKit` module and TransDBKit built against it, in a fresh directory.
    static func modules() throws -> (directory: TemporaryDirectory, core: String) {
        let directory = try TemporaryDirectory()
        // TransDBCore as SwiftPM built it for the tests, beside the `transdb` binary.
        let core = URL(fileURLWithPath: try TransDBRunner.locateBinary()).deletingLastPathComponent().appendingPathComponent("Modules").path
        try swiftc(
            ["-emit-module", "-module-name", "UIKit"] + flags + [
                fixture("Fixtures/UIKit/UIKit.swift"), "-emit-module-path", directory.file("UIKit.swiftmodule"),
            ])
        let kit = try FileManager.default.subpathsOfDirectory(atPath: KitFixture.root.appendingPathComponent("Sources/TransDBKit").path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { KitFixture.root.appendingPathComponent("Sources/TransDBKit/\($0)").path }
        try swiftc(
            ["-emit-module", "-module-name", "TransDBKit"] + flags + ["-I", directory.path, "-I", core] + kit
                + ["-emit-module-path", directory.file("TransDBKit.swiftmodule")])
        return (directory, core)
    }

    @Test("the glue, the generated file and the example app type-check against the UIKit surface")
    func typecheck() throws {
        let (directory, core) = try Self.modules()
        defer { directory.remove() }
        let includes = ["-I", directory.path, "-I", core]
        try Self.swiftc(["-typecheck"] + Self.flags + includes + [Self.fixture("Generated/DefaultLibrary.swift")])
        let example = KitFixture.root.appendingPathComponent("Examples/TransDBDemo")
        let files = try FileManager.default.contentsOfDirectory(atPath: example.path).filter { $0.hasSuffix(".swift") }.sorted()
        try #require(files.contains("Transitions.swift") && files.count == 5)
        try Self.swiftc(["-typecheck"] + Self.flags + includes + files.map { example.appendingPathComponent($0).path })
    }

    @Test("the file generated for each default library alone type-checks, kinds it has none of too")
    func everyLibrary() throws {
        let (directory, core) = try Self.modules()
        defer { directory.remove() }
        let runner = try TransDBRunner()
        defer { runner.remove() }
        let db = runner.file("catalog.sqlite")
        try #require(try runner.run(["init", "--db", db]).exitCode == 0)
        let libraries = ["coreanimation", "demo", "material", "motion", "samples", "swiftui", "uikit"]
        var files: [String] = []
        for library in libraries {
            let file = directory.file("\(library).swift")
            // A type name of its own each, so that one compilation checks them all.
            let result = try runner.run(
                ["generate", "swift", "--db", db, "--library", library, "--type-name", "\(library.capitalized)Transitions", "-o", file])
            try #require(result.exitCode == 0, "\(result.stderr)")
            #expect(result.stdout.isEmpty)
            // The library and those it refers to.
            let included = ["demo": "demo, motion, samples, uikit", "motion": "motion, uikit", "samples": "samples, uikit"][library] ?? library
            let count = included.split(separator: ",").count
            #expect(result.stderr == "wrote the Swift source of \(count) librar\(count == 1 ? "y" : "ies") (\(included)) to \(file)\n")
            files.append(file)
        }
        // coreanimation has only curves: no screen, container, delegate or preset enum has a case.
        let curvesOnly = try String(contentsOfFile: directory.file("coreanimation.swift"), encoding: .utf8)
        #expect(curvesOnly.components(separatedBy: "public var rawValue: String { switch self {} }").count == 5)
        try Self.swiftc(["-typecheck"] + Self.flags + ["-I", directory.path, "-I", core] + files)
    }

    @Test("entries named as the enums' own members (allCases, rawValue, …) or as keywords, and subnormal numbers, type-check and leave the members usable")
    func memberNames() throws {
        let (directory, core) = try Self.modules()
        defer { directory.remove() }
        let runner = try TransDBRunner()
        defer { runner.remove() }
        let db = runner.file("catalog.sqlite")
        try #require(try runner.run(["init", "--db", db, "--empty"]).exitCode == 0)
        for name in ["allCases", "rawValue", "hashValue", "hash", "init", "self", "Type", "default"] {
            try #require(try runner.run(["add", "screen", name, "--library", "app", "--db", db]).exitCode == 0)
        }
        // Subnormal numbers, whose literals would warn that they underflow: written as their bits.
        let tiny = try runner.run([
            "add", "preset", "tiny", "--kind", "fade", "--library", "app", "--set", "to.start.alpha=5e-324",
            "--curve", "cubic-bezier(1e-9, 5e-324, 0.5, 1)", "--db", db,
        ])
        try #require(tiny.exitCode == 0, "\(tiny.stderr)")
        let file = directory.file("App.swift")
        let result = try runner.run(["generate", "swift", "--db", db, "--library", "app", "--type-name", "AppTransitions", "-o", file])
        try #require(result.exitCode == 0, "\(result.stderr)")
        let source = try String(contentsOfFile: file, encoding: .utf8)
        #expect(source.contains("case appAllCases = \"app/allCases\"") && source.contains("case appRawValue = \"app/rawValue\""))
        #expect(source.contains("y1: Double(bitPattern: 0x1)") && !source.contains("5e-324"))
        // The enums' own members stay usable beside the cases.
        let use = directory.file("Use.swift")
        try "func use() -> [String] { AppTransitions.Screens.allCases.map(\\.rawValue) + [AppTransitions.Screens.appAllCases.rawValue] }\n"
            .write(toFile: use, atomically: true, encoding: .utf8)
        try Self.swiftc(["-typecheck"] + Self.flags + ["-I", directory.path, "-I", core, file, use])
    }

    @Test("a glue that breaks strict concurrency is refused (the check has teeth)")
    func refusesRace() throws {
        let (directory, core) = try Self.modules()
        defer { directory.remove() }
        let file = directory.file("Race.swift")
        // UIView is main-actor isolated: touching it from a detached task is a data race.
        try "import UIKit\nfunc race(_ view: UIView) { Task.detached { view.alpha = 0 } }\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) { try Self.swiftc(["-typecheck"] + Self.flags + ["-I", directory.path, "-I", core, file]) }
    }

    static func fixture(_ path: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(path).path
    }

    struct CompileError: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `swiftc` (from `PATH`); throws its output when it fails.
    static func swiftc(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CompileError(description: "swiftc \(arguments.joined(separator: " ")) failed:\n\(String(decoding: data, as: UTF8.self))")
        }
    }
}
