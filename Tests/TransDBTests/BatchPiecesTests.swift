import Testing
@testable import TransDB

/// How a chunk of a batch is cut into the pieces its lanes take.
@Suite("A batch's chunk in pieces")
struct BatchPiecesTests {
    /// `count` lines of different lengths, each ending with a newline.
    static func lines(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for line in 0..<count {
            let length: Int = line % 7 + (line % 3) * 40
            bytes += [UInt8](repeating: UInt8(ascii: "x"), count: length)
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    @Test("the pieces hold every line once, in order, each piece whole lines starting at its first line's number",
        arguments: [(1, 1), (1, 16), (5, 16), (16, 16), (17, 16), (1_000, 16), (1_000, 3), (999, 1)])
    func cover(lineCount: Int, pieceCount: Int) {
        let bytes = Self.lines(lineCount)
        bytes.withUnsafeBufferPointer { lines in
            let pieces = BatchPieces(lines, firstLine: 41, count: pieceCount)
            #expect(pieces.ranges.count == pieceCount)
            #expect(pieces.lineCount == lineCount)
            var next = lines.startIndex
            var line = 41
            for (range, firstLine) in zip(pieces.ranges, pieces.firstLines) {
                #expect(range.lowerBound == next, "pieces follow each other")
                #expect(firstLine == line)
                if !range.isEmpty { #expect(lines[range.upperBound - 1] == UInt8(ascii: "\n"), "a piece ends with a line's end") }
                line += lines[range].count { $0 == UInt8(ascii: "\n") }
                next = range.upperBound
            }
            #expect(next == lines.endIndex, "the last piece ends with the chunk")
            // Each cut is at most a line after its even share: sizes differ by at most two of the
            // longest line (87 bytes), when there are enough lines for every piece.
            if lineCount >= 100 * pieceCount {
                let sizes = pieces.ranges.map(\.count)
                #expect(sizes.max()! - sizes.min()! <= 2 * 87, "\(sizes)")
            }
        }
    }

    @Test("no pieces asked for is one piece")
    func noPieces() {
        let bytes = Self.lines(10)
        bytes.withUnsafeBufferPointer { lines in
            let pieces = BatchPieces(lines, firstLine: 1, count: 0)
            #expect(pieces.ranges == [lines.startIndex..<lines.endIndex])
            #expect(pieces.lineCount == 10)
        }
    }

    @Test("each piece is taken once, then none")
    func takenOnce() {
        let bytes = Self.lines(100)
        bytes.withUnsafeBufferPointer { lines in
            let pieces = BatchPieces(lines, firstLine: 1, count: 8)
            var taken: [Int] = []
            while let piece = pieces.take() { taken.append(piece) }
            #expect(taken == Array(0..<8))
            #expect(pieces.take() == nil)
        }
    }
}
