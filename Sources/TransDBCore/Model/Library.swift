/// A namespace of curves, presets, screens, containers and delegates that a team shares.
public struct Library: Hashable, Sendable {
    public var name: String
    /// A free-form version string, e.g. `1.2.0`.
    public var version: String
    public var description: String
    /// The JSON schema of the design-token file the library came from (DTCG's `$schema` at the
    /// file's root), written back when the library is exported as DTCG; `nil` when none.
    public var tokensSchema: String?

    /// Creates a library.
    public init(name: String, version: String = "1.0.0", description: String = "", tokensSchema: String? = nil) {
        self.name = name
        self.version = version
        self.description = description
        self.tokensSchema = tokensSchema
    }

    /// The library that `add` writes to when no `--library` is given.
    public static let defaultName = "local"

    /// The longest version accepted, in characters.
    public static let maximumVersionLength = 64

    /// The library with its name in NFC, checked as the catalog stores it: a valid name and a
    /// valid version (``validatedVersion(_:)``).
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public func validated() throws -> Library {
        var library = self
        library.name = try Name.validated(name, field: "library name")
        library.version = try Self.validatedVersion(version)
        library.tokensSchema = try tokensSchema.map(Self.validatedTokensSchema)
        return library
    }

    /// The longest tokens schema accepted, in Unicode code points (as the schema's CHECK counts).
    public static let maximumTokensSchemaLength = 2048

    /// `schema` when it can be a library's ``tokensSchema``: an absolute URI (`scheme:` then
    /// characters other than spaces and controls, RFC 3986) of at most 2,048 characters.
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public static func validatedTokensSchema(_ schema: String) throws -> String {
        let scalars = schema.unicodeScalars
        let scheme = scalars.prefix { $0 != ":" }
        let isScheme =
            scheme.count < scalars.count && scheme.first.map { $0.isASCII && $0.properties.isAlphabetic } == true
            && scheme.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
        let isClean = !scalars.contains { $0.properties.isWhitespace || $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }
        guard scalars.count <= maximumTokensSchemaLength, isScheme, isClean, scalars.count > scheme.count + 1 else {
            throw ModelError.invalidValue(
                field: "tokens schema", value: schema,
                reason: "a tokens schema is an absolute URI of at most \(maximumTokensSchemaLength) code points without spaces, e.g. https://www.designtokens.org/schemas/2025.10/format.json")
        }
        return schema
    }

    /// `version` when a library can have it: a semantic version (semver 2.0.0: `1.2.0`,
    /// `2.0.0-beta.1`, `1.0.0+build.5`) of at most 64 characters.
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public static func validatedVersion(_ version: String) throws -> String {
        if version.count > maximumVersionLength || !isSemanticVersion(version) {
            throw ModelError.invalidValue(
                field: "library version", value: version,
                reason:
                    "a version is a semantic version of at most \(maximumVersionLength) characters: MAJOR.MINOR.PATCH, e.g. 1.2.0 or 2.0.0-beta.1"
            )
        }
        return version
    }

    /// Whether `text` is a semantic version 2.0.0: `MAJOR.MINOR.PATCH`, numbers without leading
    /// zeros, then optionally `-` and dot-separated pre-release identifiers and `+` and build identifiers.
    public static func isSemanticVersion(_ text: String) -> Bool {
        func isNumber(_ part: Substring) -> Bool {
            !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } && (part == "0" || part.first != "0")
        }
        func identifiers(_ part: Substring, numericRule: Bool) -> Bool {
            part.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { id in
                !id.isEmpty && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
                    && (!numericRule || !id.allSatisfy(\.isNumber) || isNumber(id))
            }
        }
        var rest = Substring(text)
        if let plus = rest.firstIndex(of: "+") {
            guard identifiers(rest[rest.index(after: plus)...], numericRule: false) else { return false }
            rest = rest[..<plus]
        }
        if let dash = rest.firstIndex(of: "-") {
            guard identifiers(rest[rest.index(after: dash)...], numericRule: true) else { return false }
            rest = rest[..<dash]
        }
        let core = rest.split(separator: ".", omittingEmptySubsequences: false)
        return core.count == 3 && core.allSatisfy(isNumber)
    }

    /// Whether semantic version `a` has lower precedence than `b` (semver 2.0.0, §11: numbers
    /// compared as numbers, a pre-release below its release, build metadata ignored); `nil` when
    /// either is not a semantic version.
    public static func version(_ a: String, precedes b: String) -> Bool? {
        guard isSemanticVersion(a), isSemanticVersion(b) else { return nil }
        func parts(_ text: String) -> (core: [Substring], prerelease: [Substring]) {
            let withoutBuild = text.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let halves = withoutBuild.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            return (halves[0].split(separator: "."), halves.count > 1 ? halves[1].split(separator: ".") : [])
        }
        // Numbers of any length: a longer one is larger (no leading zeros), else as text.
        func compareNumbers(_ x: Substring, _ y: Substring) -> Int {
            x.count != y.count ? (x.count < y.count ? -1 : 1) : (x == y ? 0 : (x < y ? -1 : 1))
        }
        let (x, y) = (parts(a), parts(b))
        for (p, q) in zip(x.core, y.core) {
            let order = compareNumbers(p, q)
            if order != 0 { return order < 0 }
        }
        switch (x.prerelease.isEmpty, y.prerelease.isEmpty) {
        case (true, true): return false
        case (false, true): return true
        case (true, false): return false
        case (false, false): break
        }
        for (p, q) in zip(x.prerelease, y.prerelease) {
            let (pNumeric, qNumeric) = (p.allSatisfy(\.isNumber), q.allSatisfy(\.isNumber))
            if pNumeric && qNumeric {
                let order = compareNumbers(p, q)
                if order != 0 { return order < 0 }
            } else if pNumeric != qNumeric {
                return pNumeric
            } else if p != q {
                return Array(p.utf8).lexicographicallyPrecedes(Array(q.utf8))
            }
        }
        return x.prerelease.count < y.prerelease.count
    }
}

/// A named timing curve of the catalog.
public struct NamedCurve: Hashable, Sendable {
    public var library: String
    public var name: String
    public var curve: TimingCurve
    public var description: String
    /// Whether the curve is deprecated (DTCG `$deprecated`): `nil` when it is not, `""` when it
    /// is without a reason, else the reason.
    public var deprecated: String?
    /// The curve this one stands for (a DTCG alias, `{group.token}`): ``curve`` is then that
    /// curve's, kept equal to it by the catalog (`set curve` on the target changes its aliases).
    public var aliasOf: QualifiedName?

    /// Creates a named curve.
    public init(
        library: String, name: String, curve: TimingCurve, description: String = "", deprecated: String? = nil,
        aliasOf: QualifiedName? = nil
    ) {
        self.library = library
        self.name = name
        self.curve = curve
        self.description = description
        self.deprecated = deprecated
        self.aliasOf = aliasOf
    }

    /// `library/name`.
    public var qualifiedName: QualifiedName { QualifiedName(library: library, name: name) }

    /// `raw` in NFC when it can name a curve: a valid name (``Name/validated(_:field:)``)
    /// without parentheses, which mark a curve expression (see ``CurveReference/init(parsing:field:)``).
    ///
    /// - Throws: ``ModelError/invalidValue(field:value:reason:)``.
    public static func validatedName(_ raw: String) throws -> String {
        let name = try Name.validated(raw, field: "curve name")
        if name.contains("(") || name.contains(")") {
            throw ModelError.invalidValue(
                field: "curve name", value: name, reason: "a curve name cannot contain parentheses: they mark a curve expression")
        }
        return name
    }
}
