import TransDBCore

/// A bundle read for import: its library and small sections as values, its screens as a
/// ``ScreenTable`` and its routes as a ``RouteTable`` (a catalog may have millions of each),
/// and the file it came from (for errors).
public struct BundleInput: Sendable {
    /// The library and its entries but screens and routes, which are empty here.
    public private(set) var bundle: LibraryBundle
    var screens: ScreenTable
    var routes: RouteTable
    /// The file's name, for errors.
    public var file: String

    /// An input holding `bundle`'s screens and routes compactly.
    public init(bundle: LibraryBundle, file: String) {
        var bundle = bundle
        self.screens = ScreenTable(bundle.screens)
        self.routes = RouteTable(bundle.routes)
        bundle.screens = []
        bundle.routes = []
        self.bundle = bundle
        self.file = file
    }

    init(bundle: LibraryBundle, screens: ScreenTable, routes: RouteTable, file: String) {
        self.bundle = bundle
        self.screens = screens
        self.routes = routes
        self.file = file
    }

    /// How many screens the bundle has.
    public var screenCount: Int { screens.count }

    /// How many route mappings the bundle has.
    public var routeCount: Int { routes.count }

    /// The bundle with its screens and routes, as a value.
    public var fullBundle: LibraryBundle {
        var full = bundle
        full.screens = screens.screens(library: bundle.library.name)
        full.routes = routes.mappings
        return full
    }

    /// The same input under another library name (see ``LibraryBundle/renamed(to:)``); the
    /// tables hold no library.
    public func renamed(to name: String) -> BundleInput {
        var copy = self
        copy.bundle = bundle.renamed(to: name)
        return copy
    }
}
