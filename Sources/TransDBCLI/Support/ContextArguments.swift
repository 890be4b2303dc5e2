import ArgumentParser
import Foundation
import TransDBCore

/// The spellings of a transition's context on the command line, shared by `eval` and `preview`.
enum ContextArguments {
    /// `--screen WIDTHxHEIGHT`, in points.
    static func containerSize(_ text: String) throws -> Size {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ $0.isFinite && $0 > 0 && $0 <= 100_000 }) else {
            throw ValidationError("--screen must be WIDTHxHEIGHT in points, each > 0 and ≤ 100000, e.g. 390x844, got '\(text)'")
        }
        return Size(width: parts[0], height: parts[1])
    }

    /// `--origin X,Y,WIDTH,HEIGHT`, in points.
    static func originRect(_ text: String?) throws -> Rect? { try rect(text, option: "--origin") }

    /// `--target X,Y,WIDTH,HEIGHT`, in points.
    static func targetRect(_ text: String?) throws -> Rect? { try rect(text, option: "--target") }

    /// A rect option `X,Y,WIDTH,HEIGHT` in points; a refusal names `option` and quotes `text`.
    private static func rect(_ text: String?, option: String) throws -> Rect? {
        guard let text else { return nil }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).compactMap {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard parts.count == 4, parts.allSatisfy({ $0.isFinite && abs($0) <= 100_000 }), parts[2] >= 0, parts[3] >= 0 else {
            throw ValidationError(
                "\(option) must be X,Y,WIDTH,HEIGHT in points, each within ±100000 and the size ≥ 0, e.g. 20,120,100,100, got '\(text)'")
        }
        return Rect(x: parts[0], y: parts[1], width: parts[2], height: parts[3])
    }
}
