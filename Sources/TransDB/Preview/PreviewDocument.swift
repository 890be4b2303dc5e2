import TransDBCore

/// Everything one preview page shows, as data: the page embeds ``record`` and its script draws
/// from it alone.
public struct PreviewDocument: Sendable {
    /// What kind of page it is.
    public enum Content: Sendable {
        /// One transition: a preset, or what a route resolves to.
        case single
        /// Every preset of some libraries as cards, and their routes resolved.
        case index(PreviewIndex)
        /// The presets that differ between two catalogs or bundles, before and after.
        case diff(PreviewDiff)
    }

    /// The page's title.
    public var title: String
    /// The transitions the page plays; ``PreviewIndex`` and ``PreviewDiff`` refer to them by position.
    public var clips: [PreviewClip]
    public var content: Content

    /// Creates a document.
    public init(title: String, clips: [PreviewClip], content: Content) {
        self.title = title
        self.clips = clips
        self.content = content
    }

    /// The samples' rate: the same for every clip of a page.
    public var rate: Double { clips.first?.rate ?? PreviewSampling.defaultRate }

    /// `transdb: 1, page (single, index or diff), title, sampling {fps, interpolation}, clips`,
    /// then `index` or `diff`.
    public var record: JSONValue {
        var fields: [(String, JSONValue)] = [
            ("transdb", .integer(1)), ("page", .string(pageName)), ("title", .string(title)),
            ("sampling", .object([("fps", .number(rate)), ("interpolation", .string("linear"))])),
            ("clips", .array(clips.map(\.record))),
        ]
        switch content {
        case .single: break
        case let .index(index): fields.append(("index", index.record))
        case let .diff(diff): fields.append(("diff", diff.record))
        }
        return .object(fields)
    }

    private var pageName: String {
        switch content {
        case .single: "single"
        case .index: "index"
        case .diff: "diff"
        }
    }
}

/// An index page's contents beyond its clips: its libraries and their routes, each resolved.
public struct PreviewIndex: Sendable {
    /// One route mapping and what UIKit answers for a request it matches.
    public struct Route: Sendable {
        /// The mapping's record (`list routes --format json`'s).
        public var mapping: JSONValue
        /// `resolve --format json`'s object for ``request``; `nil` when no request could be made.
        public var resolution: JSONValue?
        /// The request resolved, or `nil`.
        public var request: LookupRequest?
        /// Why the request is what it is (a wildcard stood in for by a screen), or why there is none.
        public var note: String?

        /// Creates a route row.
        public init(mapping: JSONValue, resolution: JSONValue?, request: LookupRequest?, note: String?) {
            self.mapping = mapping
            self.resolution = resolution
            self.request = request
            self.note = note
        }

        var record: JSONValue {
            .object([
                ("mapping", mapping), ("request", request.map(Self.record) ?? .null), ("resolution", resolution ?? .null),
                ("note", .string(note)),
            ])
        }

        private static func record(_ request: LookupRequest) -> JSONValue {
            .object([
                ("op", .string(request.operation.rawValue)), ("from", .string(request.from)), ("to", .string(request.to)),
                ("container", .string(request.container)),
            ])
        }
    }

    /// The libraries shown, by name.
    public var libraries: [String]
    public var routes: [Route]

    /// Creates an index.
    public init(libraries: [String], routes: [Route]) {
        self.libraries = libraries
        self.routes = routes
    }

    /// `libraries, routes: [{mapping, request, resolution, note}]`.
    var record: JSONValue {
        .object([("libraries", .array(libraries.map(JSONValue.string))), ("routes", .array(routes.map(\.record)))])
    }
}

/// A diff page's contents beyond its clips: each changed preset before and after.
public struct PreviewDiff: Sendable {
    /// One preset added, removed or changed, with the clips of its two sides.
    public struct Pair: Sendable {
        public var entry: EntryDiff
        /// Positions in ``PreviewDocument/clips``: `nil` on the side where the preset is absent.
        public var before: Int?
        public var after: Int?
    }

    /// The two files, as given.
    public var base: String
    public var head: String
    /// `diff`'s summary line (`1 added, 2 changed`).
    public var summary: String
    public var pairs: [Pair]
    /// The other entries that differ (curves, routes, …), as `diff` lists them.
    public var others: [EntryDiff]

    /// `base, head, summary, presets: [{change, name, fields, before, after}], others: [{change, kind, name, fields}]`.
    var record: JSONValue {
        func fields(_ entry: EntryDiff) -> JSONValue {
            .array(entry.fields.map { .object([("field", .string($0.field)), ("old", $0.old), ("new", $0.new)]) })
        }
        return .object([
            ("base", .string(base)), ("head", .string(head)), ("summary", .string(summary)),
            (
                "presets",
                .array(
                    pairs.map { pair in
                        .object([
                            ("change", .string(pair.entry.change.rawValue)), ("name", .string(pair.entry.qualifiedName)),
                            ("fields", fields(pair.entry)), ("before", pair.before.map { .integer(Int64($0)) } ?? .null),
                            ("after", pair.after.map { .integer(Int64($0)) } ?? .null),
                        ])
                    })
            ),
            (
                "others",
                .array(
                    others.map { entry in
                        .object([
                            ("change", .string(entry.change.rawValue)), ("kind", .string(entry.kind.rawValue)),
                            ("name", .string(entry.qualifiedName)), ("fields", fields(entry)),
                        ])
                    })
            ),
        ])
    }
}
