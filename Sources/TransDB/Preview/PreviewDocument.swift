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
    /// Whether it is a single transition, an index or a diff, and what those add.
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
        /// The position in ``PreviewDocument/clips`` of what UIKit plays for the request, or `nil`.
        public var clip: Int?

        /// Creates a route row.
        public init(mapping: JSONValue, resolution: JSONValue?, request: LookupRequest?, note: String?, clip: Int? = nil) {
            self.mapping = mapping
            self.resolution = resolution
            self.request = request
            self.note = note
            self.clip = clip
        }

        var record: JSONValue {
            .object([
                ("mapping", mapping), ("request", request.map(Self.record) ?? .null), ("resolution", resolution ?? .null),
                ("note", .string(note)), ("clip", clip.map { .integer(Int64($0)) } ?? .null),
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
    /// How many of the page's clips, from the first, are the libraries' presets (the cards); the
    /// others are what the routes play.
    public var cards: Int
    /// Every route mapping of those libraries, in the catalog's order.
    public var routes: [Route]

    /// Creates an index.
    public init(libraries: [String], cards: Int, routes: [Route]) {
        self.libraries = libraries
        self.cards = cards
        self.routes = routes
    }

    /// `libraries, cards, routes: [{mapping, request, resolution, note, clip}]`.
    var record: JSONValue {
        .object([
            ("libraries", .array(libraries.map(JSONValue.string))), ("cards", .integer(Int64(cards))),
            ("routes", .array(routes.map(\.record))),
        ])
    }
}

/// A diff page's contents beyond its clips: each changed preset before and after.
public struct PreviewDiff: Sendable {
    /// One preset added, removed or changed, with the clips of its two sides.
    public struct Pair: Sendable {
        /// The preset's entry in the diff: its change and changed fields.
        public var entry: EntryDiff
        /// The position of the base side's clip in ``PreviewDocument/clips``; `nil` for an added preset.
        public var before: Int?
        /// The position of the head side's clip; `nil` for a removed preset.
        public var after: Int?
    }

    /// The base file, as given.
    public var base: String
    /// The head file, as given.
    public var head: String
    /// `diff`'s summary line (`1 added, 2 changed`).
    public var summary: String
    /// Every preset `diff` lists, in its order.
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
