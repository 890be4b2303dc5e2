import Foundation
import TransDBCore

/// A directory under the system's temporary directory, removed by ``remove()``.
public struct TemporaryDirectory: Sendable {
    /// The directory's path.
    public let path: String

    /// Creates a fresh, empty directory.
    public init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("transdb-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    /// The path of `name` inside the directory.
    public func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// Removes the directory and everything in it.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
