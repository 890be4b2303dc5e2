import Testing
import TransDBCore

/// `@Boxed` keeps a resolution's presets behind a reference so that answers share them; sharing
/// must not turn them into references: a copy never sees a later assignment to the original.
@Suite("Boxed values")
struct BoxedTests {
    private static func preset(_ name: String) throws -> Preset {
        try PresetDraft(kind: .fade).preset(library: "lib", name: name)
    }

    private static let request = LookupRequest(operation: .present, from: "A", to: "B")

    @Test("a shared box is still a value")
    func sharing() throws {
        var original = Resolution(request: Self.request)
        original.animator = try Self.preset("first")
        var other = Resolution(request: Self.request)
        other.$animator = original.$animator
        #expect(other.animator?.name == "first")
        #expect(other == original)

        original.animator = try Self.preset("second")
        #expect(other.animator?.name == "first")
        #expect(original.animator?.name == "second")
        #expect(other != original)
    }

    @Test("map reads the value in place; an empty box maps to nil")
    func mapping() throws {
        var resolution = Resolution(request: Self.request)
        #expect(resolution.$animator.isNil)
        #expect(resolution.$animator.map(\.name) == nil)
        resolution.animator = try Self.preset("first")
        #expect(!resolution.$animator.isNil)
        #expect(resolution.$animator.map(\.qualifiedName) == QualifiedName(library: "lib", name: "first"))
        resolution.animator = nil
        #expect(resolution.$animator.isNil)
    }

    @Test("boxes compare and hash by value, not by identity")
    func equality() throws {
        let a = Boxed(wrappedValue: try Self.preset("same"))
        let b = Boxed(wrappedValue: try Self.preset("same"))
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != Boxed(wrappedValue: try Self.preset("different")))
        #expect(Boxed<Preset>(wrappedValue: nil) == Boxed(wrappedValue: nil))
        #expect(a != Boxed(wrappedValue: nil))
    }
}
