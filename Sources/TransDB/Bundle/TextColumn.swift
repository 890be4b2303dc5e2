import Foundation

/// Strings kept one after another as UTF-8 in one buffer. A million names cost their bytes and
/// four bytes each, where `[String]` costs sixteen each and a heap object for every name longer
/// than fifteen bytes.
struct TextColumn: Sendable {
    private var storage: [UInt8] = []
    /// Where each string ends in `storage`, modulo 2³²: ends only grow, so the high part is
    /// the number of times they wrapped around at or before the string (see `wraps`).
    private var ends: [UInt32] = []
    /// The positions of the strings whose end wrapped past 2³², in order.
    private var wraps: [Int] = []

    init() {}

    var count: Int { ends.count }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(bytes: $0) }
    }

    mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        storage.append(contentsOf: bytes)
        let end = UInt32(truncatingIfNeeded: storage.count)
        if let last = ends.last, end < last || (end == last && !bytes.isEmpty) { wraps.append(ends.count) }
        ends.append(end)
    }

    /// Where string `index` lies in the buffer.
    private func range(_ index: Int) -> Range<Int> {
        func offset(_ position: Int) -> Int {
            guard position >= 0 else { return 0 }
            // The wraps at or before `position`: few (one per 4 GiB), so a linear count is enough.
            let high = wraps.isEmpty ? 0 : wraps.count { $0 <= position }
            return high << 32 | Int(ends[position])
        }
        return offset(index - 1)..<offset(index)
    }

    /// String `index`.
    subscript(index: Int) -> String {
        storage.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range(index)]), as: UTF8.self) }
    }

    /// Whether string `index` is exactly `bytes`.
    func equals(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let range = range(index)
        guard range.count == bytes.count else { return false }
        return storage.withUnsafeBufferPointer { stored in
            guard let base = stored.baseAddress, let other = bytes.baseAddress else { return true }
            return memcmp(base + range.lowerBound, other, bytes.count) == 0
        }
    }

    /// Calls `body` with the bytes of string `index`.
    func withBytes<T>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range(index)])) }
    }

    /// Removes the last string.
    mutating func removeLast() {
        let start = range(ends.count - 1).lowerBound
        if wraps.last == ends.count - 1 { wraps.removeLast() }
        ends.removeLast()
        storage.removeSubrange(start...)
    }
}
