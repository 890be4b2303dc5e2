/// Writes a JSON document laid out exactly as ``JSONValue/pretty`` lays it out, a member or an
/// element at a time, so that a document too large to hold as one tree (a library of 100,000
/// presets, a listing of a million routes) is written in pieces of bounded size.
///
/// Containers are opened and closed around the values written into them; ``take(atLeast:)``
/// hands out what has been written so far.
public struct PrettyJSONWriter {
    public enum Container {
        case object, array
    }

    /// Written and not yet taken.
    public private(set) var bytes: [UInt8] = []
    /// The open containers, outermost first, with how many members or elements each has so far.
    private var open: [(container: Container, count: Int)] = []

    /// An empty writer.
    public init() {}

    /// Opens an object or an array: the document itself, the next element of the open array,
    /// or the member `key` of the open object.
    public mutating func open(_ container: Container, key: String? = nil) {
        startEntry(key: key)
        bytes.append(container == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        open.append((container, 0))
    }

    /// Closes the innermost open container; an empty one is written `{}` or `[]`, as
    /// ``JSONValue/pretty`` writes it.
    public mutating func close() {
        let (container, count) = open.removeLast()
        if count > 0 { JSONValue.newline(indentedTo: open.count, &bytes) }
        bytes.append(container == .object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// Writes `value` whole: the document itself, the next element of the open array, or the
    /// member `key` of the open object.
    public mutating func write(_ value: JSONValue, key: String? = nil) {
        startEntry(key: key)
        value.appendPretty(to: &bytes, level: open.count)
    }

    /// Starts the member `key` of the open object, whose value the caller then writes itself,
    /// laid out as it would be at this depth (a writer of its own, for a million routes).
    public mutating func startMember(_ key: String) {
        startEntry(key: key)
    }

    /// Appends bytes as they are, outside the layout (the newline that ends a file).
    public mutating func append(raw text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// What has been written since the last call, once it is at least `threshold` bytes (`nil`
    /// until then, and when nothing is); `take(atLeast: 1)` hands out whatever there is.
    public mutating func take(atLeast threshold: Int = 1 << 16) -> [UInt8]? {
        guard bytes.count >= max(threshold, 1) else { return nil }
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    /// The comma, line break and indentation before an entry of the open container, and its key.
    private mutating func startEntry(key: String?) {
        guard let last = open.indices.last else { return }
        if open[last].count > 0 { bytes.append(UInt8(ascii: ",")) }
        open[last].count += 1
        JSONValue.newline(indentedTo: open.count, &bytes)
        if let key {
            JSONBytes.appendQuoted(key, to: &bytes)
            bytes.append(contentsOf: ": ".utf8)
        }
    }
}
