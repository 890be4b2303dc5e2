import TransDBCore

/// One file of `transdb export`, checked whole before any of it is written
/// (``Catalog/exportDocument(_:as:approximatingCurves:)``).
public struct ExportDocument: Sendable {
    enum Content: Sendable {
        /// A bundle, streamed from the catalog when written: it may hold a million routes.
        case bundle(library: String, catalog: Catalog)
        /// Libraries as DTCG, written a token at a time.
        case dtcg([LibraryBundle])
        case text(String)
    }

    let content: Content
    /// What is worth knowing about the document (presets written with an approximate curve),
    /// one sentence each.
    public let notes: [String]

    /// Writes the document, a chunk at a time, in order.
    ///
    /// - Parameters:
    ///   - progress: Counts the routes written, when given.
    ///   - sink: Receives each chunk; what it throws ends the export and is rethrown.
    /// - Throws: ``CatalogError`` when the catalog cannot be read, or what `sink` throws.
    public func write(progress: WorkProgress? = nil, to sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        switch content {
        case let .bundle(library, catalog):
            try catalog.exportBundle(library: library, progress: progress, to: sink)
        case let .dtcg(bundles):
            try DTCGFormat.write(bundles) { (bytes: [UInt8]) throws in try bytes.withUnsafeBytes { try sink($0) } }
        case var .text(text):
            try text.withUTF8 { try sink(UnsafeRawBufferPointer($0)) }
        }
    }
}
