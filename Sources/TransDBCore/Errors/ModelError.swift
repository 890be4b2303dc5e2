/// A value that the model refuses: a name, a number, a curve expression, a track, a gesture.
/// Every path that accepts values (command line, bundles, DTCG files, merges) throws these, so a
/// value is judged and worded in one place.
public enum ModelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A value given by the user is not acceptable.
    case invalidValue(field: String, value: String, reason: String)
    /// A curve expression is invalid.
    case invalidCurve(field: String, error: CurveExpressionError)
    /// A gesture was given for a transition UIKit would not run interactively.
    case notInteractive(reason: String)

    public var description: String {
        switch self {
        case let .invalidValue(field, value, reason): "invalid \(field) '\(Self.shortened(value))': \(reason)"
        // The expression's error says "invalid curve expression" already; another field names itself first.
        case let .invalidCurve(field, error): field == "curve" ? "\(error)" : "\(field): \(error)"
        case let .notInteractive(reason): "cannot play the gesture: \(reason)"
        }
    }

    /// A value as a message quotes it: whole up to 200 characters, else its start and its length
    /// (a name of two million characters is not worth two megabytes of error).
    static func shortened(_ value: String) -> String {
        guard value.count > 200 else { return value }
        return String(value.prefix(120)) + "… (\(value.count) characters)"
    }
}
