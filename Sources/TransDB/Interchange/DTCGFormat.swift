import TransDBCore
/// W3C Design Tokens Community Group (Format Module 2025.10) files, `.tokens.json`: libraries
/// written as design tokens, and design tokens read as libraries.
///
/// ## Writing
///
/// One top-level group per library, libraries by name, entries in
/// ``LibraryBundle/canonicalized()`` order, keys in a fixed order; the same libraries always give
/// the same bytes. A name is nested at its dots (`md.sys.motion.easing` is `md` → `sys` → …; one
/// that others continue is its group's `$root`; see ``DTCGName``), and the characters DTCG
/// reserves are percent-escaped in each part: `%` → `%25`, `{` → `%7B`, `}` → `%7D`, a leading
/// `$` → `%24`, and `.` → `%2E` in a name that cannot nest (`a..b`).
///
/// ```
/// { "$schema"?: the libraries' tokens schema,
///   "<library>": {
///     "$description": library description,
///     "$extensions": { "org.transdb": { "format": 1, "version", "tokensSchema"?, "curves"?,
///                                       "delegates"?, "screens"?, "containers"?, "routes"? } },
///     "curves":  { "<curve>":  { "$type": "cubicBezier", "$value": [x1, y1, x2, y2] or "{library.curves.target}",
///                                "$description"?, "$deprecated"? } },
///     "durations": { "<duration>": { "$type": "duration", "$value": { "value", "unit" }, "$description"?, "$deprecated"? } },
///     "presets": { "<preset>": { "$type": "transition",
///                                "$value": { "duration": { "value", "unit" } or "{library.durations.name}",
///                                            "delay": { "value", "unit" },
///                                            "timingFunction": "{library.curves.curve}" or [x1, y1, x2, y2] },
///                                "$description"?, "$extensions": { "org.transdb": { … } } } } } }
/// ```
///
/// - A `cubic-bezier()` curve is a `cubicBezier` token. `linear` is the token `[0, 0, 1, 1]` with
///   `"expression": "linear"` in its extension, so that it stays `linear`.
/// - Springs, `steps()` and `linear(…)` have no DTCG type: they are not tokens but entries of the
///   library group's extension (`"curves": [{ "name", "expression" or "aliasOf", "description"?,
///   "deprecated"? }]`), exact.
/// - A curve that is an alias of another is a token whose `$value` aliases that curve's token.
/// - A named duration is a `duration` token under `durations`; a preset using one has its
///   `duration` alias that token. A preset naming a duration of a library not being written has
///   its seconds as `duration` and the name, as written, as `"duration"` in its extension.
/// - A deprecated curve, duration or preset has `$deprecated` (`true`, or the reason).
/// - A library's tokens schema (``Library/tokensSchema``) is the file's `$schema` when every
///   library written has the same one; otherwise each library with one has it as `tokensSchema`
///   in its extension. Reading, every library of the file gets the file's `$schema` unless its
///   extension names its own.
/// - A preset is a `transition` token. Its duration and delay are `{ "value", "unit" }`, in
///   whole milliseconds when they read back as exactly the same number of seconds, else in seconds.
///   Its `timingFunction` is an alias of the curve token when the preset names a `cubic-bezier()`
///   or `linear` curve, the control points when its curve is written inline, and, for a spring,
///   `steps()` or `linear(…)`, the nearest cubic Bézier (``nearestCubicBezier(to:duration:)``
///   over the preset's duration, rounded to 4 decimals) with
///   `"timingFunction": { "approximate": true, "expression", "maximumError", "duration" }` in the
///   extension (the error rounded up to 5 decimals, the seconds the fit was made over). A spring
///   that never comes to rest in a preset of kind `none` (duration 0) cannot be sampled: its
///   `timingFunction` is `[0, 0, 1, 1]` and the note has no error. Reading takes the exact curve
///   back from `curve`, unless another tool changed the `timingFunction` (it then lies farther
///   from the exact curve than the noted error): that `$value` wins, with a note.
///   A preset naming a curve of a library that is not being written keeps an alias to where
///   that library's token would be; write the libraries together for a self-contained file.
/// - What DTCG has no type for is in the preset's extension: `kind`, `direction`, the exact
///   `curve` (`{ "name", "library"? }` or `{ "expression" }`), track changes as `set`
///   (`VIEW.PHASE.PROPERTY=VALUE` relative to the kind's tracks, as in bundle files),
///   `interaction`, `reverse`, `mirrorOf` and `reducedMotion`; and in the library's: delegates, screens, containers and
///   routes, with the fields of the bundle format.
///
/// ## Reading
///
/// Groups, `$type` inherited from the closest group, `$root` tokens, `$extends`, `$deprecated`
/// (inherited too), `{group.token}` aliases and `$ref` JSON pointers (followed through chains,
/// cycles refused), and durations as `{ "value", "unit" }` or in the older `"200ms"` / `"0.2s"`
/// form. Top-level groups carrying the `org.transdb` extension are transdb libraries and come
/// back exactly as written. Every other token goes to one library, `defaultLibrary`, named by
/// its path joined with `.` (a `$root` token by its group's path):
///
/// - a `cubicBezier` token becomes a curve; one whose value is an alias of another `cubicBezier`
///   token (`{group.token}`) becomes an alias of that curve;
/// - a `duration` token becomes a named duration;
/// - a `transition` token becomes a preset of kind `custom` with no track changes (kind `none`
///   when its duration is 0), its duration, delay and curve from the token — the curve named
///   when `timingFunction` aliases a `cubicBezier` token, inline otherwise; the duration named
///   when it aliases a `duration` token;
/// - tokens of other types are skipped, with a note.
///
/// `$deprecated` (inherited from groups too) is kept on curves, durations and presets. Notes also
/// name deprecated curves, durations and presets, unknown `$` properties, and extensions other
/// than transdb's, which are ignored: a library has nowhere to keep them.
public enum DTCGFormat {
    /// The `$extensions` key under which transdb keeps what DTCG has no type for.
    static let extensionKey = "org.transdb"
    /// The version of transdb's extension data written and read.
    static let extensionFormat = 1

    /// A deterministic DTCG document for these libraries: one top-level group per library, by
    /// name, printed with two-space indentation and ending with a newline.
    ///
    /// - Parameter bundles: The libraries, each once; their order does not matter.
    /// - Returns: The file's contents.
    public static func encode(_ bundles: [LibraryBundle]) -> String {
        var text: [UInt8] = []
        write(bundles) { text.append(contentsOf: $0) }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of ``encode(_:)``, handed to `sink` in pieces of about 64 KiB.
    static func write<Failure: Error>(_ bundles: [LibraryBundle], to sink: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
        var writer = DTCGWriter(bundles: bundles)
        try writer.write(to: sink)
    }

    /// Reads a DTCG file.
    ///
    /// Libraries written by ``encode(_:)`` come back exactly (springs included, from the
    /// `org.transdb` extension). Tokens written by other tools become curves and presets of one
    /// library named `defaultLibrary`, named by their paths joined with `.`; see the type's
    /// documentation for the mapping.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - file: The file's name, for errors.
    ///   - defaultLibrary: The library that tokens outside transdb's library groups go to.
    /// - Returns: The libraries, each in canonical order — transdb's in the file's order, then
    ///   `defaultLibrary` if any token went to it — and notes on what was skipped or ignored.
    /// - Throws: ``CatalogError/invalidBundle(file:path:reason:)`` with the JSON path of the
    ///   problem (`$.motion.easing.standard.$value`): invalid JSON (see ``StrictJSON``), alias
    ///   and `$extends` cycles, unknown alias targets, unknown or missing types, values that do
    ///   not fit their type (a duration of `"200px"`, a negative duration, a Bézier x outside
    ///   [0, 1]), names transdb does not accept, and invalid transdb extension data.
    public static func decode(_ bytes: [UInt8], file: String, defaultLibrary: String) throws -> (
        bundles: [LibraryBundle], notes: [String]
    ) {
        try decode([(bytes, file)], defaultLibrary: defaultLibrary)
    }

    /// Reads several files as one set of tokens (see ``DTCGDocument``): an alias in one may name a
    /// token of another, and the tokens of other tools in all of them go to one `defaultLibrary`.
    ///
    /// - Throws: As ``decode(_:file:defaultLibrary:)``, naming the file of the problem, and for a
    ///   token defined in two files.
    public static func decode(_ files: [(bytes: [UInt8], file: String)], defaultLibrary: String) throws -> (
        bundles: [LibraryBundle], notes: [String]
    ) {
        var roots: [(root: JSONValue, file: String)] = []
        for (bytes, file) in files {
            do {
                roots.append((try StrictJSON.parse(bytes), file))
            } catch {
                throw error.invalidFile(file)
            }
        }
        let document = try DTCGDocument(files: roots)
        var reader = DTCGReader(document: document, defaultLibrary: defaultLibrary)
        return try reader.read()
    }

    /// The cubic Bézier nearest to a curve, for when a curve has to be a DTCG `cubicBezier` and
    /// is not one. A spring, `steps()` or `linear(…)` is *not representable*: calling this is
    /// asking for an approximation, which callers should do only when the user asked for one.
    ///
    /// The fit minimises the squared difference over 201 evenly spaced times with x1 and x2 kept
    /// in [0, 1]; the control points are rounded to 4 decimals.
    ///
    /// - Parameters:
    ///   - curve: The curve.
    ///   - duration: The animation's length in seconds, which a spring's shape depends on; nil
    ///     runs a spring for its own duration (``TimingCurve/intrinsicDuration``).
    /// - Returns: The nearest `cubic-bezier()` and the largest difference from `curve` over
    ///   10,001 evenly spaced times in [0, 1]; `curve` itself with error 0 for a `cubic-bezier()`
    ///   or `linear`; nil when the curve cannot be sampled (a spring that never comes to rest,
    ///   without a duration).
    public static func nearestCubicBezier(to curve: TimingCurve, duration: Double?) -> (curve: TimingCurve, maximumError: Double)? {
        switch curve {
        case .linear: return (.cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1), 0)
        case .cubicBezier: return (curve, 0)
        case .steps, .piecewiseLinear, .spring:
            guard let fit = CubicBezierFit(function: curve.function(duration: duration)) else { return nil }
            return (fit.curve, fit.maximumError)
        }
    }
}
