import TransDBCore

/// Aligned columns of text.
public struct Table: Sendable {
    public var header: [String]?
    public var rows: [[String]]

    /// Creates a table.
    public init(header: [String]?, rows: [[String]]) {
        self.header = header
        self.rows = rows
    }

    /// The table with columns separated by two spaces, each line ending in a newline.
    public var rendered: String { rendered(maximumWidth: nil) }

    /// Columns that are never narrowed to fit: what names a row.
    static let keyColumns: Set<String> = ["id", "library", "name"]

    /// The table with columns separated by two spaces, each line ending in a newline; with a
    /// `maximumWidth` (a terminal's), the widest columns other than the key columns (`id`,
    /// `library`, `name`) are narrowed, each to no less than 5 columns or its header, cells too long
    /// for their column ending in `…`; if that is not enough, the last columns that are not key
    /// columns are left out until the lines fit, and a last line names them and `--wide`.
    public func rendered(maximumWidth: Int?) -> String {
        let all = (header.map { [$0] } ?? []) + rows
        let layout = Layout(header: header, widths: Self.widths(of: all), maximumWidth: maximumWidth)
        return all.map(layout.line).joined() + layout.note
    }

    /// The widest cell of each column of `rows`, in terminal columns, and of `widths` already
    /// measured (a header's).
    static func widths(of rows: some Sequence<[String]>, from measured: [Int] = []) -> [Int] {
        var widths = measured
        for row in rows {
            if row.count > widths.count { widths += Array(repeating: 0, count: row.count - widths.count) }
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], displayWidth(cell)) }
        }
        return widths
    }

    /// Where each column goes, worked out from the widest cells alone, so that a table of a
    /// million rows can be written a line at a time (``TableRenderer``) with the layout that
    /// ``rendered(maximumWidth:)`` gives the same rows.
    struct Layout {
        /// The columns written, by index; `nil` when every one is.
        private let kept: [Int]?
        /// The width of each column written.
        private let widths: [Int]
        /// The line naming the columns left out, or nothing.
        let note: String

        init(header: [String]?, widths natural: [Int], maximumWidth: Int?) {
            (kept, widths, note) = Self.fit(header: header, natural: natural, maximumWidth: maximumWidth)
        }

        private static func fit(header: [String]?, natural: [Int], maximumWidth: Int?) -> (kept: [Int]?, widths: [Int], note: String) {
            var widths = natural
            guard let maximumWidth else { return (nil, widths, "") }
            let columns = widths.count
            let names = (0..<columns).map { i in header.flatMap { i < $0.count ? $0[i] : nil } ?? "" }
            let minimum = (0..<columns).map { i in
                Table.keyColumns.contains(names[i]) ? widths[i] : min(widths[i], max(5, Table.displayWidth(names[i])))
            }
            var total = widths.reduce(0, +) + 2 * max(0, columns - 1)
            while total > maximumWidth, let widest = (0..<columns).filter({ widths[$0] > minimum[$0] }).max(by: { widths[$0] < widths[$1] })
            {
                widths[widest] -= 1
                total -= 1
            }
            var kept = Array(0..<columns)
            while total > maximumWidth, let last = kept.last(where: { !Table.keyColumns.contains(names[$0]) }), kept.count > 1 {
                kept.removeAll { $0 == last }
                total -= widths[last] + 2
            }
            // Columns are not dropped without a word: a reader would take the table for all there is.
            guard kept.count < columns else { return (nil, widths, "") }
            // The room the left-out columns freed goes back to the narrowed ones.
            while total < maximumWidth,
                let short = kept.filter({ widths[$0] < natural[$0] }).max(by: { natural[$0] - widths[$0] < natural[$1] - widths[$1] })
            {
                widths[short] += 1
                total += 1
            }
            let leftOut = (0..<columns).filter { !kept.contains($0) }.map { names[$0] }
            let note = "(left out to fit: " + Table.elided(leftOut.joined(separator: ", "), to: max(10, maximumWidth - 37)) + "; --wide shows all)\n"
            return (kept, kept.map { widths[$0] }, note)
        }

        /// `row` as a line of the table, ending in a newline.
        func line(_ row: [String]) -> String {
            let cells = kept.map { kept in kept.filter { $0 < row.count }.map { row[$0] } } ?? row
            var line = ""
            for (i, original) in cells.enumerated() {
                let cell = Table.elided(original, to: widths[i])
                line += cell
                if i < cells.count - 1 { line += String(repeating: " ", count: widths[i] - Table.displayWidth(cell) + 2) }
            }
            return line + "\n"
        }
    }

    /// `text` cut to `width` terminal columns, ending in `…` when it was longer.
    static func elided(_ text: String, to columns: Int) -> String {
        guard displayWidth(text) > columns else { return text }
        var out = ""
        var used = 0
        for character in text {
            let next = width(of: character)
            if used + next > columns - 1 { break }
            out.append(character)
            used += next
        }
        return out + "…"
    }

    /// The columns `text` takes in a terminal: 2 for each wide (East Asian wide or fullwidth) or
    /// emoji character, 0 for combining marks and invisible characters, 1 for the rest.
    public static func displayWidth(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + width(of: $1) }
    }

    private static func width(of character: Character) -> Int {
        // Printable ASCII first: a property lookup costs about a hundred times more.
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return 1 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let category = first.properties.generalCategory
        if category == .control || category == .format { return 0 }
        if first.properties.isEmojiPresentation || (first.properties.isEmoji && scalars.contains { $0.value == 0xFE0F }) { return 2 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return category == .nonspacingMark || category == .enclosingMark ? 0 : 1
        }
    }

    /// `text` as one line of an error: line breaks shown as `\n` and `\r`, every other control
    /// character (C0, DEL, C1) and invisible one escaped (``printable(_:)``), so a hostile value
    /// can neither break the line, reorder it, nor send escape sequences to the terminal.
    public static func oneLine(_ text: String) -> String {
        printable(text.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n"))
    }

    /// `text` with control characters, bidirectional controls and invisible characters shown as
    /// escapes (``Name/isHidden(_:)``), so a value can neither break the layout nor reorder the line.
    public static func printable(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x20 && scalar.value < 0x7F {
                out.unicodeScalars.append(scalar)
            } else if scalar.properties.generalCategory == .control || Name.isHidden(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
