import Foundation
import TransDBCore

/// Bytes gathered in one large buffer and handed to a sink a chunk at a time, so a writer can
/// produce a file of any size in small pieces with one sink call (one `write(2)`) per chunk.
///
/// Non-copyable because it owns its buffer; a writer passes it `inout`.
struct ChunkedOutput: ~Copyable {
    private var start: UnsafeMutableRawPointer
    private var capacity: Int
    private var count = 0
    private let sink: (UnsafeRawBufferPointer) throws -> Void

    /// - Parameters:
    ///   - chunkSize: About how many bytes each sink call gets (the last one fewer).
    ///   - sink: Receives the chunks in order; what it throws is rethrown by the call that flushed.
    init(chunkSize: Int, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        capacity = max(chunkSize, 1)
        start = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        self.sink = sink
    }

    deinit { start.deallocate() }

    /// Makes sure `size` more bytes fit, handing out what is buffered if they do not and
    /// growing the buffer if they never would, so that up to `size` bytes can then be added
    /// with ``appendReserved(_:_:)``.
    @inline(__always)
    mutating func reserve(_ size: Int) throws {
        if capacity - count < size { try makeRoom(size) }
    }

    private mutating func makeRoom(_ size: Int) throws {
        try flush()
        guard size > capacity else { return }
        start.deallocate()
        start = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        capacity = size
    }

    /// Adds bytes that ``reserve(_:)`` made room for.
    @inline(__always)
    mutating func appendReserved(_ bytes: UnsafeRawPointer, _ size: Int) {
        (start + count).copyMemory(from: bytes, byteCount: size)
        count += size
    }

    /// Adds bytes of any length; more than the buffer holds go to the sink directly.
    mutating func append(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if bytes.count > capacity {
            try flush()
            try sink(bytes)
        } else {
            try reserve(bytes.count)
            appendReserved(base, bytes.count)
        }
    }

    /// Adds text as UTF-8.
    mutating func append(_ text: some StringProtocol) throws {
        var text = String(text)
        try text.withUTF8 { try append(UnsafeRawBufferPointer($0)) }
    }

    /// Hands out everything buffered.
    mutating func flush() throws {
        guard count > 0 else { return }
        let chunk = UnsafeRawBufferPointer(start: start, count: count)
        count = 0
        try sink(chunk)
    }
}
