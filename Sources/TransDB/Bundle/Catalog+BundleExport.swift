import GRDB
import TransDBCore

extension Catalog {
    /// Writes one library as a bundle file, streaming: exactly the bytes of
    /// `BundleFormat.encode(try bundle(library: name))`, handed out in chunks, without holding
    /// the library's routes as values (a million routes take well under a second and little memory).
    ///
    /// - Parameters:
    ///   - name: The library.
    ///   - chunkSize: About how many bytes each call of `write` gets.
    ///   - progress: Counts the routes written, when given.
    ///   - write: Called with each chunk, in order, inside the read transaction; what it throws
    ///     ends the export and is rethrown.
    /// - Throws: ``CatalogError/notFound(kind:name:suggestion:)`` for an unknown library, or
    ///   what `write` throws.
    public func exportBundle(
        library name: String, chunkSize: Int = 1 << 20, progress: WorkProgress? = nil, to write: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        try read { db in
            try withoutActuallyEscaping(write) { write in
                var output = ChunkedOutput(chunkSize: chunkSize, sink: write)
                progress.begin("reading \(name)")
                try Self.writeBundle(library: name, db: db, progress: progress, to: &output)
                try output.flush()
            }
        }
    }

    private static func writeBundle(library name: String, db: Database, progress: WorkProgress?, to output: inout ChunkedOutput) throws {
        let head = try BundleReader(db: db).bundle(library: name, routes: false)
        let routes = try BundleRouteWriter(db: db, library: name, libraryID: CatalogLookup.libraryID(name, create: false, db))
        // The routes are the document's last member: everything before them is written by the
        // reference encoder itself.
        guard routes.canWrite else {
            try output.append(BundleFormat.encode(try BundleReader(db: db).bundle(library: name)))
            return
        }
        try BundleFormat.write(head, beforeRoutes: true) { (bytes: [UInt8]) throws in
            try bytes.withUnsafeBytes { try output.append($0) }
        }
        try routes.write(to: &output, progress: progress)
    }
}
