import EarshotScenario
import EarshotTesting
import Foundation
import Testing

/// `Scene(yaml:)` and `Scene(contentsOf:)`: the command line's loader and errors.
@Suite("Loading scenes for tests")
struct LoadingTests {
    @Test func yamlTextLoads() throws {
        let scene = try Scene(yaml: """
            scene: Mail
            root:
              - button: Compose
            """)
        #expect(scene.name == "Mail")
        #expect(scene.elements.map(\.label) == ["Compose"])
    }

    @Test func badYAMLThrowsTheLoadersErrorsAllAtOnce() {
        let yaml = """
            scene: Mail
            root:
              - button: Compose
                lable: Write
                activate: { present: composer }
            """
        #expect(throws: LoadError.self) { try Scene(yaml: yaml, file: "mail.yaml") }
        do {
            _ = try Scene(yaml: yaml, file: "mail.yaml")
        } catch {
            let cli = try? SceneLoader.load(yaml: yaml, file: "mail.yaml")
            #expect(cli == nil)
            #expect(error.description == """
                mail.yaml:4:5: error: unknown key 'lable' in a button (expected one of: id, label, value, hint, traits, enabled, selected, hidden, frame, placement, role, required, actions, auditSkip, activate, increment, decrement, escape, magicTap, accessory); did you mean 'label'?
                mail.yaml:5:26: error: present: 'composer' names no presentation (expected a presentation under 'presentations')
                """)
        }
    }

    @Test func aFileLoadsAsTheCommandLineLoadsIt() throws {
        let url = Scenes.repository.appendingPathComponent("Scenarios/mail/mail.yaml")
        let scene = try Scene(contentsOf: url)
        let cli = try SceneLoader.load(path: url.path)
        #expect(scene.elements == cli.elements)
        #expect(scene.presentationOrder == ["compose", "discard"])
    }

    @Test func aScenarioFileGivesItsScene() throws {
        let scene = try Scene(contentsOf: Scenes.repository.appendingPathComponent("Scenarios/mail/cancel-draft.yaml"))
        #expect(scene.name == "Mail")
    }

    @Test func aMissingFileIsALoadError() {
        #expect(throws: LoadError.self) { try Scene(contentsOf: URL(fileURLWithPath: "/nonexistent/mail.yaml")) }
    }

    @Test func aURLThatIsNotAFileIsALoadError() throws {
        let url = try #require(URL(string: "https://example.com/mail.yaml"))
        #expect(throws: LoadError.self) { try Scene(contentsOf: url) }
    }
}
