import Foundation
import Testing
import TransDB
@testable import TransDBCore

extension Interchange {
    @Suite("DTCG: writing and lossless round trips")
    struct DTCGFormatTests {
        /// encode → decode gives the libraries back, with no notes, and encoding them again
        /// gives the same bytes.
        static func expectRoundTrip(_ bundles: [LibraryBundle], sourceLocation: SourceLocation = #_sourceLocation) throws {
            let text = DTCGFormat.encode(bundles)
            let (decoded, notes) = try DTCGFormat.decode(Array(text.utf8), file: "export.tokens.json", defaultLibrary: "imported")
            #expect(notes == [], sourceLocation: sourceLocation)
            #expect(decoded.count == bundles.count, sourceLocation: sourceLocation)
            for (back, original) in zip(decoded, bundles) {
                #expect(back.library == original.library, sourceLocation: sourceLocation)
                #expect(back.curves == original.curves, sourceLocation: sourceLocation)
                for (a, b) in zip(back.presets, original.presets) where a != b {
                    Issue.record("preset \(b.library)/\(b.name) came back as \(a), was \(b)", sourceLocation: sourceLocation)
                }
                #expect(back.presets.count == original.presets.count, sourceLocation: sourceLocation)
                #expect(back.delegates == original.delegates, sourceLocation: sourceLocation)
                #expect(back.screens == original.screens, sourceLocation: sourceLocation)
                #expect(back.containers == original.containers, sourceLocation: sourceLocation)
                #expect(back.routes == original.routes, sourceLocation: sourceLocation)
            }
            #expect(decoded == bundles, sourceLocation: sourceLocation)
            #expect(DTCGFormat.encode(decoded) == text, sourceLocation: sourceLocation)
        }

        @Test("the default library survives DTCG and back exactly, and writes the same bytes again")
        func seedRoundTrip() throws {
            let bundles = try Interchange.seedBundles()
            #expect(bundles.map(\.library.name) == ["articles", "coreanimation", "demo", "material", "motion", "samples", "swiftui", "uikit"])
            try Self.expectRoundTrip(bundles)
        }

        @Test("each seed library alone round-trips, references to libraries not written included")
        func singleLibraries() throws {
            for bundle in try Interchange.seedBundles() {
                try Self.expectRoundTrip([bundle])
            }
        }

        @Test("a generated catalog of over 1,000 presets using everything a library holds round-trips exactly")
        func generatedRoundTrip() throws {
            var generator = LibraryGenerator(seed: 0x7472_616E_7364_62)
            let bundles = try generator.libraries(presets: 1_020)
            let presets = bundles.flatMap(\.presets)
            #expect(presets.count >= 1_000)
            #expect(Set(presets.map(\.kind)) == Set(PresetKind.allCases))
            #expect(Set(bundles.flatMap(\.curves).map(\.curve.kind)) == Set(TimingCurve.Kind.allCases))
            #expect(presets.contains { if case .named(let name) = $0.curve { name.library == "absent" } else { false } })
            #expect(bundles.flatMap(\.delegates).contains { $0.released })
            #expect(bundles.flatMap(\.routes).contains { $0.preset == nil } && bundles.flatMap(\.routes).contains { $0.from == .any })
            // The file has every encoding: both units, aliases to a library not written, fits, and
            // springs kept exactly in the extensions.
            let text = DTCGFormat.encode(bundles)
            #expect(text.contains("\"unit\": \"s\"") && text.contains("\"unit\": \"ms\""))
            #expect(text.contains("\"timingFunction\": \"{absent.curves.ghost}\""))
            #expect(text.contains("\"maximumError\": "))
            #expect(text.contains("\"expression\": \"spring(mass: 1, stiffness: 170, damping: 0.5, velocity: 0)\""))
            try Self.expectRoundTrip(bundles)
        }

        @Test("a preset naming a duration of a library not written keeps the name and writes its seconds, not a dangling alias")
        func durationOfAnotherLibrary() throws {
            let bundle = try BundleFormat.decode(
                Array(
                    """
                    {"transdb": 1, "library": {"name": "app", "version": "1.0.0"},
                     "durations": [{"name": "short", "seconds": 0.2}],
                     "presets": [
                       {"name": "own", "kind": "fade", "duration": "short"},
                       {"name": "theirs", "kind": "fade", "duration": "motion/medium2"},
                       {"name": "bare", "kind": "cover", "direction": "up", "duration": "spring(duration: 1, dampingRatio: 0.5)"}
                     ]}
                    """.utf8), file: "app.json"
            ).canonicalized()
            let text = DTCGFormat.encode([bundle])
            #expect(text.contains("\"duration\": \"{app.durations.short}\""))
            #expect(!text.contains("{motion.durations") && !text.contains("{app.durations.spring"))
            #expect(text.contains("\"duration\": \"motion/medium2\""))
            #expect(text.contains("\"duration\": \"spring(duration: 1, dampingRatio: 0.5)\""))
            try Self.expectRoundTrip([bundle])
        }

        @Test("a timingFunction another tool edited wins over the transdb extension's curve, with a note; a dangling alias is refused")
        func editedTimingFunction() throws {
            let bundle = try BundleFormat.decode(
                Array(
                    """
                    {"transdb": 1, "library": {"name": "app", "version": "1.0.0"},
                     "curves": [{"name": "calm", "expression": "cubic-bezier(0.2, 0, 0, 1)"}, {"name": "brisk", "expression": "cubic-bezier(0.4, 0, 1, 1)"}],
                     "presets": [{"name": "fade", "kind": "fade", "curve": "calm"}, {"name": "push", "kind": "push", "curve": "cubic-bezier(0.3, 0, 0.7, 1)"}]}
                    """.utf8), file: "app.json"
            ).canonicalized()
            let text = DTCGFormat.encode([bundle])
            #expect(text.contains(#""timingFunction": "{app.curves.calm}""#))
            func decode(_ edited: String) throws -> (preset: [String: CurveReference], notes: [String]) {
                let (bundles, notes) = try DTCGFormat.decode(Array(edited.utf8), file: "edited.tokens.json", defaultLibrary: "x")
                return (Dictionary(uniqueKeysWithValues: bundles[0].presets.map { ($0.name, $0.curve) }), notes)
            }
            // Unedited: the extension's curves, no note.
            let same = try decode(text)
            #expect(same.preset["fade"] == .named(QualifiedName(library: nil, name: "calm")))
            #expect(same.notes.isEmpty)
            // Another alias, and other control points.
            let realiased = try decode(text.replacingOccurrences(of: #""timingFunction": "{app.curves.calm}""#, with: #""timingFunction": "{app.curves.brisk}""#))
            #expect(realiased.preset["fade"] == .named(QualifiedName(library: nil, name: "brisk")))
            #expect(realiased.notes == ["the preset 'app/fade' has the transdb curve 'app/calm' but the $value timingFunction app/brisk; the $value was used"])
            let moved = try decode(text.replacingOccurrences(of: #""timingFunction": "{app.curves.calm}""#, with: #""timingFunction": [0.1, 0.2, 0.3, 1]"#))
            #expect(moved.preset["fade"] == .inline(.cubicBezier(x1: 0.1, y1: 0.2, x2: 0.3, y2: 1)))
            #expect(moved.notes.count == 1)
            // An alias of a token this file's library does not have.
            #expect(throws: CatalogError.self) {
                try decode(text.replacingOccurrences(of: #""timingFunction": "{app.curves.calm}""#, with: #""timingFunction": "{app.curves.nosuch}""#))
            }
        }

        @Test("a mirror whose $value another tool edited keeps the edit and is no longer a mirror, with a note; unedited, it stays one")
        func editedMirror() throws {
            var bundle = try BundleFormat.decode(
                Array(
                    """
                    {"transdb": 1, "library": {"name": "app", "version": "1.0.0"},
                     "presets": [{"name": "zoom", "kind": "zoom", "duration": 0.4, "curve": "cubic-bezier(0.2, 0, 0, 1)"},
                                 {"name": "zoomOut", "mirrorOf": "zoom"}]}
                    """.utf8), file: "app.json"
            ).canonicalized()
            // As a catalog exports it: the mirror's values derived from its source.
            bundle.presets[1] = try bundle.presets[1].mirroring(bundle.presets[0])
            let text = DTCGFormat.encode([bundle])
            func decode(_ edited: String) throws -> (mirror: Preset, notes: [String]) {
                let (bundles, notes) = try DTCGFormat.decode(Array(edited.utf8), file: "edited.tokens.json", defaultLibrary: "x")
                return (try #require(bundles[0].presets.first { $0.name == "zoomOut" }), notes)
            }
            let same = try decode(text)
            #expect(same.mirror.mirrorOf?.name == "zoom")
            #expect(same.notes.isEmpty)
            let written = #""value": 400,"#
            #expect(text.components(separatedBy: written).count == 3)  // the source's duration and the mirror's
            // The mirror is written after its source: edit the second duration only.
            let range = try #require(text.range(of: written, options: .backwards))
            let edited = try decode(text.replacingCharacters(in: range, with: #""value": 900,"#))
            #expect(edited.mirror.mirrorOf == nil)
            #expect(edited.mirror.duration == 0.9)
            #expect(edited.mirror.tracks == same.mirror.tracks)
            #expect(
                edited.notes == [
                    "the preset 'app/zoomOut' is the mirror of 'app/zoom' but its $value has duration 0.9 s, not 0.4; the $value was used and the preset is no longer a mirror"
                ])
        }

        @Test("a tool's own $ properties (Tokens Studio's $themes, $metadata), and DTCG's in the wrong place, are skipped with a note")
        func toolProperties() throws {
            let json =
                #"{"$themes": [], "$metadata": {"tokenSetOrder": ["core"]}, "g": {"$schema": "https://example.com/s.json", "fast": {"$type": "duration", "$value": "100ms", "$figma": {}, "$extends": "{x}"}}}"#
            let (bundles, notes) = try DTCGFormat.decode(Array(json.utf8), file: "studio.tokens.json", defaultLibrary: "ds")
            #expect(bundles.first?.durations.map(\.name) == ["g.fast"])
            #expect(
                notes == [
                    "ignored the unknown property '$themes' at $", "ignored the unknown property '$metadata' at $",
                    "ignored the unknown property '$schema' at $.g", "ignored the unknown property '$figma' at $.g.fast",
                    "ignored the unknown property '$extends' at $.g.fast",
                ])
        }

        @Test("a spring preset's approximated timingFunction: kept as written means the spring; edited by another tool, the $value wins with a note")
        func editedApproximation() throws {
            let bundle = try BundleFormat.decode(
                Array(
                    """
                    {"transdb": 1, "library": {"name": "app", "version": "1.0.0"},
                     "presets": [{"name": "sheet", "kind": "cover", "direction": "up", "duration": 0.45, "curve": "spring(duration: 0.45, dampingRatio: 0.9)"},
                                 {"name": "tick", "kind": "fade", "duration": 0.3, "curve": "steps(4, jump-end)"}]}
                    """.utf8), file: "app.json"
            ).canonicalized()
            let text = DTCGFormat.encode([bundle])
            func decode(_ edited: String) throws -> (preset: [String: CurveReference], notes: [String]) {
                let (bundles, notes) = try DTCGFormat.decode(Array(edited.utf8), file: "edited.tokens.json", defaultLibrary: "x")
                return (Dictionary(uniqueKeysWithValues: bundles[0].presets.map { ($0.name, $0.curve) }), notes)
            }
            let same = try decode(text)
            #expect(same.preset["sheet"] == .inline(try TimingCurve(expression: "spring(duration: 0.45, dampingRatio: 0.9)")))
            #expect(same.preset["tick"] == .inline(try TimingCurve(expression: "steps(4, jump-end)")))
            #expect(same.notes.isEmpty)
            // The Bézier written for the spring, replaced by other control points.
            var json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            var library = try #require(json["app"] as? [String: Any])
            var presets = try #require(library["presets"] as? [String: Any])
            var sheet = try #require(presets["sheet"] as? [String: Any])
            var value = try #require(sheet["$value"] as? [String: Any])
            let written = try #require(value["timingFunction"] as? [Double])
            value["timingFunction"] = [0.1, 0.2, 0.3, 0.4]
            sheet["$value"] = value
            presets["sheet"] = sheet
            library["presets"] = presets
            json["app"] = library
            let edited = try decode(String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self))
            #expect(edited.preset["sheet"] == .inline(.cubicBezier(x1: 0.1, y1: 0.2, x2: 0.3, y2: 0.4)))
            #expect(
                edited.notes == [
                    "the preset 'app/sheet' has the transdb curve 'spring(duration: 0.45, dampingRatio: 0.9, velocity: 0)' but the $value timingFunction cubic-bezier(0.1, 0.2, 0.3, 0.4); the $value was used"
                ])
            #expect(edited.preset["tick"] == same.preset["tick"])
            // Only the duration changed: the Bézier is still the one written (over the noted
            // duration), so the spring stays, with no note.
            value["timingFunction"] = written
            value["duration"] = ["value": 420, "unit": "ms"]
            sheet["$value"] = value
            presets["sheet"] = sheet
            library["presets"] = presets
            json["app"] = library
            let retimed = try decode(String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self))
            #expect(retimed.preset["sheet"] == same.preset["sheet"])
            #expect(retimed.notes.isEmpty)
        }

        @Test("$schema: every library read keeps the file's; written back at the root when the libraries share one, else per library")
        func tokensSchema() throws {
            let schema = "https://www.designtokens.org/schemas/2025.10/format.json"
            let json = #"{"$schema": "\#(schema)", "ease": {"$type": "cubicBezier", "$value": [0.4, 0, 0.2, 1]}}"#
            let read = try DTCGFormat.decode(Array(json.utf8), file: "ds.tokens.json", defaultLibrary: "ds")
            #expect(read.notes == [])
            #expect(read.bundles.map(\.library) == [Library(name: "ds", tokensSchema: schema)])
            let written = DTCGFormat.encode(read.bundles)
            #expect(written.hasPrefix("{\n  \"$schema\": \"\(schema)\",\n  \"ds\": {"))
            #expect(!written.contains("\"tokensSchema\""))
            try Self.expectRoundTrip(read.bundles)

            // Libraries with different schemas, or with and without one: no `$schema` at the root,
            // each library's own in its extension, and each comes back as it was.
            let other = try DTCGFormat.decode(
                Array(json.replacingOccurrences(of: schema, with: "https://example.com/tokens.schema.json").utf8), file: "other.tokens.json",
                defaultLibrary: "other")
            let none = try DTCGFormat.decode(Array(json.replacingOccurrences(of: #""$schema": "\#(schema)", "#, with: "").utf8), file: "plain.tokens.json", defaultLibrary: "plain")
            #expect(none.bundles.map(\.library) == [Library(name: "plain")])
            let mixed = read.bundles + other.bundles + none.bundles
            let text = DTCGFormat.encode(mixed)
            #expect(!text.contains("\"$schema\""))
            #expect(text.contains("\"tokensSchema\": \"https://example.com/tokens.schema.json\""))
            try Self.expectRoundTrip(mixed)

            let invalid = #"{"$schema": "tokens.schema.json", "ease": {"$type": "cubicBezier", "$value": [0.4, 0, 0.2, 1]}}"#
            #expect {
                try DTCGFormat.decode(Array(invalid.utf8), file: "bad.tokens.json", defaultLibrary: "ds")
            } throws: { error in
                "\(error)".hasPrefix("bad.tokens.json: $.$schema: invalid tokens schema 'tokens.schema.json': a tokens schema is an absolute URI")
            }
        }

        @Test("the output does not depend on the order the libraries are given in")
        func orderIndependent() throws {
            let bundles = try Interchange.seedBundles()
            #expect(DTCGFormat.encode(bundles.reversed()) == DTCGFormat.encode(bundles))
            #expect(DTCGFormat.encode([]) == "{}\n")
            let empty = try DTCGFormat.decode(Array("{}\n".utf8), file: "x", defaultLibrary: "d")
            #expect(empty.bundles == [] && empty.notes == [])
        }

        @Test("names with DTCG's reserved characters become escaped keys and come back")
        func escapedKeys() throws {
            let names = ["a.b", "{x}", "$lead", "mid$dle", "100%", "%2E", "%", "%%24", "emoji ✨", "$", ".", "50% %2", "%2e", "%25%", "%{", "%2."]
            for name in names {
                let key = DTCGNameProbe.key(name)
                #expect(!key.contains(".") && !key.contains("{") && !key.contains("}") && !key.hasPrefix("$"), "\(key)")
            }
            let bundle = LibraryBundle(
                library: Library(name: "lib.with.dots"),
                curves: names.map { NamedCurve(library: "lib.with.dots", name: $0, curve: .cubicBezier(x1: 0.1, y1: 0, x2: 0.2, y2: 1)) })
            let text = DTCGFormat.encode([bundle])
            #expect(text.contains("\"lib%2Ewith%2Edots\": {"))
            #expect(text.contains("\"%24lead\": {") && text.contains("\"mid$dle\": {") && text.contains("\"%252E\": {"))
            // A '%' is escaped only where it would read as an escape: "100%" is the key other tools know.
            #expect(text.contains("\"100%\": {") && text.contains("\"50% %2\": {") && text.contains("\"%252e\": {") && text.contains("\"%2525%\": {"))
            try Self.expectRoundTrip([bundle.canonicalized()])
        }

        @Test("dotted names nest as groups, a name others continue is its group's $root, aliases follow; a flat export still reads")
        func nestedNames() throws {
            let curves = ["base.ease", "base.ease.strong", "base.easing.in", "a..b", "plain"].map {
                #"{"name": "\#($0)", "expression": "cubic-bezier(0.2, 0, 0, 1)"}"#
            }
            let bundle = try BundleFormat.decode(
                Array(
                    (#"{"transdb": 1, "library": {"name": "ds", "version": "1.0.0"}, "curves": ["# + curves.joined(separator: ", ")
                        + #"], "durations": [{"name": "dur.fast", "seconds": 0.1}], "#
                        + #""presets": [{"name": "motion.fade", "kind": "fade", "duration": "dur.fast", "curve": "base.ease"}]}"#).utf8),
                file: "ds.json"
            ).canonicalized()
            let text = DTCGFormat.encode([bundle])
            let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let ds = try #require(json["ds"] as? [String: Any])
            let ease = try #require(((ds["curves"] as? [String: Any])?["base"] as? [String: Any])?["ease"] as? [String: Any])
            #expect(Set(ease.keys) == ["$root", "strong"])
            #expect((ds["curves"] as? [String: Any])?["a%2E%2Eb"] != nil, "a name with an empty part stays one key")
            let fade = try #require(((ds["presets"] as? [String: Any])?["motion"] as? [String: Any])?["fade"] as? [String: Any])
            let value = try #require(fade["$value"] as? [String: Any])
            #expect(value["timingFunction"] as? String == "{ds.curves.base.ease.$root}")
            #expect(value["duration"] as? String == "{ds.durations.dur.fast}")
            try Self.expectRoundTrip([bundle])
            // An export written before names nested: one escaped key, and aliases to it.
            let flat = #"{"ds": {"$extensions": {"org.transdb": {"format": 1, "version": "1.0.0"}}, "curves": {"base%2Eease": {"$type": "cubicBezier", "$value": [0.2, 0, 0, 1]}}, "#
                + #""presets": {"p": {"$type": "transition", "$value": {"duration": "100ms", "timingFunction": "{ds.curves.base%2Eease}"}, "#
                + #""$extensions": {"org.transdb": {"kind": "fade", "curve": {"name": "base.ease"}}}}}}}"#
            let (read, notes) = try DTCGFormat.decode(Array(flat.utf8), file: "old.tokens.json", defaultLibrary: "x")
            #expect(notes.isEmpty && read.first?.curves.map(\.name) == ["base.ease"])
            #expect(read.first?.presets.first?.curve == .named(QualifiedName(library: nil, name: "base.ease")))
            // An export written before '%' was escaped only where needed: its alias of another
            // library's curve '50%' is '{ds.curves.50%25}', still known as the export's own.
            let percent = #"{"app": {"$extensions": {"org.transdb": {"format": 1, "version": "1.0.0"}}, "presets": {"p": {"$type": "transition", "#
                + #""$value": {"duration": "100ms", "timingFunction": "{ds.curves.50%25}"}, "#
                + #""$extensions": {"org.transdb": {"kind": "fade", "curve": {"library": "ds", "name": "50%"}}}}}}}"#
            let (fromPercent, percentNotes) = try DTCGFormat.decode(Array(percent.utf8), file: "old.tokens.json", defaultLibrary: "x")
            #expect(percentNotes.isEmpty)
            #expect(fromPercent.first?.presets.first?.curve == .named(QualifiedName(library: "ds", name: "50%")))
            // Two libraries exported one at a time: the other's alias of a curve that is also a
            // group (written there as its $root) reads as that curve.
            let other = try BundleFormat.decode(
                Array(#"{"transdb": 1, "library": {"name": "app", "version": "1.0.0"}, "curves": [{"name": "mine", "aliasOf": "ds/base.ease"}]}"#.utf8),
                file: "app.json")
            let ownFile = DTCGFormat.encode([bundle])
            let otherFile = DTCGFormat.encode([other])
            #expect(otherFile.contains(#""$value": "{ds.curves.base.ease}""#))
            let together = try DTCGFormat.decode(
                [(Array(ownFile.utf8), "ds.tokens.json"), (Array(otherFile.utf8), "app.tokens.json")], defaultLibrary: "x")
            #expect(together.bundles.first { $0.library.name == "app" }?.curves.first?.aliasOf == QualifiedName(library: "ds", name: "base.ease"))
        }

        @Test("a preset token: duration and delay in ms, in the fewest digits that read back exactly; an alias of a named Bézier; the rest in the extension")
        func presetToken() throws {
            let bundles = try Interchange.seedBundles()
            let motion = try Self.token(DTCGFormat.encode(bundles), "motion", "presets", "pullRight")
            #expect(
                motion == """
                    {
                      "$type": "transition",
                      "$value": {
                        "duration": {
                          "value": 350,
                          "unit": "ms"
                        },
                        "delay": {
                          "value": 0,
                          "unit": "ms"
                        },
                        "timingFunction": "{motion.curves.standard}"
                      },
                      "$description": "The top view is pulled away to the right, the one below returns; interactive",
                      "$extensions": {
                        "org.transdb": {
                          "kind": "pull",
                          "direction": "right",
                          "curve": {
                            "name": "standard"
                          },
                          "interaction": {
                            "completionSpeed": 1,
                            "completionCurve": {
                              "library": "uikit",
                              "name": "easeOut"
                            },
                            "finishThreshold": 0.5
                          },
                          "reverse": "pushLeft"
                        }
                      }
                    }
                    """)
            let odd = Preset(
                library: "x", name: "odd", kind: .fade, duration: 0.123456789, delay: 0.3, curve: .inline(.linear),
                tracks: PresetKind.fade.tracks(direction: nil))
            let text = DTCGFormat.encode([LibraryBundle(library: Library(name: "x"), presets: [odd])])
            let value = try Self.token(text, "x", "presets", "odd")
            #expect(value.contains("\"value\": 123.456789,\n      \"unit\": \"ms\""))
            #expect(value.contains("\"value\": 300,\n      \"unit\": \"ms\""))
            // Milliseconds that are not whole, as a token file gives them: read as the seconds
            // their digits say (0.333333, not the 0.33333300000000005 of dividing by 1000), and
            // written back as the same milliseconds.
            for (written, seconds) in [("333.333", 0.333333), ("0.0001", 1e-7), ("1e-4", 1e-7), ("16.7", 0.0167), ("0", 0.0), ("250", 0.25)] {
                let json = #"{"d": {"$type": "duration", "$value": {"value": \#(written), "unit": "ms"}}, "e": {"$type": "duration", "$value": "\#(written)ms"}}"#
                let read = try DTCGFormat.decode(Array(json.utf8), file: "d.tokens.json", defaultLibrary: "x").bundles.first?.durations
                #expect(read?.map(\.seconds) == [seconds, seconds], "\(written)")
            }
            let typed = Preset(
                library: "x", name: "typed", kind: .fade, duration: 0.333333, curve: .inline(.linear), tracks: PresetKind.fade.tracks(direction: nil))
            let written = try Self.token(DTCGFormat.encode([LibraryBundle(library: Library(name: "x"), presets: [typed])]), "x", "presets", "typed")
            #expect(written.contains("\"value\": 333.333,\n      \"unit\": \"ms\""))
            // As many digits either way: milliseconds, as design systems write them (a 60 Hz frame).
            let frame = Preset(
                library: "x", name: "frame", kind: .fade, duration: 0.0167, curve: .inline(.linear), tracks: PresetKind.fade.tracks(direction: nil))
            let frameValue = try Self.token(DTCGFormat.encode([LibraryBundle(library: Library(name: "x"), presets: [frame])]), "x", "presets", "frame")
            #expect(frameValue.contains("\"value\": 16.7,\n      \"unit\": \"ms\""))
        }

        @Test("a spring preset's timingFunction is the nearest cubic Bézier, marked approximate with the exact expression")
        func approximatedTimingFunction() throws {
            let bundles = try Interchange.seedBundles()
            let text = DTCGFormat.encode(bundles)
            let spring = try TimingCurve(expression: "spring(duration: 1, dampingRatio: 0.4, velocity: 0)")
            let fit = try #require(DTCGFormat.nearestCubicBezier(to: spring, duration: 1))
            guard case let .cubicBezier(x1, y1, x2, y2) = fit.curve else {
                Issue.record("not a cubic Bézier: \(fit.curve)")
                return
            }
            let token = try Self.token(text, "samples", "presets", "popAnimator")
            let points = [x1, y1, x2, y2].map { JSONValue.number($0).pretty }.joined(separator: ",\n      ")
            #expect(token.contains("\"timingFunction\": [\n      \(points)\n    ]"))
            let stated = try #require(Double(Self.field(token, "maximumError")))
            #expect(stated >= fit.maximumError && stated < fit.maximumError + 0.00001)
            #expect(abs(fit.maximumError - 0.113884) < 1e-6)
            #expect(
                token.contains("\"approximate\": true,\n        \"expression\": \"spring(duration: 1, dampingRatio: 0.4, velocity: 0)\""))
            #expect(
                token.contains("\"curve\": {\n        \"expression\": \"spring(duration: 1, dampingRatio: 0.4, velocity: 0)\"\n      }"))
        }

        @Test("springs, steps() and linear(…) are kept exactly in the library's extension, linear as a marked token")
        func untypedCurves() throws {
            let text = DTCGFormat.encode(try Interchange.seedBundles())
            let swiftui = try Self.token(text, "swiftui")
            #expect(swiftui.contains("\"name\": \"bouncy\",\n          \"expression\": \"spring(duration: 0.5, bounce: 0.3)\""))
            #expect(!swiftui.contains("\"curves\": {"))
            let linear = try Self.token(text, "uikit", "curves", "linear")
            #expect(
                linear == """
                    {
                      "$type": "cubicBezier",
                      "$value": [
                        0,
                        0,
                        1,
                        1
                      ],
                      "$description": "UIView.AnimationCurve.linear (3)",
                      "$extensions": {
                        "org.transdb": {
                          "expression": "linear"
                        }
                      }
                    }
                    """)
        }

        @Test("without transdb's extensions, the DTCG part stands on its own: every alias resolves and every value is valid")
        func standsAlone() throws {
            let bundles = try Interchange.seedBundles()
            let stripped = try Self.strippingExtensions(DTCGFormat.encode(bundles))
            let (decoded, notes) = try DTCGFormat.decode(Array(stripped.utf8), file: "stripped.tokens.json", defaultLibrary: "plain")
            // Only the libraries' descriptions are lost: their groups are plain groups now.
            #expect(
                notes == [
                    "did not keep the $descriptions of 8 groups: articles, coreanimation, demo, material, motion and 3 more: transdb keeps descriptions on entries and libraries, not on groups"
                ])
            let plain = try #require(decoded.first)
            #expect(decoded.count == 1 && plain.library.name == "plain")
            let beziers = bundles.flatMap(\.curves).filter { $0.curve.kind == .cubicBezier || $0.curve.kind == .linear }
            #expect(plain.curves.count == beziers.count)
            #expect(plain.presets.count == bundles.flatMap(\.presets).count)
            let pullRight = try #require(plain.presets.first { $0.name == "motion.presets.pullRight" })
            #expect(pullRight.kind == .custom && pullRight.duration == 0.35 && pullRight.tracks == ViewTracks())
            #expect(pullRight.curve == .named(QualifiedName(library: nil, name: "motion.curves.standard")))
            let instant = try #require(plain.presets.first { $0.name == "motion.presets.instant" })
            #expect(instant.kind == PresetKind.none && instant.duration == 0)
            let uikitLinear = try #require(plain.curves.first { $0.name == "uikit.curves.linear" })
            #expect(uikitLinear.curve == .cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1))
        }

        // MARK: Helpers

        /// The pretty JSON of the value at a path of the document.
        static func token(_ text: String, _ path: String...) throws -> String {
            var value = try StrictJSON.parse(Array(text.utf8))
            for key in path {
                guard case let .object(members) = value, let member = members.first(where: { $0.0 == key }) else {
                    throw Interchange.UnexpectedOutput("no \(key) in \(path)")
                }
                value = member.1
            }
            return value.pretty
        }

        /// The text after `"key": ` on its line.
        static func field(_ text: String, _ key: String) throws -> String {
            let line = try #require(text.split(separator: "\n").first { $0.contains("\"\(key)\": ") })
            return String(line.split(separator: ": ", maxSplits: 1)[1]).trimmingCharacters(in: CharacterSet(charactersIn: ", "))
        }

        /// The document with every `$extensions` removed.
        static func strippingExtensions(_ text: String) throws -> String {
            func strip(_ value: JSONValue) -> JSONValue {
                switch value {
                case let .object(members): .object(members.filter { $0.0 != "$extensions" }.map { ($0.0, strip($0.1)) })
                case let .array(items): .array(items.map(strip))
                default: value
                }
            }
            return strip(try StrictJSON.parse(Array(text.utf8))).pretty
        }
    }

    /// The keys the writer gives names, read off its output.
    enum DTCGNameProbe {
        static func key(_ name: String) -> String {
            let bundle = LibraryBundle(
                library: Library(name: "l"), curves: [NamedCurve(library: "l", name: name, curve: .cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1))]
            )
            let text = DTCGFormat.encode([bundle])
            guard case let .object(top)? = try? StrictJSON.parse(Array(text.utf8)), case let .object(library) = top[0].1,
                case let .object(curves)? = library.first(where: { $0.0 == "curves" })?.1
            else { return "" }
            return curves[0].0
        }
    }
}
