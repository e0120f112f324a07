import EarshotCore
import EarshotScenario
import Foundation
import Testing

@Suite("Loading scenes")
struct SceneLoadingTests {
    @Test func theBundledMailSceneLoads() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Scenarios/mail/mail.yaml").standardized.path
        let scene = try SceneLoader.load(path: path)
        #expect(scene.name == "Mail")
        #expect(scene.platform == .ios)
        #expect(scene.presentationOrder == ["compose", "discard"])
        let compose = try #require(scene.presentations["compose"])
        #expect(compose.detents.map(\.id) == ["medium", "large"])
        #expect(compose.selected == "medium")
        #expect(compose.confirm == "discard")
        #expect(compose.initialFocus == scene.resolve("to"))
        #expect(scene[try #require(compose.grabberElement)].label == "Sheet Grabber")
    }
}
