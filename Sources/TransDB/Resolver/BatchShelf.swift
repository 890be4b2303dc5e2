import Foundation
import TransDBCore

/// What the lanes of one batch read once for all of them: the presets their answers play, as
/// read from the catalog, each boxed with its record as the lanes' writers write it. Each lane
/// still remembers its own (an answer takes no lock); it asks the shelf only for what it has not
/// met, so that a preset is read, written and held once however many lanes answer.
///
/// Lanes read the catalog each in a snapshot of its own, and another process may write to it
/// between two of them, or before a lane's first read (a lane that has read nothing yet cannot
/// tell what changed). So the shelf holds presets of one state of the catalog, named by its
/// lookup stamp, which every write to a table a preset's record reads draws anew (migration
/// 0010): a lane whose snapshot has another stamp neither takes from the shelf nor leaves there
/// unless it starts the shelf again for its own state. A catalog without a stamp shares nothing.
final class BatchShelf: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var presets: [Int64: Boxed<Preset>] = [:]
    /// The stamp of the catalog the kept presets were read from.
    private var stamp: Int64?
    /// The shelf holds at most this many presets: a full shelf starts again.
    private let limit: Int

    init(limit: Int) { self.limit = max(1, limit) }

    /// Preset `id` of the catalog whose stamp is `stamp`: the one kept, or else `read()`'s,
    /// then kept.
    func preset(id: Int64, stamp: Int64?, orRead read: () throws -> Boxed<Preset>) rethrows -> Boxed<Preset> {
        guard let stamp else { return try read() }
        if let kept = lock.withLock({ stamp == self.stamp ? presets[id] : nil }) { return kept }
        let preset = try read()
        lock.withLock {
            if stamp != self.stamp || presets.count >= limit {
                presets.removeAll()
                self.stamp = stamp
            }
            presets[id] = preset
        }
        return preset
    }
}

/// The presets a lane's source reads in a batch: kept on the lanes' shelf, each boxed with its
/// record, which every answer that plays it copies.
struct BatchPresets {
    let shelf: BatchShelf
    /// The lookup stamp of the snapshot the lane reads.
    let stamp: Int64?
    /// The record of a preset, as the lane's writer writes it.
    let record: (Preset) -> [UInt8]

    /// Preset `id`: the one on the shelf, or else `read()`'s, boxed with its record, then kept.
    func box(id: Int64, orRead read: () throws -> Preset) rethrows -> Boxed<Preset> {
        try shelf.preset(id: id, stamp: stamp) {
            let preset = try read()
            return Boxed(wrappedValue: preset, record: record(preset))
        }
    }
}
