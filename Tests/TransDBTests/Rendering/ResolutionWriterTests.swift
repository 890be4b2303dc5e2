import GRDB
import Testing
@testable import TransDB
@testable import TransDBCore

/// The batch writer's preset records, written straight into bytes, against the record they
/// spell (`Preset.resolutionRecord`, as `transdb resolve` prints it).
@Suite("ResolutionWriter's preset records")
struct ResolutionWriterTests {
    /// The expression printed for a curve: the reference's own text, marked, so that a record
    /// taking the wrong curve's expression differs.
    static func expression(_ curve: CurveReference) -> String { "expr<\(curve.description)>" }

    static func expectSame(_ preset: Preset) {
        let written = ResolutionWriter.record(of: preset, curveExpression: Self.expression)
        let expected = preset.resolutionRecord(curveExpression: Self.expression).utf8(indented: false)
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self), "\(preset.qualifiedName)")
    }

    @Test("every preset of the default library, byte for byte")
    func defaultLibrary() throws {
        let catalog = try Catalog(DatabaseQueue(), seed: true)
        let presets = try catalog.presets()
        #expect(presets.count > 20)
        #expect(presets.contains { $0.interaction != nil } && presets.contains { $0.interaction == nil })
        #expect(presets.contains { $0.direction != nil } && presets.contains { $0.direction == nil })
        #expect(presets.contains { $0.reverse != nil })
        for preset in presets { Self.expectSame(preset) }
    }

    @Test("names that need escaping, numbers of every form, an interaction without a flick velocity")
    func edges() {
        let tracks = ViewTracks(onTop: .to, hidesSource: false)
        for (name, duration, delay) in [
            ("plain", 0.3, 0.0), ("q\"uo\\te", 1e-7, 0.1 + 0.2), ("line\u{2028}sep\u{7F}", 123_456_789.125, 5e-324),
            ("tab\tnew\nline", 1e21, 2.5),
        ] {
            for interaction in [
                nil, InteractionSettings(), InteractionSettings(completionSpeed: 0.1 + 0.7, finishThreshold: 1.0 / 3, flickVelocity: nil),
            ] {
                Self.expectSame(
                    Preset(
                        library: "lib\"", name: name, kind: .custom, direction: interaction == nil ? nil : .left, duration: duration,
                        delay: delay, curve: .named(QualifiedName(library: "c\\", name: "n\u{2029}")), tracks: tracks,
                        interaction: interaction, reverse: interaction == nil ? nil : QualifiedName(library: nil, name: "back\"")))
            }
        }
    }

    /// `resolve --batch` boxes each preset with its record where it reads the preset: the writer
    /// copies that record (here a marked one, so that writing the preset again would show), and
    /// writes the record of a box without one.
    @Test("a box made with its record is written with that record; one without, with the preset's")
    func recordInTheBox() throws {
        let preset = try PresetDraft(kind: .fade).preset(library: "lib", name: "fade")
        var resolution = Resolution(request: LookupRequest(operation: .present, from: "A", to: "B"))
        resolution.$animator = Boxed(wrappedValue: preset, record: Array(#"{"kept":1}"#.utf8))
        resolution.interaction = preset
        var writer = ResolutionWriter()
        var out: [UInt8] = []
        writer.write(resolution, curveExpression: Self.expression, includeExplanation: false, into: &out)
        let line = String(decoding: out, as: UTF8.self)
        #expect(line.contains(#""animator":{"kept":1},"interaction":{"name":"fade","library":"lib""#), "\(line)")
        #expect(resolution.$animator.record == Array(#"{"kept":1}"#.utf8))
        #expect(resolution.$interaction.record == nil)
    }
}
