/// The entries lint looks at: every entry of the libraries, with every reference qualified with
/// its library (`motion/fade`, never a bare `fade`). Storage and bundle files both become one.
public struct LintCatalog: Sendable {
    public var libraries: [Library]
    public var curves: [NamedCurve]
    public var presets: [Preset]
    public var screens: [Screen]
    public var containers: [Container]
    public var delegates: [Delegate]
    public var routes: [RouteMapping]

    /// Creates a catalog of these entries.
    public init(
        libraries: [Library] = [], curves: [NamedCurve] = [], presets: [Preset] = [], screens: [Screen] = [],
        containers: [Container] = [], delegates: [Delegate] = [], routes: [RouteMapping] = []
    ) {
        self.libraries = libraries
        self.curves = curves
        self.presets = presets
        self.screens = screens
        self.containers = containers
        self.delegates = delegates
        self.routes = routes
    }
}
