import TransDBCore

/// A small plot of a timing function over [0, 1] in text, for `transdb sample` in a terminal.
struct CurvePlot {
    let function: any TimingFunction
    var width = 48
    var height = 12

    var rendered: String {
        let values = (0...width).map { function.progress(at: Double($0) / Double(width)) }
        // Show overshoot: the range always includes [0, 1] and stretches to what the curve reaches.
        let low = min(0, values.min() ?? 0)
        let high = max(1, values.max() ?? 1)
        var grid = [[Character]](repeating: [Character](repeating: " ", count: width + 1), count: height + 1)
        func row(_ value: Double) -> Int { height - Int(((value - low) / (high - low) * Double(height)).rounded()) }
        for column in 0...width { grid[row(1)][column] = "·" }
        for column in 0...width { grid[row(0)][column] = "·" }
        for (column, value) in values.enumerated() where value.isFinite { grid[row(value)][column] = "•" }
        let labels = (0...height).map { line -> String in
            if line == row(1) { return "1 " }
            if line == row(0) { return "0 " }
            return "  "
        }
        return zip(labels, grid).map { $0 + "│" + String($1) }.joined(separator: "\n") + "\n  └" + String(repeating: "─", count: width + 1) + "\n"
    }
}
