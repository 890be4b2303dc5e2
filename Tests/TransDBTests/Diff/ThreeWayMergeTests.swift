import Testing
import TransDB
@testable import TransDBCore

extension DiffTests {
    @Suite("ThreeWayMerge: three-way")
    struct ThreeWayMergeTests {
        static func merge(ours: LibraryBundle, theirs: LibraryBundle, policy: MergePolicy = .fail) -> MergeResult {
            ThreeWayMerge.merge(base: [app], ours: [ours], theirs: [theirs], policy: policy)
        }

        static func duration(_ result: MergeResult, _ name: String = "zoom") -> Double? {
            preset(name, in: result.merged)?.duration
        }

        @Test("nothing changed on either side: the merge is ours, unchanged")
        func unchanged() {
            let result = Self.merge(ours: app, theirs: app)
            #expect(result.merged == [app])
            #expect(result.conflicts.isEmpty)
            #expect(result.changes.isEmpty)
            #expect(result.changedLibraries.isEmpty)
            #expect(result.isWritable)
        }

        @Test("a change made on one side only is taken", arguments: [MergePolicy.fail, .ours, .theirs])
        func oneSide(policy: MergePolicy) {
            let changed = editingPreset("zoom") { $0.duration = 0.5 }
            let theirs = Self.merge(ours: app, theirs: changed, policy: policy)
            #expect(theirs.conflicts.isEmpty)
            #expect(Self.duration(theirs) == 0.5)
            #expect(theirs.merged == [changed])
            #expect(outline(theirs.changes) == ["~ preset app/zoom duration"])
            #expect(theirs.changedLibraries == [changed])

            let ours = Self.merge(ours: changed, theirs: app, policy: policy)
            #expect(ours.conflicts.isEmpty)
            #expect(ours.merged == [changed])
            #expect(ours.changes.isEmpty)
            #expect(ours.changedLibraries.isEmpty)
        }

        @Test("the same change on both sides is taken once, without a conflict")
        func bothSame() {
            let changed = editingPreset("zoom") { $0.duration = 0.5 }
            let result = Self.merge(ours: changed, theirs: changed)
            #expect(result.conflicts.isEmpty)
            #expect(result.merged == [changed])
        }

        @Test("different fields of one entry changed on each side are both taken")
        func differentFields() {
            let ours = editingPreset("zoom") { $0.duration = 0.5 }
            let theirs = editingPreset("zoom") { $0.tracks.to.start.alpha = 0 }
            let result = Self.merge(ours: ours, theirs: theirs)
            #expect(result.conflicts.isEmpty)
            let zoom = preset("zoom", in: result.merged)
            #expect(zoom?.duration == 0.5)
            #expect(zoom?.tracks.to.start.alpha == 0)
            #expect(outline(result.changes) == ["~ preset app/zoom tracks.to.start.alpha"])
        }

        @Test("the same field changed differently: a conflict, resolved by the policy")
        func bothDifferent() {
            let ours = editingPreset("zoom") { $0.duration = 0.5 }
            let theirs = editingPreset("zoom") { $0.duration = 0.6 }
            let expected = MergeConflict(
                kind: .preset, library: "app", name: "zoom", field: "duration", reason: .bothChanged, base: .number(0.4),
                ours: .number(0.5),
                theirs: .number(0.6))

            let failed = Self.merge(ours: ours, theirs: theirs, policy: .fail)
            #expect(failed.conflicts == [expected])
            #expect(failed.unresolved == [expected])
            #expect(!failed.isWritable)
            #expect(Self.duration(failed) == 0.5)
            #expect(failed.conflicts[0].summary == "preset app/zoom duration (ours 0.5, theirs 0.6)")

            let kept = Self.merge(ours: ours, theirs: theirs, policy: .ours)
            #expect(kept.conflicts.map(\.resolution) == [.ours])
            #expect(kept.isWritable)
            #expect(Self.duration(kept) == 0.5)
            #expect(kept.changes.isEmpty)

            let taken = Self.merge(ours: ours, theirs: theirs, policy: .theirs)
            #expect(taken.conflicts.map(\.resolution) == [.theirs])
            #expect(taken.isWritable)
            #expect(Self.duration(taken) == 0.6)
            #expect(outline(taken.changes) == ["~ preset app/zoom duration"])
        }

        @Test("deleted on one side and unchanged on the other: deleted")
        func deleteUnchanged() {
            let deleted = with { $0.curves.removeAll { $0.name == "unused" } }
            let result = Self.merge(ours: app, theirs: deleted)
            #expect(result.conflicts.isEmpty)
            #expect(result.merged == [deleted])
            #expect(outline(result.changes) == ["- curve app/unused"])
            #expect(Self.merge(ours: deleted, theirs: app).merged == [deleted])
        }

        @Test("deleted on one side and changed on the other: a conflict", arguments: [MergePolicy.fail, .ours, .theirs])
        func deleteChanged(policy: MergePolicy) {
            let deleted = with { $0.curves.removeAll { $0.name == "unused" } }
            let changed = with { bundle in
                for index in bundle.curves.indices where bundle.curves[index].name == "unused" {
                    bundle.curves[index].description = "now used"
                }
            }
            let byUs = Self.merge(ours: deleted, theirs: changed, policy: policy)
            #expect(
                byUs.conflicts == [
                    MergeConflict(
                        kind: .curve, library: "app", name: "unused", field: nil, reason: .deletedByUs,
                        base: .object([("description", .string(""))]), ours: nil, theirs: .object([("description", .string("now used"))]),
                        resolution: policy.side)
                ])
            #expect(byUs.merged == [policy == .theirs ? changed : deleted])
            #expect(byUs.isWritable == (policy != .fail))

            let byThem = Self.merge(ours: changed, theirs: deleted, policy: policy)
            #expect(byThem.conflicts.map(\.reason) == [.deletedByThem])
            #expect(byThem.merged == [policy == .theirs ? deleted : changed])
            #expect(byThem.conflicts[0].summary == "curve app/unused (changed here, deleted in theirs)")
        }

        @Test("added on both sides: identical is one entry, different is a conflict per field")
        func addedBoth() {
            let same = with { $0.presets.append(preset("new", .fade)) }
            #expect(Self.merge(ours: same, theirs: same).conflicts.isEmpty)
            #expect(Self.merge(ours: same, theirs: same).merged == [same])

            let other = with { $0.presets.append(preset("new", .fade, duration: 0.2)) }
            let result = Self.merge(ours: same, theirs: other, policy: .theirs)
            #expect(
                result.conflicts == [
                    MergeConflict(
                        kind: .preset, library: "app", name: "new", field: "duration", reason: .bothAdded, base: nil, ours: .number(0.3),
                        theirs: .number(0.2), resolution: .theirs)
                ])
            #expect(Self.duration(result, "new") == 0.2)
        }

        @Test("added on one side: added")
        func addedOne() {
            let added = with { bundle in
                bundle.presets.append(preset("cover", .cover))
                bundle.routes.append(route(.present, "List", "Settings", preset: "cover"))
            }
            let result = Self.merge(ours: app, theirs: added)
            #expect(result.conflicts.isEmpty)
            #expect(result.merged == [added])
            #expect(outline(result.changes) == ["+ preset app/cover", "+ route app/Transitions: present List → Settings"])
        }

        @Test(
            "a route whose preset the merge deletes: a dangling reference no policy resolves",
            arguments: [MergePolicy.fail, .ours, .theirs])
        func dangling(policy: MergePolicy) {
            let ours = with { $0.presets.removeAll { $0.name == "fade" } }
            let theirs = with { $0.routes.append(route(.present, "List", "Settings", preset: "fade")) }
            let result = Self.merge(ours: ours, theirs: theirs, policy: policy)
            #expect(
                result.conflicts == [
                    MergeConflict(
                        kind: .route, library: "app", name: "Transitions: present List → Settings", field: "preset",
                        reason: .danglingReference,
                        ours: nil, theirs: .string("fade"), detail: "preset app/fade is not in the merged catalog")
                ])
            #expect(!result.isWritable)
            #expect(result.conflicts[0].summary.contains("dangling reference: preset app/fade is not in the merged catalog"))
        }

        @Test("a screen whose delegate and a preset whose curve and reverse the merge deletes")
        func danglingEntries() {
            let ours = with { bundle in
                bundle.curves.removeAll { $0.name == "unused" }
                bundle.presets.removeAll { $0.name == "fade" }
                bundle.delegates.append(Delegate(library: "app", name: "Other"))
            }
            let theirs = with { bundle in
                for index in bundle.presets.indices where bundle.presets[index].name == "zoom" {
                    bundle.presets[index].curve = .named(qn("unused"))
                    bundle.presets[index].reverse = qn("fade")
                }
                for index in bundle.screens.indices where bundle.screens[index].name == "List" {
                    bundle.screens[index].delegate = qn("Gone")
                }
            }
            let result = Self.merge(ours: ours, theirs: theirs, policy: .theirs)
            #expect(
                result.conflicts.map(\.summary) == [
                    "preset app/zoom curve (dangling reference: curve app/unused is not in the merged catalog)",
                    "preset app/zoom reverse (dangling reference: preset app/fade is not in the merged catalog)",
                    "screen app/List delegate (dangling reference: delegate app/Gone is not in the merged catalog)",
                ])
            #expect(result.unresolved.count == 3)
        }

        @Test("an interaction preset that loses its interaction settings: an invalid reference")
        func invalidReference() {
            let theirs = with { bundle in
                for index in bundle.presets.indices where bundle.presets[index].name == "sink" { bundle.presets[index].interaction = nil }
                for index in bundle.routes.indices { bundle.routes[index].interaction = nil }
            }
            let ours = with { $0.routes.append(route(.present, "List", "Settings", preset: "zoom", interaction: "sink")) }
            let result = Self.merge(ours: ours, theirs: theirs, policy: .ours)
            #expect(result.conflicts.map(\.reason) == [.invalidReference])
            #expect(result.conflicts.first?.name == "Transitions: present List → Settings")
            #expect(!result.isWritable)
        }

        @Test("two routes added on each side that tie: a conflict no policy resolves")
        func tie() {
            let ours = with { $0.routes.append(route(.present, "Settings", "*", preset: "fade")) }
            let theirs = with { $0.routes.append(route(.present, "*", "List", preset: "zoom")) }
            let result = Self.merge(ours: ours, theirs: theirs, policy: .theirs)
            #expect(result.conflicts.map(\.reason) == [.routeTie])
            #expect(result.conflicts.first?.name == "Transitions: present * → List")
            #expect(
                result.conflicts.first?.detail
                    == "ties with the route Transitions: present Settings → *: both would match Settings → List equally")
            #expect(!result.isWritable)
        }

        @Test("interaction settings removed on one side and changed on the other: one conflict on the group")
        func interactionGroup() {
            let removed = editingPreset("fade") { $0.interaction = nil }
            let base = editingPreset("fade") { $0.interaction = InteractionSettings(completionSpeed: 1) }
            let changed = editingPreset("fade") { $0.interaction = InteractionSettings(completionSpeed: 2) }
            func merge(_ policy: MergePolicy) -> MergeResult {
                ThreeWayMerge.merge(base: [base], ours: [removed], theirs: [changed], policy: policy)
            }
            #expect(merge(.fail).conflicts.map(\.field) == ["interaction"])
            #expect(merge(.fail).conflicts.map(\.reason) == [.bothChanged])
            #expect(merge(.fail).conflicts.first?.ours == .null)
            #expect(preset("fade", in: merge(.ours).merged)?.interaction == nil)
            #expect(preset("fade", in: merge(.theirs).merged)?.interaction == InteractionSettings(completionSpeed: 2))
        }

        @Test("interaction settings changed field by field on each side merge without a conflict")
        func interactionMembers() {
            let ours = editingPreset("sink") { $0.interaction?.completionSpeed = 2 }
            let theirs = editingPreset("sink") { $0.interaction?.finishThreshold = 0.3 }
            let result = Self.merge(ours: ours, theirs: theirs)
            #expect(result.conflicts.isEmpty)
            #expect(preset("sink", in: result.merged)?.interaction == InteractionSettings(completionSpeed: 2, finishThreshold: 0.3))
        }

        @Test("kind and direction taken from different sides that do not fit: inconsistent, taken together")
        func inconsistent() {
            let ours = editingPreset("slide") { preset in
                preset.kind = .flip
                preset.duration = 0.75
            }
            let theirs = editingPreset("slide") { $0.direction = .up }
            let failed = Self.merge(ours: ours, theirs: theirs, policy: .fail)
            #expect(failed.conflicts.map(\.field) == ["kind, direction"])
            #expect(failed.conflicts.map(\.reason) == [.inconsistent])
            #expect(failed.conflicts.first?.detail == "invalid direction 'up': a preset of kind 'flip' moves left or right")
            #expect(!failed.isWritable)
            #expect(preset("slide", in: failed.merged)?.direction == .left)

            let kept = Self.merge(ours: ours, theirs: theirs, policy: .ours)
            #expect(preset("slide", in: kept.merged).map { [$0.kind.rawValue, $0.direction?.rawValue] } == ["flip", "left"])
            #expect(preset("slide", in: kept.merged)?.duration == 0.75)
            let taken = Self.merge(ours: ours, theirs: theirs, policy: .theirs)
            #expect(preset("slide", in: taken.merged).map { [$0.kind.rawValue, $0.direction?.rawValue] } == ["push", "up"])
            #expect(taken.isWritable)
        }

        @Test("a library removed by them and unchanged here is removed; changed here, a conflict")
        func libraryRemoved() {
            let removed = ThreeWayMerge.merge(base: [app, extra], ours: [app, extra], theirs: [app], policy: .fail)
            #expect(removed.conflicts.isEmpty)
            #expect(removed.removedLibraries == ["extra"])
            #expect(outline(removed.changes) == ["- library extra", "- curve extra/soft"])

            var changedExtra = extra
            changedExtra.library.version = "2.1.0"
            let conflict = ThreeWayMerge.merge(base: [app, extra], ours: [app, changedExtra], theirs: [app], policy: .fail)
            #expect(conflict.conflicts.map(\.reason) == [.deletedByThem])
            #expect(conflict.conflicts.first?.ours == .array([.string("~ library extra")]))
            let taken = ThreeWayMerge.merge(base: [app, extra], ours: [app, changedExtra], theirs: [app], policy: .theirs)
            #expect(taken.removedLibraries == ["extra"])
            #expect(taken.merged == [app])
        }

        @Test("a library added by them is added; a library of ours they do not have is kept")
        func libraryAdded() {
            let added = ThreeWayMerge.merge(base: [app], ours: [app], theirs: [app, extra], policy: .fail)
            #expect(added.merged == [app, extra])
            #expect(added.changedLibraries == [extra])
            let kept = ThreeWayMerge.merge(base: [app], ours: [app, extra], theirs: [app], policy: .fail)
            #expect(kept.merged == [app, extra])
            #expect(kept.changes.isEmpty)
        }

        @Test("a library the base does not have is merged as without a base: its differences are not 'added on both sides'")
        func libraryOutsideTheBase() {
            var theirExtra = extra
            theirExtra.library.description = "theirs"
            let result = ThreeWayMerge.merge(base: [app], ours: [app, extra], theirs: [app, theirExtra], policy: .theirs)
            #expect(result.conflicts.map(\.reason) == [.differs])
            // Said so that it holds with a base too.
            #expect(MergeConflict.Reason.differs.phrase == "differs (no base has its library, so neither side is known to have changed it)")
            #expect(result.merged == [app, theirExtra])
        }
    }

    @Suite("ThreeWayMerge: two-way")
    struct TwoWayMergeTests {
        static func merge(ours: LibraryBundle, theirs: LibraryBundle, policy: MergePolicy = .fail) -> MergeResult {
            ThreeWayMerge.merge(base: nil, ours: [ours], theirs: [theirs], policy: policy)
        }

        @Test("entries only in theirs are added, entries only in ours are kept")
        func addAndKeep() {
            let ours = with { $0.presets.append(preset("mine", .fade)) }
            let theirs = with { bundle in
                bundle.presets.append(preset("yours", .fade))
                bundle.curves.removeAll { $0.name == "unused" }
            }
            let result = Self.merge(ours: ours, theirs: theirs)
            #expect(result.conflicts.isEmpty)
            #expect(result.merged.first?.presets.map(\.name) == ["fade", "mine", "sink", "slide", "yours", "zoom"])
            #expect(result.merged.first?.curves.map(\.name) == ["snappy", "unused"])
            #expect(outline(result.changes) == ["+ preset app/yours"])
        }

        @Test("entries in both that differ: a conflict per field, resolved by the policy")
        func differs() {
            let ours = editingPreset("zoom") { preset in
                preset.duration = 0.5
                preset.delay = 0.1
            }
            let theirs = editingPreset("zoom") { $0.duration = 0.6 }
            let failed = Self.merge(ours: ours, theirs: theirs)
            #expect(failed.conflicts.map(\.field) == ["duration", "delay"])
            #expect(failed.conflicts.allSatisfy { $0.reason == .differs && $0.base == nil && $0.resolution == nil })
            let taken = Self.merge(ours: ours, theirs: theirs, policy: .theirs)
            #expect(preset("zoom", in: taken.merged)?.delay == 0)
            #expect(Self.merge(ours: ours, theirs: theirs, policy: .theirs).merged == [theirs])
            #expect(Self.merge(ours: ours, theirs: theirs, policy: .ours).merged == [ours])
        }

        @Test("a library only in theirs is added whole")
        func library() {
            let result = ThreeWayMerge.merge(base: nil, ours: [app], theirs: [extra], policy: .fail)
            #expect(result.merged == [app, extra])
            #expect(result.removedLibraries.isEmpty)
        }
    }
}
