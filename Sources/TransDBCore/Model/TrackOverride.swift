/// One change to a preset's tracks, written `VIEW.PHASE.PROPERTY=VALUE`:
/// `from.end.alpha=0.5`, `to.start.frame=origin`, `to.start.frame=container(0,1,1,1)`,
/// `to.end.scale=0.9`, `from.end.rotation=-15`. `on-top=from` says which view is drawn above.
/// `hide-source=true` hides the source element during the transition.
/// `VIEW.geometry=transform` animates the view's frame as a scale transform about its centre
/// (``TrackGeometry``). VIEW `shared` gives the preset a shared element (starting as the identity state: the whole
/// container, opaque); PHASE `after` sets a value the completion leaves (`from.after.alpha=1`),
/// starting from the end state.
public struct TrackOverride: Hashable, Sendable, CustomStringConvertible {
    /// The part of the tracks that changes.
    public enum Target: Hashable, Sendable {
        case property(view: TrackedView, phase: Phase, property: Property)
        case geometry(view: TrackedView)
        case onTop
        case hidesSource
    }

    /// The start or the end of a track.
    public enum Phase: String, CaseIterable, Hashable, Sendable { case start, end, after }

    /// The properties a view state has.
    public enum Property: String, CaseIterable, Hashable, Sendable {
        case frame, alpha, scale, scaleX, scaleY, rotation, rotationY, cornerRadius
    }

    public var target: Target
    /// The value as written after `=`.
    public var value: String

    /// The override as written: `from.end.alpha=0.5`.
    public var description: String {
        switch target {
        case let .property(view, phase, property): "\(view.rawValue).\(phase.rawValue).\(property.rawValue)=\(value)"
        case let .geometry(view): "\(view.rawValue).geometry=\(value)"
        case .onTop: "on-top=\(value)"
        case .hidesSource: "hide-source=\(value)"
        }
    }

    /// Parses `VIEW.PHASE.PROPERTY=VALUE` or `on-top=from|to`.
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public init(parsing text: String) throws {
        func refuse(_ reason: String) -> ModelError { .invalidValue(field: "track", value: text, reason: reason) }
        guard let equals = text.firstIndex(of: "=") else {
            throw refuse("write VIEW.PHASE.PROPERTY=VALUE, e.g. from.end.alpha=0.5")
        }
        let path = text[..<equals].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        value = String(text[text.index(after: equals)...]).trimmingWhitespace()
        if path == ["on-top"] || path == ["onTop"] {
            target = .onTop
        } else if path == ["hide-source"] {
            target = .hidesSource
        } else if path.count == 2, path[1] == "geometry", let view = TrackedView(rawValue: path[0]) {
            target = .geometry(view: view)
        } else {
            guard path.count == 3, let view = TrackedView(rawValue: path[0]), let phase = Phase(rawValue: path[1]),
                let property = Property(rawValue: path[2])
            else {
                throw refuse(
                    "the path must be from|to|shared . start|end|after . \(Property.allCases.map(\.rawValue).joined(separator: "|")), from|to|shared . geometry, on-top or hide-source"
                )
            }
            target = .property(view: view, phase: phase, property: property)
        }
        _ = try apply(to: ViewTracks())  // validates the value
    }

    /// Returns `tracks` with this override applied.
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)`` when the value is out of range.
    public func apply(to tracks: ViewTracks) throws -> ViewTracks {
        func refuse(_ reason: String) -> ModelError {
            .invalidValue(field: "track", value: description, reason: reason)
        }
        func number(_ range: ClosedRange<Double>, _ rule: String) throws -> Double {
            guard let v = try? JSONNumber.parse(value), range.contains(v) else { throw refuse("the value must be \(rule)") }
            return v == 0 ? 0 : v
        }
        var tracks = tracks
        switch target {
        case .onTop:
            guard let role = ViewRole(rawValue: value) else { throw refuse("on-top is 'from' or 'to'") }
            tracks.onTop = role
        case .hidesSource:
            guard let hidden = Bool(value) else { throw refuse("hide-source is 'true' or 'false'") }
            tracks.hidesSource = hidden
        case let .geometry(view):
            guard let geometry = TrackGeometry(rawValue: value) else { throw refuse("geometry is 'frame' or 'transform'") }
            var track = tracks[tracked: view] ?? ViewTrack()
            track.geometry = geometry
            tracks[tracked: view] = track
        case let .property(view, phase, property):
            var track = tracks[tracked: view] ?? ViewTrack()
            var state: ViewState
            switch phase {
            case .start: state = track.start
            case .end: state = track.end
            case .after: state = track.final
            }
            switch property {
            case .frame:
                guard let frame = RelativeFrame(parsing: value) else { throw refuse(RelativeFrame.syntax) }
                state.frame = frame
            case .alpha: state.alpha = try number(0...1, "a number in [0, 1]")
            case .scale:
                state.scaleX = try number(-100...100, "a number within ±100")
                state.scaleY = state.scaleX
            case .scaleX: state.scaleX = try number(-100...100, "a number within ±100")
            case .scaleY: state.scaleY = try number(-100...100, "a number within ±100")
            case .rotation: state.rotation = try number(-3600...3600, "degrees within ±3600")
            case .rotationY: state.rotationY = try number(-3600...3600, "degrees within ±3600")
            case .cornerRadius: state.cornerRadius = try number(0...10000, "points in [0, 10000]")
            }
            switch phase {
            case .start: track.start = state
            case .end: track.end = state
            // Completion values equal to the end state are no completion values.
            case .after: track.after = state == track.end ? nil : state
            }
            tracks[tracked: view] = track
        }
        return tracks
    }
}

extension RelativeFrame {
    /// How a frame is written, for error messages.
    static let syntax =
        "a frame is container, origin or target, or container(x, y, width, height), origin(…) or target(…), in units of that rect, within ±100"

    /// Parses `container`, `origin`, `target`, or one of them with `(x, y, width, height)`;
    /// `nil` when `text` is none of these or a number is out of range.
    init?(parsing text: String) {
        let trimmed = text.trimmingWhitespace()
        if let reference = Reference(rawValue: trimmed) {
            self.init(reference, x: 0, y: 0, width: 1, height: 1)
            return
        }
        guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")"),
            let reference = Reference(rawValue: String(trimmed[..<open]).trimmingWhitespace())
        else { return nil }
        let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        let numbers = inner.split(separator: ",", omittingEmptySubsequences: false).map {
            try? JSONNumber.parse(String($0).trimmingWhitespace())
        }
        guard numbers.count == 4 else { return nil }
        var values: [Double] = []
        for case let value? in numbers where value.isFinite && abs(value) <= 100 { values.append(value == 0 ? 0 : value) }
        guard values.count == 4, values[2] >= 0, values[3] >= 0 else { return nil }
        self.init(reference, x: values[0], y: values[1], width: values[2], height: values[3])
    }

    /// `container(x, y, width, height)`, or `container` / `origin` for the whole rect.
    public var expression: String {
        if x == 0 && y == 0 && width == 1 && height == 1 { return reference.rawValue }
        let parts = [x, y, width, height].map(\.shortestDescription).joined(separator: ", ")
        return "\(reference.rawValue)(\(parts))"
    }
}

extension String {
    /// The string without leading and trailing white space (no Foundation needed).
    package func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}

extension TrackOverride {
    /// An override of `target` to `value`, as written after `=`.
    init(target: Target, value: String) {
        self.target = target
        self.value = value
    }

    /// The overrides that turn `base` into `target`, in a fixed order (views from, to; phases
    /// start, end; properties as declared; on-top last), so that applying them in order to `base`
    /// gives `target` exactly. Bundles write a preset as its kind plus these.
    public static func differences(from base: ViewTracks, to target: ViewTracks) -> [TrackOverride] {
        var changes: [TrackOverride] = []
        for view in TrackedView.allCases {
            guard let wanted = target[tracked: view] else { continue }
            let existing = base[tracked: view]
            // A shared element the base does not have is announced by its start frame even when
            // that is the default, so that applying the changes creates it.
            let created = existing == nil
            let had = existing ?? ViewTrack()
            var marked = false
            for phase in Phase.allCases {
                let a: ViewState
                let b: ViewState
                switch phase {
                case .start: (a, b) = (had.start, wanted.start)
                case .end: (a, b) = (had.end, wanted.end)
                // Completion values start from the end state reached by the changes before them.
                case .after: (a, b) = (had.after ?? wanted.end, wanted.final)
                }
                func add(_ property: Property, _ value: String) {
                    changes.append(TrackOverride(target: .property(view: view, phase: phase, property: property), value: value))
                    marked = true
                }
                if a.frame != b.frame || (created && !marked) { add(.frame, b.frame.expression) }
                if a.alpha != b.alpha { add(.alpha, b.alpha.shortestDescription) }
                if a.scaleX != b.scaleX || a.scaleY != b.scaleY {
                    if b.scaleX == b.scaleY {
                        add(.scale, b.scaleX.shortestDescription)
                    } else {
                        if a.scaleX != b.scaleX { add(.scaleX, b.scaleX.shortestDescription) }
                        if a.scaleY != b.scaleY { add(.scaleY, b.scaleY.shortestDescription) }
                    }
                }
                if a.rotation != b.rotation { add(.rotation, b.rotation.shortestDescription) }
                if a.rotationY != b.rotationY { add(.rotationY, b.rotationY.shortestDescription) }
                if a.cornerRadius != b.cornerRadius { add(.cornerRadius, b.cornerRadius.shortestDescription) }
            }
            if had.geometry != wanted.geometry {
                changes.append(TrackOverride(target: .geometry(view: view), value: wanted.geometry.rawValue))
            }
        }
        if base.onTop != target.onTop { changes.append(TrackOverride(target: .onTop, value: target.onTop.rawValue)) }
        if base.hidesSource != target.hidesSource {
            changes.append(TrackOverride(target: .hidesSource, value: String(target.hidesSource)))
        }
        return changes
    }
}

extension ViewTracks {
    /// The track of any tracked view; nil for a shared element the preset does not have.
    /// Setting a role's track to nil leaves it unchanged.
    public subscript(tracked view: TrackedView) -> ViewTrack? {
        get {
            switch view {
            case .from: from
            case .to: to
            case .shared: shared
            }
        }
        set {
            switch view {
            case .from: if let newValue { from = newValue }
            case .to: if let newValue { to = newValue }
            case .shared: shared = newValue
            }
        }
    }
}
