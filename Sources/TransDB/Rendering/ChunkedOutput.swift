import Foundation

/// Bytes gathered in one large buffer and handed to a sink a chunk at a time, so a writer can
/// produce a file of any size in small pieces with one sink call (one `write(2)`) per chunk.
///
/// Non-copyable because it owns its buffer; a writer passes it `inout`.
struct ChunkedOutput: ~Copyable {
    private let start: UnsafeMutableRawPointer
    private let capacity: Int
    private var count = 0
    private let sink: (UnsafeRawBufferPointer) throws -> Void

    /// - Parameters:
    ///   - chunkSize: About how many bytes each sink call gets (the last one fewer).
    ///   - sink: Receives the chunks in order; what it throws is rethrown by the call that flushed.
    init(chunkSize: Int, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        capacity = max(chunkSize, 4096)
        start = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        self.sink = sink
    }

    deinit { start.deallocate() }

    /// Makes sure `size` more bytes fit (handing out what is buffered if not), so that up to
    /// `size` bytes can then be added with ``appendReserved(_:_:)``. Returns whether they fit.
    @inline(__always)
    mutating func reserve(_ size: Int) throws -> Bool {
        if capacity - count < size { try flush() }
        return capacity - count >= size
    }

    /// Adds bytes that ``reserve(_:)`` made room for.
    @inline(__always)
    mutating func appendReserved(_ bytes: UnsafeRawPointer, _ size: Int) {
        (start + count).copyMemory(from: bytes, byteCount: size)
        count += size
    }

    /// Adds bytes of any length; what does not fit in the buffer goes to the sink directly.
    mutating func append(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if try reserve(bytes.count) {
            appendReserved(base, bytes.count)
        } else {
            try sink(bytes)
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
