import ArgumentParser
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb diff A B`, `transdb diff OTHER`.
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Compare two catalogs or bundle files, or the catalog with one, by library and name.",
            discussion: """
                A and B are transdb catalogs or bundle files; with one file, A is the catalog (--db, or the one every \
                command finds) and B the file. Entries are matched by library, kind and name (routes by delegate, \
                operation, from and to), and B is compared with A: added (+), removed (-) and changed (~) entries, each \
                changed field with its old and new value. A bundle file stands for its one library: when A or B is a \
                bundle file, only the libraries of the bundle files are compared. --library compares only the libraries \
                named; with one --library, a design-token file's tokens of other tools are read into that library, as \
                `import --library` puts them. --exit-code exits 1 when there are differences, as `git diff --exit-code` does.
                """)

        @OptionGroup var catalog: CatalogOptions
        @Argument(
            help: ArgumentHelp(
                "The old side (a catalog or a bundle file), or the file to compare the catalog with; '-' reads a bundle from standard input.",
                valueName: "a"))
        var old: String
        @Argument(help: ArgumentHelp("The new side: a catalog or a bundle file.", valueName: "b")) var new: String?
        @Option(name: .long, help: ArgumentHelp("Compare only this library (repeatable).", valueName: "name")) var library: [String] = []
        @Flag(name: .long, help: "Exit 1 when there are differences, 0 when there are none.") var exitCode = false
        @OptionGroup var output: FormatOptions
        @Flag(name: .long, help: "With --format table: list every entry, not a sample of each kind.") var all = false
        @Option(name: .long, help: ArgumentHelp("The largest bundle file accepted, in bytes.", valueName: "bytes"))
        var maxSize: Int = BundleFormat.defaultMaximumSize
        @OptionGroup var progress: ProgressOptions

        func validate() throws {
            guard maxSize > 0 else { throw ValidationError("--max-size must be a positive number of bytes") }
            if all && output.format != .table { throw ValidationError("--all is for --format table; json, ndjson and csv always list every entry") }
            if old == "-" && new == "-" { throw ValidationError("standard input can be read only once; give '-' once") }
        }

        func run() throws {
            var differs = false
            try reporting {
                let diff = try progress.run { progress in
                    let standardInput = Input.standardInput(maximumSize: maxSize, progress: progress)
                    for path in [old, new].compactMap({ $0 }) { try CatalogSource.check(path: path, maximumSize: maxSize) }
                    let names = try Swift.Set(library.map { try Name.validated($0, field: "library name") })
                    func source(_ path: String) throws -> CatalogSource {
                        try CatalogSource(
                            path: path, maximumSize: maxSize, progress: progress, standardInput: standardInput,
                            tokensLibrary: (names.count == 1 ? names.first : nil) ?? Library.defaultName)
                    }
                    let (a, b) =
                        if let new {
                            (try source(old), try source(new))
                        } else {
                            (try CatalogSource(catalog.open(forWriting: false), progress: progress), try source(old))
                        }
                    let compared = Swift.Set((a.bundles + b.bundles).map(\.library.name))
                    for name in names.sorted() where !compared.contains(name) {
                        throw LookupError.notFound(kind: .library, name: name, suggestion: NameSuggestion.closest(to: name, in: compared))
                    }
                    // A file stands for its own libraries: a library named that no file holds
                    // would be compared with nothing and found equal.
                    for file in [a, b] where file.isBundleFile {
                        let held = Swift.Set(file.bundles.map(\.library.name))
                        if let missing = names.sorted().first(where: { !held.contains($0) }) {
                            throw DiffError.libraryNotInFile(library: missing, file: file.path, libraries: held.sorted())
                        }
                    }
                    return CatalogDiff.compare(consume a, consume b, libraries: names.isEmpty ? nil : names, progress: progress)
                }
                Output.print(DiffReport(diff, listsAll: all), as: output.format, wide: output.wide)
                differs = !diff.isEmpty
            }
            if exitCode && differs { throw ExitCode(1) }
        }
    }
}
