/// The files compiled into the binary: the schema migrations and the default preset library.
///
/// SwiftPM generates one `PackageResources` constant per file, with a name derived from the file
/// name (a leading digit becomes `_`). The lists below name each file once; a test compares
/// them with the `migrations/` and `seed/` folders so a file cannot be added to one and not the
/// other.
public enum EmbeddedResources {
    /// A file compiled into the binary.
    public struct File: Sendable {
        /// The file's name in its folder, e.g. `0001_catalog.sql`.
        public let name: String
        /// The file's bytes.
        public let bytes: [UInt8]

        /// The file decoded as UTF-8.
        public var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// The schema migrations, in the order they are applied.
    public static var migrations: [File] {
        [
            File(name: "0001_catalog.sql", bytes: PackageResources._001_catalog_sql),
            File(name: "0002_forward_transitions.sql", bytes: PackageResources._002_forward_transitions_sql),
            File(name: "0003_route_ids_never_reused.sql", bytes: PackageResources._003_route_ids_never_reused_sql),
            File(name: "0004_reduced_motion.sql", bytes: PackageResources._004_reduced_motion_sql),
            File(name: "0005_design_tokens.sql", bytes: PackageResources._005_design_tokens_sql),
            File(name: "0006_tokens_schema.sql", bytes: PackageResources._006_tokens_schema_sql),
            File(name: "0007_checks_without_in_lists.sql", bytes: PackageResources._007_checks_without_in_lists_sql),
            File(name: "0008_flick_velocity.sql", bytes: PackageResources._008_flick_velocity_sql),
            File(name: "0009_lookup_stamp.sql", bytes: PackageResources._009_lookup_stamp_sql),
            File(name: "0010_lookup_stamp_presets.sql", bytes: PackageResources._010_lookup_stamp_presets_sql),
        ]
    }

    /// The default library, one bundle per library, in the order they are loaded
    /// (a library is loaded after the libraries it refers to).
    public static var seeds: [File] {
        [
            File(name: "coreanimation.json", bytes: PackageResources.coreanimation_json),
            File(name: "uikit.json", bytes: PackageResources.uikit_json),
            File(name: "swiftui.json", bytes: PackageResources.swiftui_json),
            File(name: "material.json", bytes: PackageResources.material_json),
            File(name: "motion.json", bytes: PackageResources.motion_json),
            File(name: "samples.json", bytes: PackageResources.samples_json),
            File(name: "demo.json", bytes: PackageResources.demo_json),
            File(name: "articles.json", bytes: PackageResources.articles_json),
        ]
    }
}
