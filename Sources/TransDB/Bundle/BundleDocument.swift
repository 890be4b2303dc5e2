/// A library as a bundle file: readable JSON, one library per file. The default library in
/// `seed/` is written in this format. Decoding checks types and required fields; the values
/// themselves are validated by ``BundleLoader`` with the same rules as the command line.
struct BundleDocument: Decodable {
    /// The bundle format version this build reads.
    static let formatVersion = 1

    struct LibraryInfo: Decodable {
        var name: String
        var version: String?
        var description: String?
    }

    struct CurveEntry: Decodable {
        var name: String
        var expression: String
        var description: String?
    }

    struct InteractionEntry: Decodable {
        var completionSpeed: Double?
        var completionCurve: String?
        var finishThreshold: Double?
    }

    struct PresetEntry: Decodable {
        var name: String
        var kind: String
        var direction: String?
        var duration: Double?
        var delay: Double?
        var curve: String?
        /// Track overrides, `VIEW.PHASE.PROPERTY=VALUE` as on the command line.
        var set: [String]?
        var interaction: InteractionEntry?
        var reverse: String?
        var description: String?
    }

    struct DelegateEntry: Decodable {
        var name: String
        var released: Bool?
        var description: String?
    }

    struct ScreenEntry: Decodable {
        var name: String
        var delegate: String?
        var modalStyle: String?
        var presentationStyle: String?
        var description: String?
    }

    struct ContainerEntry: Decodable {
        var name: String
        var kind: String
        var delegate: String?
        var description: String?
    }

    struct RouteEntry: Decodable {
        var delegate: String
        var op: String
        var from: String
        var to: String
        /// The animator; JSON `null` is an explicit `nil`. The key is required so that a
        /// forgotten preset is not silently read as `nil`.
        var preset: String?
        var interaction: String?

        enum CodingKeys: String, CodingKey { case delegate, op, from, to, preset, interaction }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            delegate = try container.decode(String.self, forKey: .delegate)
            op = try container.decode(String.self, forKey: .op)
            from = try container.decode(String.self, forKey: .from)
            to = try container.decodeIfPresent(String.self, forKey: .to) ?? "*"
            guard container.contains(.preset) else {
                throw DecodingError.keyNotFound(
                    CodingKeys.preset,
                    .init(codingPath: container.codingPath, debugDescription: "a route needs \"preset\" (null for an explicit nil)"))
            }
            preset = try container.decodeIfPresent(String.self, forKey: .preset)
            interaction = try container.decodeIfPresent(String.self, forKey: .interaction)
        }
    }

    var transdb: Int
    var library: LibraryInfo
    var curves: [CurveEntry]?
    var presets: [PresetEntry]?
    var delegates: [DelegateEntry]?
    var screens: [ScreenEntry]?
    var containers: [ContainerEntry]?
    var routes: [RouteEntry]?
}
