import Testing
import TransDBCore

@Suite("Work progress")
struct WorkProgressTests {
    @Test("the observer hears each phase and then every `stride` units, never in between")
    func observerCalls() {
        var heard: [(String, Int64)] = []
        let progress = WorkProgress(stride: 10) { heard.append(($0.phase, $0.completed)) }
        progress.begin("reading", total: 100, unit: .bytes)
        for _ in 0..<25 { progress.advance() }
        progress.begin("writing")
        progress.advance(by: 9)
        progress.advance(by: 3)
        #expect(heard.map(\.0) == ["reading", "reading", "reading", "writing", "writing"])
        #expect(heard.map(\.1) == [0, 10, 20, 0, 12])
        #expect(progress.total == nil && progress.unit == .items)
    }

    @Test("the share done comes from the count when the total is known, else from the position in the input")
    func fractionDone() {
        let progress = WorkProgress { _ in }
        progress.begin("answering")
        #expect(progress.fractionDone == nil)
        progress.update(read: 250, of: 1000)
        progress.advance(by: 7)
        #expect(progress.fractionDone == 0.25)
        progress.begin("writing", total: 8)
        #expect(progress.position == nil)
        progress.update(completed: 2)
        #expect(progress.fractionDone == 0.25)
        progress.begin("empty", total: 0)
        #expect(progress.fractionDone == 1)
    }

    @Test("counts are printed with their thousands grouped")
    func grouping() {
        #expect(0.groupedDescription == "0")
        #expect(999.groupedDescription == "999")
        #expect(1000.groupedDescription == "1,000")
        #expect(1_012_007.groupedDescription == "1,012,007")
        #expect((-12345).groupedDescription == "-12,345")
        #expect(Int64.min.groupedDescription == "-9,223,372,036,854,775,808")
    }
}
