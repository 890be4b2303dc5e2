/// The CSS Easing Level 2 `linear(…)` timing function: straight lines between stops.
public struct PiecewiseLinearFunction: TimingFunction, Hashable {
    /// The stops as written.
    public let stops: [LinearStop]
    /// Each stop's input after the CSS completion rules, as a fraction (0.25 for 25%).
    let inputs: [Double]

    /// Creates the function and completes the stops' inputs by the CSS rules: a missing first
    /// input is 0; a missing last input is the largest of 1 and every given input; an input
    /// lower than one before it is raised to it; runs of missing inputs are spread evenly
    /// between their neighbours.
    ///
    /// - Parameter stops: The stops, each input a percentage as written (25 means 25%). With
    ///   no stops the function is the identity, with one it is constant (CSS requires two).
    public init(stops: [LinearStop]) {
        self.stops = stops
        self.inputs = Self.completedInputs(of: stops)
    }

    /// Progress at time `p`: the line through the stop at or before `p` and the next one,
    /// extended beyond the first and last stops.
    ///
    /// - Parameter p: Normalised time.
    /// - Returns: The progress.
    public func progress(at p: Double) -> Double {
        guard stops.count >= 2 else { return stops.first?.output ?? p }
        // A is the last stop whose input is ≤ p (the first if none), stepped back from the last
        // stop so that B, the stop after A, always exists.
        var low = 0
        var high = inputs.count
        while low < high {
            let middle = (low + high) / 2
            if inputs[middle] <= p { low = middle + 1 } else { high = middle }
        }
        let a = min(max(low - 1, 0), inputs.count - 2)
        let b = a + 1
        if inputs[a] == inputs[b] { return stops[b].output }
        let f = (p - inputs[a]) / (inputs[b] - inputs[a])
        // This form gives the stops' outputs exactly at f = 0 and f = 1.
        return (1 - f) * stops[a].output + f * stops[b].output
    }

    private static func completedInputs(of stops: [LinearStop]) -> [Double] {
        var inputs = stops.map { stop in stop.percent.map { $0 / 100 } }
        guard let last = inputs.indices.last else { return [] }
        if inputs[0] == nil { inputs[0] = 0 }
        if inputs[last] == nil { inputs[last] = inputs.compactMap { $0 }.reduce(1, max) }
        var largest = -Double.infinity
        for index in inputs.indices {
            guard let input = inputs[index] else { continue }
            largest = max(largest, input)
            inputs[index] = largest
        }
        var completed: [Double] = []
        completed.reserveCapacity(inputs.count)
        var index = 0
        while index < inputs.count {
            if let input = inputs[index] {
                completed.append(input)
                index += 1
                continue
            }
            // A run of missing inputs between two given ones (the ends always have one now).
            let before = completed[index - 1]
            var next = index
            while inputs[next] == nil { next += 1 }
            let after = inputs[next] ?? before
            let gaps = Double(next - index + 1)
            for k in 1...(next - index) {
                completed.append(before + (after - before) * Double(k) / gaps)
            }
            index = next
        }
        return completed
    }
}
