import Testing
import TransDBCore

/// Semantic versions' precedence, which tells an import that a bundle is an older release.
@Suite("Library versions: semver 2.0.0 precedence")
struct LibraryVersionTests {
    /// Semver 2.0.0 §11's own example, in increasing precedence, with numbers past 9 and releases.
    static let ordered = [
        "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0",
        "1.9.0", "1.10.0", "2.0.0", "2.1.0", "2.1.1", "10.0.0",
    ]

    @Test("each version precedes every later one and no earlier one")
    func order() {
        for (i, a) in Self.ordered.enumerated() {
            for (j, b) in Self.ordered.enumerated() {
                #expect(Library.version(a, precedes: b) == (i < j), "\(a) vs \(b)")
            }
        }
    }

    @Test("build metadata is ignored; text that is not a version has no order")
    func buildAndInvalid() {
        #expect(Library.version("1.0.0+build.5", precedes: "1.0.0") == false)
        #expect(Library.version("1.0.0", precedes: "1.0.0+build.5") == false)
        #expect(Library.version("1.0.0-rc.1+b", precedes: "1.0.0") == true)
        #expect(Library.version("", precedes: "1.0.0") == nil)
        #expect(Library.version("1.0", precedes: "1.0.0") == nil)
    }
}
