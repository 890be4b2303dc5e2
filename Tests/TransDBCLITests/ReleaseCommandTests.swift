import Foundation
import Testing
import TransDBTestSupport
@testable import TransDBCore

@Suite("transdb release and retain")
struct ReleaseCommandTests {
    @Test("a released delegate is no delegate; retaining it brings its routes back")
    func releaseAndRetain() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let route = ["resolve", "--op", "push", "--from", "Feed", "--to", "Detail", "--container", "MainNav", "--format", "json"]

        let released = try cli(["release", "delegate", "demo/MainNavDelegate"])
        expectSuccess(released)
        #expect(released.stdout == "released delegate demo/MainNavDelegate: UIKit now sees no delegate where it was set\n")
        let whileReleased = try cli(route).jsonObject()
        #expect(isNull(whileReleased["delegate"]))
        #expect(isNull(whileReleased["animator"]))
        #expect(whileReleased["systemDefault"] as? String == "navigationPush")
        let delegates = try cli(["list", "delegates", "--format", "json"]).jsonArray()
        #expect(delegates.first { $0["name"] as? String == "MainNavDelegate" }?["released"] as? Bool == true)

        let retained = try cli(["retain", "delegate", "demo/MainNavDelegate"])
        expectSuccess(retained)
        #expect(retained.stdout == "retained delegate demo/MainNavDelegate\n")
        let afterRetain = try cli(route).jsonObject()
        #expect(afterRetain["delegate"] as? String == "demo/MainNavDelegate")
        #expect((afterRetain["animator"] as? [String: Any])?["name"] as? String == "pushLeft")
    }

    @Test("release and retain take set delegate's --dry-run and --format, and say when nothing changes")
    func asSetDelegate() throws {
        let cli = try CLIFixture.initialized()
        defer { cli.remove() }
        let before = try cli.state()
        let dryRun = try cli(["release", "delegate", "demo/MainNavDelegate", "--dry-run"])
        expectSuccess(dryRun)
        #expect(dryRun.stdout == "would release delegate demo/MainNavDelegate: UIKit now sees no delegate where it was set\n")
        #expect(try cli.state() == before)

        let again = try cli(["retain", "delegate", "demo/MainNavDelegate"])
        expectSuccess(again)
        #expect(again.stdout == "delegate demo/MainNavDelegate is already retained; nothing changed\n")

        let json = try cli(["release", "delegate", "demo/MainNavDelegate", "--format", "json"])
        expectSuccess(json)
        let report = try json.jsonObject()
        #expect(report["action"] as? String == "set" && report["name"] as? String == "demo/MainNavDelegate")
        #expect((report["changes"] as? [[String: Any]])?.first?["field"] as? String == "released")
    }
}
