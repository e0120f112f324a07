@testable import EarshotScenario
import EarshotCore
import EarshotTestSupport
import Foundation
import Testing

/// A YAML file becomes one located document tree, which the decoders read; the writer's text
/// for it reads back as the same scene.
@Suite("Documents")
struct DocumentTests {
    @Test func everyValueHasItsLineColumnStyleAndShape() throws {
        let document = try YAMLDocument.parse(text: "scene: 'Mail'\nroot:\n  - button: \"Send\"\n    frame: [1, 2, 3, 4]\n", file: "mail.yaml")
        let root = document.root
        #expect(root.location == SourceLocation(file: "mail.yaml", line: 1, column: 1))
        let scene = try #require(root.entries?.first)
        #expect(scene.key.location == SourceLocation(file: "mail.yaml", line: 1, column: 1))
        #expect(scene.value.content == .scalar("Mail", .singleQuoted))
        #expect(scene.value.location == SourceLocation(file: "mail.yaml", line: 1, column: 8))
        let button = try #require(root["root"]?.items?.first)
        #expect(button.location == SourceLocation(file: "mail.yaml", line: 3, column: 5))
        #expect(button["button"]?.content == .scalar("Send", .doubleQuoted))
        let frame = try #require(button["frame"])
        #expect(frame.items?.count == 4)
        #expect(frame.location == SourceLocation(file: "mail.yaml", line: 4, column: 12))
    }

    @Test func anAliasIsItsAnchorsValueAtTheAnchorsPlace() throws {
        let document = try YAMLDocument.parse(text: "a: &close [dismiss]\nb: *close\n", file: "alias.yaml")
        #expect(document.root["b"] == document.root["a"])
        #expect(document.root["b"]?.location == SourceLocation(file: "alias.yaml", line: 1, column: 4))
    }

    @Test func nullIsOnlyAPlainNull() throws {
        let document = try YAMLDocument.parse(text: "a:\nb: ~\nc: null\nd: 'null'\ne: \"\"\n", file: "null.yaml")
        #expect(["a", "b", "c", "d", "e"].map { document.root[$0]?.isNull } == [true, true, true, false, false])
    }

    static let bundledScenes = TestScenes.bundledSceneFiles

    @Test(arguments: bundledScenes)
    func aSceneFileWrittenFromItsDocumentIsTheSameScene(_ name: String) throws {
        let path = Repository.path("Scenarios/" + name).path
        let document = try YAMLDocument.read(path: path)
        guard document.root["base"] == nil else { return }   // a scene that starts from captures names them by path
        let written = YAMLWriter.write(document.root)
        let original = try SceneLoader.load(path: path)
        #expect(Unlocated.model(of: try SceneLoader.load(yaml: written, file: name)) == Unlocated.model(of: original), "\(written)")
    }

    /// A scene or scenario file is told from a capture by its first key, before any capture
    /// format is looked for; anything else is left to the formats' detection.
    @Test(arguments: [
        ("scene: Mail\nroot: []\n", true), ("# Mail\n\n  # indented comment\nscenario: Send\n", true),
        ("\u{FEFF}base: captures/a.xml\n", true), ("platform:\n", true), ("scene: A\r\n", true),
        ("scenes: A\n", false), ("scene:A\n", false), ("  scene: A\n", false),
        ("Attributes: Application, pid: 1\n", false), ("<?xml version=\"1.0\"?>\n", false), ("[{\"AXLabel\": \"A\"}]", false),
        ("", false),
    ])
    func earshotsOwnFilesAreToldByTheirFirstKey(_ text: String, _ own: Bool) {
        #expect(SceneLoader.startsWithOwnKey(Data(text.utf8)) == own)
    }

    @Test func theBundledScenesAreFound() {
        #expect(Self.bundledScenes.count >= 10)
    }
}
