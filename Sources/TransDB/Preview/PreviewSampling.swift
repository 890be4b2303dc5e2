import TransDBCore

/// How a preview page carries the engine's frames: samples at a fixed rate, stored as columns.
///
/// The page never evaluates a curve or a track: it interpolates linearly between these samples,
/// so what it shows is what `transdb eval --fps RATE` prints.
public enum PreviewSampling {
    /// Samples per second a page embeds unless asked for more.
    public static let defaultRate = 240.0
    /// The fewest samples per second: below this, linear interpolation shows visible corners on springs.
    public static let minimumRate = 240.0
    /// The most samples per second.
    public static let maximumRate = 2_000.0
    /// The longest timeline a page embeds, in seconds (60 s presets, or a long gesture).
    public static let maximumDuration = 120.0

    /// Checks a sampling rate.
    ///
    /// - Throws: ``PreviewError/samplingRate(_:)`` outside ``minimumRate``…``maximumRate``.
    public static func validate(rate: Double) throws {
        guard rate.isFinite, rate >= minimumRate, rate <= maximumRate else { throw PreviewError.samplingRate(rate) }
    }

    /// `eval --format json`'s document with its `samples` turned into columns: `time`, `progress`
    /// and `dimming` arrays, and `views`, one `{name, tracks: {x: […], y: […], …}}` per view the
    /// samples hold (in their order), so that a page plays any number of views. Every other key is
    /// kept as it is, and `fps` is added before the columns.
    ///
    /// - Parameters:
    ///   - document: ``TimelineOutput/jsonDocument``.
    ///   - rate: The samples' rate, recorded as `fps`.
    /// - Returns: The columns; reading them back row by row gives `document`'s samples.
    static func columns(of document: JSONValue, rate: Double) -> JSONValue {
        guard case let .object(fields) = document else { return document }
        var result: [(String, JSONValue)] = []
        var scalars: [(String, [JSONValue])] = []
        var views: [(String, [(String, [JSONValue])])] = []
        for (key, value) in fields {
            guard key == "samples", case let .array(samples) = value else {
                result.append((key, value))
                continue
            }
            for (row, sample) in samples.enumerated() {
                guard case let .object(members) = sample else { continue }
                for (name, member) in members {
                    if case let .object(properties) = member {
                        let index = position(of: name, in: views) ?? append(name, to: &views, rows: row, properties: properties.map(\.0))
                        for (property, number) in properties {
                            let track = position(of: property, in: views[index].1) ?? append(property, to: &views[index].1, rows: row)
                            views[index].1[track].1.append(number)
                        }
                    } else {
                        let column = position(of: name, in: scalars) ?? append(name, to: &scalars, rows: row)
                        scalars[column].1.append(member)
                    }
                }
            }
        }
        result.append(("fps", .number(rate)))
        result += scalars.map { ($0.0, .array($0.1)) }
        result.append(
            (
                "views",
                .array(
                    views.map { view in
                        .object([("name", .string(view.0)), ("tracks", .object(view.1.map { ($0.0, .array($0.1)) }))])
                    })
            ))
        return .object(result)
    }

    private static func position<T>(of name: String, in list: [(String, T)]) -> Int? {
        list.firstIndex { $0.0 == name }
    }

    /// A new column, padded with nulls for the rows before it appeared (a view that joins later).
    private static func append(_ name: String, to list: inout [(String, [JSONValue])], rows: Int) -> Int {
        list.append((name, Array(repeating: .null, count: rows)))
        return list.count - 1
    }

    private static func append(
        _ name: String, to list: inout [(String, [(String, [JSONValue])])], rows: Int, properties: [String]
    ) -> Int {
        list.append((name, properties.map { ($0, Array(repeating: JSONValue.null, count: rows)) }))
        return list.count - 1
    }
}
