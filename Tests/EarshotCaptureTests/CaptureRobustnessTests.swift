import EarshotCapture
import EarshotCore
import EarshotScenario
import Foundation
import Testing

/// Captures that are not what they seem are read right or refused at their line and column:
/// cut off, two documents in one file, CRLF line ends, nesting thousands of levels deep, a
/// whole page source on one line.
@Suite("Captures that are not what they seem")
struct CaptureRobustnessTests {
    /// The error reading and importing `text` gives, as printed; nil when it imports.
    static func failure(_ text: String, file: String) -> String? {
        do {
            _ = try SceneImporter.scene(from: try Capture.read(text, file: file))
            return nil
        } catch {
            return "\(error)"
        }
    }

    static let application = "type=\"XCUIElementTypeApplication\" x=\"0\" y=\"0\" width=\"393\" height=\"852\""
    static let button = "type=\"XCUIElementTypeButton\" label=\"OK\" accessible=\"true\" x=\"0\" y=\"100\" width=\"100\" height=\"44\""
    static let other = "type=\"XCUIElementTypeOther\" x=\"0\" y=\"0\" width=\"393\" height=\"852\""
    static let idbApplication = "{\"type\": \"Application\", \"AXLabel\": \"A\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 393, \"height\": 852}"
    static let idbButton = "{\"type\": \"Button\", \"AXLabel\": \"OK\", \"frame\": {\"x\": 0, \"y\": 100, \"width\": 100, \"height\": 44}}"

    // MARK: - Cut off

    /// A page source cut in its declaration read as a capture of nothing; cut in an attribute,
    /// as one without it. Each is refused where the reading stopped.
    @Test(arguments: [
        ("<?xml vers", "cut.xml:1:", "malformed XML"),
        ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<AppiumAUT>\n", "cut.xml:", "malformed XML"),
        ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<AppiumAUT></AppiumAUT>\n", "cut.xml:", "the XML holds no element"),
        ("<XCUIElementTypeApplication \(application)>\n  <XCUIElementTypeButton type=\"XCUIElementTypeButton\" label=\"O",
         "cut.xml:2:", "the XML ends before <XCUIElementTypeButton> at 2:3 is closed"),
        ("[\(idbApplication)}, {\"type\": \"Button\", \"AXLabel\": \"Can", "cut.json:1:", "the JSON ends inside a string"),
        ("[\(idbApplication)}, \(idbButton)", "cut.json:1:", "the JSON ends before the array opened at 1:1 is closed"),
        ("Element subtree:\n  Application, 0x1, {{0, 0}, {393, 852}}\n    Button, 0x2, {{0, 100}, {100, 44}}, label: 'Can",
         "cut.txt:3:5", "the line ends inside label: '…'"),
        ("Element subtree:\n  Application, 0x1, {{0, 0}, {393, 852}}\n    Button, 0x2, {{0, 100}, {100, 4",
         "cut.txt:3:5", "a frame without its '}}'"),
    ])
    func aCaptureCutOffIsRefusedWhereItStops(_ text: String, _ place: String, _ message: String) throws {
        let file = String(place.prefix { $0 != ":" })
        let error = try #require(Self.failure(text, file: file), "\(file) imported")
        #expect(error.hasPrefix(place), "\(error)")
        #expect(error.contains(message), "\(error)")
    }

    // MARK: - Two documents in one file

    /// libxml2 stopped at the second root and reported the document parsed: the first was
    /// imported and the second dropped without a word.
    @Test func twoXMLRootsAreRefusedAtTheSecond() throws {
        let text = "<XCUIElementTypeApplication \(Self.application)/>\n<XCUIElementTypeApplication \(Self.application)/>\n"
        let error = try #require(Self.failure(text, file: "two.xml"))
        #expect(error.hasPrefix("two.xml:2:"), "\(error)")
        #expect(error.contains("malformed XML: the document ends early, or has content after its root element"), "\(error)")
    }

    @Test func twoJSONValuesAreRefusedAtTheSecond() throws {
        let text = "[\(Self.idbApplication)}]\n[\(Self.idbApplication)}]\n"
        let error = try #require(Self.failure(text, file: "two.json"))
        #expect(error.hasPrefix("two.json:2:1: error: unexpected '[' after the JSON value"), "\(error)")
    }

    /// The second dump was never read: everything after the first subtree was skipped.
    @Test func twoDebugDescriptionDumpsAreRefusedAtTheSecond() throws {
        let dump = "Attributes: Application, pid: 1, label: 'A'\nElement subtree:\n  Application, 0x1, {{0, 0}, {393, 852}}\n"
            + "    Button, 0x2, {{0, 100}, {100, 44}}, label: 'OK'\n"
        let error = try #require(Self.failure(dump + dump, file: "two.txt"))
        #expect(error == "two.txt:6:1: error: a second 'Element subtree:' (the first is on line 2) (expected one debugDescription dump a file)")
    }

    // MARK: - CRLF

    /// A file with CRLF line ends reads as the same file with LF ones: its nodes, and the lines
    /// and columns they are at. (A Swift `Character` holds `\r\n` whole: split at `"\n"`, a
    /// debugDescription had no `Element subtree:` line and a page source's elements all sat on line 1.)
    @Test(arguments: ["settings.wda.xml", "settings.idb.json", "settings.idb-nested.json", "settings.debugdescription.txt",
                      "settings-general-alert.wda.xml"])
    func crlfLineEndsReadAsLFOnes(_ name: String) throws {
        let text = try CaptureFixtures.text(name)
        #expect(!text.contains("\r"))
        let lf = try Capture.read(text, file: name)
        let crlf = try Capture.read(text.replacingOccurrences(of: "\n", with: "\r\n"), file: name)
        #expect(crlf == lf)
        if text.split(separator: "\n").count > 5 {
            #expect(lf.roots.flatMap(\.descendants).map(\.location.line).max() ?? 0 > 5)
        }
    }

    @Test(arguments: [
        ("<XCUIElementTypeApplication \(application)>\n  <XCUIElementTypeButton type=\"XCUIElementTypeButton\" x=\"0\" y=\"0\" width=\"1\" height=\"one\"/>\n</XCUIElementTypeApplication>\n",
         "crlf.xml:2:3: error: a frame value that is not a finite number ('one')"),
        ("Element subtree:\n  Application, 0x1, {{0, 0}, {393, 852}}\n    Button, 0x2, {{1, 2}, {3}}, label: 'OK'\n",
         "crlf.txt:3:5: error: a frame that is not four numbers"),
        ("[\(idbApplication)},\n  {\"type\": \"Button\", \"frame\": 7}]\n", "crlf.json:2:31: error: frame is a number"),
    ])
    func errorsInACRLFFileNameTheirLine(_ text: String, _ expected: String) throws {
        let file = String(expected.prefix { $0 != ":" })
        let error = try #require(Self.failure(text.replacingOccurrences(of: "\n", with: "\r\n"), file: file))
        #expect(error.hasPrefix(expected), "\(error)")
        #expect(Self.failure(text, file: file)?.hasPrefix(expected) == true)
    }

    // MARK: - Nesting

    /// A WebDriverAgent page source `depth` elements deep (each on a line of its own), with a
    /// button in the innermost.
    static func nestedXML(_ depth: Int) -> String {
        var text = "<XCUIElementTypeApplication \(application)>\n"
        text += String(repeating: "<XCUIElementTypeOther \(other)>\n", count: depth - 2)
        text += "<XCUIElementTypeButton \(button)/>\n"
        text += String(repeating: "</XCUIElementTypeOther>\n", count: depth - 2) + "</XCUIElementTypeApplication>\n"
        return text
    }

    static func nestedIDB(_ depth: Int) -> String {
        String(repeating: "\(idbApplication), \"children\": [", count: 1)
            + String(repeating: "{\"type\": \"Group\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 393, \"height\": 852}, \"children\": [", count: depth - 2)
            + idbButton + String(repeating: "]}", count: depth - 1)
    }

    /// idb's flat form: containers, each inside the one before (the same frame), then a button.
    static func flatIDB(_ depth: Int) -> String {
        "[" + idbApplication + "},\n"
            + String(repeating: "{\"type\": \"Group\", \"AXLabel\": \"G\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 393, \"height\": 852}},\n", count: depth - 2)
            + idbButton + "]"
    }

    static func nestedDebugDescription(_ depth: Int) -> String {
        var text = "Element subtree:\n"
        for level in 1...depth {
            let indent = String(repeating: " ", count: level * 2)
            text += level == depth ? "\(indent)Button, 0x2, {{0, 100}, {100, 44}}, label: 'OK'\n"
                : "\(indent)\(level == 1 ? "Application" : "Other"), 0x1, {{0, 0}, {393, 852}}\n"
        }
        return text
    }

    /// 100,000 nested elements overflowed the stack (in the importer, and in everything that
    /// walks a capture's tree after it); now the first element past the limit is refused.
    @Test func anXMLCaptureNestedAHundredThousandDeepIsRefusedAtItsLimit() throws {
        let error = try #require(Self.failure(Self.nestedXML(100_000), file: "deep.xml"))
        #expect(error == "deep.xml:257:1: error: an element nested deeper than 256 levels (expected elements at most 256 levels deep)")
    }

    @Test func aJSONCaptureNestedAHundredThousandDeepIsRefused() throws {
        // `[{"AXLabel": "A", "x": ` puts the first nested array at column 24, three levels in: the 514th level, refused, is at 535.
        let arrays = "[{\"AXLabel\": \"A\", \"x\": " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}]"
        #expect(Self.failure(arrays, file: "deep.json") == "deep.json:1:535: error: the JSON nests deeper than 513 levels"
            + " (expected objects and arrays at most 513 deep)")
        let error = try #require(Self.failure("[" + Self.nestedIDB(100_000) + "]", file: "deep.json"))
        #expect(error.contains("error: the JSON nests deeper than 513 levels"), "\(error)")
    }

    /// The flat form nests by frames: a list of groups, each within the last, made a tree as deep as the list.
    @Test func aFlatIDBCaptureNestedPastTheLimitIsRefused() throws {
        let error = try #require(Self.failure(Self.flatIDB(2_000), file: "flat.json"))
        #expect(error == "flat.json:257:1: error: an element nested deeper than 256 levels (expected elements at most 256 levels deep)")
    }

    @Test func aDebugDescriptionNestedPastTheLimitIsRefused() throws {
        let error = try #require(Self.failure(Self.nestedDebugDescription(1_000), file: "deep.txt"))
        #expect(error == "deep.txt:258:515: error: an element nested deeper than 256 levels (expected elements at most 256 levels deep)")
    }

    /// At the limit, every format reads and imports, and the scene loads: the one button.
    @Test func aCaptureAtTheLimitImports() throws {
        let depth = Capture.maximumDepth
        for (text, file) in [(Self.nestedXML(depth), "limit.xml"), ("[" + Self.nestedIDB(depth) + "]", "limit.json"),
                             (Self.flatIDB(depth), "flat.json"), (Self.nestedDebugDescription(depth), "limit.txt")] {
            let capture = try Capture.read(text, file: file)
            let imported = try SceneImporter.scene(from: capture)
            let scene = try SceneLoader.load(yaml: imported.yaml, file: file + ".yaml")
            #expect(CaptureFixtures.descriptions(scene) == ["OK. Button."], "\(file)")
        }
    }

    // MARK: - One line

    /// A page source of `count` buttons, all on one line.
    static func oneLine(_ count: Int) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><XCUIElementTypeApplication \(application)>"
            + (0..<count).map { "<XCUIElementTypeButton type=\"XCUIElementTypeButton\" label=\"Bütton \($0)\" accessible=\"true\" x=\"0\" y=\"\($0)\" width=\"100\" height=\"1\"/>" }.joined()
            + "</XCUIElementTypeApplication>"
    }

    /// Each element's place was found by splitting its line into characters again: a whole page
    /// source on one line took time quadratic in its length. Finding every place now steps over
    /// each byte a bounded number of times.
    @Test func aPageSourceOnOneLineIsLocatedInLinearSteps() throws {
        let text = Self.oneLine(5_000)
        let (roots, positions) = try WebDriverAgentReader.readWithPositions(text, file: "one.xml")
        let buttons = roots[0].children
        #expect(buttons.count == 5_000)
        #expect(positions.lineStarts == [0])
        // Each byte is stepped over at most three times: counting on to where the parser is,
        // and back to the tag's start and its column.
        #expect(positions.steps <= 3 * text.utf8.count, "\(positions.steps) steps for \(text.utf8.count) bytes")
        // Columns count characters (ü is one), as libxml2's do.
        let prefix = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><XCUIElementTypeApplication \(Self.application)>"
        #expect(roots[0].location == SourceLocation(file: "one.xml", line: 1, column: 39))
        #expect(buttons[0].location.column == prefix.unicodeScalars.count + 1)
        var starts: [Int] = []
        var column = 1
        let scalars = Array(text.unicodeScalars)
        for index in scalars.indices {
            if scalars[index] == "<", scalars[(index + 1)...].starts(with: "XCUIElementTypeButton".unicodeScalars) { starts.append(column) }
            column += 1
        }
        #expect(buttons.map(\.location.column) == starts)
    }

    /// Five megabytes on one line read in the time a few lines would take (quadratic, this was hours).
    @Test func aFiveMegabytePageSourceOnOneLineReads() throws {
        let text = Self.oneLine(40_000)
        #expect(text.utf8.count > 5_000_000)
        let (roots, positions) = try WebDriverAgentReader.readWithPositions(text, file: "big.xml")
        #expect(roots[0].children.count == 40_000)
        #expect(positions.steps <= 3 * text.utf8.count)
    }

    // MARK: - Positions

    @Test func positionsCountLinesAtEveryLineEndAndColumnsInScalars() {
        var positions = TextPositions(Array("ab\r\ncé<d\re\nf".utf8))
        #expect(positions.lineStarts == [0, 4, 10, 12])
        #expect(positions.offset(line: 2, column: 3) == 7)   // é takes two bytes
        #expect([7, 11, 12].map { positions.location(of: $0) }.map { [$0.line, $0.column] } == [[2, 3], [3, 2], [4, 1]])
        #expect(positions.offset(line: 2, column: 99) == 9)  // clamped to the line's end
        #expect(positions.lineRange(2) == 4..<9)
    }

    /// libxml2 does not count a byte order mark: neither do the places it is turned into.
    @Test func aByteOrderMarkIsNotAColumn() throws {
        let text = "<XCUIElementTypeApplication \(Self.application)>\n  <XCUIElementTypeButton \(Self.button)/>\n</XCUIElementTypeApplication>\n"
        let plain = try Capture.read(text, file: "b.xml")
        let marked = try Capture.read("\u{FEFF}" + text, file: "b.xml")
        #expect(marked == plain)
        #expect(marked.roots[0].location == SourceLocation(file: "b.xml", line: 1, column: 1))
        var positions = TextPositions(Array("\u{FEFF}ab".utf8))
        #expect(positions.offset(line: 1, column: 2) == 4)
        #expect(positions.location(of: 0) == positions.location(of: 3))
    }

    /// Lookups in the text's order on one long line cost the line's length, not its length each.
    @Test func positionsOnOneLongLineAreLinear() {
        let line = Array(String(repeating: "é<ab>", count: 10_000).utf8)
        var positions = TextPositions(line)
        for index in stride(from: 1, to: 50_000, by: 5) {
            let offset = positions.offset(line: 1, column: index + 4)
            let found = positions.location(of: offset - 3)
            #expect(found.line == 1 && found.column == index + 1)
        }
        #expect(positions.steps <= 3 * line.count, "\(positions.steps) steps for \(line.count) bytes")
    }
}
