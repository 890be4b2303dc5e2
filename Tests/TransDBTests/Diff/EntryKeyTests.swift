import Testing
@testable import TransDB
@testable import TransDBCore

extension DiffTests {
    @Suite("EntryKey")
    struct EntryKeyTests {
        /// Names that are prefixes of each other, outside ASCII, qualified and not: the cases where
        /// comparing joined bytes could disagree with comparing part by part.
        static let names = ["A", "AB", "A B", "Ab", "a", "É", "Éa", "Z", "z", "ø", "😀", "lib/A", "lib/AB", "libA"]

        @Test("keys sort routes as canonicalized bundles do: delegate, operation, from and to, * first")
        func routeOrder() {
            var generator = EngineCurves.SplitMix64(seed: 11)
            var routes: [RouteMapping] = []
            for _ in 0..<600 {
                func pick() -> String { Self.names[Int(generator.next() % UInt64(Self.names.count))] }
                func side() -> String { generator.next() % 4 == 0 ? "*" : pick() }
                let operation = TransitionOperation.allCases[Int(generator.next() % 5)]
                routes.append(route(operation, side(), side(), preset: "zoom", delegate: pick()))
            }
            let canonical = LibraryBundle(library: Library(name: "app"), routes: routes).canonicalized().routes
            let keys = canonical.map(EntryKey.init(route:))
            for (earlier, later) in zip(keys, keys.dropFirst()) {
                #expect(earlier < later || earlier == later)
                #expect(!(later < earlier))
            }
            // Equal keys only for equal routes.
            for index in keys.indices.dropFirst() where keys[index] == keys[index - 1] {
                #expect(EntryKey(route: canonical[index]) == EntryKey(route: canonical[index - 1]))
                #expect(canonical[index].delegate == canonical[index - 1].delegate && canonical[index].from == canonical[index - 1].from)
            }
            #expect(Set(keys).count == Set(canonical.map { "\($0.delegate)|\($0.operation)|\($0.from)|\($0.to)" }).count)
        }

        @Test("names sort by Unicode scalars, a prefix first")
        func nameOrder() {
            let sorted = Self.names.sorted { EntryKey(name: $0) < EntryKey(name: $1) }
            #expect(sorted == Self.names.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars, by: { $0.value < $1.value }) })
            #expect(EntryKey(name: "A") < EntryKey(name: "AB"))
            #expect(!(EntryKey(name: "A") < EntryKey(name: "A")))
        }

        @Test("a diff finds the same changes whatever order either side's routes are in")
        func shuffledRoutes() {
            var old = app
            var new = app
            for (index, name) in Self.names.enumerated() {
                old.routes.append(route(.present, name, "*", preset: "zoom"))
                new.routes.append(route(.present, name, "*", preset: index % 3 == 0 ? "slide" : "zoom"))
            }
            new.routes.append(route(.push, "*", "*", preset: nil))
            new.routes.removeAll { $0.operation == .dismiss }
            let expected = CatalogDiff.compare([old], [new])
            #expect(expected.count(.changed) == 5)
            #expect(expected.count(.added) == 1)
            #expect(expected.count(.removed) == 1)
            var generator = EngineCurves.SplitMix64(seed: 3)
            for _ in 0..<5 {
                old.routes.shuffle(using: &generator)
                new.routes.shuffle(using: &generator)
                #expect(CatalogDiff.compare([old], [new]) == expected)
            }
        }
    }
}
