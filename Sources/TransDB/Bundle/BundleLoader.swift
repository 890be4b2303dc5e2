import GRDB
import TransDBCore

/// Loads the default library compiled into the binary, inside the caller's transaction.
enum SeedLoader {
    static func loadDefaultLibrary(into db: Database) throws {
        let inputs = try TransDBResourcesSeeds.files.map { file in
            try BundleFormat.input(decoding: file.bytes, file: "seed/\(file.name)")
        }
        var load = BundleImport(db: db, inputs: inputs, policy: .fail, removeOthers: false)
        _ = try load.run()
    }
}
