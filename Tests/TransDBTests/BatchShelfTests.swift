import Foundation
import Testing
@testable import TransDB
import TransDBTestSupport
@testable import TransDBCore

/// The presets a batch's lanes share: kept for one state of the catalog, never handed to a lane
/// reading another, whichever lane read first and whenever the catalog changed.
@Suite("The batch's shelf of presets")
struct BatchShelfTests {
    static func boxed(_ duration: Double) throws -> Boxed<Preset> {
        var draft = PresetDraft(kind: .fade)
        draft.duration = duration
        return Boxed(wrappedValue: try draft.preset(library: "t", name: "p"))
    }

    @Test("a preset kept for one stamp is handed out for that stamp only; another stamp starts the shelf again")
    func keptPerStamp() throws {
        let shelf = BatchShelf(limit: 8)
        var reads = 0
        func take(_ id: Int64, stamp: Int64?, duration: Double) throws -> Double {
            try shelf.preset(id: id, stamp: stamp) {
                reads += 1
                return try Self.boxed(duration)
            }.wrappedValue?.duration ?? -1
        }
        #expect(try take(1, stamp: 10, duration: 0.3) == 0.3)
        #expect(try take(1, stamp: 10, duration: 0.9) == 0.3, "kept")
        #expect(reads == 1)
        #expect(try take(1, stamp: 11, duration: 0.5) == 0.5, "another state of the catalog reads its own")
        #expect(try take(1, stamp: 11, duration: 0.9) == 0.5, "and keeps it")
        #expect(try take(1, stamp: 10, duration: 0.7) == 0.7, "the first state's preset is gone")
        #expect(try take(1, stamp: nil, duration: 0.1) == 0.1, "no stamp: nothing shared")
        #expect(try take(1, stamp: nil, duration: 0.2) == 0.2)
        #expect(try take(1, stamp: 10, duration: 0.9) == 0.7, "nor left on the shelf")
        #expect(reads == 5)
    }

    @Test("a full shelf starts again")
    func limit() throws {
        let shelf = BatchShelf(limit: 2)
        var reads = 0
        for id: Int64 in [1, 2, 3, 1] {
            _ = try shelf.preset(id: id, stamp: 1) {
                reads += 1
                return try Self.boxed(0.3)
            }
        }
        #expect(reads == 4, "3 emptied the shelf of 1 and 2")
        _ = try shelf.preset(id: 3, stamp: 1) {
            reads += 1
            return try Self.boxed(0.3)
        }
        #expect(reads == 4, "3 was kept after the shelf started again")
    }

    /// The failure CI met once under load: the first chunk, whose format is not known yet, is
    /// answered by the first lane alone; after a change, a lane reading for the first time has
    /// no earlier state to compare with and took the first lane's preset from before the change.
    @Test("a lane reading for the first time after a change never plays what another lane kept before it")
    func firstReadAfterChange() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try BatchResolverTests.makeCatalog(in: directory).path
        let writer = try Catalog(path: path, mode: .readWrite)
        let shelf = BatchShelf(limit: 16)
        func lane() throws -> BatchLane {
            BatchLane(
                catalog: try Catalog(path: path, mode: .readOnly), store: nil, shelf: shelf, strict: false, explain: false,
                reduceMotion: false, of: 2)
        }
        var (first, second) = (try lane(), try lane())
        let line = Array(#"{"op": "present", "from": "A", "to": "B"}"#.utf8 + [0x0A])
        func answer(_ lane: inout BatchLane) throws -> String {
            var output: [UInt8] = []
            try line.withUnsafeBufferPointer { try lane.answer($0, firstLine: 1, format: .ndjson, into: &output) }
            return String(decoding: output, as: UTF8.self)
        }
        #expect(try answer(&first).contains(#""duration":0.35,"#))
        var edit = PresetEdit()
        edit.duration = .seconds(0.5)
        _ = try writer.setPreset(QualifiedName(library: "t", name: "p1"), edit)
        #expect(try answer(&second).contains(#""duration":0.5,"#))
        #expect(try answer(&first).contains(#""duration":0.5,"#))
    }
}
