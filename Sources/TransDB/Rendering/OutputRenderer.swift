import TransDBCore

/// Prints ``Renderable`` output in one ``OutputFormat``: one implementation per format
/// (``OutputFormat/renderer``).
public protocol OutputRenderer: Sendable {
    /// Writes `value` in this renderer's format, a piece at a time, so that a large value (an
    /// import report of a million entries) is never held as one string. The pieces together
    /// end with a newline, or are empty.
    ///
    /// - Parameters:
    ///   - value: What to print.
    ///   - write: Receives the pieces in order; what it throws ends the rendering and is rethrown.
    func render(_ value: some Renderable, to write: (String) throws -> Void) rethrows
}

extension OutputRenderer {
    /// `value` in this renderer's format, as one string.
    public func rendered(_ value: some Renderable) -> String {
        var text = ""
        render(value) { text += $0 }
        return text
    }
}

/// Text gathered for a renderer's `write` and handed over in pieces of about 64 KiB: one piece
/// per line would cost a `write(2)` a line.
struct RenderedPieces {
    private var pending = ""
    private static let pieceSize = 1 << 16

    mutating func append(_ text: String, to write: (String) throws -> Void) rethrows {
        pending += text
        if pending.utf8.count >= Self.pieceSize { try flush(to: write) }
    }

    mutating func flush(to write: (String) throws -> Void) rethrows {
        guard !pending.isEmpty else { return }
        let piece = pending
        pending = ""
        try write(piece)
    }
}
