/// A view controller that takes part in transitions.
public struct Screen: Hashable, Sendable {
    public var library: String
    public var name: String
    /// Its `transitioningDelegate`, asked when it is presented or dismissed.
    public var delegate: QualifiedName?
    public var modalStyle: ModalTransitionStyle
    public var presentationStyle: ModalPresentationStyle
    public var description: String

    /// Creates a screen with UIKit's defaults.
    public init(
        library: String, name: String, delegate: QualifiedName? = nil,
        modalStyle: ModalTransitionStyle = .coverVertical,
        presentationStyle: ModalPresentationStyle = .automatic, description: String = ""
    ) {
        self.library = library
        self.name = name
        self.delegate = delegate
        self.modalStyle = modalStyle
        self.presentationStyle = presentationStyle
        self.description = description
    }

    /// `library/name`.
    public var qualifiedName: QualifiedName { QualifiedName(library: library, name: name) }

    /// The screen with its name in NFC, checked as the catalog stores it: a valid name other
    /// than `*` (``validatedName(_:)``), and styles UIKit allows together (``validateStyles()``).
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public func validated() throws -> Screen {
        var screen = self
        screen.name = try Self.validatedName(name)
        try screen.validateStyles()
        return screen
    }

    /// `raw` in NFC when it can name a screen: a valid name (``Name/validated(_:field:)``) other
    /// than `*`, which stands for any screen in routes.
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public static func validatedName(_ raw: String) throws -> String {
        let name = try Name.validated(raw, field: "screen name")
        if name == "*" {
            throw ModelError.invalidValue(field: "screen name", value: name, reason: "'*' stands for any screen in routes")
        }
        return name
    }

    /// Whether UIKit allows the two styles together: a partial curl only presented full screen
    /// (UIKit raises an exception otherwise). ``validateStyles()`` words the refusal.
    @inlinable
    public static func allowsStyles(modal: ModalTransitionStyle, presentation: ModalPresentationStyle) -> Bool {
        modal != .partialCurl || presentation == .fullScreen
    }

    /// Checks that UIKit allows the screen's modal style with its presentation style.
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)`` for a partial curl that is not
    ///   presented full screen.
    public func validateStyles() throws {
        guard !Self.allowsStyles(modal: modalStyle, presentation: presentationStyle) else { return }
        throw ModelError.invalidValue(
            field: "modal style", value: modalStyle.rawValue,
            reason: "UIKit allows a partial curl only with presentation style fullScreen, not \(presentationStyle.rawValue) "
                + "(it raises an exception otherwise)")
    }
}

/// `UIModalTransitionStyle`: the system transition used when a modal's animator is `nil`.
public enum ModalTransitionStyle: String, CaseIterable, Hashable, Sendable {
    case coverVertical, flipHorizontal, crossDissolve, partialCurl

    /// UIKit's raw value.
    public var uikitValue: Int {
        switch self {
        case .coverVertical: 0
        case .flipHorizontal: 1
        case .crossDissolve: 2
        case .partialCurl: 3
        }
    }
}

/// `UIModalPresentationStyle`.
public enum ModalPresentationStyle: String, CaseIterable, Hashable, Sendable {
    case automatic, fullScreen, pageSheet, formSheet, currentContext, custom, overFullScreen,
        overCurrentContext, popover

    /// UIKit's raw value.
    public var uikitValue: Int {
        switch self {
        case .automatic: -2
        case .fullScreen: 0
        case .pageSheet: 1
        case .formSheet: 2
        case .currentContext: 3
        case .custom: 4
        case .overFullScreen: 5
        case .overCurrentContext: 6
        case .popover: 7
        }
    }
}

/// A navigation or tab bar controller.
public struct Container: Hashable, Sendable {
    public var library: String
    public var name: String
    public var kind: ContainerKind
    /// Its `delegate`, asked for push/pop (navigation) or tab switches (tab).
    public var delegate: QualifiedName?
    public var description: String

    /// Creates a container.
    public init(library: String, name: String, kind: ContainerKind, delegate: QualifiedName? = nil, description: String = "") {
        self.library = library
        self.name = name
        self.kind = kind
        self.delegate = delegate
        self.description = description
    }

    /// `library/name`.
    public var qualifiedName: QualifiedName { QualifiedName(library: library, name: name) }
}

/// The kinds of container controller.
public enum ContainerKind: String, CaseIterable, Hashable, Sendable {
    /// `UINavigationController`.
    case navigation
    /// `UITabBarController`.
    case tab

    /// The kind's place in `allCases`, for integer keys.
    package var ordinal: Int {
        switch self {
        case .navigation: 0
        case .tab: 1
        }
    }
}
