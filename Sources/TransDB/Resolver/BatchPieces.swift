import Foundation

/// A chunk of a batch's lines cut into pieces, which its lanes take one at a time until none is
/// left: a lane whose pieces are slow (presets met for the first time, memory not in the
/// cache) then does not keep the others waiting at the end of the chunk, as one part a lane
/// would.
final class BatchPieces: @unchecked Sendable {
    /// Each piece's bytes in the chunk, each ending with a newline (the last ones empty when
    /// there are fewer lines than pieces).
    let ranges: [Range<Int>]
    /// The input line each piece starts at.
    let firstLines: [Int]
    private let lock = NSLock()
    // Guarded by `lock`.
    private var next = 0

    /// `lines`, the first being line `firstLine` of the input, cut into `count` pieces of about
    /// the same size.
    init(_ lines: UnsafeBufferPointer<UInt8>, firstLine: Int, count: Int) {
        let count = max(count, 1)
        var ranges: [Range<Int>] = []
        var firstLines: [Int] = []
        var (start, line) = (lines.startIndex, firstLine)
        for index in 1...count {
            let target = index == count ? lines.endIndex : max(start, lines.startIndex + lines.count * index / count)
            let end = target == lines.endIndex ? target : lines[target...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? lines.endIndex
            ranges.append(start..<end)
            firstLines.append(line)
            for byte in lines[start..<end] where byte == UInt8(ascii: "\n") { line += 1 }
            start = end
        }
        self.ranges = ranges
        self.firstLines = firstLines
        self.lineCount = line - firstLine
    }

    /// How many lines the pieces hold.
    let lineCount: Int

    /// The next piece no lane has taken, `nil` once every piece is taken.
    func take() -> Int? {
        lock.withLock {
            guard next < ranges.count else { return nil }
            defer { next += 1 }
            return next
        }
    }
}
