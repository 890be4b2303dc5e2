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

        /// What `export` writes.
        enum Format: String, CaseIterable, ExpressibleByArgument {
            case bundle, dtcg, css
        }

        @OptionGroup var catalog: CatalogOptions
        @Option(name: .long, help: ArgumentHelp("A library to export (repeatable).", valueName: "name")) var library: [String] = []
        @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file (or directory, for several bundles) instead of stdout.", valueName: "path"))
        var output: String?
        @Option(name: .long, help: "bundle (default), dtcg or css.") var format: Format = .bundle
        @Flag(name: .long, help: "DTCG: write the nearest cubic-bezier for presets whose curve DTCG cannot represent.")
        var approximateSprings = false

        func run() throws {
            try reporting {
                let catalog = try catalog.open(forWriting: false)
                let names = library.isEmpty ? try catalog.libraryNames() : try library.map { try Name.validated($0, field: "library name") }
                switch format {
                case .bundle:
                    // Bundles are streamed from the catalog, a library at a time; an unknown
                    // name fails first, with its suggestion, before anything is written.
                    let known = Set(try catalog.libraryNames())
                    for name in names where !known.contains(name) { _ = try catalog.bundle(library: name) }
                    if let output, isDirectory(output) {
                        for name in names {
                            try OutputFile.replacing((output as NSString).appendingPathComponent("\(name).json")) { write in
                                try catalog.exportBundle(library: name, to: write)
                            }
                        }
                        Output.note("wrote \(names.count) bundle\(names.count == 1 ? "" : "s") to \(output)")
                    } else {
                        guard names.count == 1, let name = names.first else {
                            throw CatalogError.conflict(
                                "a bundle holds one library and the catalog has \(names.count): give --library NAME, or -o DIRECTORY for one file per library")
                        }
                        try emit { write in try catalog.exportBundle(library: name, to: write) }
                    }
                case .dtcg:
                    let bundles = try names.map { try catalog.bundle(library: $0) }
                    try checkRepresentable(bundles, in: catalog)
                    try emit(DTCGFormat.encode(bundles))
                case .css: try emit(CSSFormat.encode(try names.map { try catalog.bundle(library: $0) }))
                }
            }
        }

        /// DTCG's transition tokens take a cubic-bezier: springs, steps() and linear() are not
        /// representable, and their nearest cubic-bezier is written only when asked for.
        private func checkRepresentable(_ bundles: [LibraryBundle], in catalog: Catalog) throws {
            var approximated: [String] = []
            for bundle in bundles {
                for preset in bundle.presets {
                    var reference = preset.curve
                    if case let .named(name) = reference, name.library == nil {
                        reference = .named(QualifiedName(library: bundle.library.name, name: name.name))
                    }
                    let curve = try catalog.timingCurve(reference)
                    switch curve {
                    case .linear, .cubicBezier: continue
                    default:
                        let fit = DTCGFormat.nearestCubicBezier(to: curve, duration: preset.duration)
                        approximated.append("\(bundle.library.name)/\(preset.name) (\(curve.kind.rawValue)\(fit.map { ", nearest cubic-bezier within \($0.maximumError.formatted(digits: 3))" } ?? ""))")
                    }
                }
            }
            guard !approximated.isEmpty else { return }
            if approximateSprings {
                Output.note("note: \(approximated.count) preset\(approximated.count == 1 ? "" : "s") written with the nearest cubic-bezier; the exact curve is kept under $extensions: " + approximated.prefix(5).joined(separator: "; ") + (approximated.count > 5 ? "; …" : ""))
                return
            }
            throw CatalogError.conflict(
                "\(approximated.count) preset\(approximated.count == 1 ? " uses a curve" : "s use curves") that DTCG's cubicBezier cannot represent: "
                    + approximated.prefix(5).joined(separator: "; ") + (approximated.count > 5 ? "; and \(approximated.count - 5) more" : "")
                    + "; pass --approximate-springs to write the nearest cubic-bezier (the exact curve is kept under $extensions)")
        }

        private func isDirectory(_ path: String) -> Bool {
            var directory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
        }

        private func emit(_ text: String) throws {
            var text = text
            try emit { write in try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) } }
        }

        /// Writes what `body` produces to the output file, or to stdout.
        private func emit(_ body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
            if let output { try OutputFile.replacing(output, body) } else { try OutputFile.standardOutput(body) }
        }
    }
}
