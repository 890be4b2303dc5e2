import TransDBCore

extension Catalog: PresetSource {}

extension TransitionEngine {
    /// An engine that reads named curves and reverse presets from `catalog`.
    public init(catalog: Catalog) {
        self.init(source: catalog)
    }
}
