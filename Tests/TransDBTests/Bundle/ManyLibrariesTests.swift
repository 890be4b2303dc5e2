import Foundation
import GRDB
import Testing
@testable import TransDB
@testable import TransDBCore

/// Many libraries with the same names: each reads and writes its own.
@Suite("Many libraries")
struct ManyLibrariesTests {
    @Test("a bare name is its own library's among 80 libraries that have it (the 80th too), on import and export")
    func ownNameAmongMany() throws {
        let catalog = try Catalog(DatabaseQueue())
        let bundles = (0..<80).map { index in
            let library = String(format: "L%02d", index)
            return LibraryBundle(
                library: Library(name: library, version: "1.0.0"),
                curves: [NamedCurve(library: library, name: "ease", curve: .cubicBezier(x1: Double(index) / 100, y1: 0, x2: 0.5, y2: 1))],
                presets: [
                    Preset(
                        library: library, name: "slide", kind: .fade, duration: 0.3, curve: .named(QualifiedName(library: nil, name: "ease")),
                        tracks: PresetKind.fade.tracks(direction: nil))
                ])
        }
        // One command, as importing a directory of exports does.
        _ = try catalog.importBundles(bundles.map { ($0, "\($0.library.name).json") }, policy: .fail)
        for index in [0, 49, 50, 79] {
            let name = String(format: "L%02d", index)
            let preset = try catalog.bundle(library: name).presets[0]
            #expect(preset.curve == .named(QualifiedName(library: nil, name: "ease")))
            #expect(try catalog.timingCurve(preset.curve.qualified(in: name)) == .cubicBezier(x1: Double(index) / 100, y1: 0, x2: 0.5, y2: 1))
        }
        // Each library's export is what was imported.
        #expect(try catalog.bundle(library: "L79") == bundles[79].canonicalized())
    }
}
