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

    @Test("an interner numbers distinct strings in order, and again the same after its lookup is dropped")
    func interner() {
        var interner = ByteInterner()
        let numbers = Self.texts.map { interner.intern($0) }
        #expect(numbers.map(\.id) == [0, 1, 2, 3, 4, 5, 0])
        #expect(numbers.map(\.isNew) == [true, true, true, true, true, true, false])
        // Enough strings to grow the table past its first size.
        for index in 0..<5_000 { _ = interner.intern("s\(index)") }
        #expect(interner.number(of: "s4999") == 5_005)
        interner.dropLookup()
        #expect(interner.number(of: "s4999") == nil)
        #expect(interner.intern("s17").id == 23)
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
        let table = ScreenTable(Self.screens)
        #expect(table.count == 5)
        #expect(table.screens(library: "t") == Self.screens)
        #expect(table.screens(library: "u").map(\.library) == Array(repeating: "u", count: 5))
        #expect(table.position(of: "Curl") == 3)
        #expect(table.position(of: "curl") == nil)
        #expect(table.delegate(at: 0) == nil)
        #expect(table.delegate(at: 3) == QualifiedName(library: "demo", name: "D"))
        // Every style pair survives its small encoding.
        var all: [Screen] = []
        for modal in ModalTransitionStyle.allCases {
            for presentation in ModalPresentationStyle.allCases {
                all.append(Screen(library: "t", name: "\(modal)-\(presentation)", modalStyle: modal, presentationStyle: presentation))
            }
        }
        #expect(ScreenTable(all).screens(library: "t") == all)
    }

    @Test("a bundle value with a repeated screen name keeps both; the name finds the first")
    func repeatedNames() {
        let screens = [
            Screen(library: "t", name: "A"), Screen(library: "t", name: "B"),
            Screen(library: "t", name: "A", description: "again"), Screen(library: "t", name: "C"),
        ]
        let table = ScreenTable(screens)
        #expect(table.screens(library: "t") == screens)
        #expect(table.position(of: "A") == 0)
        #expect(table.position(of: "C") == 3)
    }

    @Test("a report log names entries from its text and from screen tables, in order")
    func entryLog() {
        let table = ScreenTable(Self.screens)
        var log = EntryLog()
        log.append(ImportReport.Entry(kind: .library, name: "t", action: .added, fields: []))
        for position in 0..<3 { log.appendScreen(position, of: table, table: 0, library: "t", action: .added) }
        log.append(ImportReport.Entry(kind: .container, name: "t/Nav", action: .changed, fields: ["delegate"]))
        // Not following the run: a new run, then screens of another input.
        log.appendScreen(4, of: table, table: 0, library: "t", action: .added)
        log.appendScreen(0, of: table, table: 1, library: "u", action: .unchanged)
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

    @Test("created screens' row ids are kept only once they stop following each other")
    func createdScreenIDs() {
        var consecutive = CreatedScreens(firstEntry: 3, firstID: 10)
        for id in Int64(10)...14 { consecutive.append(id) }
        #expect((0..<5).map(consecutive.id) == [10, 11, 12, 13, 14])
        var gap = CreatedScreens(firstEntry: 0, firstID: 10)
        for id: Int64 in [10, 11, 40, 41] { gap.append(id) }
        #expect((0..<4).map(gap.id) == [10, 11, 40, 41])
        #expect(gap.count == 4)
    }
}
