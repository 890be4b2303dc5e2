import ArgumentParser
import Foundation
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb generate`: source code from the catalog.
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "generate",
            abstract: "Generate source code for an app from the catalog.",
            subcommands: [SwiftSource.self])

        // Without a language there is nothing to generate: an error, as `rm` without a kind is.
        func run() throws {
            throw ValidationError("missing what to generate: swift")
        }
    }
}

extension TransDBCommand.Generate {
    /// `transdb generate swift`: typed names and static tables for TransDBKit.
    struct SwiftSource: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "swift",
            abstract: "Write Swift for an app target: typed names and the catalog's tables for TransDBKit.",
            discussion: """
                Writes one enum per kind of entry (screens, containers, delegates, presets, curves) with the catalog's \
                qualified names as raw values, and the entries as static CatalogTables, so that an app parses nothing at \
                launch. The libraries given (default: all) are written with every library they refer to. Output is \
                deterministic: the same catalog gives the same bytes.
                """)

        @OptionGroup var catalog: CatalogOptions
        @Option(name: .long, help: ArgumentHelp("A library to write (repeatable).", valueName: "name")) var library: [String] = []
        @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of stdout.", valueName: "file")) var output: String?
        @Option(name: .long, help: "public (default) or internal declarations.") var access: SwiftSourceGenerator.Access = .public
        @Option(name: .long, help: ArgumentHelp("The generated namespace.", valueName: "name")) var typeName = "Transitions"

        func validate() throws {
            if output?.isEmpty == true { throw ValidationError("-o must name a file, or '-' for standard output; it is empty") }
            do { _ = try SwiftSourceGenerator(access: access, typeName: typeName) } catch { throw ValidationError("--type-name: \(error)") }
        }

        func run() throws {
            try reporting {
                let catalog = try catalog.open(forWriting: false)
                let names = try library.map { try Name.validated($0, field: "library name") }
                let bundles = try SwiftSourceGenerator.selection(names, from: try catalog.bundles())
                // The command in the file's header, quoted so that it can be run again as written;
                // the libraries once each and in order, so that the same selection gives the same bytes.
                let command =
                    (["transdb generate swift"] + Set(names).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.flatMap { ["--library", Self.shellQuoted($0)] }
                    + (access == .public ? [] : ["--access", access.rawValue])
                    + (typeName == "Transitions" ? [] : ["--type-name", Self.shellQuoted(typeName)]))
                    .joined(separator: " ")
                let source = try SwiftSourceGenerator(access: access, typeName: typeName).source(for: bundles, command: command)
                let bytes = Array(source.utf8)
                let write: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void = { sink in try bytes.withUnsafeBytes { try sink($0) } }
                if let output { try OutputFile.write(output, write) } else { try OutputFile.standardOutput(write) }
                if let output, output != "-" {
                    // The libraries named and those they refer to: say which, when they are few.
                    let names = bundles.map(\.library.name)
                    let listed = names.count <= 5 ? " (\(names.joined(separator: ", ")))" : ""
                    Output.inform("wrote the Swift source of \(names.count) librar\(names.count == 1 ? "y" : "ies")\(listed) to \(output)")
                }
            }
        }
    }
}

extension TransDBCommand.Generate.SwiftSource {
    /// `text` as a POSIX shell word: as it is when it has only characters no shell reads
    /// specially, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-./:@%+=,".unicodeScalars.contains($0)) }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension SwiftSourceGenerator.Access: ExpressibleByArgument {}
