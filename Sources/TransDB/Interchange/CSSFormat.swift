import Foundation
import TransDBCore

/// Curves as CSS custom properties holding timing functions, for `transition-timing-function`
/// and `animation-timing-function`:
///
/// ```css
/// :root {
///   /* motion 1.0.0 */
///   --motion-standard: cubic-bezier(0.4, 0, 0.2, 1);
///   /* spring(duration: 0.5, bounce: 0.1) over its settling duration 0.60163 s: 57 stops, max error 0.00412 */
///   --motion-gentleSpring: linear(0, 0.01234 1.25%, …, 0.99951);
/// }
/// ```
///
/// `linear`, `cubic-bezier()`, `steps()` and `linear(…)` are written as they are. A spring
/// becomes a `linear(…)` following transdb's engine (``TimingCurve/function(duration:)`` over
/// the spring's own duration, ``TimingCurve/intrinsicDuration``) to within 0.005 at every one of
/// 20,001 evenly spaced times, checked on the written numbers; its comment gives that error,
/// rounded up. A spring that never comes to rest has no such form and is left as a comment.
///
/// Properties are `--<library>-<name>`, libraries by name and curves in canonical order, with
/// characters that cannot stand in an identifier escaped (``CSSIdentifier``). When two curves
/// would give the same property (`a-b`/`c` and `a`/`b-c`), both are written with `/` between
/// library and name instead (`--a-b\/c`, `--a\/b-c`), which no name contains.
public enum CSSFormat {
    /// The largest difference from the engine a spring's `linear(…)` may have.
    static let tolerance = 0.005

    /// A `:root` rule with one custom property per curve of every library, ending with a newline.
    ///
    /// - Parameter bundles: The libraries, each once; their order does not matter.
    /// - Returns: The style sheet.
    public static func encode(_ bundles: [LibraryBundle]) -> String {
        func key(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }
        let bundles = bundles.map { $0.canonicalized() }.sorted {
            key($0.library.name).lexicographicallyPrecedes(key($1.library.name))
        }
        var identities: [String: Int] = [:]
        for bundle in bundles {
            for curve in bundle.curves { identities[bundle.library.name + "-" + curve.name, default: 0] += 1 }
        }
        var out = "/* transdb timing curves as CSS custom properties; springs are linear() approximations of transdb's engine. */\n"
        out += ":root {\n"
        var first = true
        for bundle in bundles where !bundle.curves.isEmpty {
            if !first { out += "\n" }
            first = false
            out += "  /* \(comment(bundle.library.name)) \(comment(bundle.library.version)) */\n"
            for curve in bundle.curves {
                let separator = (identities[bundle.library.name + "-" + curve.name] ?? 0) > 1 ? "\\/" : "-"
                let property = "--" + CSSIdentifier.escaped(bundle.library.name) + separator + CSSIdentifier.escaped(curve.name)
                out += declaration(property, curve.curve)
            }
        }
        out += "}\n"
        return out
    }

    /// One declaration, with its comment for a spring.
    private static func declaration(_ property: String, _ curve: TimingCurve) -> String {
        guard case let .spring(spring) = curve else { return "  \(property): \(curve.expression);\n" }
        let own: String
        if case .uikit = spring { own = "its duration" } else { own = "its settling duration" }
        guard let duration = curve.intrinsicDuration, duration.isFinite,
            let approximation = LinearApproximation(function: curve.function(duration: nil), tolerance: tolerance)
        else {
            return "  /* \(property): \(curve.expression) never comes to rest, so it has no linear() form */\n"
        }
        let seconds = ((duration * 100_000).rounded() / 100_000).shortestDescription
        let error = DTCGWriter.roundedUp(approximation.maximumError).shortestDescription
        return "  /* \(curve.expression) over \(own) \(seconds) s: \(approximation.count) stops, max error \(error) */\n"
            + "  \(property): \(approximation.curve.expression);\n"
    }

    /// Text that cannot end a comment.
    private static func comment(_ text: String) -> String {
        text.replacingOccurrences(of: "*/", with: "* /")
    }
}
