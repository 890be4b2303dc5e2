import Foundation
import TransDBCore

/// What the lanes of one batch read once for all of them: the presets their answers play, as
/// read from the catalog, each boxed with its record as the lanes' writers write it. Each lane
/// still remembers its own (an answer takes no lock); it asks the shelf only for what it has not
/// met, so that a preset is read, written and held once however many lanes answer.
///
/// Lanes read the catalog each in a snapshot of its own, and another process may write to it
/// between two of them. A lane that finds the catalog changed since its last read empties the
/// shelf and closes it for the rest of the chunk, in which lanes may be reading different
/// states; by the next chunk, every lane has seen the change and reads the same state again.
final class BatchShelf: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var presets: [Int64: Boxed<Preset>] = [:]
    private var isOpen = true
    /// The shelf holds at most this many presets: a full shelf starts again.
    private let limit: Int

    init(limit: Int) { self.limit = max(1, limit) }

    /// Opens the shelf for the next chunk, which every lane reads after any change the last one saw.
    func nextChunk() { lock.withLock { isOpen = true } }

    /// A lane found the catalog changed: what was kept may be out of date.
    func catalogChanged() {
        lock.withLock {
            presets.removeAll()
            isOpen = false
        }
    }

    /// Preset `id`: the one kept, or else `read()`'s, then kept.
    func preset(id: Int64, orRead read: () throws -> Boxed<Preset>) rethrows -> Boxed<Preset> {
        if let kept = lock.withLock({ isOpen ? presets[id] : nil }) { return kept }
        let preset = try read()
        lock.withLock {
            guard isOpen else { return }
            if presets.count >= limit { presets.removeAll() }
            presets[id] = preset
        }
        return preset
    }
}

/// The presets a lane's source reads in a batch: kept on the lanes' shelf, each boxed with its
/// record, which every answer that plays it copies.
struct BatchPresets {
    let shelf: BatchShelf
    /// The record of a preset, as the lane's writer writes it.
    let record: (Preset) -> [UInt8]

    /// Preset `id`: the one on the shelf, or else `read()`'s, boxed with its record, then kept.
    func box(id: Int64, orRead read: () throws -> Preset) rethrows -> Boxed<Preset> {
        try shelf.preset(id: id) {
            let preset = try read()
            return Boxed(wrappedValue: preset, record: record(preset))
        }
    }
}
