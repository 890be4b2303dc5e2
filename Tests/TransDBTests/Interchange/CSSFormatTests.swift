import Foundation
import Testing
import TransDB
@testable import TransDBCore

extension Interchange {
    @Suite("CSS: curves as custom properties, springs as linear() within 0.005 of the engine")
    struct CSSFormatTests {
        /// One declaration: its value and the comment line before it, if any.
        struct Declaration {
            var value: String
            var comment: String?
        }

        /// The declarations of a style sheet, by property.
        static func declarations(_ css: String) -> [String: Declaration] {
            var result: [String: Declaration] = [:]
            var comment: String?
            for line in css.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                if line.hasPrefix("/*") {
                    comment = line
                } else if line.hasPrefix("--"), let colon = line.range(of: ": ") {
                    result[String(line[..<colon.lowerBound])] = Declaration(
                        value: String(line[colon.upperBound...].dropLast()), comment: comment)
                    comment = nil
                } else {
                    comment = nil
                }
            }
            return result
        }

        /// The measured error of a spring's declaration against the engine on `intervals + 1`
        /// evenly spaced times, and the error its comment states.
        static func errors(of spring: TimingCurve, _ declaration: Declaration, intervals: Int) throws -> (measured: Double, stated: Double)
        {
            guard case .piecewiseLinear = try TimingCurve(expression: declaration.value) else {
                throw Interchange.UnexpectedOutput("not a linear() curve: \(declaration.value)")
            }
            let approximation = try TimingCurve(expression: declaration.value).function(duration: nil)
            let engine = spring.function(duration: nil)
            var measured = 0.0
            for index in 0...intervals {
                let time = Double(index) / Double(intervals)
                measured = max(measured, abs(approximation.progress(at: time) - engine.progress(at: time)))
            }
            let comment = try #require(declaration.comment)
            let stated = try #require(comment.components(separatedBy: "max error ").last?.components(separatedBy: " ").first)
            return (measured, try #require(Double(stated)))
        }

        /// Checks a spring's declaration: a linear() within 0.005 of the engine on a 10,000 and
        /// a 100,003 interval grid, whose comment states the spring and its duration and an
        /// error no smaller than the one measured.
        static func expectFaithful(_ spring: TimingCurve, _ declaration: Declaration?, sourceLocation: SourceLocation = #_sourceLocation)
            throws -> Double
        {
            let declaration = try #require(declaration, sourceLocation: sourceLocation)
            let (measured, stated) = try errors(of: spring, declaration, intervals: 10_000)
            #expect(measured <= 0.005, "\(spring.expression)", sourceLocation: sourceLocation)
            #expect(stated >= measured && stated <= 0.005, "\(spring.expression)", sourceLocation: sourceLocation)
            let (dense, _) = try errors(of: spring, declaration, intervals: 100_003)
            #expect(dense <= 0.005, "\(spring.expression)", sourceLocation: sourceLocation)
            let duration = try #require(spring.intrinsicDuration)
            let seconds = ((duration * 100_000).rounded() / 100_000)
            let comment = try #require(declaration.comment)
            #expect(comment.hasPrefix("/* \(spring.expression) over its "), sourceLocation: sourceLocation)
            #expect(comment.contains(" duration \(JSONValue.number(seconds).compact) s: "), sourceLocation: sourceLocation)
            return measured
        }

        @Test("every spring of the default library is a linear() within 0.005 of the engine, its comment stating the error")
        func seedSprings() throws {
            let bundles = try Interchange.seedBundles()
            let css = CSSFormat.encode(bundles)
            let declarations = Self.declarations(css)
            var springs = 0
            for bundle in bundles {
                for curve in bundle.curves {
                    guard case .spring = curve.curve else { continue }
                    springs += 1
                    _ = try Self.expectFaithful(curve.curve, declarations["--\(bundle.library.name)-\(curve.name)"])
                }
            }
            #expect(springs == 14)
        }

        @Test("a spring's linear() ends at exactly 1, as the animation ends at its end state (--uikit-defaultSpring was 0.999)")
        func springsEndAtOne() throws {
            let declarations = Self.declarations(CSSFormat.encode(try Interchange.seedBundles()))
            let spring = try #require(declarations["--uikit-defaultSpring"])
            #expect(spring.value.hasSuffix(", 1)"), "\(spring.value)")
            for (name, declaration) in declarations where declaration.value.hasPrefix("linear(") {
                #expect(declaration.value.hasSuffix(", 1)"), "\(name): \(declaration.value)")
            }
        }

        static let hardSprings = [
            "spring(mass: 1, stiffness: 100, damping: 2, velocity: 0)",  // ζ = 0.1
            "spring(mass: 1, stiffness: 400, damping: 4, velocity: -10)",  // ζ = 0.1, thrown backwards
            "spring(mass: 3, stiffness: 1000, damping: 500, velocity: 0)",  // ζ ≈ 4.56
            "spring(mass: 3, stiffness: 1000, damping: 500, velocity: -5)",  // ζ ≈ 4.56, thrown backwards
            "spring(mass: 1, stiffness: 100, damping: 20, velocity: 25)",  // critical, overshooting
            "spring(duration: 0.5, dampingRatio: 0.1, velocity: -3)",
            "spring(duration: 2, bounce: 0.9)",
            "spring(stiffness: 3800, dampingRatio: 0.05)",
            "spring(response: 0.3, dampingFraction: 0.2)",
        ]

        @Test("hard springs — very bouncy, overdamped, thrown backwards — stay within 0.005", arguments: hardSprings)
        func hardSpring(_ expression: String) throws {
            let spring = try TimingCurve(expression: expression)
            let bundle = LibraryBundle(library: Library(name: "hard"), curves: [NamedCurve(library: "hard", name: "s", curve: spring)])
            let measured = try Self.expectFaithful(spring, Self.declarations(CSSFormat.encode([bundle]))["--hard-s"])
            #expect(measured > 0.001)
        }

        @Test("a spring still moving at its duration ends at 1; that step is the stated error, and the other stops keep within it")
        func stillMovingAtItsEnd() throws {
            let spring = try TimingCurve(expression: "spring(duration: 0.5, dampingRatio: 0.01)")
            let bundle = LibraryBundle(library: Library(name: "weak"), curves: [NamedCurve(library: "weak", name: "s", curve: spring)])
            let declaration = try #require(Self.declarations(CSSFormat.encode([bundle]))["--weak-s"])
            let engine = spring.function(duration: nil)
            let gap = abs(1 - engine.progress(at: 1))
            #expect(gap > 0.05, "the engine's spring is not at rest at its duration")
            // Longer than an expression transdb reads back (4,096 characters): its stops, read here.
            let text = try #require(declaration.value.wholeMatch(of: /linear\((.*)\)/)?.output.1)
            let parts = text.components(separatedBy: ", ").map { $0.split(separator: " ") }
            let stops = try parts.map { part in
                LinearStop(output: try #require(Double(String(part[0]))), percent: part.count > 1 ? Double(part[1].dropLast()) : nil)
            }
            // Before, refinement chased that floor down to every one of 20,001 sample times.
            #expect(stops.count < 2_000, "\(stops.count) stops")
            let approximation = PiecewiseLinearFunction(stops: stops)
            let errors = (0...10_000).map { abs(approximation.progress(at: Double($0) / 10_000) - engine.progress(at: Double($0) / 10_000)) }
            #expect(abs((errors.max() ?? 0) - gap) < 1e-9, "the largest error is the step to 1 at the end")
            #expect(errors.dropLast(10).allSatisfy { $0 <= gap })
            let stated = try #require(declaration.comment?.components(separatedBy: "max error ").last?.components(separatedBy: " ").first)
            #expect(try #require(Double(stated)) >= gap && Double(stated)! < gap + 1e-5)
        }

        @Test("curves that are CSS already are written as they are; the output is the same whatever the input order")
        func written() throws {
            let bundles = try Interchange.seedBundles()
            let css = CSSFormat.encode(bundles)
            #expect(CSSFormat.encode(bundles.reversed()) == css)
            #expect(
                css.hasPrefix(
                    "/* transdb timing curves as CSS custom properties; springs are linear() approximations of transdb's engine. */\n:root {\n  /* coreanimation 1.0.0 */\n  --coreanimation-default: cubic-bezier(0.25, 0.1, 0.25, 1);\n"
                ))
            #expect(
                css.hasSuffix(
                    "\n  --uikit-easeIn: cubic-bezier(0.42, 0, 1, 1);\n  --uikit-easeInOut: cubic-bezier(0.42, 0, 0.58, 1);\n  --uikit-easeOut: cubic-bezier(0, 0, 0.58, 1);\n  --uikit-linear: linear;\n}\n"
                ))
            let other = LibraryBundle(
                library: Library(name: "css"),
                curves: [
                    NamedCurve(library: "css", name: "steps", curve: .steps(count: 5, position: .jumpStart)),
                    NamedCurve(
                        library: "css", name: "bounce",
                        curve: .piecewiseLinear([LinearStop(output: 0), LinearStop(output: 1.2, percent: 60), LinearStop(output: 1)])),
                ])
            #expect(
                CSSFormat.encode([other]).hasSuffix(
                    ":root {\n  /* css 1.0.0 */\n  --css-bounce: linear(0, 1.2 60%, 1);\n  --css-steps: steps(5, jump-start);\n}\n"))
        }

        @Test("names are escaped into identifiers; properties that would collide use '/' between library and name")
        func identifiers() throws {
            let curve = TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
            func bundle(_ library: String, _ names: [String]) -> LibraryBundle {
                LibraryBundle(library: Library(name: library), curves: names.map { NamedCurve(library: library, name: $0, curve: curve) })
            }
            let css = CSSFormat.encode([
                bundle("design.system", ["ease in", "✨ sparkle", "über", "x*y"]), bundle("a-b", ["c"]), bundle("a", ["b-c", "d"]),
            ])
            let properties = css.split(separator: "\n").filter { $0.hasPrefix("  --") }.map {
                String($0.split(separator: ":")[0].dropFirst(2))
            }
            #expect(
                properties == [
                    #"--a\/b-c"#, "--a-d", #"--a-b\/c"#, #"--design\.system-ease\ in"#, #"--design\.system-x\*y"#,
                    #"--design\.system-über"#, #"--design\.system-\2728 \ sparkle"#,
                ])
        }

        @Test("a spring that never comes to rest has no linear() form and is left as a comment")
        func undamped() throws {
            let spring = TimingCurve.spring(.physical(mass: 1, stiffness: 100, damping: 0, velocity: 0))
            let css = CSSFormat.encode([
                LibraryBundle(library: Library(name: "u"), curves: [NamedCurve(library: "u", name: "wobble", curve: spring)])
            ])
            #expect(
                css.hasSuffix(
                    ":root {\n  /* u 1.0.0 */\n  /* --u-wobble: spring(mass: 1, stiffness: 100, damping: 0, velocity: 0) never comes to rest, so it has no linear() form */\n}\n"
                ))
        }
    }
}
