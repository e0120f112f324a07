import EarshotCapture
import EarshotCore
import EarshotScenario
import EarshotTestSupport
import Foundation
import Testing

/// The limits of a capture, the same whether it is imported (`earshot import`) or loaded as a
/// scene, and each said as a limit (docs/cli.md, Limits).
@Suite("Captures at Earshot's limits")
struct CaptureLimitsTests {
    static let application = #"type="XCUIElementTypeApplication" name="A" label="A" enabled="true" visible="true" accessible="false" x="0" y="0" width="393" height="852""#

    /// A page source of `count` buttons, each with a label of `length` characters.
    static func pageSource(buttons count: Int, labelLength length: Int) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<AppiumAUT><XCUIElementTypeApplication \(application)>\n"
        let filler = String(repeating: "x", count: max(0, length - 8))
        for index in 0..<count {
            text += #"<XCUIElementTypeButton type="XCUIElementTypeButton" label="\#(String(format: "%07d", index)) \#(filler)" enabled="true" visible="true" accessible="true" x="0" y="\#(index % 800)" width="393" height="44"/>"# + "\n"
        }
        return text + "</XCUIElementTypeApplication></AppiumAUT>\n"
    }

    /// A valid page source over 10 MB was refused as malformed XML (libxml2's limit on input
    /// handed to it whole); it is read as it streams.
    @Test func aPageSourceOverTenMegabytesIsRead() throws {
        let text = Self.pageSource(buttons: 200, labelLength: 60_000)
        #expect(text.utf8.count > 12_000_000)
        let capture = try Capture.read(text, file: "big.xml")
        let buttons = capture.roots.flatMap(\.descendants).filter { $0.type == "Button" }
        #expect(buttons.count == 200)
        #expect(buttons.last?.label?.hasPrefix("0000199 xxx") == true)
    }

    /// One value past libxml2's own limit (10,000,000 bytes) is said as that limit, where it starts.
    @Test func aValuePastTheXMLParsersLimitIsSaidAsALimit() throws {
        let text = Self.pageSource(buttons: 1, labelLength: 10_000_100)
        let error = try #require(throws: CaptureError.self) { try Capture.read(text, file: "long.xml") }
        #expect(error.location.line == 3)
        #expect(error.message == "an attribute value or text of 10000100 bytes, past libxml2's limit of 10000000")
    }

    /// A scene made in code (an import, the DSL) is held to the node limit of a scene file, so
    /// that what `earshot import` writes loads: a 45 MB debugDescription imported into a scene
    /// file that every command then refused.
    @Test func aSceneMadeInCodeHasTheLimitOfASceneFile() throws {
        let here = SourceLocation(file: "made.swift", line: 1, column: 1)
        let rows = (0..<1_001).map { row in
            DocumentNode(.list((0..<1_998).map { _ in DocumentNode(.scalar("x", .plain), at: here) }), at: here)
        }
        let document = DocumentNode(.mapping([
            DocumentNode.Entry(key: DocumentNode(.scalar("scene", .plain), at: here), value: DocumentNode(.scalar("S", .plain), at: here)),
            DocumentNode.Entry(key: DocumentNode(.scalar("root", .plain), at: here), value: DocumentNode(.list(rows), at: here)),
        ]), at: here)
        let error = try #require(throws: LoadError.self) { try SceneLoader.load(document: document) }
        #expect(error.description == "made.swift:1:1: error: the scene holds more than 2000000 nodes, more than a scene file may hold "
            + "(expected a scene of at most 2000000 nodes (about 200,000 elements): capture less of the screen)")
    }

    /// A capture with one byte that is not UTF-8 was refused with no line or column; it is said
    /// at that byte, read directly or through a scene's `base:`.
    @Test func aByteThatIsNotUTF8IsSaidWhereItIs() throws {
        var data = Data(Self.pageSource(buttons: 3, labelLength: 20).utf8)
        let at = try #require(data.firstRange(of: Data("0000001".utf8))).lowerBound
        data.insert(0xFF, at: at)
        let error = try #require(throws: CaptureError.self) { try Capture.read(data: data, file: "bad.xml") }
        #expect(error.description == "bad.xml:4:60: error: the capture is not valid UTF-8 (expected UTF-8 text)")
        let folder = testTemporaryDirectory.appendingPathComponent("earshot-utf8-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try data.write(to: folder.appendingPathComponent("bad.xml"))
        try "base: bad.xml\noverrides: {}\n".write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let based = try #require(throws: LoadError.self) { try SceneLoader.load(path: folder.appendingPathComponent("s.yaml").path) }
        let capture = folder.appendingPathComponent("bad.xml").path, scene = folder.appendingPathComponent("s.yaml").path
        #expect(based.description == "\(capture):4:60: error: the capture is not valid UTF-8 (named at \(scene):1:7) (expected UTF-8 text)")
    }
}
