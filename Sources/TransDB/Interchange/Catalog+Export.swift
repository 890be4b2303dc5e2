import TransDBCore

extension Catalog {
    /// The libraries an export names, each checked to exist, or every library for `nil`.
    ///
    /// - Throws: ``LookupError/notFound(kind:name:suggestion:)`` for the first unknown name,
    ///   with the closest existing one.
    public func exportedLibraries(_ names: [String]?) throws -> [String] {
        let known = try libraryNames()
        guard let names else { return known }
        let existing = Set(known)
        // `bundle(library:)` refuses an unknown name with a suggestion.
        for name in names where !existing.contains(name) { _ = try bundle(library: name) }
        return names
    }

    /// `libraries` as one file in `format`, every check done before the first byte is written.
    ///
    /// DTCG's transition tokens take a cubic-bezier: a preset whose curve is a spring, `steps()`
    /// or `linear()` is written with its nearest cubic-bezier (the exact curve kept under
    /// `$extensions`) only when `approximatingCurves` is set (the CLI's default; `--exact` refuses),
    /// and then each named in a note of its own with its error.
    ///
    /// - Parameters:
    ///   - libraries: The libraries, from ``exportedLibraries(_:)``.
    ///   - format: The file format.
    ///   - approximatingCurves: DTCG: write curves it cannot represent approximately.
    /// - Throws: ``ExportError/oneLibraryPerBundle(count:)`` for a bundle of other than one
    ///   library; ``ExportError/unrepresentableCurves(_:)`` for DTCG without
    ///   `approximatingCurves`; ``CatalogError`` when the catalog cannot be read.
    public func exportDocument(_ libraries: [String], as format: ExportFormat, approximatingCurves: Bool) throws -> ExportDocument {
        switch format {
        case .bundle:
            guard libraries.count == 1, let library = libraries.first else { throw ExportError.oneLibraryPerBundle(count: libraries.count) }
            return ExportDocument(content: .bundle(library: library, catalog: self), notes: [])
        case .dtcg:
            let bundles = try libraries.map { try bundle(library: $0) }
            let approximated = try dtcgApproximations(bundles)
            guard approximated.isEmpty || approximatingCurves else { throw ExportError.unrepresentableCurves(approximated) }
            return ExportDocument(content: .dtcg(bundles), notes: Self.approximationNotes(approximated))
        case .css:
            return ExportDocument(content: .text(CSSFormat.encode(try libraries.map { try motionBundle(library: $0) })), notes: [])
        }
    }

    /// How many approximated presets are named in notes of their own.
    static let approximationNotesLimit = 20

    /// A note per approximated preset, naming its error, so that a reviewer sees each one; past
    /// ``approximationNotesLimit``, one note counts the rest (a design system's thousands of
    /// springs would otherwise bury the terminal; each is marked in the file all the same).
    static func approximationNotes(_ approximated: [String]) -> [String] {
        var notes = approximated.prefix(approximationNotesLimit).map {
            "preset \($0) written with the nearest cubic-bezier; the exact curve is kept under $extensions"
        }
        let more = approximated.count - notes.count
        if more > 0 {
            notes.append(
                "and \(more) more preset\(more == 1 ? "" : "s") written with the nearest cubic-bezier; each keeps its exact curve under $extensions")
        }
        return notes
    }

    /// The presets whose curves DTCG cannot represent, each as `library/preset (kind, nearest
    /// cubic-bezier within E)`.
    private func dtcgApproximations(_ bundles: [LibraryBundle]) throws -> [String] {
        var approximated: [String] = []
        var approximations = CubicBezierApproximations()
        for bundle in bundles {
            for preset in bundle.presets {
                let curve = try timingCurve(preset.curve.qualified(in: bundle.library.name))
                switch curve {
                case .linear, .cubicBezier: continue
                default:
                    let fit = approximations.nearest(to: curve, for: preset)
                    let within = fit.map { ", nearest cubic-bezier within \($0.maximumError.formatted(digits: 3))" } ?? ""
                    approximated.append("\(bundle.library.name)/\(preset.name) (\(curve.kind.rawValue)\(within))")
                }
            }
        }
        return approximated
    }
}
