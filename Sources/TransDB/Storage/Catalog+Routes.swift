import GRDB
import TransDBCore

/// A route mapping to add: on `delegate`, or on the delegate of the object UIKit asks for this
/// operation (the presented or dismissed screen, or the container), which is given a delegate
/// of its own when it has none.
public struct RouteRequest: Hashable, Sendable {
    public var operation: TransitionOperation
    public var from: ScreenPattern
    public var to: ScreenPattern
    /// The animator to return, or `nil` to return `nil` explicitly.
    public var preset: QualifiedName?
    public var interaction: QualifiedName?
    public var delegate: QualifiedName?
    /// The container whose delegate answers push, pop and tab.
    public var container: QualifiedName?
    /// The library preferred for bare names.
    public var library: String
    /// The library a created delegate goes to; `nil` puts it in the asked object's library.
    public var delegateLibrary: String?

    /// Creates a request.
    public init(
        operation: TransitionOperation, from: ScreenPattern, to: ScreenPattern, preset: QualifiedName?,
        interaction: QualifiedName? = nil, delegate: QualifiedName? = nil, container: QualifiedName? = nil,
        library: String = Library.defaultName, delegateLibrary: String? = nil
    ) {
        self.delegateLibrary = delegateLibrary
        self.operation = operation
        self.from = from
        self.to = to
        self.preset = preset
        self.interaction = interaction
        self.delegate = delegate
        self.container = container
        self.library = library
    }
}

/// What `addRoute` did: the mapping as stored, and what else it did, in sentences.
public struct RouteAddition: Hashable, Sendable {
    public var mapping: RouteMapping
    public var notes: [String]
}

extension Catalog {
    /// Adds a route mapping, choosing (and if needed creating) the delegate when none is given.
    ///
    /// - Throws: ``CatalogError``: unknown names, a dismiss route with a destination, an
    ///   interaction without an animator, a duplicate or a tie with an existing mapping.
    ///
    /// - Parameter dryRun: Check everything and keep nothing; the notes say what would be done.
    public func addRoute(_ request: RouteRequest, dryRun: Bool = false) throws -> RouteAddition {
        try transaction(commit: !dryRun) { db in
            var notes: [String] = []
            let delegate = try request.delegate ?? defaultDelegate(for: request, dryRun: dryRun, notes: &notes, db)
            if request.delegate != nil {
                notes += try reachabilityNotes(delegate: delegate, request: request, db)
            }
            let mapping = try CatalogWriter(db: db).insertRoute(
                RouteMapping(
                    delegate: delegate, operation: request.operation, from: request.from, to: request.to,
                    preset: request.preset, interaction: request.interaction),
                prefer: request.library)
            return RouteAddition(mapping: mapping, notes: notes)
        }
    }

    /// The delegate of the object UIKit asks, created and assigned when it has none.
    private func defaultDelegate(for request: RouteRequest, dryRun: Bool, notes: inout [String], _ db: Database) throws -> QualifiedName {
        let table: String
        let ownerID: Int64
        let property: String
        switch request.operation {
        case .present, .dismiss:
            let side = request.operation == .present ? request.to : request.from
            let role = request.operation == .present ? "presented (--to)" : "dismissed (--from)"
            guard case let .screen(name) = side else {
                throw ModelError.invalidValue(
                    field: "route", value: "\(request.from) → \(request.to)",
                    reason: "UIKit asks the \(role) screen's transitioningDelegate; with '*' there give --delegate")
            }
            (table, ownerID, property) = (
                "screen", try CatalogLookup.id(.screen, name, prefer: request.library, db), "transitioningDelegate"
            )
        case .push, .pop, .tab:
            (table, ownerID, property) = ("container", try containerID(for: request, db), "delegate")
        }
        let owner = try CatalogLookup.name(table == "screen" ? .screen : .container, id: ownerID, db)
        if let existing = try Int64.fetchOne(db, sql: "SELECT delegate_id FROM \(table) WHERE id = ?", arguments: [ownerID]) {
            let name = try CatalogLookup.name(.delegate, id: existing, db)
            notes.append("\(dryRun ? "would add" : "added") to '\(name)', the \(property) of \(table) '\(owner)'")
            return name
        }
        // The owner's name, shortened when the delegate's would be longer than a name may be
        // (room is left for a number that tells two such names apart).
        let ending = table == "screen" ? "TransitioningDelegate" : "Delegate"
        let room = Name.maximumLength - ending.unicodeScalars.count - 4
        let start = owner.name.unicodeScalars.count <= room ? owner.name : String(String.UnicodeScalarView(owner.name.unicodeScalars.prefix(room)))
        let base = start + ending
        var candidate = base
        var suffix = 2
        let delegateLibrary = request.delegateLibrary ?? owner.library ?? request.library
        let libraryID = try CatalogLookup.libraryID(delegateLibrary, create: true, db)
        while try Int64.fetchOne(db, sql: "SELECT 1 FROM delegate WHERE library_id = ? AND name = ?", arguments: [libraryID, candidate])
            != nil
        {
            candidate = "\(base)\(suffix)"
            suffix += 1
        }
        let name = QualifiedName(library: delegateLibrary, name: candidate)
        let id = try CatalogWriter(db: db).insertDelegate(Delegate(library: delegateLibrary, name: candidate))
        try db.execute(sql: "UPDATE \(table) SET delegate_id = ? WHERE id = ?", arguments: [id, ownerID])
        notes.append("\(table) '\(owner)' had no \(property): \(dryRun ? "would create" : "created") delegate '\(name)' and set it")
        return name
    }

    /// The container for a push, pop or tab route: the one given, or the only one of its kind.
    private func containerID(for request: RouteRequest, _ db: Database) throws -> Int64 {
        let kind = request.operation.containerKind ?? .navigation
        let id: Int64
        if let container = request.container {
            id = try CatalogLookup.id(.container, container, prefer: request.library, db)
        } else {
            let ids = try Int64.fetchAll(db, sql: "SELECT id FROM container WHERE kind = ? LIMIT 2", arguments: [kind.rawValue])
            guard ids.count == 1 else {
                throw ModelError.invalidValue(
                    field: "route", value: "\(request.operation.rawValue) \(request.from) → \(request.to)",
                    reason: ids.isEmpty
                        ? "\(request.operation.rawValue) routes belong to a \(kind.rawValue) container's delegate and the catalog has none; add one with `transdb add container NAME --kind \(kind.rawValue)`"
                        : "several \(kind.rawValue) containers exist: give --container or --delegate")
            }
            id = ids[0]
        }
        let actual = try String.fetchOne(db, sql: "SELECT kind FROM container WHERE id = ?", arguments: [id])
        guard actual == kind.rawValue else {
            throw ModelError.invalidValue(
                field: "container", value: try CatalogLookup.name(.container, id: id, db).description,
                reason: "it is a \(actual ?? "?") container; \(request.operation.rawValue) routes need a \(kind.rawValue) container")
        }
        return id
    }

    /// Notes when an explicitly named delegate is not the one UIKit would ask for this route.
    private func reachabilityNotes(delegate: QualifiedName, request: RouteRequest, _ db: Database) throws -> [String] {
        let delegateID = try CatalogLookup.id(.delegate, delegate, prefer: request.library, db)
        let askedSide: ScreenPattern
        switch request.operation {
        case .present: askedSide = request.to
        case .dismiss: askedSide = request.from
        default: return []
        }
        guard case let .screen(name) = askedSide, let screenID = try CatalogLookup.find(.screen, name, prefer: request.library, db) else {
            return []
        }
        let current = try Int64.fetchOne(db, sql: "SELECT delegate_id FROM screen WHERE id = ?", arguments: [screenID])
        if current == delegateID { return [] }
        return ["note: screen '\(name)' does not have '\(delegate)' as its transitioningDelegate, so UIKit will not ask it for this route"]
    }
}
