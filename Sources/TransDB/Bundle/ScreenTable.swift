import TransDBCore

/// A bundle's screens held compactly, so that two million fit in a few tens of megabytes: each
/// name once in a ``ByteInterner``, each delegate reference once, each screen as small numbers
/// (a `[Screen]` costs about a hundred bytes a screen). The library is the bundle's, so it is
/// not kept; a screen is made again as a value only when asked for.
struct ScreenTable: Sendable {
    private var names = ByteInterner()
    private var screenCount = 0
    /// Per screen, its name's number; empty while that is the screen's position, which holds
    /// until a name repeats (a bundle file refuses that, a bundle value may have it).
    private var nameOf: [Int32] = []
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

    /// The table of `screens`, in order (a repeated name is kept, as the value has it).
    init(_ screens: [Screen]) {
        for screen in screens { append(screen) }
    }

    var count: Int { screenCount }

    /// Adds `screen` (its library is left out).
    mutating func append(_ screen: Screen) {
        let position = count
        let (name, isNew) = names.intern(screen.name)
        if !isNew && nameOf.isEmpty { nameOf = (0..<Int32(position)).map { $0 } }
        if !nameOf.isEmpty { nameOf.append(name) }
        screenCount += 1
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
    func name(at position: Int) -> String { names.string(nameOf.isEmpty ? Int32(position) : nameOf[position]) }

    /// The delegate of the screen at `position`.
    func delegate(at position: Int) -> QualifiedName? {
        guard !delegateOf.isEmpty, delegateOf[position] >= 0 else { return nil }
        return delegates.qualifiedName(delegateOf[position])
    }

    /// The screen at `position`, in `library`.
    func screen(at position: Int, library: String) -> Screen {
        let style = Int(styles[position])
        return Screen(
            library: library, name: name(at: position), delegate: delegate(at: position), modalStyle: Self.modalStyles[style & 3],
            presentationStyle: Self.presentationStyles[style >> 2], description: descriptions[Int32(position)] ?? "")
    }

    /// Every screen, in order, in `library`.
    func screens(library: String) -> [Screen] { (0..<count).map { screen(at: $0, library: library) } }

    /// The position of the first screen named `name`.
    func position(of name: String) -> Int? {
        guard let number = names.number(of: name) else { return nil }
        return nameOf.isEmpty ? Int(number) : nameOf.firstIndex(of: number)
    }
}
