import TransDBCore
/// Values numbered in the order they are first seen, so that a table of many rows holds small
/// indexes instead of copies of the same names.
struct Interner<Value: Hashable & Sendable>: Sendable {
    /// Every value, each once, at its number.
    private(set) var values: [Value] = []
    private var numbers: [Value: Int32] = [:]

    /// The number of `value`, given it when new.
    mutating func number(_ value: Value) -> Int32 {
        if let number = numbers[value] { return number }
        let number = Int32(values.count)
        values.append(value)
        numbers[value] = number
        return number
    }

    /// Frees the lookup once nothing more is added; the values stay.
    mutating func finishAdding() {
        numbers = [:]
    }
}
