import TransDBCore

/// The elements of a bundle's array kept as their bytes while the document is parsed, each
/// parsed again only when it is read. A parsed tree costs several times its bytes (100,000
/// presets of twelve tracks: about 200 MB of tree for 45 MB of text), and the reader needs one
/// element's tree at a time.
///
/// Only elements that have already been parsed once are kept, so parsing one again cannot fail
/// on the JSON itself: the reader's errors are about values, at the element's path.
struct DeferredElements {
    /// Every element's bytes, one after the other.
    private var bytes: [UInt8] = []
    /// Where each element ends in `bytes`.
    private var ends: [Int] = []
    /// The depth of the elements in their document, which bounds their nesting as it did there.
    let depth: Int

    init(depth: Int) {
        self.depth = depth
    }

    var count: Int { ends.count }

    /// Keeps the next element, the bytes of a value the parser has just read.
    mutating func append(_ element: ArraySlice<UInt8>) {
        bytes.append(contentsOf: element)
        ends.append(bytes.count)
    }

    /// Element `index`, parsed.
    func value(at index: Int) throws(StrictJSON.ParseError) -> JSONValue {
        let start = index == 0 ? 0 : ends[index - 1]
        var parser = StrictJSON.Parser(bytes: Array(bytes[start..<ends[index]]))
        return try parser.value(depth: depth)
    }
}
