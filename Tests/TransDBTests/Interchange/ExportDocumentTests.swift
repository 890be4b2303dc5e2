import GRDB
import Testing
@testable import TransDB
@testable import TransDBCore

extension Interchange {
    /// `Catalog.exportDocument`: every check before a byte is written, and ``ExportError``.
    @Suite("Export documents and ExportError")
    struct ExportDocumentTests {
        static let bouncy = NamedCurve(library: "app", name: "bouncy", curve: .spring(.perceptual(duration: 0.5, bounce: 0.3)))

        /// An in-memory catalog with the libraries `app` (a preset on a spring) and `plain`.
        static func catalog() throws -> Catalog {
            let catalog = try Catalog(DatabaseQueue())
            let app = LibraryBundle(
                library: Library(name: "app"), curves: [bouncy],
                presets: [
                    Preset(
                        library: "app", name: "pop", kind: .fade, duration: 0.5, curve: .named(QualifiedName(library: nil, name: "bouncy")),
                        tracks: PresetKind.fade.tracks(direction: nil)),
                    Preset(
                        library: "app", name: "flat", kind: .fade, duration: 0.3, curve: .inline(.linear),
                        tracks: PresetKind.fade.tracks(direction: nil)),
                ])
            _ = try catalog.importBundles(
                [(app, "app.json"), (LibraryBundle(library: Library(name: "plain")), "plain.json")], policy: .fail)
            return catalog
        }

        static func written(_ document: ExportDocument) throws -> String {
            var bytes: [UInt8] = []
            try document.write { bytes += $0 }
            return String(decoding: bytes, as: UTF8.self)
        }

        @Test("the libraries: every one for nil, the named ones checked, an unknown one refused with a suggestion")
        func libraries() throws {
            let catalog = try Self.catalog()
            #expect(try catalog.exportedLibraries(nil) == ["app", "plain"])
            #expect(try catalog.exportedLibraries(["plain"]) == ["plain"])
            let error = #expect(throws: LookupError.self) { try catalog.exportedLibraries(["plain", "ap"]) }
            #expect(error == .notFound(kind: .library, name: "ap", suggestion: "app"))
        }

        @Test("a bundle is one library: its bytes are the bundle format's; two or none are refused")
        func bundle() throws {
            let catalog = try Self.catalog()
            let document = try catalog.exportDocument(["app"], as: .bundle, approximatingCurves: false)
            #expect(document.notes == [])
            #expect(try Self.written(document) == BundleFormat.encode(try catalog.bundle(library: "app")))
            let two = #expect(throws: ExportError.self) {
                try catalog.exportDocument(["app", "plain"], as: .bundle, approximatingCurves: false)
            }
            #expect(two == .oneLibraryPerBundle(count: 2))
            #expect(
                two?.description
                    == "a bundle holds one library, and 2 are to be exported: give one --library NAME, or -o DIRECTORY for one file per library")
            let none = #expect(throws: ExportError.self) { try catalog.exportDocument([], as: .bundle, approximatingCurves: false) }
            #expect(none == .oneLibraryPerBundle(count: 0))
            #expect(none?.description == "a bundle holds one library, and there is none to export")
        }

        @Test("DTCG refuses a spring unless approximating; then it names the preset in a note")
        func dtcgSprings() throws {
            let catalog = try Self.catalog()
            let fit = try #require(DTCGFormat.nearestCubicBezier(to: Self.bouncy.curve, duration: 0.5))
            let named = "app/pop (spring, nearest cubic-bezier within \(fit.maximumError.formatted(digits: 3)))"
            let error = #expect(throws: ExportError.self) {
                try catalog.exportDocument(["app", "plain"], as: .dtcg, approximatingCurves: false)
            }
            #expect(error == .unrepresentableCurves([named]))
            #expect(
                error?.description
                    == "1 preset uses a curve that DTCG's cubicBezier cannot represent: \(named); without --exact the nearest cubic-bezier is written (the exact curve is kept under $extensions)"
            )

            let document = try catalog.exportDocument(["app", "plain"], as: .dtcg, approximatingCurves: true)
            #expect(
                document.notes == ["preset \(named) written with the nearest cubic-bezier; the exact curve is kept under $extensions"])
            #expect(
                try Self.written(document) == DTCGFormat.encode([try catalog.bundle(library: "app"), try catalog.bundle(library: "plain")]))
        }

        @Test("past twenty approximated presets, one note counts the rest")
        func approximationNotes() {
            let presets = (1...23).map { "app/p\($0) (spring, nearest cubic-bezier within 0.01)" }
            let notes = Catalog.approximationNotes(presets)
            #expect(notes.count == 21)
            #expect(notes[19] == "preset app/p20 (spring, nearest cubic-bezier within 0.01) written with the nearest cubic-bezier; the exact curve is kept under $extensions")
            #expect(notes[20] == "and 3 more presets written with the nearest cubic-bezier; each keeps its exact curve under $extensions")
            #expect(Catalog.approximationNotes(Array(presets.prefix(21))).last == "and 1 more preset written with the nearest cubic-bezier; each keeps its exact curve under $extensions")
            #expect(Catalog.approximationNotes(Array(presets.prefix(20))).count == 20)
        }

        @Test("CSS writes every library given")
        func css() throws {
            let catalog = try Self.catalog()
            let document = try catalog.exportDocument(["app", "plain"], as: .css, approximatingCurves: false)
            #expect(
                try Self.written(document) == CSSFormat.encode([try catalog.bundle(library: "app"), try catalog.bundle(library: "plain")]))
        }

        @Test("the refusal names five presets and counts the rest")
        func manyUnrepresentable() {
            let presets = (1...8).map { "app/p\($0) (steps)" }
            #expect(
                ExportError.unrepresentableCurves(presets).description
                    == "8 presets use curves that DTCG's cubicBezier cannot represent: "
                    + presets.prefix(5).joined(separator: "; ")
                    + "; and 3 more; without --exact the nearest cubic-bezier is written (the exact curve is kept under $extensions)"
            )
        }
    }
}
