import ArgumentParser
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb diff A B`.
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Compare two catalogs or bundle files by library and name.",
            discussion: """
                A and B are transdb catalogs or bundle files. Entries are matched by library, kind and name (routes by \
                delegate, operation, from and to), and B is compared with A: added (+), removed (-) and changed (~) \
                entries, each changed field with its old and new value. A bundle file stands for its one library: when \
                A or B is a bundle file, only the libraries of the bundle files are compared.
                """)

        @Argument(help: ArgumentHelp("The old side: a catalog or a bundle file.", valueName: "a")) var old: String
        @Argument(help: ArgumentHelp("The new side: a catalog or a bundle file.", valueName: "b")) var new: String
        @OptionGroup var output: FormatOptions

        func run() throws {
            try reporting {
                let diff = CatalogDiff.compare(try CatalogSource(path: old), try CatalogSource(path: new))
                Output.print(diff, as: output.format)
            }
        }
    }
}
