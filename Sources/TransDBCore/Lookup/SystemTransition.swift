/// The transition UIKit plays when the delegate's answer is `nil` (or there is no delegate).
public enum SystemTransition: String, CaseIterable, Hashable, Sendable {
    case coverVertical, flipHorizontal, crossDissolve, partialCurl, navigationPush, navigationPop, none

    /// The system default for an operation, given the modal style of the presented screen.
    package static func forOperation(_ operation: TransitionOperation, modalStyle: ModalTransitionStyle) -> SystemTransition {
        switch operation {
        case .present, .dismiss:
            switch modalStyle {
            case .coverVertical: .coverVertical
            case .flipHorizontal: .flipHorizontal
            case .crossDissolve: .crossDissolve
            case .partialCurl: .partialCurl
            }
        case .push: .navigationPush
        case .pop: .navigationPop
        case .tab: .none
        }
    }

    /// What the default does, and which of it is inferred rather than documented by Apple.
    public var summary: String {
        switch self {
        case .coverVertical: "the presented view slides up from the bottom (UIKit's default modal style; 0.4 s and its spring are inferred)"
        case .flipHorizontal: "a horizontal 3D flip from right to left (0.4 s inferred)"
        case .crossDissolve: "a cross-dissolve (0.4 s inferred)"
        case .partialCurl: "a page curl up from the bottom corner, full screen only (0.4 s inferred)"
        case .navigationPush: "the new view slides in from the trailing edge while the old one moves a third of the way with a dimming overlay (inferred: 0.35 s)"
        case .navigationPop: "the top view slides out to the trailing edge, the one below returns from a third of the way (inferred: 0.35 s)"
        case .none: "no animation: the tab switches instantly (inferred)"
        }
    }
}
