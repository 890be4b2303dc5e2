import Foundation
import GRDB
import Testing
@testable import TransDB
@testable import TransDBCore

/// Curve aliases that chain: each alias takes the curve at the end of its chain, on reading a
/// bundle and on importing it, however long the chains are.
@Suite("Curve alias chains")
struct AliasChainTests {
    /// Every alias followed one step at a time: the rule the memoised walk must give.
    static func followed(_ curves: [NamedCurve], library: String) -> [NamedCurve] {
        let byName = Dictionary(curves.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return curves.map { curve in
            var resolved = curve
            var current = curve
            var seen: Set<String> = [curve.name]
            while let target = current.aliasOf, target.library == nil || target.library == library,
                let next = byName[target.name], seen.insert(next.name).inserted
            {
                current = next
            }
            if current.aliasOf == nil { resolved.curve = current.curve }
            return resolved
        }
    }

    /// Random aliases over a few curves of their own: chains, loops, names of another library,
    /// names that are not in the bundle. (A bundle with a name twice is refused before.)
    static func randomCurves(count: Int, seed: UInt64) -> [NamedCurve] {
        var generator = EngineCurves.SplitMix64(seed: seed)
        let placeholder = TimingCurve.linear
        return (0..<count).map { index in
            let name = "c\(index)"
            switch generator.next() % 8 {
            case 0: return NamedCurve(library: "l", name: name, curve: .cubicBezier(x1: Double(index % 10) / 10, y1: 0, x2: 0.5, y2: 1))
            case 1: return NamedCurve(library: "l", name: name, curve: placeholder, aliasOf: QualifiedName(library: "other", name: "x"))
            case 2: return NamedCurve(library: "l", name: name, curve: placeholder, aliasOf: QualifiedName(library: nil, name: "missing"))
            case 3: return NamedCurve(library: "l", name: name, curve: placeholder, aliasOf: QualifiedName(library: "l", name: "c\(generator.next() % UInt64(count))"))
            default: return NamedCurve(library: "l", name: name, curve: placeholder, aliasOf: QualifiedName(library: nil, name: "c\(generator.next() % UInt64(count))"))
            }
        }
    }

    @Test("reading: each alias ends where following it step by step ends, on 200 random bundles", arguments: 0..<200)
    func sameAsFollowing(seed: Int) {
        let curves = Self.randomCurves(count: 5 + seed % 60, seed: UInt64(seed))
        #expect(BundleFormat.Reader.resolvingAliases(curves, library: "l") == Self.followed(curves, library: "l"))
    }

    @Test("a chain of 20,000 aliases is read and imported, each alias with the curve at its end")
    func longChain() throws {
        let count = 20_000
        var curves = [NamedCurve(library: "deep", name: "a0", curve: .cubicBezier(x1: 0.3, y1: 0, x2: 0.2, y2: 1))]
        // Written last to first, so that the import meets each alias before the curve it names.
        for index in (1..<count).reversed() {
            curves.append(NamedCurve(library: "deep", name: "a\(index)", curve: .linear, aliasOf: QualifiedName(library: nil, name: "a\(index - 1)")))
        }
        let resolved = BundleFormat.Reader.resolvingAliases(curves, library: "deep")
        #expect(resolved.allSatisfy { $0.curve == curves[0].curve })

        let catalog = try Catalog(DatabaseQueue())
        let bundle = LibraryBundle(library: Library(name: "deep", version: "1.0.0"), curves: resolved)
        _ = try catalog.importBundles([(bundle, "deep.json")], policy: .fail)
        let stored = try catalog.bundle(library: "deep").curves
        #expect(stored.count == count)
        #expect(stored.allSatisfy { $0.curve == curves[0].curve })
        #expect(stored.first { $0.name == "a19999" }?.aliasOf?.name == "a19998")
    }
}
