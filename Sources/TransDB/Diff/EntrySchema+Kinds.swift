import TransDBCore
/// The schema of each kind of entry, in the order diff and merge visit them: library metadata,
/// curves, presets, delegates, screens, containers, routes.
extension EntrySchema {
    /// A copier of one stored property.
    static func copying<Value>(_ path: WritableKeyPath<Entry, Value>) -> (inout Entry, Entry) -> Void {
        { target, source in target[keyPath: path] = source[keyPath: path] }
    }

    /// The record without the fields that identify the entry.
    static func compared(_ record: [(String, JSONValue)], without identity: Set<String>) -> [(String, JSONValue)] {
        record.filter { !identity.contains($0.0) }
    }
}

extension EntrySchema where Entry == Library {
    /// A library's own values: version, description and tokens schema.
    static var library: EntrySchema {
        EntrySchema(
            kind: .library, entries: { [$0.library] },
            store: { bundle, entries in if let first = entries.first { bundle.library = first } },
            key: { EntryKey(name: $0.name) }, name: \.name, fields: { compared($0.record, without: ["name"]) },
            copiers: [
                "version": copying(\.version), "description": copying(\.description), "tokensSchema": copying(\.tokensSchema),
            ])
    }
}

extension EntrySchema where Entry == NamedCurve {
    /// A curve: kind (derived from the expression), expression, description.
    static var curve: EntrySchema {
        EntrySchema(
            kind: .curve, entries: \.curves, store: { $0.curves = $1 }, key: { EntryKey(name: $0.name) }, name: \.name,
            fields: { compared(EntryFields.curve($0), without: ["name", "library"]) },
            copiers: [
                "expression": copyingCurve, "aliasOf": copyingCurve, "description": copying(\.description),
                "deprecated": copying(\.deprecated),
            ])
    }
}

extension EntrySchema where Entry == NamedCurve {
    /// A curve's expression and the curve it is an alias of, copied together: one is the other's value.
    static var copyingCurve: (inout NamedCurve, NamedCurve) -> Void {
        { target, source in
            target.curve = source.curve
            target.aliasOf = source.aliasOf
        }
    }
}

extension EntrySchema where Entry == NamedDuration {
    /// A named duration: seconds, description.
    static var duration: EntrySchema {
        EntrySchema(
            kind: .duration, entries: \.durations, store: { $0.durations = $1 }, key: { EntryKey(name: $0.name) }, name: \.name,
            fields: { compared(EntryFields.duration($0), without: ["name", "library"]) },
            copiers: ["seconds": copying(\.seconds), "description": copying(\.description), "deprecated": copying(\.deprecated)])
    }
}

extension EntrySchema where Entry == Preset {
    /// A preset's duration and the named duration it uses, copied together: one is the other's value.
    static var copyingDuration: (inout Preset, Preset) -> Void {
        { target, source in
            target.duration = source.duration
            target.durationName = source.durationName
        }
    }

    /// A preset: the summary fields, the interaction settings (a group) and every track value.
    static var preset: EntrySchema {
        var copiers: [String: (inout Preset, Preset) -> Void] = [
            "kind": copying(\.kind), "direction": copying(\.direction), "duration": copyingDuration, "durationName": copyingDuration, "delay": copying(\.delay),
            "curve": copying(\.curve), "reverse": copying(\.reverse), "mirrorOf": copying(\.mirrorOf),
            "reducedMotion": copying(\.reducedMotion),
            "description": copying(\.description), "deprecated": copying(\.deprecated),
            "tracks.onTop": copying(\.tracks.onTop), "tracks.hidesSource": copying(\.tracks.hidesSource),
            "tracks.shared": copying(\.tracks.shared),
            "tracks.from.after": copying(\.tracks.from.after), "tracks.to.after": copying(\.tracks.to.after),
            "tracks.from.geometry": copying(\.tracks.from.geometry), "tracks.to.geometry": copying(\.tracks.to.geometry),
            // Members of the interaction group: copied only when both presets have the group.
            "interaction.completionSpeed": { target, source in
                guard target.interaction != nil, let settings = source.interaction else { return }
                target.interaction?.completionSpeed = settings.completionSpeed
            },
            "interaction.completionCurve": { target, source in
                guard target.interaction != nil, let settings = source.interaction else { return }
                target.interaction?.completionCurve = settings.completionCurve
            },
            "interaction.finishThreshold": { target, source in
                guard target.interaction != nil, let settings = source.interaction else { return }
                target.interaction?.finishThreshold = settings.finishThreshold
            },
            "interaction.flickVelocity": { target, source in
                guard target.interaction != nil, let settings = source.interaction else { return }
                target.interaction?.flickVelocity = settings.flickVelocity
            },
        ]
        let phases: [(String, WritableKeyPath<ViewTrack, ViewState>)] = [("start", \.start), ("end", \.end)]
        let properties: [(String, (inout ViewState, ViewState) -> Void)] = [
            ("frame", { $0.frame = $1.frame }), ("alpha", { $0.alpha = $1.alpha }), ("scaleX", { $0.scaleX = $1.scaleX }),
            ("scaleY", { $0.scaleY = $1.scaleY }), ("rotation", { $0.rotation = $1.rotation }),
            ("rotationY", { $0.rotationY = $1.rotationY }), ("cornerRadius", { $0.cornerRadius = $1.cornerRadius }),
        ]
        for view in ViewRole.allCases {
            for (phase, path) in phases {
                for (property, copy) in properties {
                    copiers["tracks.\(view.rawValue).\(phase).\(property)"] = { target, source in
                        copy(&target.tracks[view][keyPath: path], source.tracks[view][keyPath: path])
                    }
                }
            }
        }
        let interaction = Group(
            name: "interaction",
            members: ["interaction.completionSpeed", "interaction.completionCurve", "interaction.finishThreshold", "interaction.flickVelocity"],
            value: { preset in
                guard let settings = preset.interaction else { return .null }
                return .object([
                    ("completionSpeed", .number(settings.completionSpeed)),
                    ("completionCurve", .string(settings.completionCurve.description)),
                    ("finishThreshold", .number(settings.finishThreshold)),
                    ("flickVelocity", .number(settings.flickVelocity)),
                ])
            },
            copy: copying(\.interaction))
        let direction = Rule(fields: ["kind", "direction"]) { try Preset.validateDirection($0.direction, kind: $0.kind) }
        let duration = Rule(fields: ["kind", "duration"]) { try Preset.validateDuration($0.duration, kind: $0.kind) }
        return EntrySchema(
            kind: .preset, entries: \.presets, store: { $0.presets = $1 }, key: { EntryKey(name: $0.name) }, name: \.name,
            fields: { compared(EntryFields.preset($0), without: ["name", "library"]) }, copiers: copiers, group: interaction,
            rules: [direction, duration])
    }
}

extension EntrySchema where Entry == Delegate {
    /// A delegate: released, description.
    static var delegate: EntrySchema {
        EntrySchema(
            kind: .delegate, entries: \.delegates, store: { $0.delegates = $1 }, key: { EntryKey(name: $0.name) }, name: \.name,
            fields: { compared($0.record, without: ["name", "library"]) },
            copiers: ["released": copying(\.released), "description": copying(\.description)])
    }
}

extension EntrySchema where Entry == Screen {
    /// A screen: delegate, modal and presentation style, description.
    static var screen: EntrySchema {
        let curl = Rule(fields: ["modalStyle", "presentationStyle"]) { try $0.validateStyles() }
        return EntrySchema(
            kind: .screen, entries: \.screens, store: { $0.screens = $1 }, key: { EntryKey(name: $0.name) }, name: \.name,
            fields: { compared($0.record, without: ["name", "library"]) },
            copiers: [
                "delegate": copying(\.delegate), "modalStyle": copying(\.modalStyle), "presentationStyle": copying(\.presentationStyle),
                "description": copying(\.description),
            ],
            rules: [curl])
    }
}

extension EntrySchema where Entry == Container {
    /// A container: kind, delegate, description.
    static var container: EntrySchema {
        EntrySchema(
            kind: .container, entries: \.containers, store: { $0.containers = $1 }, key: { EntryKey(name: $0.name) }, name: \.name,
            fields: { compared($0.record, without: ["name", "library"]) },
            copiers: ["kind": copying(\.kind), "delegate": copying(\.delegate), "description": copying(\.description)])
    }
}

extension EntrySchema where Entry == RouteMapping {
    /// A route, keyed by delegate, operation, from and to: what it returns (preset, interaction).
    static var route: EntrySchema {
        let interaction = Rule(fields: ["preset", "interaction"]) { try $0.validateInteraction() }
        return EntrySchema(
            kind: .route, entries: \.routes, store: { $0.routes = $1 }, key: EntryKey.init(route:),
            name: { "\($0.delegate): \($0.routeDescription)" },
            fields: { compared($0.record, without: ["id", "delegate", "operation", "from", "to"]) },
            copiers: ["preset": copying(\.preset), "interaction": copying(\.interaction)],
            rules: [interaction])
    }
}
