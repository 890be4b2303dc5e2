import Foundation
import GRDB

/// Reads a bundle file into a catalog inside the caller's transaction, validating every value
/// with the rules the command line uses. An error names the file, the JSON path and the value.
struct BundleLoader {
    let db: Database
    let file: String

    /// Decodes `data` and writes its library.
    func load(_ data: Data) throws {
        let document: BundleDocument
        do {
            document = try JSONDecoder().decode(BundleDocument.self, from: data)
        } catch let error as DecodingError {
            throw Self.describe(error, file: file)
        } catch {
            throw CatalogError.invalidBundle(file: file, path: "$", reason: "not valid JSON (\(error.localizedDescription))")
        }
        try write(document)
    }

    @discardableResult
    private func at<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as CatalogError {
            if case .invalidBundle = error { throw error }
            throw CatalogError.invalidBundle(file: file, path: path, reason: error.description)
        } catch let error as CurveExpressionError {
            throw CatalogError.invalidBundle(file: file, path: path, reason: error.description)
        }
    }

    private func enumValue<T: RawRepresentable & CaseIterable>(_ text: String, _ type: T.Type, field: String) throws -> T where T.RawValue == String {
        guard let value = T(rawValue: text) else {
            throw CatalogError.invalidValue(
                field: field, value: text, reason: "expected one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    private func write(_ document: BundleDocument) throws {
        guard document.transdb == BundleDocument.formatVersion else {
            throw CatalogError.invalidBundle(
                file: file, path: "$.transdb",
                reason: "bundle format \(document.transdb) is not supported (this transdb reads format \(BundleDocument.formatVersion))")
        }
        let writer = CatalogWriter(db: db)
        let library = try at("$.library.name") { try Name.validated(document.library.name, field: "library name") }
        try at("$.library") {
            _ = try writer.insertLibrary(
                Library(name: library, version: document.library.version ?? "1.0.0", description: document.library.description ?? ""))
        }
        for (i, entry) in (document.curves ?? []).enumerated() {
            try at("$.curves[\(i)]") {
                try writer.insertCurve(
                    NamedCurve(library: library, name: entry.name, curve: try TimingCurve(expression: entry.expression), description: entry.description ?? ""))
            }
        }
        var reverses: [(Int, QualifiedName, QualifiedName)] = []
        for (i, entry) in (document.presets ?? []).enumerated() {
            try at("$.presets[\(i)]") {
                var draft = PresetDraft(kind: try enumValue(entry.kind, PresetKind.self, field: "kind"))
                draft.direction = try entry.direction.map { try enumValue($0, Direction.self, field: "direction") }
                draft.duration = entry.duration
                draft.delay = entry.delay ?? 0
                draft.curve = entry.curve
                draft.overrides = try (entry.set ?? []).map(TrackOverride.init(parsing:))
                draft.completionSpeed = entry.interaction?.completionSpeed
                draft.completionCurve = entry.interaction?.completionCurve
                draft.finishThreshold = entry.interaction?.finishThreshold
                if let interaction = entry.interaction, interaction.completionSpeed == nil, interaction.completionCurve == nil,
                    interaction.finishThreshold == nil
                {
                    draft.completionSpeed = 1  // `"interaction": {}` means UIKit's defaults
                }
                draft.description = entry.description ?? ""
                var preset = try draft.preset(library: library, name: entry.name)
                if let reverse = entry.reverse {
                    reverses.append((i, preset.qualifiedName, try QualifiedName(parsing: reverse, field: "reverse preset")))
                    preset.reverse = nil
                }
                try writer.insertPreset(preset)
            }
        }
        for (i, preset, reverse) in reverses {
            try at("$.presets[\(i)].reverse") { try writer.setReverse(of: preset, to: reverse) }
        }
        for (i, entry) in (document.delegates ?? []).enumerated() {
            try at("$.delegates[\(i)]") {
                try writer.insertDelegate(
                    Delegate(library: library, name: entry.name, released: entry.released ?? false, description: entry.description ?? ""))
            }
        }
        for (i, entry) in (document.screens ?? []).enumerated() {
            try at("$.screens[\(i)]") {
                try writer.insertScreen(
                    Screen(
                        library: library, name: entry.name,
                        delegate: try entry.delegate.map { try QualifiedName(parsing: $0, field: "delegate") },
                        modalStyle: try enumValue(entry.modalStyle ?? "coverVertical", ModalTransitionStyle.self, field: "modalStyle"),
                        presentationStyle: try enumValue(
                            entry.presentationStyle ?? "automatic", ModalPresentationStyle.self, field: "presentationStyle"),
                        description: entry.description ?? ""))
            }
        }
        for (i, entry) in (document.containers ?? []).enumerated() {
            try at("$.containers[\(i)]") {
                try writer.insertContainer(
                    Container(
                        library: library, name: entry.name, kind: try enumValue(entry.kind, ContainerKind.self, field: "kind"),
                        delegate: try entry.delegate.map { try QualifiedName(parsing: $0, field: "delegate") },
                        description: entry.description ?? ""))
            }
        }
        for (i, entry) in (document.routes ?? []).enumerated() {
            try at("$.routes[\(i)]") {
                let route = RouteMapping(
                    delegate: try QualifiedName(parsing: entry.delegate, field: "delegate"),
                    operation: try enumValue(entry.op, TransitionOperation.self, field: "op"),
                    from: try ScreenPattern(parsing: entry.from, field: "from screen"),
                    to: try ScreenPattern(parsing: entry.to, field: "to screen"),
                    preset: try entry.preset.map { try QualifiedName(parsing: $0, field: "preset") },
                    interaction: try entry.interaction.map { try QualifiedName(parsing: $0, field: "interaction") })
                try writer.insertRoute(route, prefer: library)
            }
        }
    }

    /// A decoding error as a one-line message with its JSON path.
    static func describe(_ error: DecodingError, file: String) -> CatalogError {
        func path(_ keys: [any CodingKey]) -> String {
            keys.reduce("$") { path, key in
                if let index = key.intValue { return "\(path)[\(index)]" }
                return "\(path).\(key.stringValue)"
            }
        }
        switch error {
        case let .typeMismatch(type, context):
            return .invalidBundle(file: file, path: path(context.codingPath), reason: "expected \(Self.typeName(type))")
        case let .valueNotFound(type, context):
            return .invalidBundle(file: file, path: path(context.codingPath), reason: "expected \(Self.typeName(type)), found null")
        case let .keyNotFound(key, context):
            return .invalidBundle(
                file: file, path: path(context.codingPath + [key]),
                reason: context.debugDescription.hasPrefix("a route") ? context.debugDescription : "required field is missing")
        case let .dataCorrupted(context):
            return .invalidBundle(file: file, path: path(context.codingPath), reason: context.debugDescription)
        @unknown default:
            return .invalidBundle(file: file, path: "$", reason: "\(error)")
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Double.Type, is Int.Type: "a number"
        case is Bool.Type: "true or false"
        default: type is any Collection.Type ? "an array" : "an object"
        }
    }
}

/// Loads the default library compiled into the binary.
enum SeedLoader {
    static func loadDefaultLibrary(into db: Database) throws {
        for file in TransDBResourcesSeeds.files {
            try BundleLoader(db: db, file: "seed/\(file.name)").load(Data(file.bytes))
        }
    }
}
