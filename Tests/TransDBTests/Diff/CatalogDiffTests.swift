import Foundation
import Testing
@testable import TransDB
@testable import TransDBCore

extension DiffTests {
    @Suite("CatalogDiff")
    struct CatalogDiffTests {
        @Test("equal libraries have no differences")
        func equal() {
            let diff = CatalogDiff.compare([app, extra], [extra, app])
            #expect(diff.isEmpty)
            #expect(diff.summary == "no differences")
            #expect(diff.rendered(as: .table) == "no differences\n")
            #expect(diff.rendered(as: .json) == "[]\n")
        }

        @Test("every kind added, removed and changed, with the exact changed fields")
        func everyKind() {
            let new = with { bundle in
                bundle.library.version = "1.1.0"
                bundle.curves[0].curve = .spring(.perceptual(duration: 0.5, bounce: 0.15))  // snappy
                bundle.curves.removeAll { $0.name == "unused" }
                bundle.curves.append(NamedCurve(library: "app", name: "slow", curve: .linear))
                bundle.presets.removeAll { $0.name == "fade" }
                bundle.presets.append(preset("cover", .cover))
                for index in bundle.presets.indices where bundle.presets[index].name == "zoom" {
                    bundle.presets[index].duration = 0.5
                    bundle.presets[index].tracks.to.start.alpha = 0
                }
                for index in bundle.presets.indices where bundle.presets[index].name == "sink" {
                    bundle.presets[index].interaction?.completionSpeed = 2
                }
                bundle.delegates.append(Delegate(library: "app", name: "TabDelegate", released: true))
                bundle.delegates[0].description = "answers present and dismiss"
                bundle.screens.removeAll { $0.name == "Settings" }
                for index in bundle.screens.indices where bundle.screens[index].name == "List" {
                    bundle.screens[index].modalStyle = .crossDissolve
                }
                bundle.containers.append(Container(library: "app", name: "Nav", kind: .navigation, delegate: qn("Transitions")))
                bundle.containers[0].kind = .navigation  // Tabs
                bundle.routes[0].preset = qn("cover")  // present List → Detail
                bundle.routes.append(route(.present, "List", "Settings", preset: nil))
                bundle.routes.removeAll { $0.operation == .dismiss }
            }
            let diff = CatalogDiff.compare([app], [new])
            #expect(
                outline(diff) == [
                    "~ library app version",
                    "+ curve app/slow",
                    "~ curve app/snappy expression",
                    "- curve app/unused",
                    "+ preset app/cover",
                    "- preset app/fade",
                    "~ preset app/sink interaction.completionSpeed",
                    "~ preset app/zoom duration,tracks.to.start.alpha",
                    "+ delegate app/TabDelegate",
                    "~ delegate app/Transitions description",
                    "~ screen app/List modalStyle",
                    "- screen app/Settings",
                    "+ container app/Nav",
                    "~ container app/Tabs kind",
                    "~ route app/Transitions: present List → Detail preset",
                    "+ route app/Transitions: present List → Settings",
                    "- route app/Transitions: dismiss Detail → *",
                ])
            #expect(
                diff.summary
                    == "added 1 curve, 1 preset, 1 delegate, 1 container, 1 route; removed 1 curve, 1 preset, 1 screen, 1 route; changed 1 library, 1 curve, 2 presets, 1 delegate, 1 screen, 1 container, 1 route"
            )
            let zoom = diff.entries.first { $0.name == "zoom" }
            #expect(
                zoom?.fields == [
                    FieldChange(field: "duration", old: .number(0.4), new: .number(0.5)),
                    FieldChange(field: "tracks.to.start.alpha", old: .number(1), new: .number(0)),
                ])
            let curve = diff.entries.first { $0.name == "snappy" }
            // The kind is derived from the expression: unchanged here, so not listed.
            #expect(curve?.fields.map(\.field) == ["expression"])
            let added = diff.entries.first { $0.name == "TabDelegate" }
            #expect(added?.value == .object([("released", .bool(true)), ("description", .string(""))]))
            #expect(added?.fields == [])
        }

        @Test("a curve whose kind changes lists kind and expression")
        func curveKind() {
            let new = with { $0.curves[0].curve = .linear }
            #expect(outline(CatalogDiff.compare([app], [new])) == ["~ curve app/snappy kind,expression"])
        }

        @Test("interaction settings added to a preset list every interaction field")
        func interactionAdded() {
            let new = editingPreset("fade") { $0.interaction = InteractionSettings() }
            #expect(
                outline(CatalogDiff.compare([app], [new])) == [
                    "~ preset app/fade interaction.completionSpeed,interaction.completionCurve,interaction.finishThreshold,interaction.flickVelocity"
                ])
        }

        @Test("an added library is listed with each of its entries; a removed one likewise")
        func libraries() {
            #expect(outline(CatalogDiff.compare([app], [app, extra])) == ["+ library extra", "+ curve extra/soft"])
            #expect(outline(CatalogDiff.compare([extra, app], [app])) == ["- library extra", "- curve extra/soft"])
            #expect(CatalogDiff.compare([], [extra]).libraries == ["extra"])
        }

        @Test("references compare as they resolve, not as they are spelled; route ids are ignored")
        func spelling() {
            let qualified = with { bundle in
                for index in bundle.presets.indices { bundle.presets[index].curve = .named(qn("snappy", "app")) }
                bundle.routes[0].preset = qn("zoom", "app")
                bundle.routes[0].id = 42
                bundle.screens[0].delegate = qn("Transitions", "app")
            }
            #expect(CatalogDiff.compare([app], [qualified]).isEmpty)
            // A bare name of another library's entry is that entry when exactly one library has it.
            let bare = editingPreset("zoom") { $0.curve = .named(qn("soft")) }
            let named = editingPreset("zoom") { $0.curve = .named(qn("soft", "extra")) }
            #expect(CatalogDiff.compare([bare, extra], [named, extra]).isEmpty)
        }

        @Test("the order is fixed whatever the order of the input")
        func order() {
            let new = with { bundle in
                bundle.presets.append(preset("a", .fade))
                bundle.presets.append(preset("Z", .fade))
                bundle.presets.append(preset("é", .fade))
            }
            var shuffled = new
            shuffled.presets.reverse()
            let diff = CatalogDiff.compare([app], [new])
            #expect(CatalogDiff.compare([app], [shuffled]) == diff)
            #expect(diff.entries.map(\.name) == ["Z", "a", "é"])
        }

        @Test("the table: the counts by change and kind, then a line per added or removed entry and per changed field")
        func table() {
            let new = with { bundle in
                bundle.presets.removeAll { $0.name == "fade" }
                bundle.presets.append(preset("x", .fade))
                bundle.library.description = ""
                for index in bundle.presets.indices where bundle.presets[index].name == "zoom" {
                    bundle.presets[index].duration = 0.5
                    bundle.presets[index].direction = nil
                    bundle.presets[index].tracks.to.start.alpha = 0
                }
            }
            let text = CatalogDiff.compare([app], [new]).rendered(as: .table)
            #expect(
                text == """
                    added 1 preset; removed 1 preset; changed 1 library, 1 preset
                    + preset app/x
                    - preset app/fade
                    ~ library app      description            The app → ""
                    ~ preset app/zoom  duration               0.4 → 0.5
                    ~ preset app/zoom  tracks.to.start.alpha  1 → 0

                    """)
        }

        @Test("JSON: one object per entry with change, kind, library, name, fields and value")
        func json() throws {
            let new = with { bundle in
                bundle.curves.removeAll { $0.name == "unused" }
                bundle.library.version = "2.0.0"
            }
            let text = CatalogDiff.compare([app], [new]).rendered(as: .json)
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
            #expect(entries.count == 2)
            #expect(entries[0]["change"] as? String == "changed")
            #expect(entries[0]["kind"] as? String == "library")
            #expect(entries[0]["name"] as? String == "app")
            let fields = try #require(entries[0]["fields"] as? [[String: Any]])
            #expect(fields.count == 1)
            #expect(fields[0]["field"] as? String == "version")
            #expect(fields[0]["old"] as? String == "1.0.0")
            #expect(fields[0]["new"] as? String == "2.0.0")
            #expect(entries[0]["value"] is NSNull)
            #expect(entries[1]["change"] as? String == "removed")
            let value = try #require(entries[1]["value"] as? [String: Any])
            #expect(value["expression"] as? String == "linear")
            #expect(
                text.contains(
                    "\"change\": \"changed\",\n    \"kind\": \"library\",\n    \"library\": \"app\",\n    \"name\": \"app\",\n    \"fields\""
                ))
        }

        @Test("CSV and NDJSON")
        func otherFormats() {
            let new = editingPreset("zoom") { $0.duration = 0.5 }
            let diff = CatalogDiff.compare([app], [new])
            #expect(diff.rendered(as: .csv) == "change,kind,library,name,field,old,new\r\nchanged,preset,app,zoom,duration,0.4,0.5\r\n")
            #expect(
                diff.rendered(as: .ndjson)
                    == #"{"change":"changed","kind":"preset","library":"app","name":"zoom","fields":[{"field":"duration","old":0.4,"new":0.5}],"value":null}"#
                    + "\n")
        }

        @Test("the preset fields are those import compares, and each is merged or derived")
        func presetFields() {
            let schema = EntrySchema<Preset>.preset
            guard let preset = app.presets.first(where: { $0.name == "sink" }) else {
                Issue.record("no preset sink")
                return
            }
            let names = schema.fields(preset).map(\.0)
            #expect(names == EntryFields.preset(preset).map(\.0).filter { $0 != "name" && $0 != "library" })
            // Summary, deprecated, durationName, mirrorOf, reducedMotion, interaction, onTop and hidesSource, 28 track values, each view's completion values and geometry, and the shared element.
            #expect(names.count == 7 + 1 + 1 + 1 + 1 + 4 + 2 + 28 + 2 + 2 + 1)
            for name in names { #expect(schema.copiers[name] != nil, "no copier for \(name)") }
        }
    }
}
