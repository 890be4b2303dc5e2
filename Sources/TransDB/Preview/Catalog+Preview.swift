import TransDBCore

extension Catalog {
    /// The most presets an index page shows.
    public static let previewPresetLimit = 1_000
    /// The most routes an index page resolves.
    public static let previewRouteLimit = 5_000

    /// A page playing the preset `name` in `context`, as `eval PRESET` evaluates it.
    ///
    /// - Parameter rate: Samples per second the page embeds (``PreviewSampling``).
    /// - Throws: ``PreviewError``, and what ``timeline(preset:context:gesture:)`` throws.
    public func previewPreset(_ name: QualifiedName, context: TransitionContext, gesture: GestureScript?, rate: Double) throws
        -> PreviewDocument
    {
        try PreviewSampling.validate(rate: rate)
        let clip = try previewClip(preset: name, context: context, gesture: gesture, rate: rate)
        return PreviewDocument(title: clip.title, clips: [clip], content: .single)
    }

    /// A page playing what UIKit plays for `request` (the system default for a `nil` answer),
    /// beside the resolution step by step, as `eval` and `resolve --explain` answer it.
    ///
    /// - Throws: ``PreviewError``, and what the resolver and the engine throw.
    public func previewRoute(_ request: Resolver.Request, context: TransitionContext, gesture: GestureScript?, rate: Double) throws
        -> PreviewDocument
    {
        try PreviewSampling.validate(rate: rate)
        let resolution = try Resolver(catalog: self).resolve(request)
        let timeline = try TransitionEngine(catalog: self).timeline(for: resolution, context: context, gesture: gesture)
        let clip = try PreviewClip(
            timeline: timeline, title: "\(resolution.operation.rawValue) \(resolution.from) → \(resolution.to)",
            labels: [("from", resolution.from), ("to", resolution.to)], rate: rate, source: self,
            resolution: ResolutionOutput(resolution, catalog: self, explain: true).jsonDocument, gesture: gesture)
        return PreviewDocument(title: clip.title, clips: [clip], content: .single)
    }

    /// An index page: every preset of `libraries` (every library for `nil`) played forwards in
    /// `context`, and every route mapping of those libraries with what a request it matches
    /// resolves to, and the clip of what UIKit then plays (``PreviewRouteTable``).
    ///
    /// - Throws: ``PreviewError`` for too many presets or routes, ``LookupError`` for an unknown library.
    public func previewIndex(libraries: [String]?, context: TransitionContext, rate: Double) throws -> PreviewDocument {
        try PreviewSampling.validate(rate: rate)
        var seen = Set<String>()
        let names = try (libraries ?? libraryNames()).filter { seen.insert($0).inserted }
        for name in names where try !hasLibrary(name) {
            throw LookupError.notFound(kind: .library, name: name, suggestion: try closestName(.library, to: name))
        }
        // One library asked for cannot be narrowed with --library: the advice says what can.
        let single = libraries != nil && names.count == 1 ? names.first : nil
        let presets = try names.flatMap { try self.presets(library: $0) }
        guard presets.count <= Self.previewPresetLimit else {
            throw PreviewError.tooManyPresets(count: presets.count, limit: Self.previewPresetLimit, library: single)
        }
        let routes = try names.flatMap { try self.routes(library: $0) }
        guard routes.count <= Self.previewRouteLimit else {
            throw PreviewError.tooManyRoutes(count: routes.count, limit: Self.previewRouteLimit, library: single)
        }
        var forward = context
        forward.operation = .present
        var clips = try presets.map { try previewClip(preset: $0.qualifiedName, context: forward, gesture: nil, rate: rate) }
        let rows = try PreviewRouteTable(catalog: self, context: context, rate: rate).rows(routes, clips: &clips)
        let title = libraries == nil ? "all libraries" : "library " + names.joined(separator: ", ")
        return PreviewDocument(
            title: title, clips: clips, content: .index(PreviewIndex(libraries: names, cards: presets.count, routes: rows)))
    }

    /// The clip of the preset `name`.
    func previewClip(preset name: QualifiedName, context: TransitionContext, gesture: GestureScript?, rate: Double) throws -> PreviewClip {
        let timeline = try timeline(preset: name, context: context, gesture: gesture)
        return try PreviewClip(
            timeline: timeline, title: timeline.animator?.description ?? name.description, labels: [], rate: rate, source: self,
            gesture: gesture)
    }
}
