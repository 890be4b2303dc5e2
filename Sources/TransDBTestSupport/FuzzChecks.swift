import TransDB
import TransDBCore

/// The checks the libFuzzer harnesses in `Fuzz/` run on every input, shared with the tests that
/// replay the inputs they found (`Tests/TransDBTests/Fixtures/fuzz-regressions/`).
///
/// An input the reader refuses with an error passes. An input it accepts must satisfy the
/// reader's invariants; a trap anywhere is a crash the fuzzer reports on its own.
public enum FuzzChecks {
    /// The harnesses, by the names of their executables and of their corpus folders.
    public enum Harness: String, CaseIterable, Sendable {
        case curveExpression = "FuzzCurveExpression"
        case bundle = "FuzzBundle"
        case dtcg = "FuzzDTCG"
    }

    /// An accepted input that breaks an invariant.
    public struct Violation: Error, Equatable, Sendable, CustomStringConvertible {
        /// Which invariant, and the values that break it.
        public var description: String
    }

    /// Runs one harness's checks on one input.
    ///
    /// - Parameters:
    ///   - harness: The harness.
    ///   - bytes: The input.
    /// - Returns: Whether the reader accepted the input.
    /// - Throws: ``Violation`` when an accepted input breaks an invariant.
    @discardableResult
    public static func check(_ harness: Harness, _ bytes: [UInt8]) throws(Violation) -> Bool {
        switch harness {
        case .curveExpression: try curveExpression(bytes)
        case .bundle: try bundle(bytes)
        case .dtcg: try dtcg(bytes)
        }
    }

    /// A harness's body: checks the bytes libFuzzer gives and traps, with the violation as the
    /// message, when an accepted input breaks an invariant.
    ///
    /// - Returns: 0, the value libFuzzer expects from `LLVMFuzzerTestOneInput`.
    public static func run(_ harness: Harness, _ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        do {
            try check(harness, bytes)
        } catch {
            fatalError("\(harness.rawValue): \(error)")
        }
        return 0
    }

    /// `TimingCurve(expression:)`: an accepted curve has finite parameters, its canonical
    /// expression parses back to the same curve, and that expression is its own canonical form.
    @discardableResult
    public static func curveExpression(_ bytes: [UInt8]) throws(Violation) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let curve = try? TimingCurve(expression: text) else { return false }
        if let bad = parameters(of: curve).first(where: { !$0.isFinite }) {
            throw Violation(description: "'\(text)' gives \(curve) with the parameter \(bad)")
        }
        let expression = curve.expression
        let back: TimingCurve
        do {
            back = try TimingCurve(expression: expression)
        } catch {
            throw Violation(description: "'\(text)' gives the expression '\(expression)', which does not parse: \(error)")
        }
        guard back == curve else {
            throw Violation(description: "'\(text)' gives \(curve), whose expression '\(expression)' parses as \(back)")
        }
        guard back.expression == expression else {
            throw Violation(description: "'\(expression)' is written again as '\(back.expression)'")
        }
        return true
    }

    /// `BundleFormat`: JSON the reader accepts is printed and read back as the same value, and
    /// an accepted bundle reads back from its encoding as itself, canonicalized, with the same
    /// encoding again, and from its DTCG encoding as itself too.
    @discardableResult
    public static func bundle(_ bytes: [UInt8]) throws(Violation) -> Bool {
        try json(bytes)
        guard let bundle = try? BundleFormat.decode(bytes, file: "fuzz.json") else { return false }
        let text = BundleFormat.encode(bundle)
        let back: LibraryBundle
        do {
            back = try BundleFormat.decode(Array(text.utf8), file: "encoded.json")
        } catch {
            throw Violation(description: "the encoding of an accepted bundle is refused: \(error)\n\(text)")
        }
        let canonical = bundle.canonicalized()
        guard back == canonical else {
            throw Violation(
                description: "an accepted bundle reads back from its encoding as another bundle\n\(text)\n\(difference(back, canonical))")
        }
        let again = BundleFormat.encode(back)
        guard again == text else {
            throw Violation(description: "an accepted bundle's encoding is not stable:\n\(text)\nthen\n\(again)")
        }
        // DTCG keeps every library exactly too (`DTCGFormat.decode`'s promise for what
        // `DTCGFormat.encode` writes), even with references to libraries not written.
        let tokens = DTCGFormat.encode([back])
        do {
            let fromTokens = try DTCGFormat.decode(Array(tokens.utf8), file: "encoded.tokens.json", defaultLibrary: "imported").bundles
            guard fromTokens == [back] else {
                throw Violation(
                    description: "an accepted bundle reads back from DTCG as other libraries\n\(text)\n\(tokens)\n"
                        + (fromTokens.count == 1 ? difference(fromTokens[0], back) : "\(fromTokens.count) libraries"))
            }
        } catch let violation as Violation {
            throw violation
        } catch {
            throw Violation(description: "the DTCG encoding of an accepted bundle is refused: \(error)\n\(text)\n\(tokens)")
        }
        return true
    }

    /// `DTCGFormat`: JSON the reader accepts is printed and read back as the same value, and
    /// the libraries of an accepted file read back from their encoding as themselves, with the
    /// same encoding again.
    @discardableResult
    public static func dtcg(_ bytes: [UInt8]) throws(Violation) -> Bool {
        try json(bytes)
        guard let bundles = try? DTCGFormat.decode(bytes, file: "fuzz.tokens.json", defaultLibrary: "imported").bundles else {
            return false
        }
        let text = DTCGFormat.encode(bundles)
        let back: [LibraryBundle]
        do {
            back = try DTCGFormat.decode(Array(text.utf8), file: "encoded.tokens.json", defaultLibrary: "imported").bundles
        } catch {
            throw Violation(description: "the encoding of accepted libraries is refused: \(error)\n\(text)")
        }
        // `decode` gives transdb's libraries in the file's order and the default library last;
        // `encode` writes them by name.
        guard byName(back) == byName(bundles) else {
            let details = zip(byName(back), byName(bundles)).map { difference($0, $1) }.joined(separator: "\n")
            throw Violation(
                description: "accepted libraries read back from their encoding as other libraries "
                    + "(\(bundles.map(\.library.name)) → \(back.map(\.library.name)))\n\(text)\n\(details)")
        }
        let again = DTCGFormat.encode(back)
        guard again == text else {
            throw Violation(description: "the DTCG encoding of accepted libraries is not stable:\n\(text)\nthen\n\(again)")
        }
        return true
    }

    /// `StrictJSON.parse`: an accepted document, printed, parses back to the same value.
    @discardableResult
    public static func json(_ bytes: [UInt8]) throws(Violation) -> Bool {
        guard let value = try? StrictJSON.parse(bytes) else { return false }
        let printed = value.pretty
        let back: JSONValue
        do {
            back = try StrictJSON.parse(Array(printed.utf8))
        } catch {
            throw Violation(description: "an accepted JSON document is printed as JSON that is refused: \(error)\n\(printed)")
        }
        guard back == value else {
            throw Violation(description: "an accepted JSON document reads back as another value: \(value.compact) → \(back.compact)")
        }
        return true
    }

    /// Libraries by name, in Unicode scalar order.
    private static func byName(_ bundles: [LibraryBundle]) -> [LibraryBundle] {
        func key(_ bundle: LibraryBundle) -> [UInt32] { bundle.library.name.unicodeScalars.map(\.value) }
        return bundles.sorted { key($0).lexicographicallyPrecedes(key($1)) }
    }

    /// Every number a curve holds.
    private static func parameters(of curve: TimingCurve) -> [Double] {
        switch curve {
        case .linear, .steps: []
        case let .cubicBezier(x1, y1, x2, y2): [x1, y1, x2, y2]
        case let .piecewiseLinear(stops): stops.flatMap { [$0.output] + ($0.percent.map { [$0] } ?? []) }
        case let .spring(.physical(mass, stiffness, damping, velocity)): [mass, stiffness, damping, velocity]
        case let .spring(.uikit(duration, dampingRatio, velocity)): [duration, dampingRatio, velocity]
        case let .spring(.perceptual(duration, bounce)): [duration, bounce]
        case let .spring(.response(response, dampingFraction)): [response, dampingFraction]
        case let .spring(.android(stiffness, dampingRatio)): [stiffness, dampingRatio]
        }
    }

    /// The first kind of entry that differs between two bundles, for a readable report.
    private static func difference(_ a: LibraryBundle, _ b: LibraryBundle) -> String {
        if a.library != b.library { return "library: \(a.library) ≠ \(b.library)" }
        if a.curves != b.curves {
            return "curves: \(a.curves.filter { !b.curves.contains($0) }) ≠ \(b.curves.filter { !a.curves.contains($0) })"
        }
        if a.presets != b.presets {
            return "presets: \(a.presets.filter { !b.presets.contains($0) }) ≠ \(b.presets.filter { !a.presets.contains($0) })"
        }
        if a.delegates != b.delegates { return "delegates: \(a.delegates) ≠ \(b.delegates)" }
        if a.screens != b.screens { return "screens: \(a.screens) ≠ \(b.screens)" }
        if a.containers != b.containers { return "containers: \(a.containers) ≠ \(b.containers)" }
        if a.routes != b.routes { return "routes: \(a.routes) ≠ \(b.routes)" }
        return "no difference in \(a.library.name)"
    }
}
