import TransDBCore

/// The entries an import under `--on-conflict fail` found different from the catalog's, each
/// once with the fields that differ: a preset whose duration and reverse both changed is one
/// conflict, however many phases of the import found a field of it.
struct ImportConflicts {
    private var entries: [(entry: String, details: [String])] = []
    private var positions: [String: Int] = [:]

    var isEmpty: Bool { entries.isEmpty }

    /// Records that `field` of `entry` (`preset ds/cardZoom`) is `old` in the catalog and `new`
    /// in the bundle.
    mutating func add(_ entry: String, field: String, old: JSONValue, new: JSONValue) {
        let detail = "\(field) \(CatalogDiff.shown(old)) → \(CatalogDiff.shown(new))"
        if let position = positions[entry] {
            entries[position].details.append(detail)
        } else {
            positions[entry] = entries.count
            entries.append((entry, [detail]))
        }
    }

    /// Each entry with its first three differences, for ``CatalogError/importConflicts(_:)``.
    var descriptions: [String] {
        entries.map { entry in
            let more = entry.details.count > 3 ? ", …" : ""
            return "\(entry.entry) (\(entry.details.prefix(3).joined(separator: ", "))\(more))"
        }
    }
}
