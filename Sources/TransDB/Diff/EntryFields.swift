import TransDBCore
/// The fields of an entry compared by import, diff and merge.
enum EntryFields {
    /// A record with its `deprecated` field always present (null when the entry is not
    /// deprecated), so that two entries' fields pair up one to one.
    static func withDeprecation(_ record: [(String, JSONValue)], _ deprecated: String?) -> [(String, JSONValue)] {
        record.filter { $0.0 != "deprecated" } + [("deprecated", Deprecation.json(deprecated) ?? .null)]
    }

    /// A curve's record, `deprecated` and `aliasOf` always present; an alias's kind and expression
    /// are its target's, compared as that curve (a bundle file may not know them).
    static func curve(_ curve: NamedCurve) -> [(String, JSONValue)] {
        var fields = withDeprecation(curve.record, curve.deprecated).filter { $0.0 != "aliasOf" }
        fields.append(("aliasOf", .string(curve.aliasOf?.description)))
        if curve.aliasOf != nil {
            fields = fields.map { $0.0 == "kind" || $0.0 == "expression" ? ($0.0, .null) : $0 }
        }
        return fields
    }

    /// A named duration's record, `deprecated` always present.
    static func duration(_ duration: NamedDuration) -> [(String, JSONValue)] { withDeprecation(duration.record, duration.deprecated) }

    /// A preset's summary, interaction settings and every track value, as `tracks.to.start.alpha`;
    /// completion values and the shared element as whole values (`tracks.from.after`,
    /// `tracks.shared`: null when absent, else the track changes that make them).
    static func preset(_ preset: Preset) -> [(String, JSONValue)] {
        var fields = withDeprecation(preset.record, preset.deprecated).filter { $0.0 != "interactive" }
        fields.append(("mirrorOf", .string(preset.mirrorOf?.description)))
        fields.append(("reducedMotion", .string(preset.reducedMotion?.description)))
        // A preset using a named duration compares the name: its seconds are the duration's,
        // compared as that entry (and unknown to a bundle file that names another library's).
        if let index = fields.firstIndex(where: { $0.0 == "duration" }) {
            if preset.durationName != nil { fields[index].1 = .null }
            fields.insert(("durationName", .string(preset.durationName?.description)), at: index + 1)
        }
        let interaction = preset.interaction
        fields.append(("interaction.completionSpeed", .number(interaction?.completionSpeed)))
        fields.append(("interaction.completionCurve", .string(interaction?.completionCurve.description)))
        fields.append(("interaction.finishThreshold", .number(interaction?.finishThreshold)))
        fields.append(("interaction.flickVelocity", .number(interaction?.flickVelocity)))
        fields.append(("tracks.onTop", .string(preset.tracks.onTop.rawValue)))
        fields.append(("tracks.hidesSource", .bool(preset.tracks.hidesSource)))
        for view in ViewRole.allCases {
            for (phase, state) in [("start", preset.tracks[view].start), ("end", preset.tracks[view].end)] {
                guard case let .object(members) = state.record else { continue }
                fields += members.map { ("tracks.\(view.rawValue).\(phase).\($0.0)", $0.1) }
            }
            fields.append(("tracks.\(view.rawValue).after", changes(preset.tracks, only: view.tracked, phase: .after)))
            fields.append(("tracks.\(view.rawValue).geometry", .string(preset.tracks[view].geometry.rawValue)))
        }
        fields.append(("tracks.shared", changes(preset.tracks, only: .shared, phase: nil)))
        // A mirror's motion is its source's: compared through the source, not on its own (a bundle
        // names only the source, and the catalog keeps the values equal to it).
        if preset.mirrorOf != nil {
            let derived: Set<String> = ["kind", "direction", "duration", "durationName", "delay", "curve"]
            fields = fields.map { key, value in derived.contains(key) || key.hasPrefix("tracks.") ? (key, .null) : (key, value) }
        }
        return fields
    }

    /// The track changes of one view (and phase) as an array of strings, or null when there are none.
    private static func changes(_ tracks: ViewTracks, only view: TrackedView, phase: TrackOverride.Phase?) -> JSONValue {
        let all = TrackOverride.differences(from: ViewTracks(onTop: tracks.onTop), to: tracks).filter {
            switch $0.target {
            case let .property(v, p, _): v == view && (phase == nil || p == phase)
            case let .geometry(v): v == view && phase == nil
            case .onTop, .hidesSource: false
            }
        }
        return all.isEmpty ? .null : .array(all.map { .string($0.description) })
    }
}
