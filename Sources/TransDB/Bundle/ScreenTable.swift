import TransDBCore

/// A bundle's screens held compactly, so that two million fit in a few tens of megabytes: each
/// name as its number in the bundle's names (a ``ByteInterner`` the routes share, so a screen's
/// name and the routes' references to it are kept once), each delegate reference once, each
/// screen as small numbers (a `[Screen]` costs about a hundred bytes a screen). The library is
/// the bundle's, so it is not kept; a screen is made again as a value only when asked for.
struct ScreenTable: Sendable {
    /// Per screen, its name's number in the names.
    private var nameOf: [Int32] = []
    /// Per name number, the position of the first screen with that name, or -1.
    private var positionOf: [Int32] = []
    private var delegates = ByteInterner()
    /// Per screen, its delegate's number or -1; empty while no screen has a delegate.
    private var delegateOf: [Int32] = []
    /// Per screen, the modal style's position in its cases, and the presentation style's times 4.
    private var styles: [UInt8] = []
    /// The descriptions that are not empty, by position.
    private var descriptions: [Int32: String] = [:]

    private static let modalStyles = ModalTransitionStyle.allCases
    private static let presentationStyles = ModalPresentationStyle.allCases

    init() {}

    /// The table of `screens`, in order (a repeated name is kept, as the value has it), their
    /// names added to `names`.
    init(_ screens: [Screen], names: inout ByteInterner) {
        for screen in screens { append(screen, names: &names) }
    }

    var count: Int { nameOf.count }

    /// Adds `screen` (its library is left out), its name to `names`.
    mutating func append(_ screen: Screen, names: inout ByteInterner) {
        let position = count
        let name = Int(names.intern(screen.name).id)
        nameOf.append(Int32(name))
        if positionOf.count <= name { positionOf.append(contentsOf: repeatElement(-1, count: name + 1 - positionOf.count)) }
        if positionOf[name] < 0 { positionOf[name] = Int32(position) }
        if let delegate = screen.delegate {
            if delegateOf.isEmpty { delegateOf = Array(repeating: -1, count: position) }
            delegateOf.append(delegates.number(delegate))
        } else if !delegateOf.isEmpty {
            delegateOf.append(-1)
        }
        let modal = Self.modalStyles.firstIndex(of: screen.modalStyle) ?? 0
        let presentation = Self.presentationStyles.firstIndex(of: screen.presentationStyle) ?? 0
        styles.append(UInt8(modal | presentation << 2))
        if !screen.description.isEmpty { descriptions[Int32(position)] = screen.description }
    }

    /// The name of the screen at `position`.
    func name(at position: Int, in names: ByteInterner) -> String { names.string(nameOf[position]) }

    /// The delegate of the screen at `position`.
    func delegate(at position: Int) -> QualifiedName? {
        guard !delegateOf.isEmpty, delegateOf[position] >= 0 else { return nil }
        return delegates.qualifiedName(delegateOf[position])
    }

    /// The screen at `position`, in `library`.
    func screen(at position: Int, library: String, names: ByteInterner) -> Screen {
        let style = Int(styles[position])
        return Screen(
            library: library, name: name(at: position, in: names), delegate: delegate(at: position),
            modalStyle: Self.modalStyles[style & 3], presentationStyle: Self.presentationStyles[style >> 2],
            description: descriptions[Int32(position)] ?? "")
    }

    /// Every screen, in order, in `library`.
    func screens(library: String, names: ByteInterner) -> [Screen] {
        (0..<count).map { screen(at: $0, library: library, names: names) }
    }

    /// The position of the first screen named `name`.
    func position(of name: String, in names: ByteInterner) -> Int? {
        guard let number = names.number(of: name) else { return nil }
        return position(ofName: number)
    }

    /// The position of the first screen whose name is number `name`.
    func position(ofName name: Int32) -> Int? {
        guard Int(name) < positionOf.count, positionOf[Int(name)] >= 0 else { return nil }
        return Int(positionOf[Int(name)])
    }
}
