import GRDB
import TransDBCore

/// What `import` does with an entry that exists in the catalog with other values.
public enum ConflictPolicy: String, CaseIterable, Sendable {
    /// Refuse the whole import, listing every such entry.
    case fail
    /// Keep the catalog's entry.
    case skip
    /// Take the bundle's entry.
    case replace
}

extension Catalog {
    /// Imports libraries in one transaction: every reference is checked first (the files
    /// imported together may refer to each other), then each entry is added, left alone when
    /// equal, or — when it differs — handled by `policy`.
    ///
    /// - Parameters:
    ///   - inputs: The bundles and the files they came from (for errors).
    ///   - policy: What to do with entries that differ from the catalog's.
    ///   - dryRun: Work out the report and change nothing.
    /// - Throws: ``CatalogError/missingReferences(_:)`` listing every missing name;
    ///   ``CatalogError/importConflicts(_:)`` under `.fail`; the catalog is then unchanged.
    public func importBundles(_ inputs: [(bundle: LibraryBundle, file: String)], policy: ConflictPolicy, dryRun: Bool = false) throws -> ImportReport {
        try importBundles(inputs.map { BundleInput(bundle: $0.bundle, file: $0.file) }, policy: policy, dryRun: dryRun)
    }

    /// Imports bundles read with ``BundleFormat/read(contentsOf:maximumSize:)``; see
    /// ``importBundles(_:policy:dryRun:)-(_,_,_)``.
    ///
    /// `progress`, when given, counts the entries checked and written, phase by phase. With
    /// `prune`, each library ends exactly as its bundle (a release that removed or renamed
    /// entries): the library's entries the bundle does not have are removed, refused with
    /// ``CatalogError/inUse(kind:name:usedBy:)`` while another library's entry uses one.
    public func importBundles(
        _ inputs: [BundleInput], policy: ConflictPolicy, dryRun: Bool = false, prune: Bool = false, progress: WorkProgress? = nil
    ) throws -> ImportReport {
        try transaction(commit: !dryRun) { db in
            try BundleImport.withLargeCache(db) {
                try LookupStamp.bulkWrite(db) {
                    var run = BundleImport(db: db, inputs: inputs, policy: policy, removeOthers: prune, progress: progress)
                    let report = try run.run()
                    if !dryRun { progress.begin("committing") }
                    return report
                }
            }
        }
    }

    /// Makes each library exactly equal to its bundle — adding, changing and removing entries —
    /// in one transaction.
    public func synchronize(_ bundles: [LibraryBundle], dryRun: Bool = false, progress: WorkProgress? = nil) throws -> ImportReport {
        try transaction(commit: !dryRun) { db in
            let report = try Self.synchronize(bundles, progress: progress, db)
            if !dryRun { progress.begin("committing") }
            return report
        }
    }

    /// ``synchronize(_:dryRun:progress:)`` inside a transaction of the caller's (`merge` writes
    /// its whole result in one).
    static func synchronize(_ bundles: [LibraryBundle], progress: WorkProgress?, _ db: Database) throws -> ImportReport {
        var run = BundleImport(
            db: db, inputs: bundles.map { BundleInput(bundle: $0, file: $0.library.name) }, policy: .replace, removeOthers: true,
            progress: progress)
        return try LookupStamp.bulkWrite(db) { try run.run() }
    }
}

/// One import, phase by phase across all its bundles so that they may refer to each other.
struct BundleImport {
    let db: Database
    let inputs: [BundleInput]
    /// The inputs' screens and routes, by input: asked through here, not through `inputs`,
    /// whose elements Swift copies (retaining all they hold) when a method of theirs is called.
    let tables: [BundleTables]
    let policy: ConflictPolicy
    /// Remove entries of the imported libraries that the bundles do not have.
    let removeOthers: Bool
    /// The libraries whose version this import changes: a new release of each.
    private var newReleases = Set<String>()
    /// Counts the work, phase by phase, for whoever shows it.
    let progress: WorkProgress?
    var report = ImportReport()
    var conflicts = ImportConflicts()
    /// Row ids of references already resolved, by kind, preferred library and reference.
    private var ids: [String: Int64] = [:]
    /// `library/name` of row ids already read, by kind and id.
    private var names: [String: QualifiedName] = [:]
    /// Interaction presets already checked for interaction settings.
    var interactive: [Int64: Bool] = [:]
    /// The imported mirrors with their values derived from the preset they mirror, by `library/name`.
    private var mirrors: [String: Preset] = [:]
    /// The row ids of the libraries this import creates: nothing of theirs can be in the catalog
    /// yet, so their screens are inserted without looking for them first.
    private var createdLibraries: [String: Int64] = [:]
    /// The screens of each input's library as this import wrote or found them, by input: routes
    /// find their screens here instead of asking the catalog (and caching) two million times.
    var importedScreens: [Int: ImportedScreens] = [:]
    /// Where each preset's entry is in the report's `listed`, by `library/name`.
    private var presetEntries: [String: Int] = [:]
    /// The compared fields of each kind, made once: a schema allocates its copiers when made, and
    /// an import may compare two million screens.
    private let schemas = Schemas()

    private struct Schemas {
        let library = EntrySchema<Library>.library
        let curve = EntrySchema<NamedCurve>.curve
        let duration = EntrySchema<NamedDuration>.duration
        let preset = EntrySchema<Preset>.preset
        let delegate = EntrySchema<Delegate>.delegate
        let screen = EntrySchema<Screen>.screen
        let container = EntrySchema<Container>.container
    }

    init(db: Database, inputs: [BundleInput], policy: ConflictPolicy, removeOthers: Bool, progress: WorkProgress? = nil) {
        self.db = db
        self.progress = progress
        self.inputs = inputs
        self.tables = inputs.map(\.tables)
        self.policy = policy
        self.removeOthers = removeOthers
    }

    /// SQLite's page cache while an import runs, in KiB. A bulk load writes every page of the
    /// route table and its indexes in one transaction; with the default 2 MiB SQLite spills
    /// them to the WAL and reads them back many times. Pages are allocated only when used.
    /// 32 MiB: 64 kept shape b's import (2M screens, 1M mappings) over 300 MB at peak, 27 MB
    /// more, for shape a 1–5 % faster; 128 cost shape c 36 MB more again for no measurable gain.
    static let importCacheKiB = 32_768

    /// The page cache while the route indexes are built again after a bulk load, in KiB. It
    /// also bounds SQLite's sorter, which otherwise takes as much again in one piece; with 8 MiB
    /// the sort spills to a temporary file in runs. Peak memory fell 33 MB on shape b (278 →
    /// 245 MB) and 41 MB on shape a, the imports no slower.
    static let indexingCacheKiB = 8_192

    /// Runs `body` with the larger page cache, then restores the connection's.
    static func withLargeCache<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        try withCache(kibibytes: importCacheKiB, db, body)
    }

    /// Runs `body` with a page cache of `kibibytes`, then restores the connection's.
    static func withCache<T>(kibibytes: Int, _ db: Database, _ body: () throws -> T) throws -> T {
        let previous = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        try db.execute(sql: "PRAGMA cache_size = \(-kibibytes)")
        defer { try? db.execute(sql: "PRAGMA cache_size = \(previous)") }
        return try body()
    }

    mutating func run() throws -> ImportReport {
        let names = inputs.map(\.bundle.library.name)
        if let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw CatalogError.libraryImportedTwice(name: duplicate)
        }
        progress.begin("checking references")
        try checkReferences()
        let entries = inputs.reduce(0) { count, input in
            let bundle = input.bundle
            return count + bundle.curves.count + bundle.durations.count + 3 * bundle.presets.count + bundle.delegates.count + input.screenCount
                + bundle.containers.count
        }
        progress.begin("writing entries", total: Int64(entries))
        for input in inputs { try library(input.bundle) }
        try curves()
        for input in inputs { for duration in input.bundle.durations { try self.duration(duration); progress.advance() } }
        try deriveMirrors()
        for input in inputs { for preset in input.bundle.presets { try self.preset(preset); progress.advance() } }
        for input in inputs {
            for preset in input.bundle.presets { try link(preset, field: "reverse", column: "reverse_id", \.reverse); progress.advance() }
        }
        for input in inputs {
            for preset in input.bundle.presets { try link(preset, field: "reducedMotion", column: "reduced_motion_id", \.reducedMotion) }
        }
        for input in inputs { for preset in input.bundle.presets { try mirrorLink(preset); progress.advance() } }
        for input in inputs { for delegate in input.bundle.delegates { try self.delegate(delegate); progress.advance() } }
        for (number, input) in inputs.enumerated() {
            for position in 0..<input.screenCount {
                try self.screen(tables[number].screen(at: position, library: input.bundle.library.name), input: number)
                progress.advance()
            }
        }
        for input in inputs { for container in input.bundle.containers { try self.container(container); progress.advance() } }
        try routes()
        if removeOthers {
            progress.begin("removing entries")
            for input in inputs { try removeMissing(input) }
        } else {
            for input in inputs where newReleases.contains(input.bundle.library.name) {
                if let note = try leftBehind(input) { report.notes.append(note) }
            }
        }
        try CatalogWriter(db: db).refuseInteractionsWithoutSettings()
        if !conflicts.isEmpty { throw CatalogError.importConflicts(conflicts.descriptions) }
        return report
    }

    // MARK: References

    /// Every name the bundles refer to must be in a bundle of this import or in the catalog.
    private func checkReferences() throws {
        // Each missing name once, in the order first met, with its first user and how many use it.
        var missing: [String: (order: Int, user: String, count: Int, kind: EntityKind, reference: QualifiedName)] = [:]
        func record(_ name: (text: String, kind: EntityKind, reference: QualifiedName), _ user: @autoclosure () -> String) {
            if missing[name.text] != nil {
                missing[name.text]?.count += 1
            } else {
                missing[name.text] = (missing.count, user(), 1, name.kind, name.reference)
            }
        }
        let byLibrary = Dictionary(inputs.map { ($0.bundle.library.name, $0.tables) }, uniquingKeysWith: { a, _ in a })
        // Sets, so that checking a hundred thousand routes costs a hundred thousand lookups
        // (screens are looked up in their table).
        var defined: [String: [EntityKind: Set<String>]] = [:]
        for bundle in inputs.map(\.bundle) {
            defined[bundle.library.name] = [
                .curve: Set(bundle.curves.map(\.name)), .preset: Set(bundle.presets.map(\.name)),
                .duration: Set(bundle.durations.map(\.name)), .delegate: Set(bundle.delegates.map(\.name)),
            ]
        }
        /// Whether `reference` is in the import or the catalog.
        func isDefined(_ kind: EntityKind, _ reference: QualifiedName, from bundle: LibraryBundle) throws -> Bool {
            let library = reference.library ?? bundle.library.name
            if let tables = byLibrary[library] {
                let inImport = kind == .screen ? tables.screenPosition(of: reference.name) != nil : defined[library]?[kind]?.contains(reference.name) == true
                if inImport { return true }
            }
            if reference.library == nil { return try CatalogLookup.find(kind, reference, prefer: bundle.library.name, db) != nil }
            return try CatalogLookup.find(kind, reference, db) != nil
        }
        func missingName(_ kind: EntityKind, _ reference: QualifiedName, from bundle: LibraryBundle) -> (
            text: String, kind: EntityKind, reference: QualifiedName
        ) {
            let qualified = reference.qualified(in: bundle.library.name)
            return ("\(kind.rawValue) \(qualified)", kind, qualified)
        }
        /// The closest name of that kind in the reference's library, in this import or the catalog.
        func suggestion(_ kind: EntityKind, _ reference: QualifiedName) -> String? {
            guard let library = reference.library else { return nil }
            guard let input = inputs.first(where: { $0.bundle.library.name == library }) else {
                return try? CatalogLookup.suggestion(kind, reference, db)
            }
            let bundle = input.bundle
            let names: [String] =
                switch kind {
                case .curve: bundle.curves.map(\.name)
                case .preset: bundle.presets.map(\.name)
                case .duration: bundle.durations.map(\.name)
                case .delegate: bundle.delegates.map(\.name)
                case .screen: (0..<input.screenCount).map { input.tables.screenName(at: $0) }
                default: []
                }
            return NameSuggestion.closest(to: reference.name, in: names).map { "\(library)/\($0)" }
        }
        func check(_ kind: EntityKind, _ reference: QualifiedName?, from bundle: LibraryBundle, usedBy user: @autoclosure () -> String) throws {
            guard let reference, try !isDefined(kind, reference, from: bundle) else { return }
            record(missingName(kind, reference, from: bundle), user())
        }
        for input in inputs {
            let bundle = input.bundle
            let lib = bundle.library.name
            for curve in bundle.curves { try check(.curve, curve.aliasOf, from: bundle, usedBy: "curve \(lib)/\(curve.name)") }
            for preset in bundle.presets {
                let user = "preset \(lib)/\(preset.name)"
                if case let .named(curve) = preset.curve { try check(.curve, curve, from: bundle, usedBy: user) }
                if case let .named(curve)? = preset.interaction?.completionCurve { try check(.curve, curve, from: bundle, usedBy: user) }
                try check(.duration, preset.durationName, from: bundle, usedBy: user)
                try check(.preset, preset.reverse, from: bundle, usedBy: user)
                try check(.preset, preset.mirrorOf, from: bundle, usedBy: user)
                try check(.preset, preset.reducedMotion, from: bundle, usedBy: user)
            }
            // Each distinct delegate is looked up once, however many screens name it.
            var delegateFound: [QualifiedName: Bool] = [:]
            for position in 0..<input.screenCount {
                guard let delegate = input.tables.screens.delegate(at: position) else { continue }
                let found = try delegateFound[delegate] ?? isDefined(.delegate, delegate, from: bundle)
                delegateFound[delegate] = found
                if !found { record(missingName(.delegate, delegate, from: bundle), "screen \(lib)/\(input.tables.screenName(at: position))") }
            }
            for container in bundle.containers {
                try check(.delegate, container.delegate, from: bundle, usedBy: "container \(lib)/\(container.name)")
            }
            // A route table names each reference once: check each once per kind, in the order
            // the routes first use them, which is the order of the errors a lookup may throw.
            let table = input.tables
            var known: [[Bool?]] = Array(repeating: Array(repeating: nil, count: table.referenceCount), count: 3)
            func checkRoute(_ kind: EntityKind, _ slot: Int, _ index: Int32, row: RouteTable.Row) throws {
                guard index >= 0 else { return }
                let found: Bool
                if let cached = known[slot][Int(index)] {
                    found = cached
                } else {
                    found = try isDefined(kind, table.reference(index), from: bundle)
                    known[slot][Int(index)] = found
                }
                if !found {
                    let route = table.mapping(row)
                    record(missingName(kind, table.reference(index), from: bundle), "route \(route.delegate): \(route.routeDescription)")
                }
            }
            for row in table.routes.rows {
                try checkRoute(.delegate, 0, row.delegate, row: row)
                try checkRoute(.screen, 1, row.from, row: row)
                try checkRoute(.screen, 1, row.to, row: row)
                try checkRoute(.preset, 2, row.preset, row: row)
                try checkRoute(.preset, 2, row.interaction, row: row)
            }
        }
        if !missing.isEmpty {
            // One line per missing name, with its first user and how many more there are.
            // Suggestions only for the names the error shows: each may scan a library's names.
            throw CatalogError.missingReferences(missing.sorted { $0.value.order < $1.value.order }.enumerated().map { index, entry in
                let (name, use) = entry
                let hint = index < 10 ? suggestion(use.kind, use.reference).map { ", did you mean '\($0)'?" } ?? "" : ""
                return "\(name) (used by \(use.user)\(use.count > 1 ? " and \(use.count - 1) more" : "")\(hint))"
            })
        }
    }

    // MARK: Entries

    /// ``existing(_:_:old:new:screen:)`` on the fields diff and merge compare (``EntrySchema``), so that
    /// "changed" means the same to `import`, `diff` and `merge`.
    ///
    /// - Parameter screen: For a screen of an input's table (`position` in input `table`): an
    ///   unchanged one is listed as a run over the table, without copying its name.
    mutating func existing<Entry>(
        _ schema: EntrySchema<Entry>, _ name: String, old: Entry, new: Entry, screen: (position: Int, table: Int)? = nil
    ) -> Bool {
        existing(schema.kind, name, old: schema.fields(old), new: schema.fields(new), screen: screen)
    }

    /// Records what happened to an entry that exists: unchanged, or a conflict handled by the policy.
    /// Returns whether the bundle's values must be written.
    mutating func existing(
        _ kind: EntityKind, _ name: String, old: [(String, JSONValue)], new: [(String, JSONValue)], screen: (position: Int, table: Int)? = nil
    ) -> Bool {
        let fields = zip(old, new).filter { $0.0.1 != $0.1.1 }.map(\.0.0)
        if fields.isEmpty {
            if let screen {
                report.appendScreen(screen.position, of: inputs[screen.table], table: screen.table, action: .unchanged)
            } else {
                record(.init(kind: kind, name: name, action: .unchanged, fields: []))
            }
            return false
        }
        switch policy {
        case .fail:
            for ((field, was), (_, wanted)) in zip(old, new) where was != wanted {
                conflicts.add("\(kind.rawValue) \(name)", field: field, old: was, new: wanted)
            }
            return false
        case .skip:
            record(.init(kind: kind, name: name, action: .skipped, fields: fields))
            return false
        case .replace:
            record(.init(kind: kind, name: name, action: .changed, fields: fields))
            return true
        }
    }

    /// Adds an entry to the report, remembering where a preset's is: the link phases look them up.
    private mutating func record(_ entry: ImportReport.Entry) {
        report.append(entry)
        if entry.kind == .preset { presetEntries[entry.name] = report.listed.count - 1 }
    }

    private mutating func added(_ kind: EntityKind, _ name: String) {
        record(.init(kind: kind, name: name, action: .added, fields: []))
    }

    private func id(_ kind: EntityKind, library: String, name: String) throws -> Int64? {
        try CatalogLookup.find(kind, QualifiedName(library: library, name: name), db)
    }

    /// The row id a bundle's reference stands for: in its own library first, else the catalog's
    /// unique entry of that name. Cached: a bulk import resolves the same names many times.
    mutating func resolvedID(_ kind: EntityKind, _ reference: QualifiedName, library: String) throws -> Int64 {
        let key = "\(kind.rawValue)|\(reference.library == nil ? library : "")|\(reference)"
        if let id = ids[key] { return id }
        let id = try CatalogLookup.id(kind, reference, prefer: library, db)
        ids[key] = id
        return id
    }

    /// `library/name` of a row id, cached.
    mutating func name(_ kind: EntityKind, id: Int64) throws -> QualifiedName {
        let key = "\(kind.rawValue)|\(id)"
        if let name = names[key] { return name }
        let name = try CatalogLookup.name(kind, id: id, db)
        names[key] = name
        return name
    }

    /// A bundle's reference made absolute.
    private mutating func resolved(_ kind: EntityKind, _ reference: QualifiedName?, library: String) throws -> QualifiedName? {
        guard let reference else { return nil }
        return try name(kind, id: try resolvedID(kind, reference, library: library))
    }

    private mutating func resolved(_ curve: CurveReference, library: String) throws -> CurveReference {
        guard case let .named(reference) = curve else { return curve }
        return .named(try resolved(.curve, reference, library: library) ?? reference)
    }

    private mutating func library(_ bundle: LibraryBundle) throws {
        let library = bundle.library
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM library WHERE name = ?", arguments: [library.name]) else {
            createdLibraries[library.name] = try CatalogWriter(db: db).insertLibrary(library)
            added(.library, library.name)
            return
        }
        let old = try CatalogReader(db: db).library(id: id)
        if existing(schemas.library, library.name, old: old, new: library) {
            // A new version written (not skipped): what the old one had and this lacks is noted.
            if old.version != library.version { newReleases.insert(library.name) }
            if Library.version(library.version, precedes: old.version) == true {
                report.notes.append(
                    "library \(library.name) goes back from version \(old.version) to \(library.version): the bundle is an older release than the catalog's")
            }
            try CatalogWriter(db: db).updateLibrary(id: id, try library.validated())
        }
    }

    /// Every curve of the import: curves of their own first, then aliases, each once the curve
    /// it stands for is written (they may chain, across libraries of the import). Each chain is
    /// followed once, so a hundred thousand aliases cost as many steps, however long the chains.
    private mutating func curves() throws {
        let all = inputs.flatMap(\.bundle.curves)
        for curve in all where curve.aliasOf == nil { try self.curve(curve); progress.advance() }
        // The import's aliases by `library/name`: a target found here is written first; any other
        // is a curve of its own, here or in the catalog, and is there already.
        var aliases: [String: Int] = [:]
        for (position, curve) in all.enumerated() where curve.aliasOf != nil { aliases["\(curve.library)/\(curve.name)"] = position }
        enum State { case waiting, following, written }
        var states = [State](repeating: .waiting, count: all.count)
        for start in all.indices where all[start].aliasOf != nil && states[start] == .waiting {
            var chain: [Int] = []
            var current: Int? = start
            while let position = current, states[position] != .written {
                guard states[position] == .waiting else {
                    let loop = chain[(chain.firstIndex(of: position) ?? 0)...].map { "curve \(all[$0].library)/\(all[$0].name)" }
                    throw ModelError.invalidValue(
                        field: "alias-of curve", value: all[position].aliasOf?.description ?? "",
                        reason: "the aliases \(loop.joined(separator: ", ")) lead back to themselves: a curve cannot be an alias of itself")
                }
                states[position] = .following
                chain.append(position)
                let curve = all[position]
                current = curve.aliasOf.flatMap { aliases["\($0.library ?? curve.library)/\($0.name)"] }
            }
            for position in chain.reversed() {
                try self.curve(all[position])
                states[position] = .written
                progress.advance()
            }
        }
    }

    private mutating func curve(_ curve: NamedCurve) throws {
        var curve = curve
        if let target = curve.aliasOf {
            // The catalog's name of the target and its expression, as the catalog stores an alias.
            let id = try resolvedID(.curve, target, library: curve.library)
            curve.aliasOf = try name(.curve, id: id)
            curve.curve = try CatalogReader(db: db).curve(id: id).curve
        }
        let name = "\(curve.library)/\(curve.name)"
        guard let id = try id(.curve, library: curve.library, name: curve.name) else {
            try CatalogWriter(db: db).insertCurve(curve)
            added(.curve, name)
            return
        }
        if existing(schemas.curve, name, old: try CatalogReader(db: db).curve(id: id), new: curve) {
            try CatalogWriter(db: db).updateCurve(id: id, curve)
        }
    }

    private mutating func duration(_ duration: NamedDuration) throws {
        let name = "\(duration.library)/\(duration.name)"
        guard let id = try id(.duration, library: duration.library, name: duration.name) else {
            try CatalogWriter(db: db).insertDuration(duration)
            added(.duration, name)
            return
        }
        if existing(schemas.duration, name, old: try CatalogReader(db: db).duration(id: id), new: duration) {
            try CatalogWriter(db: db).updateDuration(id: id, duration)
        }
    }

    /// The preset with its references made absolute (its reverse and Reduce Motion alternative
    /// are handled by ``link(_:field:column:_:)``).
    private mutating func absolute(_ preset: Preset) throws -> Preset {
        var preset = preset
        preset.curve = try resolved(preset.curve, library: preset.library)
        if let name = try resolved(.duration, preset.durationName, library: preset.library) {
            // The named duration is written already (this import's or the catalog's): its seconds.
            preset.durationName = name
            preset.duration = try CatalogReader(db: db).duration(id: try resolvedID(.duration, name, library: preset.library)).seconds
        }
        if var interaction = preset.interaction {
            interaction.completionCurve = try resolved(interaction.completionCurve, library: preset.library)
            preset.interaction = interaction
        }
        preset.reverse = nil
        preset.reducedMotion = nil
        // A mirror's source may be imported after it: its name is qualified, not looked up.
        preset.mirrorOf = preset.mirrorOf.map { QualifiedName(library: $0.library ?? preset.library, name: $0.name) }
        return preset
    }

    /// Works out the values of every imported mirror from the preset it mirrors: in the import
    /// (as imported) or in the catalog.
    private mutating func deriveMirrors() throws {
        guard inputs.contains(where: { $0.bundle.presets.contains { $0.mirrorOf != nil } }) else { return }
        // The import's presets by name, as positions: a preset is about a kilobyte, and copying
        // a hundred thousand of them twice made most of an import's peak.
        var positions: [String: (input: Int, preset: Int)] = [:]
        for (input, bundleInput) in inputs.enumerated() {
            for (position, preset) in bundleInput.bundle.presets.enumerated() where positions["\(preset.library)/\(preset.name)"] == nil {
                positions["\(preset.library)/\(preset.name)"] = (input, position)
            }
        }
        for bundleInput in inputs {
            for preset in bundleInput.bundle.presets {
                guard let reference = preset.mirrorOf else { continue }
                let source: Preset
                if let found = positions["\(reference.library ?? preset.library)/\(reference.name)"] {
                    source = inputs[found.input].bundle.presets[found.preset]
                } else {
                    source = try CatalogReader(db: db).preset(id: try CatalogLookup.id(.preset, reference, prefer: preset.library, db))
                }
                mirrors["\(preset.library)/\(preset.name)"] = try preset.mirroring(source)
            }
        }
    }

    private mutating func preset(_ preset: Preset) throws {
        let name = "\(preset.library)/\(preset.name)"
        let new = try absolute(mirrors[name] ?? preset)
        // The mirror link is written in its own phase, once every preset exists.
        var values = new
        values.mirrorOf = nil
        let writer = CatalogWriter(db: db)
        // A library this import creates has no presets to look for.
        guard createdLibraries[preset.library] == nil, let id = try id(.preset, library: preset.library, name: preset.name) else {
            try writer.insertPreset(values)
            added(.preset, name)
            return
        }
        var old = try CatalogReader(db: db).preset(id: id)
        let (currentReverse, currentReducedMotion) = (old.reverse, old.reducedMotion)
        old.reverse = nil
        old.reducedMotion = nil
        if existing(schemas.preset, name, old: old, new: new) {
            // The reverse and the alternative are compared and written in their own phase; keep
            // them as they are meanwhile.
            values.reverse = currentReverse
            values.reducedMotion = currentReducedMotion
            try writer.updatePreset(id: id, values)
        }
    }

    /// Links an added or changed preset to the preset it mirrors (or unlinks it).
    private mutating func mirrorLink(_ preset: Preset) throws {
        let name = "\(preset.library)/\(preset.name)"
        guard let index = presetEntries[name], report.listed[index].action == .added || report.listed[index].action == .changed else { return }
        // An added preset mirrors nothing until told; ten thousand presets need no statement each.
        if preset.mirrorOf == nil && report.listed[index].action == .added { return }
        guard let id = try id(.preset, library: preset.library, name: preset.name) else { return }
        let wanted = try preset.mirrorOf.map { try CatalogLookup.id(.preset, $0, prefer: preset.library, db) }
        try db.cachedStatement(sql: "UPDATE preset SET mirror_of_id = ? WHERE id = ?").execute(arguments: [wanted, id])
    }

    /// Writes a preset's reference to another preset (`reverse`, `reducedMotion`), once every
    /// preset of the import exists: references may go both ways.
    private mutating func link(_ preset: Preset, field: String, column: String, _ reference: KeyPath<Preset, QualifiedName?>) throws {
        let name = "\(preset.library)/\(preset.name)"
        let entry = presetEntries[name]
        let added = entry.map { report.listed[$0].action == .added } ?? false
        // An added preset was written without the link: none wanted, nothing to write.
        if added && preset[keyPath: reference] == nil { return }
        guard let id = try id(.preset, library: preset.library, name: preset.name) else { return }
        let wanted = try preset[keyPath: reference].map { try CatalogLookup.id(.preset, $0, prefer: preset.library, db) }
        func write() throws {
            try DirectStatement("UPDATE preset SET \(column) = ? WHERE id = ?", db).execute([.integer(wanted), .integer(id)])
        }
        if added { return try write() }
        let current = try DirectStatement("SELECT \(column) FROM preset WHERE id = ?", db).firstInt64([.integer(id)])
        guard current != wanted else { return }
        let database = db
        func describe(_ id: Int64?) throws -> JSONValue { .string(try id.map { try CatalogLookup.name(.preset, id: $0, database).description }) }
        let old: [(String, JSONValue)] = [(field, try describe(current))]
        let new: [(String, JSONValue)] = [(field, try describe(wanted))]
        // A preset already reported as changed or skipped gets the field added to its entry.
        if let entry, report.listed[entry].action != .unchanged {
            report.listed[entry].fields.append(field)
            if report.listed[entry].action == .changed { try write() }
            return
        }
        // The preset was unchanged until this field: its new entry takes the unchanged one's place.
        // (A conflict under --on-conflict fail adds none: the import is then refused, report and all.)
        let count = report.listed.count
        let isWritten = existing(.preset, name, old: old, new: new)
        if let entry, report.listed.count > count {
            report.listed[entry] = report.listed.removeLast()
            presetEntries[name] = entry
        }
        if isWritten { try write() }
    }

    private mutating func delegate(_ delegate: Delegate) throws {
        let name = "\(delegate.library)/\(delegate.name)"
        guard let id = try id(.delegate, library: delegate.library, name: delegate.name) else {
            try CatalogWriter(db: db).insertDelegate(delegate)
            added(.delegate, name)
            return
        }
        if existing(schemas.delegate, name, old: try CatalogReader(db: db).delegate(id: id), new: delegate) {
            try db.cachedStatement(sql: "UPDATE delegate SET released = ?, description = ? WHERE id = ?")
                .execute(arguments: [delegate.released, delegate.description, id])
        }
    }

    /// A screen of input `number`, whose screens come in order.
    private mutating func screen(_ screen: Screen, input number: Int) throws {
        if let library = createdLibraries[screen.library] { return try newScreen(screen, libraryID: library, input: number) }
        let name = "\(screen.library)/\(screen.name)"
        var new = screen
        new.delegate = try resolved(.delegate, screen.delegate, library: screen.library)
        let entries = report.listed.count
        guard let (id, old) = try CatalogReader(db: db).screen(library: screen.library, name: screen.name, delegateName: { try self.name(.delegate, id: $0) })
        else {
            let id = try CatalogWriter(db: db).insertScreen(new)
            added(.screen, name)
            // Its entry names the row only when the name was stored as written.
            importedScreens[number, default: ImportedScreens()].append(id: id, entry: try screen.validated().name == screen.name ? entries : nil)
            return
        }
        defer { importedScreens[number, default: ImportedScreens()].append(id: id, entry: report.listed.count > entries ? entries : nil) }
        // Screens come in their table's order, each adding one to `importedScreens`.
        let position = importedScreens[number]?.count ?? 0
        if existing(schemas.screen, name, old: old, new: new, screen: (position, number)) {
            // A cached statement and the delegate's resolved id: a release may change every screen.
            let delegateID = try screen.delegate.map { try resolvedID(.delegate, $0, library: screen.library) }
            try db.cachedStatement(sql: "UPDATE screen SET delegate_id = ?, modal_style = ?, presentation_style = ?, description = ? WHERE id = ?")
                .execute(arguments: [delegateID, new.modalStyle.rawValue, new.presentationStyle.rawValue, new.description, id])
        }
    }

    /// A screen of a library this import created, inserted through one prepared statement: a
    /// library of two million screens must not cost a lookup and a statement compilation each.
    /// Its report entry leaves the name in the input's table.
    private mutating func newScreen(_ screen: Screen, libraryID: Int64, input number: Int) throws {
        let valid = try screen.validated()
        let delegateID = try screen.delegate.map { try resolvedID(.delegate, $0, library: screen.library) }
        let insert = try db.cachedStatement(
            sql: "INSERT INTO screen (library_id, name, delegate_id, modal_style, presentation_style, description) VALUES (?, ?, ?, ?, ?, ?)")
        try insert.execute(
            arguments: [libraryID, valid.name, delegateID, valid.modalStyle.rawValue, valid.presentationStyle.rawValue, valid.description])
        let position = importedScreens[number]?.count ?? 0
        // One entry a screen, so that the entry of screen `position` is the first one's + `position`.
        if valid.name == screen.name {
            report.appendScreen(position, of: inputs[number], table: number, action: .added)
        } else {
            added(.screen, "\(screen.library)/\(valid.name)")
        }
        importedScreens[number, default: ImportedScreens()].append(id: db.lastInsertedRowID, entry: report.listed.count - 1)
    }

    private mutating func container(_ container: Container) throws {
        let name = "\(container.library)/\(container.name)"
        var new = container
        new.delegate = try resolved(.delegate, container.delegate, library: container.library)
        guard let id = try id(.container, library: container.library, name: container.name) else {
            try CatalogWriter(db: db).insertContainer(new)
            added(.container, name)
            return
        }
        if existing(schemas.container, name, old: try CatalogReader(db: db).container(id: id), new: new) {
            let delegateID = try new.delegate.map { try CatalogLookup.id(.delegate, $0, db) }
            try db.execute(
                sql: "UPDATE container SET kind = ?, delegate_id = ?, description = ? WHERE id = ?",
                arguments: [new.kind.rawValue, delegateID, new.description, id])
        }
    }

    // MARK: Removal (synchronize)

    /// A note naming the entries of `input`'s library that its bundle, a new version of the
    /// library, does not have: an import adds and changes, so what the release removed or renamed
    /// stays, and routes may still play it. `nil` when there are none.
    private func leftBehind(_ input: BundleInput) throws -> String? {
        let bundle = input.bundle
        let library = bundle.library.name
        let libraryID = try CatalogLookup.libraryID(library, create: false, db)
        var names: [String] = []
        func missing(_ kind: EntityKind, _ wanted: [String]) throws {
            let wanted = Set(wanted)
            let stored = try String.fetchAll(db, sql: "SELECT name FROM \(kind.table) WHERE library_id = ? ORDER BY name", arguments: [libraryID])
            names += stored.filter { !wanted.contains($0) }.map { "\(kind.rawValue) \(library)/\($0)" }
        }
        try missing(.curve, bundle.curves.map(\.name))
        try missing(.duration, bundle.durations.map(\.name))
        try missing(.preset, bundle.presets.map(\.name))
        try missing(.delegate, bundle.delegates.map(\.name))
        try missing(.container, bundle.containers.map(\.name))
        // Every screen and route of the bundle is in the catalog now: the rest are counted.
        let screens = try Int.fetchOne(db, sql: "SELECT count(*) FROM screen WHERE library_id = ?", arguments: [libraryID]) ?? 0
        let routes = try Int.fetchOne(db, sql: "SELECT count(*) FROM route WHERE \(CatalogReader.libraryRoutes)", arguments: [libraryID]) ?? 0
        let extraScreens = screens - input.screenCount
        let extraRoutes = routes - input.routeCount
        guard !names.isEmpty || extraScreens > 0 || extraRoutes > 0 else { return nil }
        var parts = names.isEmpty ? [] : [names.firstFew(10)]
        if extraScreens > 0 { parts.append(extraScreens == 1 ? "1 screen" : "\(extraScreens) screens") }
        if extraRoutes > 0 { parts.append(extraRoutes == 1 ? "1 route" : "\(extraRoutes) routes") }
        let count = names.count + max(0, extraScreens) + max(0, extraRoutes)
        return "library \(library) \(bundle.library.version) keeps \(count == 1 ? "1 entry" : "\(count) entries") its bundle does not have ("
            + parts.joined(separator: ", ")
            + "): an import adds and changes but removes nothing; --prune makes the library exactly the bundle"
    }

    private mutating func removeMissing(_ input: BundleInput) throws {
        let bundle = input.bundle
        let library = bundle.library.name
        let libraryID = try CatalogLookup.libraryID(library, create: false, db)
        // Routes first: they point at everything else.
        var keep = Set<Int64>()
        let lookup = try db.cachedStatement(
            sql: "SELECT id FROM route WHERE delegate_id = ? AND operation = ? AND ifnull(from_screen_id, 0) = ? AND ifnull(to_screen_id, 0) = ?")
        for route in input.tables.routes.mappings(names: input.tables.names) {
            var key: [(any DatabaseValueConvertible)?] = [try resolvedID(.delegate, route.delegate, library: library), route.operation.rawValue]
            for side in [route.from, route.to] {
                if case let .screen(screen) = side { key.append(try resolvedID(.screen, screen, library: library)) } else { key.append(Int64(0)) }
            }
            if let id = try Int64.fetchOne(lookup, arguments: StatementArguments(key)) { keep.insert(id) }
        }
        for route in try CatalogReader(db: db).routes(library: library) where !keep.contains(route.id ?? -1) {
            try db.execute(sql: "DELETE FROM route WHERE id = ?", arguments: [route.id])
            report.append(.init(kind: .route, name: "\(route.delegate): \(route.routeDescription)", action: .removed, fields: []))
        }
        func remove(_ kind: EntityKind, keeping names: [String]) throws {
            let wanted = Set(names)
            try remove(kind) { wanted.contains($0) }
        }
        func remove(_ kind: EntityKind, keeping wanted: (String) -> Bool) throws {
            let rows = try Row.fetchAll(db, sql: "SELECT id, name FROM \(kind.table) WHERE library_id = ? ORDER BY name", arguments: [libraryID])
            for row in rows where !wanted(row["name"]) {
                let id: Int64 = row["id"]
                let users = try CatalogReader(db: db).users(of: kind, id: id)
                if !users.isEmpty {
                    throw CatalogError.inUse(kind: kind, name: "\(library)/\(row["name"] as String)", usedBy: users)
                }
                if kind == .preset {
                    try db.execute(sql: "UPDATE preset SET reverse_id = NULL WHERE reverse_id = ?", arguments: [id])
                    try db.execute(sql: "UPDATE preset SET reduced_motion_id = NULL WHERE reduced_motion_id = ?", arguments: [id])
                }
                try db.execute(sql: "DELETE FROM \(kind.table) WHERE id = ?", arguments: [id])
                report.append(.init(kind: kind, name: "\(library)/\(row["name"] as String)", action: .removed, fields: []))
            }
        }
        try remove(.container, keeping: bundle.containers.map(\.name))
        try remove(.screen) { input.tables.screenPosition(of: $0) != nil }
        try remove(.delegate, keeping: bundle.delegates.map(\.name))
        try db.execute(
            sql: "UPDATE preset SET reverse_id = NULL WHERE library_id = ? AND reverse_id IN (SELECT id FROM preset WHERE library_id = ? AND name NOT IN (SELECT value FROM json_each(?)))",
            arguments: [libraryID, libraryID, JSONValue.array(bundle.presets.map { .string($0.name) }).compact])
        try db.execute(
            sql: "UPDATE preset SET reduced_motion_id = NULL WHERE library_id = ? AND reduced_motion_id IN (SELECT id FROM preset WHERE library_id = ? AND name NOT IN (SELECT value FROM json_each(?)))",
            arguments: [libraryID, libraryID, JSONValue.array(bundle.presets.map { .string($0.name) }).compact])
        try remove(.preset, keeping: bundle.presets.map(\.name))
        try db.execute(
            sql: "UPDATE curve SET alias_of_id = NULL WHERE library_id = ? AND name NOT IN (SELECT value FROM json_each(?))",
            arguments: [libraryID, JSONValue.array(bundle.curves.map { .string($0.name) }).compact])
        try remove(.curve, keeping: bundle.curves.map(\.name))
        try remove(.duration, keeping: bundle.durations.map(\.name))
    }
}

/// The screens of an input's library as an import wrote or found them, in the order of the
/// input's table: each one's row id and report entry.
struct ImportedScreens {
    private(set) var count = 0
    private var firstID: Int64 = 0
    private var firstEntry = 0
    /// Row ids by position, kept only once they stop following the first's (`nil` until then):
    /// SQLite gives a new row the largest row id plus one, so two million screens of a new
    /// library need no array.
    private var ids: [Int64]?
    /// Report entries by position (-1: none), kept only once they stop following the first's.
    private var entries: [Int]?

    /// Records the next screen: its row id, and its entry in the report's `listed` when it has
    /// one that names it as stored (not a conflict, or a name stored in another spelling).
    mutating func append(id: Int64, entry: Int?) {
        if count == 0 {
            firstID = id
            firstEntry = entry ?? 0
        }
        if ids == nil && id != firstID + Int64(count) { ids = (0..<Int64(count)).map { firstID + $0 } }
        ids?.append(id)
        if entries == nil && entry != firstEntry + count { entries = (0..<count).map { firstEntry + $0 } }
        entries?.append(entry ?? -1)
        count += 1
    }

    /// The row id of the screen at `position`.
    func id(at position: Int) -> Int64 { ids?[position] ?? firstID + Int64(position) }

    /// The report entry of the screen at `position`, if it has one.
    func entry(at position: Int) -> Int? {
        guard let entries else { return firstEntry + position }
        return entries[position] >= 0 ? entries[position] : nil
    }
}
