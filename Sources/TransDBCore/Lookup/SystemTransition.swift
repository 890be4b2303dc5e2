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

    /// What the default does for `operation`, and which of it is inferred rather than documented
    /// by Apple. A dismiss plays the modal style backwards.
    public func summary(for operation: TransitionOperation) -> String {
        let dismiss = operation == .dismiss
        switch self {
        case .coverVertical:
            return dismiss
                ? "the presented view slides back down off the bottom (UIKit's default modal style; 0.4 s and its spring are inferred)"
                : "the presented view slides up from the bottom (UIKit's default modal style; 0.4 s and its spring are inferred)"
        case .flipHorizontal:
            return dismiss ? "a horizontal 3D flip back, from left to right (0.4 s inferred)" : "a horizontal 3D flip from right to left (0.4 s inferred)"
        case .crossDissolve: return "a cross-dissolve (0.4 s inferred)"
        case .partialCurl:
            return dismiss
                ? "the page curls back down over the presented view, full screen only (0.4 s inferred)"
                : "a page curl up from the bottom corner, full screen only (0.4 s inferred)"
        case .navigationPush:
            return "the new view slides in from the trailing edge while the old one moves a third of the way with a dimming overlay (inferred: 0.35 s)"
        case .navigationPop:
            return "the top view slides out to the trailing edge, the one below returns from a third of the way (inferred: 0.35 s)"
        case .none: return "no animation: the tab switches instantly (inferred)"
        }
    }
}
