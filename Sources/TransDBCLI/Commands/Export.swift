import ArgumentParser
import Foundation
import TransDB

extension TransDBCommand {
    /// `transdb export`: libraries as files.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write libraries as a bundle (transdb's own format), DTCG design tokens or CSS.",
            discussion: """
                A bundle holds one library: give one --library, or -o DIRECTORY to write every library (or each \
                --library) as DIRECTORY/NAME.json. DTCG and CSS hold every library given (default: all) in one file. \
                Output is deterministic: exporting the same catalog twice gives identical bytes.
                """)

        /// What `export` writes.
        enum Format: String, CaseIterable, ExpressibleByArgument {
            case bundle
        }

        @OptionGroup var catalog: CatalogOptions
        @Option(name: .long, help: ArgumentHelp("A library to export (repeatable).", valueName: "name")) var library: [String] = []
        @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file (or directory, for several bundles) instead of stdout.", valueName: "path"))
        var output: String?
        @Option(name: .long, help: "bundle (default), dtcg or css.") var format: Format = .bundle

        func run() throws {
            try reporting {
                let catalog = try catalog.open(forWriting: false)
                let names = library.isEmpty ? try catalog.libraryNames() : try library.map { try Name.validated($0, field: "library name") }
                let bundles = try names.map { try catalog.bundle(library: $0) }
                switch format {
                case .bundle:
                    if let output, isDirectory(output) {
                        for bundle in bundles {
                            try write(BundleFormat.encode(bundle), to: (output as NSString).appendingPathComponent("\(bundle.library.name).json"))
                        }
                        Output.note("wrote \(bundles.count) bundle\(bundles.count == 1 ? "" : "s") to \(output)")
                    } else {
                        guard bundles.count == 1, let bundle = bundles.first else {
                            throw CatalogError.conflict(
                                "a bundle holds one library and the catalog has \(bundles.count): give --library NAME, or -o DIRECTORY for one file per library")
                        }
                        try emit(BundleFormat.encode(bundle))
                    }
                }
            }
        }

        private func isDirectory(_ path: String) -> Bool {
            var directory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
        }

        private func emit(_ text: String) throws {
            if let output { try write(text, to: output) } else { Output.print(text) }
        }

        /// Writes through a temporary file and a rename, so a reader never sees half a file.
        private func write(_ text: String, to path: String) throws {
            let temporary = path + ".transdb-tmp"
            guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else {
                throw CatalogError.io(path: path, reason: "cannot write the file")
            }
            // rename(2) replaces the destination atomically.
            guard rename(temporary, path) == 0 else {
                try? FileManager.default.removeItem(atPath: temporary)
                throw CatalogError.io(path: path, reason: "cannot replace the file")
            }
        }
    }
}
