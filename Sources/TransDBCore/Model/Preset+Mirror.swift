/// Mirrors: the presenting-flag pattern of the seed documents (PopAnimator, HSLeftPresentAnimation)
/// as data. One animator class plays its dismiss forward from where the present ended to where it
/// began, on the same curve; a mirror preset is that dismiss, derived from the present.
extension Preset {
    /// This preset as the mirror of `source`: `source`'s kind (`custom`, or `none`), duration,
    /// delay, curve and tracks, with start and end states and the from/to roles swapped
    /// (``ViewTracks/mirrored``). Its own name, library, interaction settings, reverse and
    /// description stay; `mirrorOf` names `source`.
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)`` when `source` is this preset or
    ///   is itself a mirror.
    public func mirroring(_ source: Preset) throws -> Preset {
        guard source.qualifiedName != qualifiedName else {
            throw ModelError.invalidValue(
                field: "mirror-of preset", value: source.qualifiedName.description, reason: "a preset cannot mirror itself")
        }
        guard source.mirrorOf == nil else {
            throw ModelError.invalidValue(
                field: "mirror-of preset", value: source.qualifiedName.description,
                reason: "it is itself a mirror; the mirror of a mirror is the original, so name that preset instead")
        }
        var mirror = self
        mirror.mirrorOf = source.qualifiedName
        mirror.kind = source.kind == .none ? .none : .custom
        mirror.direction = nil
        mirror.duration = source.duration
        mirror.durationName = source.durationName.map { QualifiedName(library: $0.library ?? source.library, name: $0.name) }
        mirror.delay = source.delay
        // A curve name written without its library is relative to the source's library.
        if case let .named(curve) = source.curve {
            mirror.curve = .named(QualifiedName(library: curve.library ?? source.library, name: curve.name))
        } else {
            mirror.curve = source.curve
        }
        mirror.tracks = source.tracks.mirrored
        return mirror
    }
}
