import TransDBCore

/// Turns route mappings into requests UIKit could make and resolves them, for an index page.
///
/// A mapping with `*` on a side matches any screen there. On the side whose delegate UIKit asks
/// (the presented screen for present, the dismissed one for dismiss) the request uses a screen of
/// the catalog that has the mapping's delegate; on the other side a screen that is not in the
/// catalog, ``anyScreen``. Push, pop and tab use a container of the right kind with that delegate.
struct PreviewRouteTable {
    let catalog: Catalog

    /// The name standing in for `*` on a side whose screen is not asked for its delegate: a
    /// screen not in the catalog, matched only by wildcards.
    static let anyScreen = "(any screen)"

    func rows(_ routes: [RouteMapping]) throws -> [PreviewIndex.Route] {
        guard !routes.isEmpty else { return [] }
        let screens = try catalog.screens()
        let containers = try catalog.containers()
        let resolver = Resolver(catalog: catalog)
        return routes.map { route in
            let (request, note) = request(for: route, screens: screens, containers: containers)
            guard let request else { return PreviewIndex.Route(mapping: .object(route.record), resolution: nil, request: nil, note: note) }
            do {
                let resolution = try resolver.resolve(request)
                return PreviewIndex.Route(
                    mapping: .object(route.record), resolution: ResolutionOutput(resolution, catalog: catalog, explain: true).jsonDocument,
                    request: request, note: note)
            } catch {
                return PreviewIndex.Route(
                    mapping: .object(route.record), resolution: nil, request: request, note: "cannot be resolved: \(error)")
            }
        }
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
