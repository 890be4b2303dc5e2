import ArgumentParser
import TransDB
import TransDBCore

extension TransDBCommand {
    /// `transdb resolve`: which animator UIKit uses for a route.
    struct Resolve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "resolve",
            abstract: "Answer which animator UIKit uses for a route (nil = the system default), and why.",
            discussion: """
                Follows UIKit's lookup: the presented screen's transitioningDelegate (present), the dismissed screen's \
                (dismiss), the navigation controller's delegate (push, pop) or the tab bar controller's (tab). Screens not \
                in the catalog are treated as controllers without a delegate; --strict refuses them (exit 66). \
                --reduce-motion answers as with Reduce Motion on: the animator's named alternative, or one derived by \
                the HIG (see show preset), and says which.
                """)

        @OptionGroup var catalog: CatalogOptions
        @Option(name: .long, help: "present, dismiss, push, pop or tab.") var op: TransitionOperation?
        @Option(name: .long, help: "The screen being left.") var from: String?
        @Option(name: .long, help: "The screen being shown (a dismiss may leave it out: UIKit does not tell the delegate, so transdb does not look it up).") var to: String?
        @Option(name: .long, help: "The navigation or tab container (push, pop, tab).") var container: String?
        @Flag(name: .long, help: "Print the lookup step by step.") var explain = false
        @Flag(name: .long, help: "Refuse screens and containers that are not in the catalog.") var strict = false
        @Flag(
            name: .long,
            help: "Answer as with Reduce Motion on: the animator's named or derived alternative (with --batch: every request, as if each said \"reduceMotion\": true).")
        var reduceMotion = false
        @Flag(
            name: .long,
            help:
                "Read requests from stdin, one per line — NDJSON {\"op\", \"from\", \"to\", \"container\", \"reduceMotion\"} or CSV with the header op,from,to[,container][,reduceMotion] — and write one JSON answer per line, in order."
        )
        var batch = false
        @Option(
            name: .long, help: "With --batch: answer on at most N threads, one catalog connection each (default: one per core, at most 4).")
        var jobs: Int?
        @OptionGroup var output: FormatOptions
        @OptionGroup var progress: ProgressOptions
        /// Words the command does not take, kept to say how the route is given instead.
        @Argument(help: .hidden) var words: [String] = []

        func validate() throws {
            if !words.isEmpty {
                // `transdb resolve present Inbox Message`: the route as a first try would write it.
                if words.count == 3, let op = TransitionOperation(rawValue: words[0].lowercased()), !batch, from == nil, to == nil {
                    throw ValidationError(
                        "the route is given with options: transdb resolve --op \(op.rawValue) --from \(words[1]) --to \(words[2])")
                }
                // As ArgumentParser words the words of a command that takes none.
                let quoted = words.map { "'\($0)'" }
                throw ValidationError(
                    words.count == 1 ? "unexpected argument \(quoted[0])" : "\(words.count) unexpected arguments: \(quoted.joined(separator: ", "))")
            }
            if batch {
                guard op == nil && from == nil && to == nil && container == nil else {
                    throw ValidationError("--batch reads the routes from stdin: give no --op, --from, --to or --container")
                }
                // Table is the default format: only a --format given on the command line is refused.
                let formatGiven = CommandLine.arguments.contains { $0 == "--format" || $0.hasPrefix("--format=") }
                // JSON would be one document; a batch streams one object per line (NDJSON).
                guard output.format == .ndjson || !formatGiven else {
                    throw ValidationError(
                        "--batch writes one JSON answer per line (NDJSON); --format \(output.format.rawValue) is not available with it: give --format ndjson or leave --format out"
                    )
                }
                if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs \(jobs): give a number of threads from 1 to 64") }
                return
            }
            guard jobs == nil else { throw ValidationError("--jobs is for --batch") }
            guard let op, from != nil, to != nil || op == .dismiss else {
                throw ValidationError("give --op, --from and --to (a dismiss may leave out --to), or --batch")
            }
            if container != nil && op.containerKind == nil {
                throw ValidationError("--container is for push, pop and tab; \(op.rawValue) asks the screen's transitioningDelegate")
            }
        }

        func run() throws {
            if batch { return try runBatch() }
            try reporting {
                let catalog = try catalog.open(forWriting: false)
                let resolution = try Resolver(catalog: catalog, readsLookupStore: true).resolve(
                    Resolver.Request(
                        operation: op ?? .present, from: from ?? "", to: to ?? "*", container: container, reduceMotion: reduceMotion),
                    strict: strict)
                Output.print(ResolutionOutput(resolution, catalog: catalog, explain: explain), as: output.format, wide: output.wide)
                // A warning is part of the explanation; without --explain the plain forms would hide it.
                if !explain && (output.format == .table || output.format == .csv) {
                    for step in resolution.explanation where step.hasPrefix("warning: ") { Output.note("transdb: \(step)") }
                }
                // An unknown name is a valid question (a controller without a delegate), but one a
                // letter away from an entry is more likely a typo.
                for name in resolution.unknownNames {
                    guard let closest = try catalog.closestName(name == container ? .container : .screen, to: name) else { continue }
                    Output.note("transdb: note: '\(name)' is not in the catalog (did you mean '\(closest)'?); --strict refuses unknown names")
                }
            }
        }
    }
}

extension TransDBCommand.Resolve {
    /// `--batch`: one answer per input line, the same object as `--format json` (on one line,
    /// without `explanation` unless `--explain`); a line that cannot be answered gets
    /// `{"line", "error"}` in its place and the command exits 65 at the end.
    func runBatch() throws {
        try reporting {
            let catalog = try catalog.open(forWriting: false)
            var batch = BatchResolver(catalog: catalog, strict: strict, explain: explain, reduceMotion: reduceMotion, lanes: jobs)
            try progress.run(streamingToStdout: true) { progress in
                // Requests are counted as lines; how far through stdin they are is known when it is a file.
                progress.begin("answering requests")
                let size = Input.regularFileSize
                var read: Int64 = 0
                // Large reads and writes: a line at a time would cost more than answering it.
                var input = [UInt8](repeating: 0, count: 1 << 16)
                var output: [UInt8] = []
                output.reserveCapacity(1 << 21)
                while true {
                    let count = try input.withUnsafeMutableBytes { try Input.readChunk(into: $0) }
                    if count == 0 { break }
                    try input.withUnsafeBufferPointer { try batch.feed(UnsafeBufferPointer(rebasing: $0[..<count]), into: &output) }
                    try Output.writeAll(output)
                    output.removeAll(keepingCapacity: true)
                    if let progress {
                        read += Int64(count)
                        if let size { progress.update(read: read, of: size) }
                        progress.advance(by: Int64(input[..<count].count { $0 == UInt8(ascii: "\n") }))
                    }
                }
                try batch.finish(into: &output)
                try Output.writeAll(output)
                // A store begun for a catalog that had none as it is gets written for the next
                // batch, after the reader of the answers has seen their end.
                if batch.isBuildingStore {
                    Output.endStandardOutput()
                    progress?.begin("writing the lookup store")
                    batch.completeStoreBuild()
                }
            }
            if let failure = batch.failure { throw failure }
        }
    }
}
