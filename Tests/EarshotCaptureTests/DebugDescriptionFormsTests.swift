import EarshotCapture
import EarshotCore
import EarshotScenario
import Foundation
import Testing

/// `debugDescription` as people have it: as each Xcode writes it and as it is pasted. Each form
/// of the settings dump reads to what VoiceOver reads on the original.
@Suite("debugDescription as it is pasted")
struct DebugDescriptionFormsTests {
    static func original() throws -> String { try CaptureFixtures.text("settings.debugdescription.txt") }

    static func read(_ text: String) throws -> [String] {
        let imported = try SceneImporter.scene(from: try Capture.read(text, file: "pasted.txt"))
        return CaptureFixtures.descriptions(try SceneLoader.load(yaml: imported.yaml, file: "pasted.yaml"))
    }

    /// Every line of `text` changed by `change`.
    static func lines(_ text: String, _ change: (Substring) -> String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(change).joined(separator: "\n")
    }

    static func withoutAddresses(_ text: String) throws -> String {
        text.replacingOccurrences(of: #", 0x[0-9a-f]+"#, with: "", options: .regularExpression)
    }

    /// Xcode 26: `{x, y, w, h}`, after the identifier.
    static func xcode26(_ text: String) throws -> String {
        let frame = try NSRegularExpression(pattern: #", \{\{([-0-9.]+), ([-0-9.]+)\}, \{([-0-9.]+), ([-0-9.]+)\}\}(.*)$"#)
        return lines(try withoutAddresses(text)) { line in
            let string = String(line)
            let range = NSRange(string.startIndex..., in: string)
            return frame.stringByReplacingMatches(in: string, range: range, withTemplate: "$5, {$1, $2, $3, $4}")
        }
    }

    static let forms: [(String, @Sendable (String) throws -> String)] = [
        ("without its header lines", { text in
            lines(text) { $0.hasPrefix("Attributes:") || $0 == "Element subtree:" ? "" : String($0) }
        }),
        ("without its footer", { text in String(text[..<text.range(of: "Path to element:")!.lowerBound]) }),
        ("indented as a whole, from lldb", { text in lines(text) { "        " + $0 } }),
        ("pasted into a code comment", { text in lines(text) { "// " + $0 } }),
        ("as p prints it, one escaped line", { text in
            "(String) $R0 = \"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n") + "\""
        }),
        ("from an older Xcode, without addresses", { try withoutAddresses($0) }),
        ("from Xcode 26, frames as {x, y, w, h} after the keys", { try xcode26($0) }),
        ("only the subtree, indented, in a comment", { text in
            let subtree = text[text.range(of: "Element subtree:\n")!.upperBound..<text.range(of: "Path to element:")!.lowerBound]
            return lines(String(subtree)) { "    /// " + $0 }
        }),
    ]

    @Test(arguments: 0..<forms.count)
    func eachFormReadsAsTheOriginal(_ index: Int) throws {
        let (name, form) = Self.forms[index]
        let original = try Self.original()
        let pasted = try form(original)
        #expect(pasted != original, "\(name)")
        #expect(try Self.read(pasted) == Self.read(original), "\(name)")
        #expect(CaptureFormat.detect(pasted) == .debugDescription, "\(name)")
    }

    @Test func theXcode26FormIsWhatTheTestSays() throws {
        let line = try Self.xcode26(Self.original()).split(separator: "\n").first { $0.contains("'Airplane Mode'") }
        #expect(line.map(String.init) == "            Switch, identifier: 'airplane', label: 'Airplane Mode', value: 0, {16.0, 210.0, 361.0, 44.0}")
    }

    /// A brace in a label is not a frame.
    @Test func aBraceInsideAQuotedValueIsText() throws {
        let text = "Element subtree:\n →Application, {{0.0, 0.0}, {393.0, 852.0}}\n    Button, label: '{1, 2, 3, 4}', {16.0, 100.0, 100.0, 44.0}\n"
        let button = try #require(try Capture.read(text, file: "b.txt").roots.first?.children.first)
        #expect(button.label == "{1, 2, 3, 4}")
        #expect(button.frame == Frame(x: 16, y: 100, width: 100, height: 44))
    }

    /// Found by the fuzzer: an escaped line that is one quote (its opening quote is its closing
    /// one) crashed the reader.
    @Test func aLoneQuoteIsNotALiteral() {
        // The first quote is the line's last character.
        for text in ["x\\nElement subtree:\\n\"", "t = 1s\nt = 2s\nt = 3s\nx\\nElement subtree:\\n\""] {
            #expect(CaptureFormat.detect(text) == .debugDescription, "\(text)")
            #expect(throws: CaptureError.self) { try Capture.read(text, file: "q.txt") }
        }
        #expect(CaptureFormat.detect("\"\\n\"") == nil)
    }

    /// Text that only mentions element types is still not a capture.
    @Test func proseIsNotADump() {
        #expect(CaptureFormat.detect("scene: Mail\nroot:\n  - button: Send\n") == nil)
        #expect(CaptureFormat.detect("The Button, as we said, is blue.\n") == nil)
    }
}

/// The screen and platform from the capture (issue 30, item 6).
@Suite("The screen from a capture")
struct CaptureScreenTests {
    @Test func anApplicationLineWithoutAFrameTakesItsWindowsAndAnIPadSizeIsIPadOS() throws {
        let text = """
            Element subtree:
             →Application, pid: 4321, label: 'Notes'
                Window (Main), {{0.0, 0.0}, {820.0, 1180.0}}
                  Button, identifier: 'new', label: 'New Note', {16.0, 100.0, 120.0, 44.0}
            """
        let imported = try SceneImporter.scene(from: try Capture.read(text, file: "ipad.txt"))
        let scene = try SceneLoader.load(yaml: imported.yaml, file: "ipad.yaml")
        #expect(scene.screen == (820, 1180))
        #expect(scene.platform == .ipados)
        #expect(CaptureFixtures.descriptions(scene) == ["New Note. Button."])
    }
}
