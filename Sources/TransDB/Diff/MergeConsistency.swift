import TransDBCore
/// The checks a merged catalog must pass as a whole, whatever the policy: every reference
/// resolves (a route whose preset the merge removed is a conflict, never a broken route), an
/// interaction preset has interaction settings, and no two routes tie. Taking a side cannot fix
/// these; they are conflicts without a resolution.
struct MergeConsistency {
    /// The merged libraries.
    let merged: [LibraryBundle]
    /// Our and their libraries by name, to show each side's value of a conflicting field.
    let ours: [String: LibraryBundle]
    let theirs: [String: LibraryBundle]

    func conflicts() -> [MergeConflict] {
        let index = ReferenceIndex(merged)
        var found: [MergeConflict] = []
        for bundle in merged {
            let library = bundle.library.name
            func problem<Entry>(
                _ schema: EntrySchema<Entry>, _ entry: Entry, field: String, reason: MergeConflict.Reason, detail: String
            ) {
                let key = schema.key(entry)
                func value(_ side: LibraryBundle?) -> JSONValue? {
                    // A scan, not a dictionary of the whole side for each problem.
                    guard let side, let other = schema.entries(side).first(where: { schema.key($0) == key }) else { return nil }
                    return schema.fields(other).first { $0.0 == field }?.1 ?? .string(schema.name(other))
                }
                let conflict = MergeConflict(
                    kind: schema.kind, library: library, name: schema.name(entry), field: field, reason: reason, ours: value(ours[library]),
                    theirs: value(theirs[library]), detail: detail)
                if !found.contains(conflict) { found.append(conflict) }
            }
            func missing(_ kind: EntityKind, _ reference: QualifiedName?) -> String? {
                guard let reference, index.resolve(kind, reference, from: library) == nil else { return nil }
                return "\(kind.rawValue) \(reference.qualified(in: library)) is not in the merged catalog"
            }
            func curve(_ reference: CurveReference?) -> QualifiedName? {
                guard case let .named(name)? = reference else { return nil }
                return name
            }
            for curve in bundle.curves {
                if let detail = missing(.curve, curve.aliasOf) {
                    problem(.curve, curve, field: "aliasOf", reason: .danglingReference, detail: detail)
                }
            }
            for preset in bundle.presets {
                let references: [(String, EntityKind, QualifiedName?)] = [
                    ("curve", .curve, curve(preset.curve)),
                    ("interaction.completionCurve", .curve, curve(preset.interaction?.completionCurve)),
                    ("durationName", .duration, preset.durationName),
                    ("reverse", .preset, preset.reverse),
                    ("mirrorOf", .preset, preset.mirrorOf),
                    ("reducedMotion", .preset, preset.reducedMotion),
                ]
                for (field, kind, reference) in references {
                    if let detail = missing(kind, reference) {
                        problem(.preset, preset, field: field, reason: .danglingReference, detail: detail)
                    }
                }
            }
            for screen in bundle.screens {
                if let detail = missing(.delegate, screen.delegate) {
                    problem(.screen, screen, field: "delegate", reason: .danglingReference, detail: detail)
                }
            }
            for container in bundle.containers {
                if let detail = missing(.delegate, container.delegate) {
                    problem(.container, container, field: "delegate", reason: .danglingReference, detail: detail)
                }
            }
            for route in bundle.routes {
                func screen(_ pattern: ScreenPattern) -> QualifiedName? {
                    guard case let .screen(name) = pattern else { return nil }
                    return name
                }
                let references: [(String, EntityKind, QualifiedName?)] = [
                    ("delegate", .delegate, route.delegate), ("from", .screen, screen(route.from)), ("to", .screen, screen(route.to)),
                    ("preset", .preset, route.preset), ("interaction", .preset, route.interaction),
                ]
                for (field, kind, reference) in references {
                    if let detail = missing(kind, reference) {
                        problem(.route, route, field: field, reason: .danglingReference, detail: detail)
                    }
                }
                if let reference = route.interaction, let target = index.resolve(.preset, reference, from: library),
                    index.preset(target)?.interaction == nil
                {
                    problem(
                        .route, route, field: "interaction", reason: .invalidReference,
                        detail: "the preset \(target) has no interaction settings after the merge, so it cannot drive an interaction")
                }
            }
            for (route, other, example) in ties(bundle.routes, library: library) {
                problem(
                    .route, route, field: "from, to", reason: .routeTie,
                    detail: "ties with the route \(other.delegate): \(other.routeDescription): both would match \(example) equally")
            }
        }
        return found
    }

    /// Pairs of routes of one delegate and operation where one names only its source and the
    /// other only its destination: both match the route between those two screens equally.
    private func ties(_ routes: [RouteMapping], library: String) -> [(RouteMapping, RouteMapping, String)] {
        var found: [(RouteMapping, RouteMapping, String)] = []
        let ourKeys = Set((ours[library]?.routes ?? []).map(EntryKey.init(route:)))
        let groups = Dictionary(grouping: routes) { "\($0.delegate)\u{0}\($0.operation.rawValue)" }
        for group in groups.values {
            let sourceOnly = group.filter { $0.from != .any && $0.to == .any }
            let destinationOnly = group.filter { $0.from == .any && $0.to != .any }
            for a in sourceOnly {
                for b in destinationOnly {
                    // Reported on the route the merge brings in when there is one.
                    let (reported, other) = ourKeys.contains(EntryKey(route: a)) ? (b, a) : (a, b)
                    found.append((reported, other, "\(a.from) → \(b.to)"))
                }
            }
        }
        return found.sorted { EntryKey(route: $0.0) < EntryKey(route: $1.0) }
    }
}
