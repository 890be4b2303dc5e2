import Foundation
import Testing
import TransDB
@testable import TransDBCore

extension Interchange {
    @Suite("DTCG: reading files written by other tools")
    struct DTCGReaderTests {
        static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> TimingCurve {
            .cubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
        }

        static func preset(
            _ library: String, _ name: String, kind: PresetKind = .custom, duration: Double, durationName: String? = nil, delay: Double = 0,
            curve: CurveReference, description: String = "", deprecated: String? = nil
        ) -> Preset {
            Preset(
                library: library, name: name, kind: kind, duration: duration,
                durationName: durationName.map { QualifiedName(library: nil, name: $0) }, delay: delay, curve: curve, tracks: ViewTracks(),
                description: description, deprecated: deprecated)
        }

        static func named(_ name: String) -> CurveReference { .named(QualifiedName(library: nil, name: name)) }

        @Test("Material 3 motion tokens: $root curves, named durations in both forms, aliases, a deprecated group, an instant transition")
        func material3() throws {
            let (bundles, notes) = try DTCGFormat.decode(
                try Interchange.fixture("material3-motion.tokens.json"), file: "material3-motion.tokens.json", defaultLibrary: "material3")
            let easing = "md.sys.motion.easing."
            let duration = "md.sys.motion.duration."
            let library = "material3"
            let published: [(String, Double)] = [
                ("extraLong1", 0.7), ("extraLong2", 0.8), ("extraLong3", 0.9), ("extraLong4", 1), ("long1", 0.45), ("long2", 0.5),
                ("long3", 0.55), ("long4", 0.6), ("medium1", 0.25), ("medium2", 0.3), ("medium3", 0.35), ("medium4", 0.4),
                ("short1", 0.05), ("short2", 0.1), ("short3", 0.15), ("short4", 0.2),
            ]
            func curve(_ name: String, _ value: TimingCurve, _ description: String = "", deprecated: String? = nil) -> NamedCurve {
                NamedCurve(library: library, name: easing + name, curve: value, description: description, deprecated: deprecated)
            }
            let legacy = "Use the standard or emphasized easing"
            let expected = LibraryBundle(
                library: Library(name: library),
                curves: [
                    curve("emphasized", Self.bezier(0.2, 0, 0, 1), "The M3 default; on Android, a path of two curves"),
                    curve("emphasized.accelerate", Self.bezier(0.3, 0, 0.8, 0.15)),
                    curve("emphasized.decelerate", Self.bezier(0.05, 0.7, 0.1, 1)),
                    // $deprecated on their group, inherited and kept.
                    curve("legacy", Self.bezier(0.4, 0, 0.2, 1), deprecated: legacy),
                    curve("legacy.accelerate", Self.bezier(0.4, 0, 1, 1), deprecated: legacy),
                    curve("legacy.decelerate", Self.bezier(0, 0, 0.2, 1), deprecated: legacy),
                    curve("linear", Self.bezier(0, 0, 1, 1)),
                    curve("standard", Self.bezier(0.2, 0, 0, 1), "For simple, small or utility transitions"),
                    curve("standard.accelerate", Self.bezier(0.3, 0, 1, 1)),
                    curve("standard.decelerate", Self.bezier(0, 0, 0, 1)),
                ],
                durations: published.map { NamedDuration(library: library, name: duration + $0.0, seconds: $0.1) },
                presets: [
                    Self.preset(
                        library, "md.sys.motion.transition.container-transform", duration: 0.5, durationName: duration + "long2",
                        curve: .inline(Self.bezier(0.2, 0, 0, 1))),
                    Self.preset(
                        library, "md.sys.motion.transition.enter", duration: 0.4, durationName: duration + "medium4",
                        curve: Self.named(easing + "emphasized.decelerate"), description: "Incoming elements: emphasized decelerate, medium4"),
                    Self.preset(
                        library, "md.sys.motion.transition.exit", duration: 0.2, durationName: duration + "short4",
                        curve: Self.named(easing + "emphasized.accelerate")),
                    Self.preset(
                        library, "md.sys.motion.transition.fade-through", duration: 0.3, durationName: duration + "medium2", delay: 0.09,
                        curve: Self.named(easing + "standard")),
                    Self.preset(
                        library, "md.sys.motion.transition.instant", kind: .none, duration: 0, curve: Self.named(easing + "linear")),
                ])
            #expect(bundles == [expected])
            #expect(
                notes == [
                    // One note for the tokens a group deprecates alike.
                    "3 entries are deprecated: Use the standard or emphasized easing (curve 'material3/md.sys.motion.easing.legacy', curve 'material3/md.sys.motion.easing.legacy.accelerate', curve 'material3/md.sys.motion.easing.legacy.decelerate')",
                    "did not keep the $description of md: transdb keeps descriptions on entries and libraries, not on groups",
                ])
        }

        @Test("every Material 3 duration, in either form, reads as its published value")
        func material3Durations() throws {
            let published: [(String, Double)] = [
                ("short1", 0.05), ("short2", 0.1), ("short3", 0.15), ("short4", 0.2), ("medium1", 0.25), ("medium2", 0.3),
                ("medium3", 0.35), ("medium4", 0.4), ("long1", 0.45), ("long2", 0.5), ("long3", 0.55), ("long4", 0.6),
                ("extraLong1", 0.7), ("extraLong2", 0.8), ("extraLong3", 0.9), ("extraLong4", 1),
            ]
            let fixture = String(decoding: try Interchange.fixture("material3-motion.tokens.json"), as: UTF8.self)
            for (token, seconds) in published {
                // A transition per duration token, appended to the fixture's top level.
                let probe = fixture.replacingOccurrences(
                    of: "\n  \"md\": {",
                    with: """

                          "probe": { "$type": "transition", "$value": { "duration": "{md.sys.motion.duration.\(token)}", "timingFunction": [0, 0, 1, 1] } },
                          "md": {
                        """)
                let (bundles, _) = try Interchange.decode(probe)
                let preset = try #require(bundles.first?.presets.first { $0.name == "probe" })
                #expect(preset.duration == seconds, "\(token)")
            }
        }

        @Test("a Style-Dictionary-shaped file: nested groups, inherited $type, aliases of aliases, $ref, $deprecated, foreign $extensions")
        func styleDictionary() throws {
            let (bundles, notes) = try DTCGFormat.decode(
                try Interchange.fixture("style-dictionary.tokens.json"), file: "style-dictionary.tokens.json", defaultLibrary: "sd")
            let library = "sd"
            func curve(
                _ name: String, _ value: TimingCurve, _ description: String = "", deprecated: String? = nil, aliasOf: String? = nil
            ) -> NamedCurve {
                NamedCurve(
                    library: library, name: name, curve: value, description: description, deprecated: deprecated,
                    aliasOf: aliasOf.map { QualifiedName(library: nil, name: $0) })
            }
            let smooth = Self.bezier(0.25, 0.1, 0.25, 1)
            let expected = LibraryBundle(
                library: Library(name: library, tokensSchema: "https://www.designtokens.org/schemas/2025.10/format.json"),
                curves: [
                    curve("motion.easing.base.overshoot", Self.bezier(0.34, 1.56, 0.64, 1), "Overshoots by about 10%"),
                    curve("motion.easing.base.smooth", smooth),
                    curve("motion.easing.base.snap", Self.bezier(0.5, 0, 0.1, 1)),
                    curve("motion.easing.old.bounce", Self.bezier(0.68, -0.55, 0.265, 1.55), deprecated: ""),
                    curve("motion.easing.old.kept", Self.bezier(0.1, 0.2, 0.3, 0.4)),
                    // {…} aliases stay aliases, an alias of an alias naming the alias; so does a
                    // $ref to a token's whole $value, which DTCG makes the same as {…}.
                    curve("motion.semantic.emphasis", smooth, aliasOf: "motion.semantic.enter"),
                    curve("motion.semantic.enter", smooth, "An alias, typed by its target", aliasOf: "motion.easing.base.smooth"),
                    curve("motion.semantic.pointer", Self.bezier(0.5, 0, 0.1, 1), aliasOf: "motion.easing.base.snap"),
                ],
                durations: [
                    NamedDuration(library: library, name: "motion.duration.fast", seconds: 0.12),
                    NamedDuration(library: library, name: "motion.duration.slow", seconds: 0.48, deprecated: "Use {motion.duration.fast}"),
                ],
                presets: [
                    // A $ref to the duration token's $value uses the named duration, as an alias does.
                    Self.preset(
                        library, "component.dialog.close", duration: 0.48, durationName: "motion.duration.slow", delay: 0.04,
                        curve: .inline(Self.bezier(0.4, 0, 1, 1)), deprecated: "Dialogs close with open played backwards"),
                    Self.preset(
                        library, "component.dialog.open", duration: 0.12, durationName: "motion.duration.fast",
                        curve: Self.named("motion.semantic.emphasis")),
                    Self.preset(
                        library, "component.dialog.reopen", duration: 0.12, durationName: "motion.duration.fast",
                        curve: Self.named("motion.semantic.emphasis")),
                ])
            #expect(bundles == [expected])
            #expect(
                notes == [
                    "skipped 2 color tokens (color.brand, color.accent): transdb has no color entries",
                    "skipped 1 dimension token (size.radius): transdb has no dimension entries",
                    "kept the value, not the link, of an alias (transition 'sd/component.dialog.reopen' = {component.dialog.open}): transdb links a curve to a curve and a transition's duration to a duration; changing the target will not change it",
                    "the curve 'sd/motion.easing.old.bounce' is deprecated",
                    "the duration 'sd/motion.duration.slow' is deprecated: Use {motion.duration.fast}",
                    "the preset 'sd/component.dialog.close' is deprecated: Dialogs close with open played backwards",
                    "ignored the extension 'com.tokens-studio' on the top level: a library has nowhere to keep it",
                    "ignored the extension 'com.figma' on motion.easing.base.smooth, component.dialog.open: a library has nowhere to keep it",
                    "ignored the extension 'org.example.linter' on component.dialog.open: a library has nowhere to keep it",
                    "did not keep the $description of motion.easing: transdb keeps descriptions on entries and libraries, not on groups",
                ])
        }

        @Test("a '/' in a foreign token's name, which DTCG allows, is read as '.', with a note; aliases follow")
        func slashInNames() throws {
            let json = #"""
                {"Motion": {"ease/in": {"$type": "cubicBezier", "$value": [0.4, 0, 1, 1]}, "ease/out": {"$type": "cubicBezier", "$value": "{Motion.ease/in}"},
                 "t": {"$type": "transition", "$value": {"duration": {"value": 100, "unit": "ms"}, "timingFunction": "{Motion.ease/out}"}}}}
                """#
            let (bundles, notes) = try DTCGFormat.decode(Array(json.utf8), file: "f.tokens.json", defaultLibrary: "x")
            let bundle = try #require(bundles.first)
            #expect(bundle.curves.map(\.name) == ["Motion.ease.in", "Motion.ease.out"])
            #expect(bundle.curves.last?.aliasOf == QualifiedName(library: nil, name: "Motion.ease.in"))
            #expect(bundle.presets.first?.curve == .named(QualifiedName(library: nil, name: "Motion.ease.out")))
            #expect(
                notes == [
                    "read '/' as '.' in 2 token names (Motion.ease/in → Motion.ease.in, Motion.ease/out → Motion.ease.out): transdb keeps '/' between a library and a name; an export nests such names at the dots"
                ])
        }

        @Test("aliases transdb cannot link (a duration's, a delay's, a whole transition's) keep their values and are noted")
        func unlinkedAliases() throws {
            let json = #"""
                {
                  "d": { "$type": "duration", "base": { "$value": { "value": 200, "unit": "ms" } }, "button": { "$value": "{d.base}" },
                         "none": { "$value": { "value": 0, "unit": "ms" } }, "pointer": { "$value": { "$ref": "#/d/base/$value" } } },
                  "t": { "$type": "transition",
                         "enter": { "$value": { "duration": "{d.base}", "delay": "{d.none}", "timingFunction": [0.2, 0, 0, 1] } },
                         "again": { "$value": "{t.enter}" } },
                  "e": { "$type": "cubicBezier", "std": { "$value": [0.2, 0, 0, 1] }, "part": { "$value": [{ "$ref": "#/e/std/$value/0" }, 0, 0, 1] } }
                }
                """#
            let (bundles, notes) = try DTCGFormat.decode(Array(json.utf8), file: "a.tokens.json", defaultLibrary: "x")
            let bundle = try #require(bundles.first)
            #expect(bundle.durations.map(\.seconds) == [0.2, 0.2, 0, 0.2])
            #expect(bundle.presets.map(\.delay) == [0, 0])
            #expect(bundle.curves.first { $0.name == "e.part" }?.curve == .cubicBezier(x1: 0.2, y1: 0, x2: 0, y2: 1))
            #expect(
                notes == [
                    "kept the value, not the link, of 5 aliases (duration 'x/d.button' = {d.base}, duration 'x/d.pointer' = {d.base}, x1 of curve 'x/e.part' = {$ref}, the delay of transition 'x/t.enter' = {d.none}, transition 'x/t.again' = {t.enter}): transdb links a curve to a curve and a transition's duration to a duration; changing the target will not change them"
                ])
        }

        @Test("the top level's $description describes the library made of a foreign file; a group's is noted as not kept")
        func groupDescriptions() throws {
            let document = """
                {
                  "$description": "Acme motion tokens",
                  "motion": {
                    "$description": "Motion of the Acme design system",
                    "easing": { "$description": "Easings", "standard": { "$type": "cubicBezier", "$value": [0.2, 0, 0, 1] } },
                    "empty": { "$description": "" }
                  }
                }
                """
            let (bundles, notes) = try Interchange.decode(document)
            #expect(bundles.map(\.library.description) == ["Acme motion tokens"])
            #expect(
                notes == [
                    "did not keep the $descriptions of 2 groups: motion, motion.easing: transdb keeps descriptions on entries and libraries, not on groups"
                ])
            // Without tokens for the library, the top level's description has nothing to describe.
            let (none, alone) = try Interchange.decode(#"{ "$description": "Nothing here", "size": { "$type": "dimension", "$value": { "value": 4, "unit": "px" } } }"#)
            #expect(none.isEmpty)
            #expect(alone.last == "did not keep the $description of the top level: transdb keeps descriptions on entries and libraries, not on groups")
        }

        @Test("$extends copies a group's tokens, local ones winning, with the types they inherit")
        func extendsGroups() throws {
            let (bundles, notes) = try Interchange.decode(
                """
                {
                  "base": {
                    "$type": "cubicBezier",
                    "ease": { "$value": [0.25, 0.1, 0.25, 1] },
                    "out": { "$value": [0, 0, 0.58, 1] },
                    "nested": { "in": { "$value": [0.42, 0, 1, 1] } }
                  },
                  "brand": {
                    "$extends": "{base}",
                    "out": { "$value": [0, 0, 0.2, 1] },
                    "entrance": { "$type": "transition", "$value": { "duration": "200ms", "delay": "0ms", "timingFunction": "{brand.nested.in}" } }
                  }
                }
                """)
            let curves = try #require(bundles.first).curves.map { "\($0.name) \($0.curve.expression)" }
            #expect(
                curves == [
                    "base.ease cubic-bezier(0.25, 0.1, 0.25, 1)", "base.nested.in cubic-bezier(0.42, 0, 1, 1)",
                    "base.out cubic-bezier(0, 0, 0.58, 1)", "brand.ease cubic-bezier(0.25, 0.1, 0.25, 1)",
                    "brand.nested.in cubic-bezier(0.42, 0, 1, 1)", "brand.out cubic-bezier(0, 0, 0.2, 1)",
                ])
            #expect(try #require(bundles.first).presets.map(\.curve) == [Self.named("brand.nested.in")])
            #expect(notes == [])
        }

        @Test("a foreign token next to transdb's libraries goes to the default library and may alias their curves")
        func mixedFile() throws {
            let motion = try #require(try Interchange.seedBundles().first { $0.library.name == "motion" })
            var text = DTCGFormat.encode([motion])
            text.removeLast(2)  // "}\n"
            text += """
                ,
                  "extra": { "$type": "transition", "$value": { "duration": { "value": 1, "unit": "s" }, "delay": "0s", "timingFunction": "{motion.curves.standard}" } }
                }

                """
            let (bundles, notes) = try Interchange.decode(text, defaultLibrary: "local")
            #expect(notes == [])
            #expect(bundles.count == 2 && bundles[0] == motion)
            #expect(
                bundles[1].presets == [
                    Self.preset("local", "extra", duration: 1, curve: .named(QualifiedName(library: "motion", name: "standard")))
                ])
        }

        @Test("a token in the format before DTCG (value and type without $) is refused saying so")
        func olderFormat() throws {
            let json = #"{"motion": {"fast": {"value": "100ms", "type": "duration"}}}"#
            #expect {
                try DTCGFormat.decode(Array(json.utf8), file: "legacy.tokens.json", defaultLibrary: "x")
            } throws: { error in
                "\(error)"
                    == "legacy.tokens.json: $.motion.fast.value: expected a token or a group (an object), found a string (\"100ms\"); 'value' without '$' is the token format before DTCG (Style Dictionary 3, Tokens Studio): DTCG 2025.10 writes $value and $type"
            }
        }

        @Test(
            "a group of a type DTCG does not define ($type link, as in Carbon's and Primer's files) is skipped with a note; the motion tokens are read"
        )
        func foreignType() throws {
            let json = #"""
                {"$schema": "https://www.designtokens.org/schemas/2025.10/format.json",
                 "icon": {"$type": "link", "close": {"$value": "https://example.com/close.svg"}},
                 "motion": {"$type": "cubicBezier", "productive": {"$value": [0.2, 0, 0.38, 0.9]}}}
                """#
            let (bundles, notes) = try DTCGFormat.decode(Array(json.utf8), file: "carbon.tokens.json", defaultLibrary: "carbon")
            #expect(bundles.flatMap(\.curves).map(\.name) == ["motion.productive"])
            #expect(bundles.map(\.library.tokensSchema) == ["https://www.designtokens.org/schemas/2025.10/format.json"])
            #expect(notes == ["skipped 1 link token (icon.close): 'link' is not a DTCG 2025.10 type"])

            let invalid =
                #"{"icon": {"$type": "link", "x": {"$value": 1}}, "motion": {"$type": "cubicBezier", "bad": {"$value": [2, 0, 1, 1]}}}"#
            #expect(throws: CatalogError.self) {
                try DTCGFormat.decode(Array(invalid.utf8), file: "bad.tokens.json", defaultLibrary: "x")
            }
        }

        @Test("a type misspelt in case or punctuation: refused for the types transdb reads, a note with the DTCG spelling for others")
        func misspeltType() throws {
            for (type, intended) in [("cubic-bezier", "cubicBezier"), ("Duration", "duration"), ("Transition", "transition")] {
                let json = #"{"motion": {"fast": {"$type": "\#(type)", "$value": 1}}}"#
                #expect {
                    try DTCGFormat.decode(Array(json.utf8), file: "t.tokens.json", defaultLibrary: "x")
                } throws: { error in
                    "\(error)"
                        == "t.tokens.json: $.motion.fast: the token 'motion.fast' has $type '\(type)', which is not a DTCG type; did you mean '\(intended)'?"
                }
            }
            let color = ##"{"brand": {"$type": "Color", "accent": {"$value": "#fff"}}}"##
            let (_, notes) = try DTCGFormat.decode(Array(color.utf8), file: "c.tokens.json", defaultLibrary: "x")
            #expect(notes == ["skipped 1 Color token (brand.accent): 'Color' is not a DTCG 2025.10 type (did you mean 'color'?)"])
        }

        @Test("Tokens Studio's motion types (delay, easings as CSS strings) are skipped with a note saying how DTCG writes them")
        func tokensStudioMotion() throws {
            let json = #"""
                {"Definition": {"delay": {"100": {"$type": "delay", "$value": "100ms"}},
                                "timing-function": {"100": {"$type": "string", "$value": "cubic-bezier(.4, 0, .7, .2)"}}}}
                """#
            let (bundles, notes) = try DTCGFormat.decode(Array(json.utf8), file: "pf.tokens.json", defaultLibrary: "pf")
            #expect(bundles.isEmpty)
            #expect(
                notes == [
                    "skipped 1 delay token (Definition.delay.100): 'delay' is not a DTCG 2025.10 type (a delay is written as $type duration)",
                    "skipped 1 string token (Definition.timing-function.100): 'string' is not a DTCG 2025.10 type",
                    #"a skipped token is a CSS cubic-bezier() string (Definition.timing-function.100): DTCG writes a curve as $type cubicBezier with the four numbers, "$value": [x1, y1, x2, y2]"#,
                ])
        }

        /// Files a design system splits its motion tokens over: easing curves, durations, and
        /// transitions that alias both.
        static let splitFiles: [(text: String, file: String)] = [
            (#"{"$schema": "https://example.com/a.json", "motion": {"easing": {"$type": "cubicBezier", "out": {"$value": [0, 0, 0.2, 1]}}}}"#, "easing.tokens.json"),
            (#"{"motion": {"duration": {"$type": "duration", "short": {"$value": {"value": 150, "unit": "ms"}}}, "easing": {"in": {"$value": [0.4, 0, 1, 1]}}}}"#, "duration.tokens.json"),
            (
                #"{"motion": {"exit": {"$type": "transition", "$value": {"duration": "{motion.duration.short}", "delay": {"value": 0, "unit": "ms"}, "timingFunction": "{motion.easing.out}"}}}}"#,
                "transition.tokens.json"
            ),
        ]

        @Test("files read together are one set of tokens: groups merge, types are inherited and aliases cross files")
        func splitOverFiles() throws {
            let (bundles, notes) = try DTCGFormat.decode(Self.splitFiles.map { (Array($0.text.utf8), $0.file) }, defaultLibrary: "ds")
            #expect(notes.isEmpty)
            let bundle = try #require(bundles.first)
            #expect(bundles.count == 1)
            #expect(bundle.library.tokensSchema == "https://example.com/a.json")
            // `motion.easing.in` has no $type of its own: it takes the group's, given in another file.
            #expect(bundle.curves == [
                NamedCurve(library: "ds", name: "motion.easing.in", curve: Self.bezier(0.4, 0, 1, 1)),
                NamedCurve(library: "ds", name: "motion.easing.out", curve: Self.bezier(0, 0, 0.2, 1)),
            ])
            #expect(bundle.durations.map(\.name) == ["motion.duration.short"])
            let exit = try #require(bundle.presets.first)
            #expect(exit.name == "motion.exit")
            #expect(exit.curve == Self.named("motion.easing.out"))
            #expect(exit.durationName?.name == "motion.duration.short")
            #expect(exit.duration == 0.15)
            // Alone, the transitions' file names tokens it does not have.
            #expect(throws: CatalogError.self) {
                try DTCGFormat.decode(Array(Self.splitFiles[2].text.utf8), file: "transition.tokens.json", defaultLibrary: "ds")
            }
        }

        @Test("a token in two files, or a group typed differently in two, is refused naming both files")
        func splitConflicts() throws {
            let twice = [(Array(Self.splitFiles[0].text.utf8), "a.tokens.json"), (Array(Self.splitFiles[0].text.utf8), "b.tokens.json")]
            #expect(
                throws: CatalogError.invalidBundle(
                    file: "b.tokens.json", path: "$.motion.easing.out",
                    reason: "the token 'motion.easing.out' is also in a.tokens.json ($.motion.easing.out); a token is defined once among files imported together (import them one at a time, each with its own --library, to keep both)")
            ) { try DTCGFormat.decode(twice, defaultLibrary: "ds") }
            let retyped = #"{"motion": {"easing": {"$type": "duration"}}}"#
            #expect(
                throws: CatalogError.invalidBundle(
                    file: "c.tokens.json", path: "$.motion.easing",
                    reason: "the group 'motion.easing' has the $type cubicBezier in a.tokens.json and duration here")
            ) { try DTCGFormat.decode([(Array(Self.splitFiles[0].text.utf8), "a.tokens.json"), (Array(retyped.utf8), "c.tokens.json")], defaultLibrary: "ds") }
        }
    }
}
