import TransDBCore

/// A bundle read for import: its library and small sections as values, its screens and routes
/// in ``BundleTables`` (a catalog may have millions of each), and the file it came from (for
/// errors).
public struct BundleInput: Sendable {
    /// The library and its entries but screens and routes, which are empty here.
    public private(set) var bundle: LibraryBundle
    /// The screens and routes.
    let tables: BundleTables
    /// The file's name, for errors.
    public var file: String

    /// An input holding `bundle`'s screens and routes compactly.
    public init(bundle: LibraryBundle, file: String) {
        var bundle = bundle
        var names = ByteInterner()
        let screens = ScreenTable(bundle.screens, names: &names)
        let routes = RouteTable(bundle.routes, names: &names)
        self.tables = BundleTables(names: names, screens: screens, routes: routes)
        bundle.screens = []
        bundle.routes = []
        self.bundle = bundle
        self.file = file
    }

    init(bundle: LibraryBundle, tables: BundleTables, file: String) {
        self.bundle = bundle
        self.tables = tables
        self.file = file
    }

    /// How many screens the bundle has.
    public var screenCount: Int { tables.screens.count }

    /// How many route mappings the bundle has.
    public var routeCount: Int { tables.routes.count }

    /// The bundle with its screens and routes, as a value.
    public var fullBundle: LibraryBundle {
        var full = bundle
        full.screens = tables.screens.screens(library: bundle.library.name, names: tables.names)
        full.routes = tables.routes.mappings(names: tables.names)
        return full
    }

    /// The same input under another library name (see ``LibraryBundle/renamed(to:)``). The
    /// tables hold references as written: only when one of them names the library itself
    /// (`team/Inbox` in `team`) are they made again.
    public func renamed(to name: String) -> BundleInput {
        let own = bundle.library.name + "/"
        if (0..<tables.names.count).contains(where: { tables.names.string(Int32($0)).hasPrefix(own) }) {
            return BundleInput(bundle: fullBundle.renamed(to: name), file: file)
        }
        var copy = self
        copy.bundle = bundle.renamed(to: name)
        return copy
    }
}

/// A bundle's screens and routes, over one table of names (a screen's name and the routes'
/// references to it are kept once). Read-only once made, and shared rather than copied: an
/// import asks it millions of times, and a copy of its tables would retain each of them.
final class BundleTables: Sendable {
    /// The screens' names and the routes' references, each once.
    let names: ByteInterner
    let screens: ScreenTable
    let routes: RouteTable

    init(names: ByteInterner, screens: ScreenTable, routes: RouteTable) {
        self.names = names
        self.screens = screens
        self.routes = routes
    }

    /// The screen at `position`, in `library`.
    func screen(at position: Int, library: String) -> Screen { screens.screen(at: position, library: library, names: names) }

    /// The name of the screen at `position`.
    func screenName(at position: Int) -> String { screens.name(at: position, in: names) }

    /// The position of the first screen named `name`.
    func screenPosition(of name: String) -> Int? { screens.position(of: name, in: names) }

    /// How many numbers a route row may use: every name the tables hold.
    var referenceCount: Int { names.count }

    /// The reference number `index` of a route row stands for.
    func reference(_ index: Int32) -> QualifiedName { names.qualifiedName(index) }

    /// The mapping a route row stands for.
    func mapping(_ row: RouteTable.Row) -> RouteMapping { RouteTable.mapping(row, names: names) }
}
