/// How each kind of preset expands to explicit view tracks. Tracks describe the forward
/// operation (present, push, tab); the reverse operation plays them backwards unless the preset
/// names a reverse preset.
extension PresetKind {
    /// The tracks of this kind moving in `direction` (ignored by kinds without one).
    ///
    /// Made once per kind and direction and shared: every preset that keeps its kind's tracks
    /// then holds the same box of them (816 bytes of tracks), where a catalog or a bundle of a
    /// hundred thousand presets held as many copies.
    public func tracks(direction: Direction?) -> ViewTracks {
        let effective = direction ?? defaultDirection ?? .left
        guard let kind = Self.allCases.firstIndex(where: { $0 == self }), let way = Direction.allCases.firstIndex(where: { $0 == effective })
        else { return makeTracks(direction: effective) }
        return Self.madeTracks[kind][way]
    }

    /// ``tracks(direction:)`` of every kind (by its index in `allCases`) and direction (likewise).
    /// Arrays, not dictionaries: the first table keyed by a type has the runtime search the
    /// binary for its `Hashable` conformance.
    private static let madeTracks: [[ViewTracks]] = allCases.map { kind in Direction.allCases.map { kind.makeTracks(direction: $0) } }

    private func makeTracks(direction: Direction) -> ViewTracks {
        let (dx, dy) = direction.unit
        let entering = ViewState(frame: .offset(dx: -dx, dy: -dy))  // starts on the far side
        let leaving = ViewState(frame: .offset(dx: dx, dy: dy))  // ends past the near side
        let parallax = 1.0 / 3.0  // UIKit's navigation transition moves the lower view a third
        switch self {
        case .none, .custom:
            return ViewTracks()
        case .fade:
            return ViewTracks(
                from: ViewTrack(end: ViewState(frame: .container, alpha: 0)),
                to: ViewTrack(start: ViewState(frame: .container, alpha: 0)))
        case .push:
            return ViewTracks(
                from: ViewTrack(end: ViewState(frame: .offset(dx: dx * parallax, dy: dy * parallax))),
                to: ViewTrack(start: entering), onTop: .to)
        case .pull:
            return ViewTracks(
                from: ViewTrack(end: leaving),
                to: ViewTrack(start: ViewState(frame: .offset(dx: -dx * parallax, dy: -dy * parallax))),
                onTop: .from)
        case .cover:
            return ViewTracks(from: .still, to: ViewTrack(start: entering), onTop: .to)
        case .uncover:
            return ViewTracks(from: ViewTrack(end: leaving), to: .still, onTop: .from)
        case .slide:
            return ViewTracks(from: ViewTrack(end: leaving), to: ViewTrack(start: entering), onTop: .to)
        case .zoom:
            return ViewTracks(from: .still, to: ViewTrack(start: ViewState(frame: .origin)), onTop: .to)
        case .flip:
            // Turning towards `direction`: the from-view's front goes away as the to-view's comes round.
            let sign = dx < 0 ? -1.0 : 1.0
            var fromEnd = ViewState()
            fromEnd.rotationY = 180 * sign
            var toStart = ViewState()
            toStart.rotationY = -180 * sign
            return ViewTracks(from: ViewTrack(end: fromEnd), to: ViewTrack(start: toStart), onTop: .to)
        case .sheet:
            // iOS 13+ page sheet on a phone: the card stops 6% below the top with rounded corners;
            // the presenting view recedes to 92% with the same corners.
            let card = RelativeFrame(.container, x: 0, y: 0.06, width: 1, height: 0.94)
            var toStart = ViewState(frame: RelativeFrame(.container, x: 0, y: 1, width: 1, height: 0.94))
            toStart.cornerRadius = 10
            var toEnd = ViewState(frame: card)
            toEnd.cornerRadius = 10
            var fromEnd = ViewState()
            fromEnd.scaleX = 0.92
            fromEnd.scaleY = 0.92
            fromEnd.cornerRadius = 10
            return ViewTracks(from: ViewTrack(end: fromEnd), to: ViewTrack(start: toStart, end: toEnd), onTop: .to)
        }
    }
}
