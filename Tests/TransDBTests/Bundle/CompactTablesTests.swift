import Testing
@testable import TransDB
@testable import TransDBCore

/// The compact tables an import of millions of entries holds its input and report in give back
/// exactly the values put in: names, screens, report entries, row ids.
@Suite("Compact import tables")
struct CompactTablesTests {
    static let texts = ["A0000001", "", "Écran d’accueil", "a/b", String(repeating: "x", count: 300), "🙂", "A0000001"]

    @Test("a text column gives back each string, compares bytes and removes the last")
    func textColumn() {
        var column = TextColumn()
        for text in Self.texts { column.append(text) }
        #expect(column.count == Self.texts.count)
        #expect((0..<column.count).map { column[$0] } == Self.texts)
        for (index, text) in Self.texts.enumerated() {
            var bytes = text
            #expect(bytes.withUTF8 { column.equals(index, $0) })
            var other = text + "!"
            #expect(!other.withUTF8 { column.equals(index, $0) })
        }
        column.removeLast()
        column.removeLast()
        column.append("z")
        #expect((0..<column.count).map { column[$0] } == Array(Self.texts.dropLast(2)) + ["z"])
    }

    @Test("an interner numbers distinct strings in order, and finds them after growing")
    func interner() {
        var interner = ByteInterner()
        let numbers = Self.texts.map { interner.intern($0) }
        #expect(numbers.map(\.id) == [0, 1, 2, 3, 4, 5, 0])
        #expect(numbers.map(\.isNew) == [true, true, true, true, true, true, false])
        // Enough strings to grow the table past its first size.
        for index in 0..<5_000 { _ = interner.intern("s\(index)") }
        #expect(interner.number(of: "s4999") == 5_005)
        #expect(interner.number(of: "s5000") == nil)
        #expect(interner.intern("s17") == (23, false))
        #expect(interner.intern("new").id == 5_006)
        #expect(interner.string(2) == "Écran d’accueil")
    }

    @Test("qualified names go in as their text and come out as they went in")
    func qualifiedNames() {
        var interner = ByteInterner()
        let names = [
            QualifiedName(library: nil, name: "Feed"), QualifiedName(library: "demo", name: "Feed"),
            QualifiedName(library: "motion", name: "Écran"), QualifiedName(library: nil, name: "Feed"),
        ]
        let numbers = names.map { interner.number($0) }
        #expect(numbers == [0, 1, 2, 0])
        #expect(numbers.map(interner.qualifiedName) == names)
    }

    static let screens = [
        Screen(library: "t", name: "Feed"),
        Screen(library: "t", name: "Photo", modalStyle: .crossDissolve, presentationStyle: .overFullScreen, description: "full size"),
        Screen(library: "t", name: "Settings", delegate: QualifiedName(library: nil, name: "SettingsTransitions")),
        Screen(library: "t", name: "Curl", delegate: QualifiedName(library: "demo", name: "D"), modalStyle: .partialCurl, presentationStyle: .fullScreen),
        Screen(library: "t", name: "Sheet", modalStyle: .flipHorizontal, presentationStyle: .popover),
    ]

    @Test("a screen table gives back every screen, styles, delegates and descriptions")
    func screenTable() {
        // Names the routes added first: the table's positions do not follow the names' numbers.
        var names = ByteInterner()
        _ = names.intern("Settings")
        _ = names.intern("demo/Feed")
        let table = ScreenTable(Self.screens, names: &names)
        #expect(table.count == 5)
        #expect(table.screens(library: "t", names: names) == Self.screens)
        #expect(table.screens(library: "u", names: names).map(\.library) == Array(repeating: "u", count: 5))
        #expect(table.position(of: "Curl", in: names) == 3)
        #expect(table.position(of: "Settings", in: names) == 2)
        #expect(table.position(of: "curl", in: names) == nil)
        // A name the routes use that no screen has.
        #expect(table.position(of: "demo/Feed", in: names) == nil)
        #expect(table.delegate(at: 0) == nil)
        #expect(table.delegate(at: 3) == QualifiedName(library: "demo", name: "D"))
        // Every style pair survives its small encoding.
        var all: [Screen] = []
        for modal in ModalTransitionStyle.allCases {
            for presentation in ModalPresentationStyle.allCases {
                all.append(Screen(library: "t", name: "\(modal)-\(presentation)", modalStyle: modal, presentationStyle: presentation))
            }
        }
        var allNames = ByteInterner()
        #expect(ScreenTable(all, names: &allNames).screens(library: "t", names: allNames) == all)
    }

    @Test("a bundle value with a repeated screen name keeps both; the name finds the first")
    func repeatedNames() {
        let screens = [
            Screen(library: "t", name: "A"), Screen(library: "t", name: "B"),
            Screen(library: "t", name: "A", description: "again"), Screen(library: "t", name: "C"),
        ]
        let input = BundleInput(bundle: LibraryBundle(library: Library(name: "t"), screens: screens), file: "t.json")
        #expect(input.fullBundle.screens == screens)
        #expect(input.tables.screenPosition(of: "A") == 0)
        #expect(input.tables.screenPosition(of: "C") == 3)
    }

    @Test("a report log names entries from its text and from screen tables, in order")
    func entryLog() {
        let t = BundleInput(bundle: LibraryBundle(library: Library(name: "t"), screens: Self.screens), file: "t.json")
        let u = BundleInput(bundle: LibraryBundle(library: Library(name: "u"), screens: Self.screens), file: "u.json")
        var log = EntryLog()
        log.append(ImportReport.Entry(kind: .library, name: "t", action: .added, fields: []))
        for position in 0..<3 { log.appendScreen(position, of: t, table: 0, action: .added) }
        log.append(ImportReport.Entry(kind: .container, name: "t/Nav", action: .changed, fields: ["delegate"]))
        // Not following the run: a new run, then screens of another input.
        log.appendScreen(4, of: t, table: 0, action: .added)
        log.appendScreen(0, of: u, table: 1, action: .unchanged)
        #expect(log.entries.map(\.name) == ["t", "t/Feed", "t/Photo", "t/Settings", "t/Nav", "t/Sheet", "u/Feed"])
        #expect(log.entries.map(\.kind) == [.library, .screen, .screen, .screen, .container, .screen, .screen])
        #expect(log[4].fields == ["delegate"])
        #expect(log.count(.added) == 5)
        #expect(log.contains(kind: .screen, name: "t/Sheet"))
        #expect(!log.contains(kind: .container, name: "t/Sheet"))
        // Setting an entry changes its action and fields, not its name.
        log[2] = ImportReport.Entry(kind: .screen, name: "ignored", action: .changed, fields: ["modalStyle"])
        #expect(log[2] == ImportReport.Entry(kind: .screen, name: "t/Photo", action: .changed, fields: ["modalStyle"]))
        #expect(log.removeLast().name == "u/Feed")
        #expect(log.removeLast().name == "t/Sheet")
        #expect(log.removeLast() == ImportReport.Entry(kind: .container, name: "t/Nav", action: .changed, fields: ["delegate"]))
        log.append(ImportReport.Entry(kind: .delegate, name: "t/D", action: .added, fields: []))
        #expect(log.entries.map(\.name) == ["t", "t/Feed", "t/Photo", "t/Settings", "t/D"])
    }

    @Test("a route naming a screen in another spelling (NFD) refers to the screen's own name, kept once")
    func canonicalReferences() throws {
        let nfc = "\u{E9}cran"
        let nfd = "e\u{301}cran"
        let text = #"{"transdb": 1, "library": {"name": "t"}, "delegates": [{"name": "D"}], "screens": [{"name": "\#(nfc)"}, {"name": "B"}], "#
            + #""presets": [{"name": "p", "kind": "fade"}], "routes": [{"delegate": "D", "op": "present", "from": "\#(nfd)", "to": "\#(nfc)", "preset": "p"}, "#
            + #"{"delegate": "D", "op": "present", "from": "t/B", "to": "B", "preset": "p"}]}"#
        let input = try BundleFormat.input(decoding: Array(text.utf8), file: "b.json")
        let rows = input.tables.routes.rows
        // Both sides of the first route are the screen's own name (compared as numbers, not as
        // Swift strings, which would call the two spellings equal).
        #expect(rows[0].from == rows[0].to)
        #expect(input.tables.screens.position(ofName: rows[0].from) == 0)
        var fromName = ""
        if case let .screen(from) = input.fullBundle.routes[0].from { fromName = from.name }
        #expect(Array(fromName.utf8) == Array(nfc.utf8))
        // A qualified reference is its own text; the bare one is the screen's name.
        #expect(input.tables.reference(rows[1].from) == QualifiedName(library: "t", name: "B"))
        #expect(input.tables.screens.position(ofName: rows[1].to) == 1)
    }

    @Test("imported screens' row ids and entries are kept only once they stop following each other")
    func importedScreenIDs() {
        var consecutive = ImportedScreens()
        for (offset, id) in (Int64(10)...14).enumerated() { consecutive.append(id: id, entry: 3 + offset) }
        #expect((0..<5).map(consecutive.id) == [10, 11, 12, 13, 14])
        #expect((0..<5).map(consecutive.entry) == [3, 4, 5, 6, 7])
        var gap = ImportedScreens()
        for (id, entry): (Int64, Int?) in [(10, 0), (11, 1), (40, 2), (41, 3)] { gap.append(id: id, entry: entry) }
        #expect((0..<4).map(gap.id) == [10, 11, 40, 41])
        #expect((0..<4).map(gap.entry) == [0, 1, 2, 3])
        #expect(gap.count == 4)
        // An existing library: ids anywhere, a screen without an entry (a conflict), entries resuming.
        var existing = ImportedScreens()
        for (id, entry): (Int64, Int?) in [(7, 20), (3, 21), (9, nil), (5, 22)] { existing.append(id: id, entry: entry) }
        #expect((0..<4).map(existing.id) == [7, 3, 9, 5])
        #expect((0..<4).map(existing.entry) == [20, 21, nil, 22])
        // The first screen without an entry.
        var none = ImportedScreens()
        for (id, entry): (Int64, Int?) in [(1, nil), (2, 5)] { none.append(id: id, entry: entry) }
        #expect((0..<2).map(none.entry) == [nil, 5])
    }

    @Test("the route key table finds every route it was given, and only those")
    func routeKeyTable() {
        var table = RouteKeyTable()
        func key(_ number: Int64, _ operation: TransitionOperation) -> KnownRoutes.Key {
            // Keys that differ only in the operation, or in one side, or that are wildcards (0).
            KnownRoutes.Key(delegate: number % 7, from: number % 3 == 0 ? 0 : number, to: number / 2, operation: operation)
        }
        func route(_ number: Int64) -> KnownRoutes.Route {
            KnownRoutes.Route(id: number, preset: number % 5 == 0 ? nil : number * 10, interaction: number % 2 == 0 ? number * 100 : nil)
        }
        for number in Int64(1)...5_000 {
            for operation in [TransitionOperation.push, .pop] { table[key(number, operation)] = route(number * (operation == .push ? 1 : -1)) }
        }
        #expect(table.count == 10_000)
        var found = 0
        for number in Int64(1)...5_000 {
            for operation in [TransitionOperation.push, .pop] {
                let expected = route(number * (operation == .push ? 1 : -1))
                let got = table[key(number, operation)]
                if got?.id == expected.id && got?.preset == expected.preset && got?.interaction == expected.interaction { found += 1 }
            }
            #expect(table[key(number, .present)] == nil)
        }
        #expect(found == 10_000)
        #expect(table[KnownRoutes.Key(delegate: 99, from: 1, to: 0, operation: .push)] == nil)
        // A route changed in place keeps its key and count.
        table[key(10, .push)] = KnownRoutes.Route(id: 10, preset: nil, interaction: 7)
        #expect(table.count == 10_000)
        #expect(table[key(10, .push)]?.preset == nil)
        #expect(table[key(10, .push)]?.interaction == 7)
    }
}
