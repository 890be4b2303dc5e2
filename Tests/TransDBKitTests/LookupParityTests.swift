import Foundation
import Testing
import TransDBCore
import TransDBKit

/// An app's delegates answer with `TransitionCatalog.resolve`, which must answer as
/// `transdb resolve` does: every route of the default library and a grid of requests, with the
/// catalog loaded from the bundle files and from the generated tables.
@Suite("TransDBKit lookup against transdb resolve")
struct LookupParityTests {
    /// Every operation between every pair of screens (and one the catalog does not have), through
    /// every container of the operation's kind and without one; and every route as mapped.
    static func requests(_ tables: CatalogTables) -> [LookupRequest] {
        let screens = tables.screens.map(\.qualifiedName.description) + ["Unknown"]
        var requests: [LookupRequest] = []
        for operation in TransitionOperation.allCases {
            let containers: [String?] =
                operation.containerKind.map { kind in [nil] + tables.containers.filter { $0.kind == kind }.map(\.qualifiedName.description)
                }
                ?? [nil]
            for from in screens {
                for to in screens where to != from {
                    for container in containers {
                        requests.append(LookupRequest(operation: operation, from: from, to: to, container: container))
                    }
                }
            }
        }
        for route in tables.routes {
            guard case let .screen(from) = route.from else { continue }
            let to: String
            if case let .screen(screen) = route.to { to = screen.description } else { to = screens[0] }
            let container = tables.containers.first { $0.delegate == route.delegate }?.qualifiedName.description
            requests.append(LookupRequest(operation: route.operation, from: from.description, to: to, container: container))
        }
        return requests
    }

    /// One answer as a line: who was asked, which mapping answered, the animator, the
    /// interaction controller and the system default; or that the request failed.
    static func line(_ resolution: Resolution) -> String {
        let mapping = resolution.mapping.map { "\($0.operation.rawValue) \($0.from) → \($0.to)" } ?? "-"
        return [
            resolution.delegate?.description ?? "-", mapping, resolution.animator?.qualifiedName.description ?? "nil",
            resolution.interaction?.qualifiedName.description ?? "nil", resolution.systemDefault?.rawValue ?? "-",
        ].joined(separator: " | ")
    }

    /// The same line from one answer of `resolve --batch`.
    static func line(_ answer: [String: Any]) -> String {
        if answer["error"] != nil { return "error" }
        func preset(_ value: Any?) -> String {
            guard let object = value as? [String: Any], let library = object["library"] as? String, let name = object["name"] as? String
            else {
                return "nil"
            }
            return "\(library)/\(name)"
        }
        let mapping =
            (answer["mapping"] as? [String: Any]).map { "\($0["operation"] ?? "") \($0["from"] ?? "") → \($0["to"] ?? "")" } ?? "-"
        return [
            answer["delegate"] as? String ?? "-", mapping, preset(answer["animator"]), preset(answer["interaction"]),
            answer["systemDefault"] as? String ?? "-",
        ].joined(separator: " | ")
    }

    /// The requests as `resolve --batch` reads them, a JSON object a line.
    static func batchInput(_ requests: [LookupRequest]) throws -> String {
        try requests.map { request -> String in
            var object: [String: Any] = ["op": request.operation.rawValue, "from": request.from, "to": request.to]
            if let container = request.container { object["container"] = container }
            return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        }.joined(separator: "\n") + "\n"
    }

    static func cliLines(_ requests: [LookupRequest]) throws -> [String] {
        let result = try KitFixture.cli(["resolve", "--batch"], stdin: try batchInput(requests))
        return try result.stdoutLines.map { text in
            try line(#require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]))
        }
    }

    @Test("Reduce Motion: the hook plays what transdb resolve --batch --reduce-motion answers, for every route's animator")
    func reduceMotionAgrees() throws {
        let tables = try KitFixture.tablesFromBundles()
        let catalog = try DefaultLibrary.catalog()
        let requests = Self.requests(tables).filter { (try? catalog.resolve($0))?.animator != nil }
        try #require(!requests.isEmpty)
        let answers = try KitFixture.cli(["resolve", "--batch", "--reduce-motion"], stdin: try Self.batchInput(requests)).stdoutLines
        try #require(answers.count == requests.count)
        var origins: Set<String> = []
        for (request, text) in zip(requests, answers) {
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let reduced = try #require(answer["reduceMotion"] as? [String: Any])
            let cli = try #require(reduced["preset"] as? [String: Any])
            let animator = try #require(try catalog.resolve(request).animator)
            let played = ReduceMotion().preset(for: animator, in: catalog, enabled: true)
            let origin = animator.reducedMotion == nil ? "derived" : "named"
            origins.insert(origin)
            let kit = [
                origin, played.qualifiedName.description, played.kind.rawValue, String(format: "%.6g", played.duration),
                try catalog.timingCurve(played.curve).expression,
            ]
            let expected = [
                reduced["origin"] as? String ?? "", "\(cli["library"] ?? "")/\(cli["name"] ?? "")", cli["kind"] as? String ?? "",
                String(format: "%.6g", cli["duration"] as? Double ?? -1), cli["curveExpression"] as? String ?? "",
            ]
            #expect(kit == expected, "\(request)")
        }
        #expect(origins.contains("derived"))
        // No route of the default library plays a preset that names its alternative: SZAnimator's does.
        let named = try catalog.preset(named: QualifiedName(library: "samples", name: "szPresent"))
        let shown = try KitFixture.cli(["show", "preset", "samples/szPresent", "--format", "json"])
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])["reducedMotion"] as? String
        #expect(ReduceMotion().preset(for: named, in: catalog, enabled: true).qualifiedName.description == expected)
        #expect(expected == "uikit/crossDissolve")
    }

    @Test("from the bundle files and from the generated tables, every request answers as transdb resolve --batch")
    func agrees() throws {
        let tables = try KitFixture.tablesFromBundles()
        let requests = Self.requests(tables)
        let expected = try Self.cliLines(requests)
        try #require(expected.count == requests.count)
        #expect(expected.contains { $0.contains("samples/popAnimator") })
        for catalog in [try TransitionCatalog(tables: tables), try DefaultLibrary.catalog()] {
            let answers = requests.map { request in (try? catalog.resolve(request)).map(Self.line) ?? "error" }
            for (index, (answer, cli)) in zip(answers, expected).enumerated() where answer != cli {
                Issue.record("request \(index) \(requests[index]): TransDBKit answered '\(answer)', transdb '\(cli)'")
            }
        }
    }
}
