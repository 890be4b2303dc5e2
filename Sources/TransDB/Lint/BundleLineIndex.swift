/// The line each entry of a bundle file starts on: `presets[3]` is on line 42. A scan of the
/// file's bytes, for `transdb lint FILE` to point at the entry a finding is about (SARIF
/// `region.startLine`). The file has already been read as a valid bundle, so the scan only
/// follows strings, nesting and newlines.
public struct BundleLineIndex: Sendable {
    /// The 1-based line of each element of each top-level array, by key (`"routes"`).
    public var lines: [String: [Int]] = [:]
    /// The line of each top-level key (`"library"`).
    public var keys: [String: Int] = [:]

    /// Scans `bytes`.
    public init(_ bytes: [UInt8]) {
        var line = 1
        var depth = 0
        var inString = false
        var escaped = false
        var key: [UInt8] = []
        var lastKey = ""
        var section = ""
        var atElementStart = false
        for byte in bytes {
            if byte == UInt8(ascii: "\n") { line += 1 }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 1 { lastKey = String(decoding: key, as: UTF8.self) }
                } else if depth == 1 {
                    key.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: "]") where depth == 2:
                depth -= 1
                atElementStart = false
                continue
            case UInt8(ascii: ",") where depth == 2:
                atElementStart = true
                continue
            default:
                break
            }
            if depth == 2 && atElementStart {
                lines[section, default: []].append(line)
                atElementStart = false
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                key.removeAll(keepingCapacity: true)
            case UInt8(ascii: ":") where depth == 1:
                section = lastKey
                keys[lastKey] = line
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth == 2 && byte == UInt8(ascii: "[") { atElementStart = true }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            default:
                break
            }
        }
    }
}
