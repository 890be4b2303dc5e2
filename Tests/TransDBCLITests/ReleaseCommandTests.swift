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
}
