import TransDBCore

extension PreviewDocument {
    /// A page of every preset that differs between `base` and `head` (``CatalogDiff``, as `diff`
    /// lists them), each played before and after side by side, with the changed fields; the other
    /// entries that differ are listed.
    ///
    /// Each side is evaluated from its own libraries (``BundlePresetSource``); a bundle file's
    /// references to other libraries are looked up in the default library.
    ///
    /// - Throws: ``PreviewError``, and ``LookupError`` for a preset whose curve or reverse preset
    ///   neither side nor the default library has.
    public static func diff(base: CatalogSource, head: CatalogSource, context: TransitionContext, rate: Double) throws
        -> PreviewDocument
    {
        try PreviewSampling.validate(rate: rate)
        let diff = CatalogDiff.compare(base, head)
        let presets = diff.entries.filter { $0.kind == .preset }
        guard presets.count <= Catalog.previewPresetLimit else {
            throw PreviewError.tooManyPresets(count: presets.count, limit: Catalog.previewPresetLimit, library: nil)
        }
        var forward = context
        forward.operation = .present
        let before = try BundlePresetSource(base)
        let after = try BundlePresetSource(head)
        var clips: [PreviewClip] = []
        func clip(_ entry: EntryDiff, side: String, source: BundlePresetSource) throws -> Int {
            let preset = try source.preset(named: QualifiedName(library: entry.library, name: entry.name))
            let timeline = try TransitionEngine(source: source).timeline(for: preset, context: forward)
            clips.append(
                try PreviewClip(timeline: timeline, title: "\(entry.qualifiedName) (\(side))", labels: [], rate: rate, source: source))
            return clips.count - 1
        }
        let pairs = try presets.map { entry in
            PreviewDiff.Pair(
                entry: entry, before: entry.change == .added ? nil : try clip(entry, side: "base", source: before),
                after: entry.change == .removed ? nil : try clip(entry, side: "head", source: after))
        }
        let others = diff.entries.filter { $0.kind != .preset }
        return PreviewDocument(
            title: "diff \(base.path) → \(head.path)", clips: clips,
            content: .diff(PreviewDiff(base: base.path, head: head.path, summary: diff.summary, pairs: pairs, others: others)))
    }
}
