import GRDB
import TransDBCore

extension CatalogSource {
    /// A catalog to evaluate this source's presets in: the catalog file itself, opened
    /// read-only, or for a bundle file an in-memory catalog with the default library and the
    /// bundle's library (which replaces a default library of the same name).
    ///
    /// - Throws: ``CatalogError``, e.g. `.missingReferences` for a bundle that refers to a
    ///   library neither it nor the default library has.
    public func evaluationCatalog() throws -> Catalog {
        guard isBundleFile else { return try Catalog(path: path, mode: .readOnly) }
        let catalog = try Catalog(DatabaseQueue(), seed: true)
        _ = try catalog.synchronize(bundles)
        return catalog
    }
}

extension PreviewDocument {
    /// A page of every preset that differs between `base` and `head` (``CatalogDiff``), each
    /// played before and after side by side, with the changed fields; the other entries that
    /// differ are listed.
    ///
    /// - Throws: ``PreviewError``, ``CatalogError`` and what the engine throws for a preset
    ///   that cannot be evaluated.
    public static func diff(base: CatalogSource, head: CatalogSource, context: TransitionContext, rate: Double) throws
        -> PreviewDocument
    {
        try PreviewSampling.validate(rate: rate)
        let diff = CatalogDiff.compare(base, head)
        let presets = diff.entries.filter { $0.kind == .preset }
        guard presets.count <= Catalog.previewPresetLimit else {
            throw PreviewError.tooManyPresets(count: presets.count, limit: Catalog.previewPresetLimit)
        }
        var forward = context
        forward.operation = .present
        let before = try presets.contains { $0.change != .added } ? base.evaluationCatalog() : nil
        let after = try presets.contains { $0.change != .removed } ? head.evaluationCatalog() : nil
        var clips: [PreviewClip] = []
        func clip(_ entry: EntryDiff, in catalog: Catalog?) throws -> Int? {
            guard let catalog else { return nil }
            var clip = try catalog.previewClip(
                preset: QualifiedName(library: entry.library, name: entry.name), context: forward, gesture: nil, rate: rate)
            clip.title = "\(entry.qualifiedName) (\(catalog === before ? "base" : "head"))"
            clips.append(clip)
            return clips.count - 1
        }
        let pairs = try presets.map { entry in
            PreviewDiff.Pair(
                entry: entry, before: try clip(entry, in: entry.change == .added ? nil : before),
                after: try clip(entry, in: entry.change == .removed ? nil : after))
        }
        return PreviewDocument(
            title: "diff \(base.path) → \(head.path)", clips: clips,
            content: .diff(
                PreviewDiff(
                    base: base.path, head: head.path, summary: diff.summary, pairs: pairs, others: diff.entries.filter { $0.kind != .preset }))
        )
    }
}
