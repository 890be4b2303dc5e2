import Foundation
import TransDBCore

/// DTCG (Format Module 2025.10) files read into their groups and tokens, with what the format
/// defines around them: `$type` and `$deprecated` inherited from groups, `$root` tokens,
/// `$extends`, and references — `{group.token}` aliases and `$ref` JSON pointers — followed
/// through chains with cycle detection. It knows nothing of transdb: ``DTCGReader`` makes
/// libraries of its tokens.
///
/// Several files make one document, as a design system splits its tokens over files: groups
/// with the same path merge, and an alias may name a token of any of them; a token defined in
/// two files is refused.
struct DTCGDocument {
    /// The types DTCG 2025.10 defines.
    static let types = [
        "color", "dimension", "fontFamily", "fontWeight", "duration", "cubicBezier", "number", "strokeStyle", "border",
        "transition", "shadow", "gradient", "typography",
    ]

    /// The DTCG type `type` was meant to be when it differs from one only in case or punctuation
    /// (`cubic-bezier`, `Duration`).
    static func intendedType(_ type: String) -> String? {
        func folded(_ text: String) -> String { String(text.lowercased().filter { $0.isLetter || $0.isNumber }) }
        let key = folded(type)
        return types.first { $0 != type && folded($0) == key }
    }

    /// A token or group marked `$deprecated`, with the reason when one is given.
    struct Deprecation: Hashable {
        var reason: String?
    }

    /// One token.
    struct Token {
        /// The path's segments, `$root` included (`["color", "accent", "$root"]`).
        var segments: [String]
        /// Where the token's object is (`$.color.accent.$root`).
        var location: String
        /// The token's own `$type`.
        var explicitType: String?
        /// The `$type` of the closest group that has one (see ``resolveExtends()``).
        var groupType: String?
        /// `$value`, or `{"$ref": …}` for a token given by a JSON pointer.
        var value: JSONCursor
        var description: String?
        /// Its own `$deprecated`, or its closest group's.
        var deprecation: Deprecation?
        /// `$extensions`, by key.
        var extensions: [(key: String, value: JSONCursor)]
        /// The file it is in.
        var file: String

        /// The path aliases use: `color.accent.$root`.
        var path: String { segments.joined(separator: ".") }
    }

    /// One group (the file's top level is the group with no segments).
    struct Group {
        var segments: [String]
        var location: String
        /// The group's own `$type`.
        var ownType: String?
        var description: String?
        /// Its own `$deprecated`, or its closest ancestor's.
        var deprecation: Deprecation?
        var extensions: [(key: String, value: JSONCursor)]
        /// `$extends` (or the JSON Schema spelling `$ref`), when the group extends another.
        var extends: JSONCursor?
        /// The path of the group it extends, once resolved.
        var extendsTarget: String?
        /// The file it was first found in.
        var file: String

        var path: String { segments.joined(separator: ".") }
    }

    /// The files, in the order given.
    let files: [String]
    /// Each file's top level, for `$ref` JSON pointers (which point into their own file).
    private var roots: [String: JSONValue] = [:]
    /// Tokens in the file's order, then those inherited through `$extends`.
    private(set) var tokens: [Token] = []
    /// Groups in the file's order, parents first.
    private(set) var groups: [Group] = []
    /// Unknown `$` properties, in the file's order.
    private(set) var notes: [String] = []
    /// The first file's `$schema` (at the top level only), checked as a library's tokens schema.
    private(set) var schema: String?
    private var tokenIndex: [String: Int] = [:]
    private var groupIndex: [String: Int] = [:]
    /// Where alias chains were found to lead, so that each chain is followed once however many
    /// tokens alias into it (a chain of 2,000 aliases took seconds, followed from every token).
    private let chains = ChainEnds()

    /// A reference, so that the document's reading methods stay non-mutating.
    private final class ChainEnds {
        /// The value a token's alias chain ends at, by the type it was asked for and the token's path.
        var values: [String: JSONCursor] = [:]
        /// A token's type, by path.
        var types: [String: String] = [:]
    }

    /// Reads the structure of a parsed file.
    ///
    /// - Throws: ``CatalogError/invalidBundle(file:path:reason:)`` for a file that is not a
    ///   group, names DTCG reserves, unknown types, objects that are both token and group, and
    ///   invalid or circular `$extends`.
    init(root: JSONValue, file: String) throws {
        try self.init(files: [(root, file)])
    }

    /// Reads the structure of parsed files, in order, as one document.
    ///
    /// - Throws: As ``init(root:file:)``, and for a token defined in two files or a group given
    ///   different `$type`s.
    init(files: [(root: JSONValue, file: String)]) throws {
        self.files = files.map(\.file)
        for (root, file) in files {
            roots[file] = root
            let top = JSONCursor(value: root, path: "$", file: file, wording: .namingKinds)
            guard case let .object(members) = root else {
                throw top.error("a DTCG file is a JSON object of groups and tokens, not \(top.kind)")
            }
            try readGroup(top, members: members, segments: [], deprecation: nil)
        }
        try resolveExtends()
    }

    /// The token with this dotted path.
    func token(_ path: String) -> Token? {
        tokenIndex[path].map { tokens[$0] }
    }

    /// The group with this dotted path.
    func group(_ path: String) -> Group? {
        groupIndex[path].map { groups[$0] }
    }

    // MARK: Structure

    private mutating func readGroup(
        _ field: JSONCursor, members: [(String, JSONValue)], segments: [String], deprecation: Deprecation?
    ) throws {
        var group = Group(
            segments: segments, location: field.path, ownType: nil, description: nil, deprecation: deprecation, extensions: [],
            extends: nil, file: field.file)
        for (key, value) in members where key.hasPrefix("$") && key != "$root" {
            let member = field.child(key, value)
            switch key {
            case "$type": group.ownType = try type(member)
            case "$description": group.description = try member.string()
            case "$deprecated": group.deprecation = try self.deprecation(member)
            case "$extensions": group.extensions = try extensions(member)
            case "$extends", "$ref": group.extends = member
            // The file's JSON schema, at the top: every library read from the files keeps the first.
            case "$schema" where segments.isEmpty:
                let text = try member.string()
                let checked = try member.checking { try Library.validatedTokensSchema(text) }
                if let schema, schema != checked {
                    notes.append("kept the $schema \(schema) of \(files[0]), not \(member.file)'s \(checked)")
                }
                schema = schema ?? checked
            default: try unknownProperty(key, member, of: field)
            }
        }
        if let index = groupIndex[group.path] {
            try merge(group, into: index, at: field)
        } else {
            groupIndex[group.path] = groups.count
            groups.append(group)
        }
        for (key, value) in members where !key.hasPrefix("$") || key == "$root" {
            let member = field.child(key, value)
            if key.isEmpty { throw member.error("a token or group name cannot be empty") }
            if key != "$root", let reserved = key.unicodeScalars.first(where: { "{}.".unicodeScalars.contains($0) }) {
                throw member.error("the name '\(key)' contains '\(reserved)': DTCG names cannot contain '{', '}' or '.'")
            }
            guard case let .object(children) = value else {
                // Style Dictionary 3 and Tokens Studio write tokens as {"value", "type"} (with other
                // keys, such as "comment", in any order): say so.
                let olderKey = ["value", "type"].contains(key) ? key : members.contains { $0.0 == "value" } ? "value" : nil
                // Salesforce's Theo (Backpack, Lightning) writes a file of "props", "aliases",
                // "global" and "imports" at the top level.
                let theo = segments.isEmpty && ["props", "aliases", "imports", "global"].contains(key)
                let older =
                    olderKey.map {
                        "; '\($0)' without '$' is the token format before DTCG (Style Dictionary 3, Tokens Studio): DTCG 2025.10 writes $value and $type"
                    }
                    ?? (theo
                        ? "; '\(key)' at the top level is Theo's format (props, aliases, imports), older than DTCG: convert the file to DTCG 2025.10 ($value and $type) first"
                        : "")
                throw member.error("expected a token or a group (an object), found \(member.kindAndValue)" + older)
            }
            let hasValue = children.contains { $0.0 == "$value" }
            let hasPointer = children.contains { $0.0 == "$ref" }
            let hasChildren = children.contains { !$0.0.hasPrefix("$") || $0.0 == "$root" }
            if hasValue || (hasPointer && !hasChildren) {
                try readToken(member, members: children, segments: segments + [key], deprecation: group.deprecation)
            } else if key == "$root" {
                throw member.error("$root is a token: it needs a $value")
            } else {
                try readGroup(member, members: children, segments: segments + [key], deprecation: group.deprecation)
            }
        }
    }

    /// The `$` properties DTCG 2025.10 defines.
    private static let properties = ["$value", "$type", "$description", "$deprecated", "$extensions", "$extends", "$ref", "$root", "$schema"]

    /// A `$` property DTCG does not define: a slip of one it does (`$valeu`, `$Type`) is an
    /// error, since what it holds would be lost; any other is a tool's own (`$themes`,
    /// `$metadata`), skipped with a note.
    private mutating func unknownProperty(_ key: String, _ member: JSONCursor, of field: JSONCursor) throws {
        if !Self.properties.contains(key), let known = NameSuggestion.closest(to: key, in: Self.properties) {
            throw member.error("'\(key)' is not a DTCG property (did you mean '\(known)'?)")
        }
        notes.append("ignored the unknown property '\(key)' at \(field.path)")
    }

    private mutating func readToken(
        _ field: JSONCursor, members: [(String, JSONValue)], segments: [String], deprecation: Deprecation?
    ) throws {
        var token = Token(
            segments: segments, location: field.path, explicitType: nil, groupType: nil,
            value: field.child("$value", .null), description: nil,
            deprecation: deprecation, extensions: [], file: field.file)
        let hasValue = members.contains { $0.0 == "$value" }
        for (key, value) in members {
            let member = field.child(key, value)
            switch key {
            case "$value": token.value = member
            case "$ref":
                if hasValue { throw member.error("a token has a $value or a $ref, not both") }
                token.value = JSONCursor(value: .object([("$ref", value)]), path: field.path, file: field.file, wording: .namingKinds)
            case "$type": token.explicitType = try type(member)
            case "$description": token.description = try member.string()
            case "$deprecated": token.deprecation = try self.deprecation(member)
            case "$extensions": token.extensions = try extensions(member)
            case _ where key.hasPrefix("$") && key != "$root":
                try unknownProperty(key, member, of: field)
            default:
                throw member.error("an object with a $value is a token and cannot also hold tokens or groups ('\(key)')")
            }
        }
        if let other = tokenIndex[token.path].map({ tokens[$0] }) {
            throw field.error("the token '\(token.path)' is also in \(other.file) (\(other.location)); a token is defined once among files imported together (import them one at a time, each with its own --library, to keep both)")
        }
        tokenIndex[token.path] = tokens.count
        tokens.append(token)
    }

    /// A group found again in a later file: one group, with what each file says of it.
    private mutating func merge(_ group: Group, into index: Int, at field: JSONCursor) throws {
        var merged = groups[index]
        if let type = group.ownType {
            if let first = merged.ownType, first != type {
                throw field.error("the group '\(group.path)' has the $type \(first) in \(merged.file) and \(type) here")
            }
            merged.ownType = type
        }
        if group.extends != nil {
            if merged.extends != nil { throw field.error("the group '\(group.path)' has an $extends in \(merged.file) already") }
            merged.extends = group.extends
        }
        merged.description = merged.description ?? group.description
        merged.deprecation = merged.deprecation ?? group.deprecation
        merged.extensions += group.extensions
        groups[index] = merged
    }

    /// A `$type`: any string. A type DTCG 2025.10 does not define (`link`, `easing`) is kept, so
    /// that its tokens are skipped with a note like any other type a motion importer does not
    /// handle, rather than losing the whole file.
    private func type(_ field: JSONCursor) throws -> String {
        try field.string()
    }

    private func deprecation(_ field: JSONCursor) throws -> Deprecation? {
        switch field.value {
        case let .bool(flag): return flag ? Deprecation(reason: nil) : nil
        case let .string(reason): return Deprecation(reason: reason)
        default: throw field.error("$deprecated is true, false or a string giving the reason, not \(field.kind)")
        }
    }

    private func extensions(_ field: JSONCursor) throws -> [(key: String, value: JSONCursor)] {
        guard case let .object(members) = field.value else {
            throw field.error("$extensions is an object of vendor keys, not \(field.kind)")
        }
        return members.map { (key: $0.0, value: field.child($0.0, $0.1)) }
    }

    // MARK: $extends

    /// Copies the tokens of every extended group into the groups extending it, except where
    /// the extending group has its own token or group at the same path (deep merge), then gives
    /// every token the `$type` of its closest group, a group's type being its own or, failing
    /// that, the type of the group it extends.
    private mutating func resolveExtends() throws {
        var done = Set<String>()
        for group in groups where group.extends != nil {
            try extend(group.path, stack: [], done: &done)
        }
        for index in tokens.indices {
            let segments = tokens[index].segments
            tokens[index].groupType = nil
            for count in stride(from: segments.count - 1, through: 0, by: -1) {
                if let group = group(segments.prefix(count).joined(separator: ".")), let type = resolvedType(of: group) {
                    tokens[index].groupType = type
                    break
                }
            }
        }
    }

    /// A group's own `$type`, or that of the group it extends (after ``resolveExtends()``, which
    /// refuses cycles).
    private func resolvedType(of group: Group) -> String? {
        if let type = group.ownType { return type }
        guard let target = group.extendsTarget.flatMap({ self.group($0) }) else { return nil }
        return resolvedType(of: target)
    }

    private mutating func extend(_ path: String, stack: [String], done: inout Set<String>) throws {
        if done.contains(path) { return }
        if let start = stack.firstIndex(of: path), let first = group(stack[start]), let field = first.extends {
            throw field.error("$extends cycle: " + (stack[start...] + [path]).joined(separator: " → "))
        }
        guard let index = groupIndex[path], let field = groups[index].extends else {
            done.insert(path)
            return
        }
        let targetPath = try groupPath(field)
        if targetPath == path || targetPath.hasPrefix(path + ".") || path.hasPrefix(targetPath + ".") || targetPath.isEmpty || path.isEmpty
        {
            throw field.error("$extends cycle: the group '\(path)' cannot extend '\(targetPath)', as one contains the other")
        }
        groups[index].extendsTarget = targetPath
        // The extended group first, with everything it holds.
        try extend(targetPath, stack: stack + [path], done: &done)
        for inner in groups where inner.extends != nil && inner.path.hasPrefix(targetPath + ".") {
            try extend(inner.path, stack: stack + [path], done: &done)
        }
        guard let target = group(targetPath) else { return }
        let extending = groups[index]
        for token in tokens where token.segments.count > target.segments.count && token.segments.starts(with: target.segments) {
            let relative = Array(token.segments.dropFirst(target.segments.count))
            // A local token anywhere on the way, or a local group in its place, replaces it.
            let replaced = (1...relative.count).contains { count in
                let prefix = (extending.segments + relative.prefix(count)).joined(separator: ".")
                return tokenIndex[prefix] != nil || (count == relative.count && groupIndex[prefix] != nil)
            }
            if replaced { continue }
            // The groups on the way, as the extended group has them.
            for count in 1..<relative.count {
                let segments = extending.segments + relative.prefix(count)
                guard groupIndex[segments.joined(separator: ".")] == nil,
                    let source = group((target.segments + relative.prefix(count)).joined(separator: "."))
                else { continue }
                var copy = source
                copy.segments = segments
                copy.extensions = []
                groupIndex[copy.path] = groups.count
                groups.append(copy)
            }
            var copy = token
            copy.segments = extending.segments + relative
            tokenIndex[copy.path] = tokens.count
            tokens.append(copy)
        }
        done.insert(path)
    }

    /// The group `$extends` names: `{group.path}` or a `#/group/path` pointer.
    private func groupPath(_ field: JSONCursor) throws -> String {
        let text = try field.string()
        let path: String
        if text.hasPrefix("{") && text.hasSuffix("}") && text.count >= 2 {
            path = String(text.dropFirst().dropLast())
        } else if text.hasPrefix("#/") {
            path = Self.pointerSegments(text).joined(separator: ".")
        } else {
            throw field.error("$extends names a group as {group.path}, not '\(text)'")
        }
        if tokenIndex[path] != nil { throw field.error("$extends names a group, but \(text) is a token") }
        guard groupIndex[path] != nil else { throw field.error("$extends names \(text), but no group has that path") }
        return path
    }

    /// The unescaped segments of a `#/a/b` JSON pointer.
    static func pointerSegments(_ pointer: String) -> [String] {
        guard pointer.count > 2 else { return [] }
        return pointer.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }
}

// MARK: - References

extension DTCGDocument {
    /// What a value refers to.
    enum Reference {
        /// A token's value, or a part of it (`rest`, for a pointer into the value).
        case token(String, rest: [String], text: String)
        /// A place in the file outside any token's value, as written.
        case place(JSONCursor)
    }

    /// The reference a value is, if it is one: an alias string `{group.token}` or an object
    /// `{"$ref": "#/…"}`.
    ///
    /// - Throws: For malformed references and targets that do not exist.
    func reference(in field: JSONCursor) throws -> Reference? {
        switch field.value {
        case let .string(text) where text.hasPrefix("{") && text.hasSuffix("}") && text.count >= 2:
            let path = String(text.dropFirst().dropLast())
            guard !path.isEmpty, !path.utf8.contains(UInt8(ascii: "{")), !path.utf8.contains(UInt8(ascii: "}")) else {
                throw field.error("'\(text)' is not an alias: an alias is {group.token}")
            }
            guard tokenIndex[path] != nil else {
                // A group with a `$root` token stands for it (a library exported on its own writes
                // `{lib.curves.a}` for a curve `a` that another library's export nests as `a.$root`).
                if groupIndex[path] != nil, tokenIndex[path + ".$root"] != nil { return .token(path + ".$root", rest: [], text: text) }
                if groupIndex[path] != nil { throw field.error("the alias \(text) names a group; an alias names a token") }
                throw field.error(
                    "unknown alias target \(text): no token has the path '\(path)' in the files read (an alias can name a token of a file imported together with this one, not one already in the catalog)"
                )
            }
            return .token(path, rest: [], text: text)
        case let .object(members) where members.count == 1 && members[0].0 == "$ref":
            let pointerField = field.child("$ref", members[0].1)
            let pointer = try pointerField.string()
            guard pointer == "#" || pointer.hasPrefix("#/") else {
                throw pointerField.error("'\(pointer)' is not a JSON pointer into this file: it must start with #/")
            }
            let segments = Self.pointerSegments(pointer)
            // The longest prefix naming a token: the pointer is into that token.
            for count in stride(from: segments.count, through: 1, by: -1) {
                let prefix = segments.prefix(count)
                guard !prefix.contains(where: { $0.contains(".") }), tokenIndex[prefix.joined(separator: ".")] != nil else { continue }
                if count == segments.count {
                    return .token(prefix.joined(separator: "."), rest: [], text: pointer)
                }
                if segments[count] == "$value" {
                    return .token(prefix.joined(separator: "."), rest: Array(segments.dropFirst(count + 1)), text: pointer)
                }
                break
            }
            var place = JSONCursor(value: roots[pointerField.file] ?? .null, path: "$", file: pointerField.file, wording: .namingKinds)
            for segment in segments {
                guard let next = Self.step(place, segment) else {
                    throw pointerField.error("the JSON pointer '\(pointer)' does not point to anything in the file")
                }
                place = next
            }
            return .place(place)
        default:
            return nil
        }
    }

    /// The member or element `segment` of a value.
    private static func step(_ field: JSONCursor, _ segment: String) -> JSONCursor? {
        switch field.value {
        case let .object(members):
            return members.first { $0.0 == segment }.map { field.child($0.0, $0.1) }
        case let .array(items):
            guard let index = Int(segment), String(index) == segment, items.indices.contains(index) else { return nil }
            return field.element(index, items[index])
        default:
            return nil
        }
    }

    /// A value with its references followed, and the first token it referred to.
    struct Resolved {
        var field: JSONCursor
        var token: String?
    }

    /// Follows references from `field` to a value that is not one.
    ///
    /// - Parameters:
    ///   - field: The value.
    ///   - type: The type a referenced token must have, when the whole value is wanted.
    ///   - chain: The tokens being resolved, outermost first, for cycle detection.
    /// - Throws: For alias cycles, missing targets and tokens of the wrong type.
    func dereference(_ field: JSONCursor, expecting type: String?, chain: [String]) throws -> Resolved {
        var current = field
        var chain = chain
        var inChain = Set(chain)
        var first: String?
        var places = Set<String>()
        // The tokens whose whole value this walk followed: their chains end where it ends.
        var followed: [String] = []
        func memoKey(_ path: String) -> String { "\(type ?? "")\u{0}\(path)" }
        walk: while let reference = try reference(in: current) {
            switch reference {
            case let .place(place):
                if !places.insert(place.path).inserted { throw current.error("the reference cycles through \(place.path)") }
                current = place
            case let .token(path, rest, text):
                if inChain.contains(path) { throw cycle(chain, closingAt: path) }
                guard let token = token(path) else { throw current.error("unknown alias target \(text)") }
                chain.append(path)
                inChain.insert(path)
                if first == nil { first = path }
                if rest.isEmpty {
                    if let type {
                        let actual = try self.type(of: token, chain: chain)
                        guard actual == type else {
                            throw current.error("\(text) is a \(actual) token, but a \(type) is needed here")
                        }
                    }
                    // A chain followed before ends where it ended then: its types were checked, and
                    // it has no cycle.
                    if let end = chains.values[memoKey(path)] {
                        current = end
                        break walk
                    }
                    followed.append(path)
                    current = token.value
                    continue
                }
                var part = try dereference(token.value, expecting: nil, chain: chain).field
                for segment in rest {
                    guard let next = Self.step(part, segment) else {
                        throw current.error("the JSON pointer '\(text)' does not point to anything in the file")
                    }
                    part = try dereference(next, expecting: nil, chain: chain).field
                }
                for path in followed { chains.values[memoKey(path)] = part }
                return Resolved(field: part, token: first)
            }
        }
        for path in followed { chains.values[memoKey(path)] = current }
        return Resolved(field: current, token: first)
    }

    /// A token's type: its own `$type`, its group's, or that of the token its value aliases.
    ///
    /// - Parameter chain: The tokens being resolved, ending with this one.
    func type(of token: Token, chain: [String]) throws -> String {
        if let type = token.explicitType ?? token.groupType { return type }
        if let known = chains.types[token.path] { return known }
        guard let reference = try reference(in: token.value), case let .token(path, rest, _) = reference, rest.isEmpty,
            let target = self.token(path)
        else {
            throw JSONCursor(value: .null, path: token.location, file: token.file, wording: .namingKinds).error(
                "the token '\(token.path)' has no $type: give it one, or put it in a group with a $type")
        }
        if chain.contains(path) { throw cycle(chain, closingAt: path) }
        let type = try type(of: target, chain: chain + [path])
        chains.types[token.path] = type
        return type
    }

    /// `alias cycle: a → b → a`, at the value of the first token of the cycle.
    private func cycle(_ chain: [String], closingAt path: String) -> CatalogError {
        let start = chain.firstIndex(of: path) ?? 0
        let first = token(chain[start])
        var steps = Array(chain[start...]) + [path]
        // A long cycle is shown by its ends, so that the message stays one readable line.
        if steps.count > 12 {
            steps = steps.prefix(6) + ["… \(steps.count - 10) more …"] + steps.suffix(4)
        }
        return .invalidBundle(file: first?.file ?? files[0], path: first?.value.path ?? "$", reason: "alias cycle: " + steps.joined(separator: " → "))
    }
}
