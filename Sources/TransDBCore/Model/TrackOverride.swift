/// One change to a preset's tracks, written `VIEW.PHASE.PROPERTY=VALUE`:
/// `from.end.alpha=0.5`, `to.start.frame=origin`, `to.start.frame=container(0,1,1,1)`,
/// `to.end.scale=0.9`, `from.end.rotation=-15`. `on-top=from` says which view is drawn above.
public struct TrackOverride: Hashable, Sendable, CustomStringConvertible {
    /// The part of the tracks that changes.
    public enum Target: Hashable, Sendable {
        case property(view: ViewRole, phase: Phase, property: Property)
        case onTop
    }

    /// The start or the end of a track.
    public enum Phase: String, CaseIterable, Hashable, Sendable { case start, end }

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
        case .onTop: "on-top=\(value)"
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
        } else {
            guard path.count == 3, let view = ViewRole(rawValue: path[0]), let phase = Phase(rawValue: path[1]),
                let property = Property(rawValue: path[2])
            else {
                throw refuse(
                    "the path must be from|to . start|end . \(Property.allCases.map(\.rawValue).joined(separator: "|")), or on-top")
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
        case let .property(view, phase, property):
            var state = phase == .start ? tracks[view].start : tracks[view].end
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
            if phase == .start { tracks[view].start = state } else { tracks[view].end = state }
        }
        return tracks
    }
}

extension RelativeFrame {
    /// How a frame is written, for error messages.
    static let syntax =
        "a frame is container, origin, container(x, y, width, height) or origin(x, y, width, height), in units of that rect, within ±100"

    /// Parses `container`, `origin`, `container(x, y, width, height)` or `origin(x, y, width, height)`;
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
        func add(_ view: ViewRole, _ phase: Phase, _ property: Property, _ value: String) {
            changes.append(TrackOverride(target: .property(view: view, phase: phase, property: property), value: value))
        }
        for view in ViewRole.allCases {
            for phase in Phase.allCases {
                let a = phase == .start ? base[view].start : base[view].end
                let b = phase == .start ? target[view].start : target[view].end
                if a.frame != b.frame { add(view, phase, .frame, b.frame.expression) }
                if a.alpha != b.alpha { add(view, phase, .alpha, b.alpha.shortestDescription) }
                if a.scaleX != b.scaleX || a.scaleY != b.scaleY {
                    if b.scaleX == b.scaleY {
                        add(view, phase, .scale, b.scaleX.shortestDescription)
                    } else {
                        if a.scaleX != b.scaleX { add(view, phase, .scaleX, b.scaleX.shortestDescription) }
                        if a.scaleY != b.scaleY { add(view, phase, .scaleY, b.scaleY.shortestDescription) }
                    }
                }
                if a.rotation != b.rotation { add(view, phase, .rotation, b.rotation.shortestDescription) }
                if a.rotationY != b.rotationY { add(view, phase, .rotationY, b.rotationY.shortestDescription) }
                if a.cornerRadius != b.cornerRadius { add(view, phase, .cornerRadius, b.cornerRadius.shortestDescription) }
            }
        }
        if base.onTop != target.onTop { changes.append(TrackOverride(target: .onTop, value: target.onTop.rawValue)) }
        return changes
    }
}
