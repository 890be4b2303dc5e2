import ArgumentParser
import Foundation
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb export`: libraries as files.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write libraries as a bundle (transdb's own format), DTCG design tokens or CSS.",
            discussion: """
                A bundle holds one library: give one --library, or -o DIRECTORY to write every library (or each \
                --library) as DIRECTORY/NAME.json. DTCG and CSS hold every library given (default: all) in one file. \
                Output is deterministic: exporting the same catalog twice gives identical bytes.
                """)

        @OptionGroup var catalog: CatalogOptions
        @Option(name: .long, help: ArgumentHelp("A library to export (repeatable).", valueName: "name")) var library: [String] = []
        @Option(
            name: .shortAndLong,
            help: ArgumentHelp("Write to this file (or directory, for several bundles); '-' is stdout, the default.", valueName: "path"))
        var output: String?
        @Option(name: .long, help: "bundle, dtcg or css (default: from -o's extension: .tokens or .tokens.json dtcg, .css css, else bundle).")
        var format: ExportFormat?
        @Flag(name: .long, help: "DTCG: refuse presets whose curve DTCG's cubicBezier cannot represent (a spring, steps(), linear()).")
        var exact = false
        @Flag(name: .long, help: ArgumentHelp("DTCG: write the nearest cubic-bezier for such presets (the default).", visibility: .hidden))
        var approximateSprings = false
        @OptionGroup var progress: ProgressOptions

        func validate() throws {
            if output?.isEmpty == true { throw ValidationError("-o must name a file, or '-' for standard output; it is empty") }
            if exact && approximateSprings { throw ValidationError("give --exact or --approximate-springs, not both") }
        }

        func run() throws {
            try reporting {
                let catalog = try catalog.open(forWriting: false)
                let names = library.isEmpty ? nil : try library.map { try Name.validated($0, field: "library name") }
                let libraries = try catalog.exportedLibraries(names)
                let format = self.format ?? ExportFormat.inferred(fromOutput: output)
                if format == .bundle, let output, isDirectory(output) {
                    try progress.run { progress in
                        for name in libraries {
                            try OutputFile.write((output as NSString).appendingPathComponent("\(name).json")) { write in
                                try catalog.exportBundle(library: name, progress: progress, to: write)
                            }
                        }
                    }
                    Output.inform("wrote \(libraries.count) bundle\(libraries.count == 1 ? "" : "s") to \(output)")
                    return
                }
                let document = try catalog.exportDocument(libraries, as: format, approximatingCurves: !exact)
                try progress.run(streamingToStdout: output == nil || output == "-") { progress in
                    // Inside `run`, which is where --quiet takes effect.
                    for note in document.notes { Output.inform("note: \(note)") }
                    try emit { try document.write(progress: progress, to: $0) }
                }
                if let output, output != "-" {
                    Output.inform("wrote \(libraries.count) librar\(libraries.count == 1 ? "y" : "ies") to \(output)")
                }
            }
        }

        private func isDirectory(_ path: String) -> Bool {
            var directory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
        }

        /// Writes what `body` produces to the output file, or to stdout.
        private func emit(_ body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
            if let output { try OutputFile.write(output, body) } else { try OutputFile.standardOutput(body) }
        }
    }
}
