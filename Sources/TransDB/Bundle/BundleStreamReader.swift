import TransDBCore
/// Reads a bundle document without holding its routes, screens or presets as JSON trees: every
/// other section is parsed into a tree as before (they are small), while each element of
/// `"routes"` is read, checked and turned into a ``RouteTable`` row as soon as it is parsed, each
/// of `"screens"` into a ``ScreenTable`` row, and each of `"presets"` kept as its bytes until the
/// reader makes a preset of it.
///
/// Errors come out as a whole-document read would give them: invalid JSON anywhere first, then
/// the other sections in their fixed order, then the first invalid or repeated route. So a route
/// error is only remembered while the rest of the file is read.
///
/// Most route elements take a fast path that reads the shape transdb writes — an object of
/// known keys with plain string (or null) values — straight from the bytes, each distinct
/// string decoded and validated once. Anything else (escapes, numbers, unknown or repeated keys,
/// invalid values) is read again from the element's start by the general parser and checked
/// by ``BundleFormat``'s route reader, which words every error.
struct BundleStreamReader {
    let file: String
    private(set) var routes = RouteTable()
    /// The first invalid or repeated route, reported once the rest of the file has been read.
    private var routeError: (any Error)?
    /// The screens, read element by element too (a catalog may have millions); `nil` until the
    /// document's `"screens"` array is met.
    private var screens: BundleFormat.Reader.StreamedScreens?
    /// The presets, kept as bytes until the reader gets to them (see ``DeferredElements``);
    /// `nil` until the document's `"presets"` array is met.
    private var presets: DeferredElements?
    /// Every string the routes' fast path met, the screens' names and the routes' references,
    /// each once: the names of the ``BundleInput`` read.
    private var names = ByteInterner()
    /// Per name: what it is as a reference, a route side and an operation (see ``Parsed``);
    /// names added elsewhere (screens, references in their canonical form) get their slots when
    /// the fast path next interns.
    private var asReference: [Int32] = []
    private var asSide: [Int32] = []
    private var asOperation: [Int8] = []

    /// What a string is not yet known to be, or is not.
    private enum Parsed {
        static let unknown: Int32 = -3
        static let invalid: Int32 = -2
        /// `*` as a route side.
        static let any: Int32 = -1
    }

    init(file: String) {
        self.file = file
    }

    /// Reads the whole document from `parser`.
    ///
    /// - Throws: ``CatalogError/invalidBundle(file:path:reason:)``.
    mutating func read(_ parser: inout StrictJSON.Parser) throws -> BundleInput {
        let root: JSONValue
        do {
            root = try parser.document { (parser: inout StrictJSON.Parser, depth: Int) throws(StrictJSON.ParseError) in
                try self.root(&parser, depth: depth)
            }
        } catch {
            throw error.invalidFile(file)
        }
        let (bundle, table) = try BundleFormat.Reader(file: file).bundle(
            JSONCursor(value: root, path: "$", file: file), streamed: &screens, presets: presets, names: &names)
        if let routeError { throw routeError }
        if let foreign = routes.firstOnAnotherLibrary(bundle.library.name, names: names) {
            let library = foreign.delegate.library ?? ""
            throw CatalogError.invalidBundle(
                file: file, path: "$.routes[\(foreign.position)].delegate",
                reason: "'\(foreign.delegate)' is a delegate of library '\(library)', and a bundle of library '\(bundle.library.name)' holds only the routes on its own delegates; put the route in a bundle of '\(library)' (transdb export --library \(library))")
        }
        routes.finish()
        return BundleInput(bundle: bundle, tables: BundleTables(names: names, screens: table, routes: routes), file: file)
    }

    /// The root value; for an object, its `"routes"` array is read element by element and left
    /// empty in the tree.
    private mutating func root(_ parser: inout StrictJSON.Parser, depth: Int) throws(StrictJSON.ParseError) -> JSONValue {
        guard parser.bytes[parser.index] == UInt8(ascii: "{") else { return try parser.value(depth: depth) }
        var members: [(String, JSONValue)] = []
        try parser.readMembers(depth: depth) { (parser: inout StrictJSON.Parser, key: String) throws(StrictJSON.ParseError) in
            if key == "routes", parser.has(), parser.bytes[parser.index] == UInt8(ascii: "[") {
                try parser.readElements(depth: depth + 1) { (parser: inout StrictJSON.Parser, index: Int) throws(StrictJSON.ParseError) in
                    try self.route(&parser, index: index, depth: depth + 2)
                }
                members.append((key, .array([])))
            } else if key == "screens", parser.has(), parser.bytes[parser.index] == UInt8(ascii: "[") {
                var streamed = BundleFormat.Reader.StreamedScreens()
                try parser.readElements(depth: depth + 1) { (parser: inout StrictJSON.Parser, index: Int) throws(StrictJSON.ParseError) in
                    let value = try parser.value(depth: depth + 2)
                    guard streamed.error == nil else { return }
                    do {
                        let entry = JSONCursor(value: value, path: "$.screens[\(index)]", file: file)
                        try BundleFormat.Reader(file: file).screen(entry, into: &streamed.table, names: &self.names)
                    } catch {
                        streamed.error = error
                    }
                }
                screens = streamed
                members.append((key, .array([])))
            } else if key == "presets", parser.has(), parser.bytes[parser.index] == UInt8(ascii: "[") {
                var deferred = DeferredElements(depth: depth + 2)
                try parser.readElements(depth: depth + 1) { (parser: inout StrictJSON.Parser, _: Int) throws(StrictJSON.ParseError) in
                    // The element's bytes stay in the window (`mark`) until they are kept.
                    let outerMark = parser.mark
                    let start = parser.offset
                    parser.mark = parser.index
                    _ = try parser.value(depth: depth + 2)
                    deferred.append(parser.bytes[(parser.index - (parser.offset - start))..<parser.index])
                    parser.mark = outerMark
                }
                presets = deferred
                members.append((key, .array([])))
            } else {
                members.append((key, try parser.value(depth: depth + 1)))
            }
        }
        return .object(members)
    }

    /// One element of `"routes"`.
    private mutating func route(_ parser: inout StrictJSON.Parser, index: Int, depth: Int) throws(StrictJSON.ParseError) {
        let start = parser.offset
        let outerMark = parser.mark
        parser.mark = parser.index
        if let row = fastRow(&parser) {
            parser.mark = outerMark
            if routeError == nil { add(row, index: index) }
            return
        }
        parser.rewind(to: start)
        parser.mark = outerMark
        let value = try parser.value(depth: depth)
        guard routeError == nil else { return }
        do {
            let route = try BundleFormat.Reader(file: file).route(JSONCursor(value: value, path: "$.routes[\(index)]", file: file))
            add(RouteTable.row(route, names: &names), index: index)
        } catch {
            routeError = error
        }
    }

    /// Adds a route, or remembers that its key was already used. Rows are added only while
    /// every route is valid, so a row's position is its element's.
    private mutating func add(_ row: RouteTable.Row, index: Int) {
        if let first = routes.appendUnique(row) {
            let route = RouteTable.mapping(row, names: names)
            routeError = CatalogError.invalidBundle(
                file: file, path: "$.routes[\(index)]",
                reason: "the route \(route.routeDescription) on '\(route.delegate)' is already at $.routes[\(first)]")
        }
    }

    // MARK: Fast path

    private static let operations = TransitionOperation.allCases

    private enum Field: Int {
        case delegate, operation, from, to, preset, interaction
    }

    /// The element as a row when it has the plain shape (see the type's comment), else nil with
    /// the parser somewhere inside the element.
    private mutating func fastRow(_ parser: inout StrictJSON.Parser) -> RouteTable.Row? {
        guard parser.has(), parser.bytes[parser.index] == UInt8(ascii: "{") else { return nil }
        parser.index += 1
        // String ids per field; -1 for null, -2 for absent.
        var values: (Int32, Int32, Int32, Int32, Int32, Int32) = (-2, -2, -2, -2, -2, -2)
        var seen = 0
        while true {
            parser.skipSpace()
            guard let key = plainString(&parser), let field = Self.field(parser.bytes, key) else { return nil }
            guard seen & (1 << field.rawValue) == 0 else { return nil }
            seen |= 1 << field.rawValue
            parser.skipSpace()
            guard parser.has(), parser.bytes[parser.index] == UInt8(ascii: ":") else { return nil }
            parser.index += 1
            parser.skipSpace()
            let value: Int32
            if parser.has(4), parser.bytes[parser.index] == UInt8(ascii: "n") {
                guard parser.bytes[parser.index + 1] == UInt8(ascii: "u"), parser.bytes[parser.index + 2] == UInt8(ascii: "l"),
                    parser.bytes[parser.index + 3] == UInt8(ascii: "l")
                else { return nil }
                parser.index += 4
                value = -1
            } else {
                guard let text = plainString(&parser) else { return nil }
                value = intern(parser.bytes, text)
            }
            switch field {
            case .delegate: values.0 = value
            case .operation: values.1 = value
            case .from: values.2 = value
            case .to: values.3 = value
            case .preset: values.4 = value
            case .interaction: values.5 = value
            }
            parser.skipSpace()
            guard parser.has() else { return nil }
            if parser.bytes[parser.index] == UInt8(ascii: ",") {
                parser.index += 1
                continue
            }
            guard parser.bytes[parser.index] == UInt8(ascii: "}") else { return nil }
            parser.index += 1
            break
        }
        // Required: delegate, op and from as strings, preset present; to as a string if present.
        guard values.0 >= 0, values.1 >= 0, values.2 >= 0, values.4 != -2, values.3 != -1 else { return nil }
        let delegate = reference(values.0)
        let operationCode = operation(values.1)
        let from = side(values.2)
        let to = values.3 == -2 ? Parsed.any : side(values.3)
        let preset = values.4 == -1 ? -1 : reference(values.4)
        let interaction = values.5 < 0 ? -1 : reference(values.5)
        guard delegate >= 0, operationCode >= 0, from != Parsed.invalid, to != Parsed.invalid, preset != Parsed.invalid,
            interaction != Parsed.invalid
        else { return nil }
        let operation = Self.operations[Int(operationCode)]
        // The model's rules, which ``BundleFormat`` words: leave a route that breaks one to it.
        guard RouteMapping.keepsDestinationRule(operation: operation, toAnyScreen: to == Parsed.any),
            RouteMapping.keepsInteractionRule(returnsAnimator: preset >= 0, hasInteraction: interaction >= 0)
        else { return nil }
        return RouteTable.Row(delegate: delegate, operation: operation, from: from, to: to, preset: preset, interaction: interaction)
    }

    /// The window range of a string without escapes or control characters (valid UTF-8 checked),
    /// the parser after its closing quote; nil for anything else.
    private func plainString(_ parser: inout StrictJSON.Parser) -> Range<Int>? {
        guard parser.has(), parser.bytes[parser.index] == UInt8(ascii: "\"") else { return nil }
        parser.index += 1
        // An offset, not an index: reading on may move the window (the element start is kept).
        let start = parser.offset
        while parser.has() {
            // Printable ASCII runs are scanned over the window at once.
            let stop = parser.bytes.withUnsafeBufferPointer { window in
                var position = parser.index
                while position < window.count {
                    let byte = window[position]
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
                    position += 1
                }
                return position
            }
            parser.index = stop
            guard stop < parser.bytes.count else { continue }
            let byte = parser.bytes[stop]
            if byte == UInt8(ascii: "\"") {
                let range = (start - parser.base)..<stop
                parser.index += 1
                return range
            }
            if byte >= 0x80 {
                guard (try? parser.utf8Scalar()) != nil else { return nil }
            } else {
                return nil
            }
        }
        return nil
    }

    private static func field(_ bytes: [UInt8], _ range: Range<Int>) -> Field? {
        func matches(_ word: StaticString) -> Bool {
            range.count == word.utf8CodeUnitCount && (0..<range.count).allSatisfy { bytes[range.lowerBound + $0] == word.utf8Start[$0] }
        }
        switch range.count {
        case 2: return matches("op") ? .operation : matches("to") ? .to : nil
        case 4: return matches("from") ? .from : nil
        case 6: return matches("preset") ? .preset : nil
        case 8: return matches("delegate") ? .delegate : nil
        case 11: return matches("interaction") ? .interaction : nil
        default: return nil
        }
    }

    private mutating func intern(_ bytes: [UInt8], _ range: Range<Int>) -> Int32 {
        let id = names.intern(bytes, range).id
        if asReference.count < names.count {
            let added = names.count - asReference.count
            asReference.append(contentsOf: repeatElement(Parsed.unknown, count: added))
            asSide.append(contentsOf: repeatElement(Parsed.unknown, count: added))
            asOperation.append(contentsOf: repeatElement(-2, count: added))
        }
        return id
    }

    /// The number of `name`'s text: string `id` itself when it is that text already (the usual
    /// case), else the canonical text's (a name in NFC, say).
    private mutating func number(_ name: QualifiedName, text id: Int32) -> Int32 {
        var text = name.description
        let same = text.withUTF8 { canonical in names.withBytes(id) { $0.elementsEqual(canonical) } }
        return same ? id : names.number(name)
    }

    /// The number of string `id` read as a reference, or ``Parsed/invalid``.
    private mutating func reference(_ id: Int32) -> Int32 {
        let known = asReference[Int(id)]
        if known != Parsed.unknown { return known }
        // The field name only words errors, which the general path reports.
        let parsed = (try? QualifiedName(parsing: names.string(id), field: "name")).map { number($0, text: id) } ?? Parsed.invalid
        asReference[Int(id)] = parsed
        return parsed
    }

    /// String `id` read as a route side: a reference's number, ``Parsed/any`` or ``Parsed/invalid``.
    private mutating func side(_ id: Int32) -> Int32 {
        let known = asSide[Int(id)]
        if known != Parsed.unknown { return known }
        let parsed: Int32
        switch try? ScreenPattern(parsing: names.string(id), field: "screen") {
        case .any?: parsed = Parsed.any
        case let .screen(name)?: parsed = number(name, text: id)
        case nil: parsed = Parsed.invalid
        }
        asSide[Int(id)] = parsed
        return parsed
    }

    /// String `id` as the position of an operation in `TransitionOperation.allCases`, or -1.
    private mutating func operation(_ id: Int32) -> Int8 {
        let known = asOperation[Int(id)]
        if known != -2 { return known }
        let text = names.string(id)
        let parsed = Self.operations.firstIndex { $0.rawValue == text }.map { Int8($0) } ?? -1
        asOperation[Int(id)] = parsed
        return parsed
    }
}
