import EarshotCapture
import EarshotCore
import EarshotScenario
import EarshotTestSupport
import Foundation
import Testing

/// An import is a document tree the loader decodes, each value at its capture node; the scene
/// file `earshot import -o` writes from it is the same scene for a person to edit.
@Suite("Imported documents")
struct ImportedDocumentTests {
    /// Every capture of the fixtures and the corpus.
    static let captures: [String] = {
        let folder = CaptureFixtures.folder
        let names = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []
        return names.filter { [".xml", ".json", ".txt"].contains(where: $0.hasSuffix) && !malformed.keys.contains($0) }.sorted()
    }()

    /// Captures published malformed, as they were pasted: each is bad input at the place it breaks.
    static let malformed = [
        "Corpus/wda-xml/crifan-photo-source-action-sheet-two-roots.xml":
            "crifan-photo-source-action-sheet-two-roots.xml:40:13: error: malformed XML: the document ends early, or has content after its root element",
        "Corpus/wda-xml/paella-flutter-infinite-list-row-fragment-unclosed.xml":
            "paella-flutter-infinite-list-row-fragment-unclosed.xml:4:1: error: the XML ends before <XCUIElementTypeOther> at 1:5 is closed",
    ]

    @Test(arguments: malformed.sorted { $0.key < $1.key })
    func aCapturePublishedMalformedIsBadInputWhereItBreaks(_ name: String, _ message: String) throws {
        #expect { try SceneImporter.scene(from: try CaptureFixtures.capture(name)) } throws: { "\($0)".contains(message) }
    }

    @Test func theCorpusIsFound() {
        #expect(Self.captures.count >= 30)
    }

    @Test(arguments: captures)
    func theWrittenSceneFileReadsBackAsTheImportedScene(_ name: String) throws {
        let imported = try SceneImporter.scene(from: try CaptureFixtures.capture(name))
        let decoded = try SceneLoader.load(document: imported.document)
        let written = try SceneLoader.load(yaml: imported.yaml, file: name + ".yaml")
        #expect(Unlocated.model(of: written) == Unlocated.model(of: decoded))
        // Decoded from the tree, the scene's elements are where the capture has them, not in the file written.
        #expect(decoded.elements.filter { $0.system == nil }.allSatisfy { $0.location.file == name })
    }

    @Test func textThatLooksLikeYAMLStaysOneValue() throws {
        // A label and a type that would end a line of YAML and start another, were the scene text.
        let capture = """
            <?xml version="1.0" encoding="UTF-8"?>
            <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="App" label="App" enabled="true" visible="true" x="0" y="0" width="393" height="852">
              <XCUIElementTypeButton type="XCUIElementTypeButton" name="b" label="Note&#10;- button: Injected # x" enabled="true" visible="true" x="0" y="100" width="100" height="44"/>
            </XCUIElementTypeApplication>
            """
        let imported = try SceneImporter.scene(from: try Capture.read(capture, file: "inject.xml"))
        let scene = try SceneLoader.load(document: imported.document)
        // (A button's label with a line break reads as Flutter's: one unlabelled group holds it.)
        #expect(scene.elements.filter { $0.system == nil && $0.role != .group }.map(\.label) == ["Note\n- button: Injected # x"])
        #expect(Unlocated.model(of: try SceneLoader.load(yaml: imported.yaml)) == Unlocated.model(of: scene))
    }

    @Test func aBrokenImportIsReportedAtTheCaptureNode() throws {
        // Two elements with one id: the second is refused where the capture has it.
        let capture = """
            <?xml version="1.0" encoding="UTF-8"?>
            <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="App" label="App" enabled="true" visible="true" x="0" y="0" width="393" height="852">
              <XCUIElementTypeButton type="XCUIElementTypeButton" name="same" label="One" enabled="true" visible="true" x="0" y="100" width="100" height="44"/>
              <XCUIElementTypeButton type="XCUIElementTypeButton" name="same" label="Two" enabled="true" visible="true" x="0" y="200" width="100" height="44"/>
            </XCUIElementTypeApplication>
            """
        var imported = try SceneImporter.scene(from: try Capture.read(capture, file: "twice.xml"))
        // The importer writes each id once; give the second element the first's id by hand.
        var root = try #require(imported.document["root"]?.items)
        var second = try #require(root[1].entries)
        second.insert(DocumentNode.Entry(key: .scalar("id", at: root[1].location), value: .scalar("same", at: root[1].location)), at: 1)
        root[1].content = .mapping(second)
        var top = try #require(imported.document.entries)
        top[top.firstIndex { $0.name == "root" }!].value.content = .list(root)
        imported.document.content = .mapping(top)
        #expect {
            try SceneLoader.load(document: imported.document)
        } throws: { error in
            let diagnostic = (error as? LoadError)?.diagnostics.first
            return diagnostic?.location == SourceLocation(file: "twice.xml", line: 4, column: 3)
                && diagnostic?.message.hasPrefix("duplicate id 'same'") == true
        }
    }
}
