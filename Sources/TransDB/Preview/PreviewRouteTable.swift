import TransDBCore

/// Turns route mappings into requests UIKit could make and resolves them, for an index page.
///
/// A mapping with `*` on a side matches any screen there. On the side whose delegate UIKit asks
/// (the presented screen for present, the dismissed one for dismiss) the request uses a screen of
/// the catalog that has the mapping's delegate; on the other side a screen that is not in the
/// catalog, ``anyScreen``. Push, pop and tab use a container of the right kind with that delegate.
///
/// What UIKit then plays becomes a clip, once per distinct answer (animator or system default,
/// and operation), so that the page can play every route.
struct PreviewRouteTable {
    let catalog: Catalog
    let context: TransitionContext
    let rate: Double
    /// The most distinct answers that get a clip; the rows after that have none.
    static let clipLimit = 300

    /// The name standing in for `*` on a side whose screen is not asked for its delegate: a
    /// screen not in the catalog, matched only by wildcards.
    static let anyScreen = "(any screen)"

    /// A row per route, in order; the clips of what they play are appended to `clips`.
    func rows(_ routes: [RouteMapping], clips: inout [PreviewClip]) throws -> [PreviewIndex.Route] {
        guard !routes.isEmpty else { return [] }
        let screens = try catalog.screens()
        let containers = try catalog.containers()
        let resolver = Resolver(catalog: catalog)
        let engine = TransitionEngine(catalog: catalog)
        var clipOfAnswer: [String: Int] = [:]
        var rows: [PreviewIndex.Route] = []
        for route in routes {
            let (request, note) = request(for: route, screens: screens, containers: containers)
            guard let request else {
                rows.append(PreviewIndex.Route(mapping: .object(route.record), resolution: nil, request: nil, note: note))
                continue
            }
            let resolution: Resolution
            do {
                resolution = try resolver.resolve(request)
            } catch {
                rows.append(
                    PreviewIndex.Route(
                        mapping: .object(route.record), resolution: nil, request: request, note: "cannot be resolved: \(error)"))
                continue
            }
            var row = PreviewIndex.Route(
                mapping: .object(route.record), resolution: ResolutionOutput(resolution, catalog: catalog, explain: true).jsonDocument,
                request: request, note: note)
            let answer = resolution.animator.map { $0.qualifiedName.description } ?? "nil → \(resolution.systemDefault?.rawValue ?? "-")"
            let key = "\(resolution.operation.rawValue): \(answer)"
            if let known = clipOfAnswer[key] {
                row.clip = known
            } else if clipOfAnswer.count < Self.clipLimit {
                let timeline = try engine.timeline(for: resolution, context: context)
                clips.append(try PreviewClip(timeline: timeline, title: key, labels: [], rate: rate, source: catalog))
                clipOfAnswer[key] = clips.count - 1
                row.clip = clips.count - 1
            }
            rows.append(row)
        }
        return rows
    }

    private func request(for route: RouteMapping, screens: [Screen], containers: [Container]) -> (LookupRequest?, String?) {
        var notes: [String] = []
        func screen(_ pattern: ScreenPattern, asked: Bool) -> String? {
            if case let .screen(name) = pattern { return name.description }
            if !asked {
                notes.append("* stands for '\(Self.anyScreen)', a screen not in the catalog")
                return Self.anyScreen
            }
            guard let match = screens.first(where: { $0.delegate == route.delegate }) else {
                notes.append("no screen has '\(route.delegate)' as its transitioningDelegate, so UIKit never asks it")
                return nil
            }
            notes.append("* stands for '\(match.qualifiedName)', a screen whose transitioningDelegate is '\(route.delegate)'")
            return match.qualifiedName.description
        }
        var container: String?
        if let kind = route.operation.containerKind {
            guard let match = containers.first(where: { $0.kind == kind && $0.delegate == route.delegate }) else {
                return (nil, "no \(kind.rawValue) container has '\(route.delegate)' as its delegate, so UIKit never asks it")
            }
            container = match.qualifiedName.description
        }
        let from = screen(route.from, asked: route.operation == .dismiss)
        let to = screen(route.to, asked: route.operation == .present)
        guard let from, let to else { return (nil, notes.joined(separator: "; ")) }
        return (
            LookupRequest(operation: route.operation, from: from, to: to, container: container),
            notes.isEmpty ? nil : notes.joined(separator: "; ")
        )
    }
}
