import EarshotCore
import EarshotScenario
import EarshotTestSupport
import Foundation
import Testing

/// docs/format.md: every kind of bad input is reported with its file, line and column,
/// and no input crashes or hangs the loader.
@Suite("Bad input")
struct LoadErrorTests {
    /// The diagnostics of loading YAML text that must fail.
    func problems(_ yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Diagnostic] {
        do {
            _ = try SceneLoader.load(yaml: yaml, file: "bad.yaml")
            Issue.record("the scene loaded", sourceLocation: sourceLocation)
            return []
        } catch {
            return error.diagnostics
        }
    }

    func first(_ yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Diagnostic {
        try #require(problems(yaml, sourceLocation: sourceLocation).first, sourceLocation: sourceLocation)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var yaml: String
        var line: Int
        var column: Int
        var message: String
        var suggestion: String? = nil
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "malformed YAML", yaml: "scene: A\nroot: [ { button: A }\n", line: 3, column: 1, message: "malformed YAML"),
        Case(name: "unknown key", yaml: "scene: A\nroot:\n  - button: A\n    lable: B\n", line: 4, column: 5,
             message: "unknown key 'lable' in a button", suggestion: "label"),
        Case(name: "unknown presentation key", yaml: "scene: A\nroot: []\npresentations:\n  s:\n    detnets: [medium]\n    content: []\n",
             line: 5, column: 5, message: "unknown key 'detnets'", suggestion: "detents"),
        Case(name: "unknown scene key", yaml: "scene: A\nplatfrom: ios\nroot: []\n", line: 2, column: 1,
             message: "unknown key 'platfrom' in the scene", suggestion: "platform"),
        Case(name: "wrong value type: bool", yaml: "scene: A\nroot: []\npresentations:\n  s:\n    grabber: maybe\n    content: []\n",
             line: 5, column: 14, message: "grabber is 'maybe'"),
        Case(name: "wrong value type: frame", yaml: "scene: A\nroot:\n  - button: A\n    frame: 3\n", line: 4, column: 12,
             message: "frame is '3'"),
        Case(name: "wrong value type: root", yaml: "scene: A\nroot: nope\n", line: 2, column: 7, message: "root is 'nope'"),
        Case(name: "two role keys", yaml: "scene: A\nroot:\n  - button: A\n    text: B\n", line: 4, column: 5,
             message: "an element has two role keys, 'button' and 'text'"),
        Case(name: "no role key", yaml: "scene: A\nroot:\n  - label: A\n", line: 3, column: 5, message: "an element has no role key"),
        Case(name: "misspelt role key", yaml: "scene: A\nroot:\n  - buton: Send\n", line: 3, column: 5,
             message: "unknown key 'buton'", suggestion: "button"),
        Case(name: "duplicate id", yaml: "scene: A\nroot:\n  - button: A\n    id: x\n  - button: B\n    id: x\n", line: 6, column: 9,
             message: "duplicate id 'x' (first used at 4:9)"),
        Case(name: "dangling present", yaml: "scene: A\nroot:\n  - button: A\n    activate: { present: composer }\npresentations:\n  compose:\n    content: []\n",
             line: 4, column: 26, message: "present: 'composer' names no presentation", suggestion: "compose"),
        Case(name: "dangling confirm", yaml: "scene: A\nroot: []\npresentations:\n  s:\n    confirm: discrad\n    content: []\n  discard:\n    content: []\n",
             line: 5, column: 14, message: "confirm: 'discrad' names no presentation", suggestion: "discard"),
        Case(name: "dangling initialFocus", yaml: "scene: A\nroot: []\npresentations:\n  s:\n    initialFocus: too\n    content: [ { textField: To, id: to } ]\n",
             line: 5, column: 19, message: "initialFocus 'too' names no element", suggestion: "to"),
        Case(name: "initialFocus outside", yaml: "scene: A\nroot: [ { button: Out } ]\npresentations:\n  s:\n    initialFocus: Out\n    content: [ { text: In } ]\n",
             line: 5, column: 19, message: "initialFocus 'Out' is not in presentation 's'"),
        Case(name: "dangling filled", yaml: "scene: A\nroot:\n  - textField: To\n    id: to\n  - button: Send\n    enabled: { filled: tto }\n",
             line: 6, column: 24, message: "filled: 'tto' names no element", suggestion: "to"),
        Case(name: "filled on a button", yaml: "scene: A\nroot:\n  - button: Send\n    enabled: { filled: Send }\n",
             line: 4, column: 24, message: "filled: 'Send' is a button"),
        Case(name: "dangling set", yaml: "scene: A\nroot:\n  - button: A\n    activate: { set: { nobody: { value: x } } }\n",
             line: 4, column: 24, message: "set: 'nobody' names no element"),
        Case(name: "ambiguous label", yaml: "scene: A\nroot:\n  - button: Go\n  - button: Go\n  - button: B\n    activate: { screenChanged: Go }\n",
             line: 6, column: 32, message: "screenChanged: 'Go' is ambiguous"),
        Case(name: "dangling navigate", yaml: "scene: A\nroot: []\npresentations:\n  w:\n    pages:\n      - id: one\n        content: [ { button: Next, activate: { navigate: tow } } ]\n      - id: two\n        content: []\n",
             line: 7, column: 58, message: "navigate: 'tow' names no page of 'w'", suggestion: "two"),
        Case(name: "unknown detent", yaml: "scene: A\nroot: []\npresentations:\n  s:\n    detents: [medium, larg]\n    content: []\n",
             line: 5, column: 23, message: "unknown detent 'larg'", suggestion: "large"),
        Case(name: "unknown style", yaml: "scene: A\nroot: []\npresentations:\n  s:\n    style: formsheet\n    content: []\n",
             line: 5, column: 12, message: "unknown style 'formsheet'", suggestion: "formSheet"),
        Case(name: "unknown platform", yaml: "scene: A\nplatform: tvos\nroot: []\n", line: 2, column: 11,
             message: "unknown platform 'tvos'"),
        Case(name: "unknown platform near miss", yaml: "scene: A\nplatform: macOS\nroot: []\n", line: 2, column: 11,
             message: "unknown platform 'macOS'", suggestion: "macos"),
        Case(name: "selected not among detents", yaml: "scene: A\nroot: []\npresentations:\n  s:\n    detents: [medium]\n    selected: large\n    content: []\n",
             line: 6, column: 15, message: "selected detent 'large' is not among the detents"),
        Case(name: "undimmed not among detents", yaml: "scene: A\nroot: []\npresentations:\n  s:\n    detents: [large]\n    undimmed: medium\n    content: []\n",
             line: 6, column: 15, message: "undimmed detent 'medium' is not among the detents"),
        Case(name: "frame not four numbers", yaml: "scene: A\nroot:\n  - button: A\n    frame: [0, 0, 10]\n", line: 4, column: 12,
             message: "frame is a list of 3 items"),
        Case(name: "frame with text", yaml: "scene: A\nroot:\n  - button: A\n    frame: [0, 0, wide, 10]\n", line: 4, column: 19,
             message: "a frame value is 'wide'"),
        Case(name: "negative frame size", yaml: "scene: A\nroot:\n  - button: A\n    frame: [0, 0, -10, 10]\n", line: 4, column: 12,
             message: "frame has a negative size"),
        Case(name: "mixed frames", yaml: "scene: A\nroot:\n  - button: A\n    frame: [0, 0, 10, 10]\n  - button: B\n", line: 5, column: 5,
             message: "this element has no frame, but others beside it do"),
        Case(name: "slider min > max", yaml: "scene: A\nroot:\n  - slider: Volume\n    min: 10\n    max: 1\n", line: 3, column: 5,
             message: "min 10 is greater than max 1"),
        Case(name: "switch value", yaml: "scene: A\nroot:\n  - switch: Wi-Fi\n    value: yes\n", line: 4, column: 12,
             message: "a switch value is 'yes'"),
        Case(name: "unknown effect", yaml: "scene: A\nroot:\n  - button: A\n    activate: dimiss\n", line: 4, column: 15,
             message: "unknown effect 'dimiss'", suggestion: "dismiss"),
        Case(name: "top level a list", yaml: "- scene: A\n", line: 1, column: 1, message: "the top level is a list"),
        Case(name: "top level a scalar", yaml: "just text\n", line: 1, column: 1, message: "the top level is text, not a scene or scenario"),
        Case(name: "empty file", yaml: "", line: 1, column: 1, message: "the file is empty"),
        Case(name: "only comments", yaml: "# nothing here\n\n# still nothing\n", line: 1, column: 1, message: "the file is empty"),
        Case(name: "tab indentation", yaml: "scene: A\nroot:\n\t- button: A\n", line: 3, column: 1, message: "tab in indentation"),
        Case(name: "tab indentation, CRLF lines", yaml: "scene: A\r\nroot:\r\n\t- button: A\r\n", line: 3, column: 1,
             message: "tab in indentation"),
        Case(name: "no scene name", yaml: "root: []\n", line: 1, column: 1, message: "the scene has no 'scene' name"),
        Case(name: "no root", yaml: "scene: A\n", line: 1, column: 1, message: "the scene has no 'root' list"),
        Case(name: "alias as a key", yaml: "scene: A\nx: &k [1, 2]\n*k : 3\nroot: []\n", line: 3, column: 1,
             message: "an alias used as a mapping key"),
        Case(name: "unknown OS version", yaml: "scene: A\nos: \"71\"\nroot: []\n", line: 2, column: 5,
             message: "unknown ios version '71'", suggestion: "17"),
        Case(name: "unknown toolkit",
             yaml: "scene: A\nplatform: android\nroot: []\npresentations:\n  s:\n    toolkit: compse\n    content: []\n",
             line: 6, column: 14, message: "unknown toolkit 'compse'", suggestion: "compose"),
        Case(name: "a toolkit on a platform without toolkits",
             yaml: "scene: A\nroot: []\npresentations:\n  s:\n    toolkit: compose\n    content: []\n",
             line: 5, column: 14, message: "ios has no toolkits"),
        Case(name: "unknown OS version of macOS", yaml: "scene: A\nplatform: macos\nos: \"17\"\nroot: []\n", line: 3, column: 5,
             message: "unknown macos version '17'", suggestion: "13"),
        Case(name: "presented names no presentation",
             yaml: "scene: A\nroot: []\npresented: crad\npresentations:\n  card:\n    content: []\n", line: 3, column: 12,
             message: "presented: 'crad' names no presentation", suggestion: "card"),
        Case(name: "presented twice", yaml: "scene: A\nroot: []\npresented: [card, card]\npresentations:\n  card:\n    content: []\n",
             line: 3, column: 19, message: "presentation 'card' is presented twice"),
        Case(name: "a persistent alert", yaml: "scene: A\nroot: []\npresentations:\n  a:\n    style: alert\n    persistent: true\n    content: []\n",
             line: 6, column: 17, message: "'alert' cannot be persistent"),
        Case(name: "adaptation on a sheet", yaml: "scene: A\nroot: []\npresentations:\n  s:\n    adaptation: none\n    content: []\n",
             line: 5, column: 17, message: "'sheet' does not adapt"),
        Case(name: "unknown adaptation", yaml: "scene: A\nroot: []\npresentations:\n  p:\n    style: popover\n    adaptation: nope\n    content: []\n",
             line: 6, column: 17, message: "unknown adaptation 'nope'", suggestion: "none"),
    ]

    @Test(arguments: cases)
    func isReportedAtItsLineAndColumn(_ bad: Case) throws {
        let diagnostic = try first(bad.yaml)
        #expect(diagnostic.location.file == "bad.yaml")
        #expect(diagnostic.location.line == bad.line, "\(diagnostic)")
        #expect(diagnostic.location.column == bad.column, "\(diagnostic)")
        #expect(diagnostic.message.contains(bad.message), "\(diagnostic)")
        #expect(diagnostic.suggestion == bad.suggestion, "\(diagnostic)")
        #expect(diagnostic.description.hasPrefix("bad.yaml:\(bad.line):\(bad.column): error: "))
    }

    @Test func everyProblemIsReportedInFileOrder() {
        let all = problems("scene: A\nroot:\n  - buton: A\n  - button: B\n    lable: C\n  - switch: D\n    value: maybe\n")
        #expect(all.map(\.location.line) == [3, 5, 7])
    }

    @Test func anEmptyLabelLoads() throws {
        let scene = try SceneLoader.load(yaml: "scene: A\nroot:\n  - button: \"\"\n  - image:\n")
        #expect(scene.root.map { scene[$0].label } == ["", ""])
    }

    // MARK: Files

    func folder() throws -> URL {
        let url = testTemporaryDirectory.appendingPathComponent("earshot-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func invalidUTF8NamesItsLineAndColumn() throws {
        let dir = try folder()
        let file = dir.appendingPathComponent("bytes.yaml")
        var data = Data("scene: A\nroot:\n  - text: caf".utf8)
        data.append(contentsOf: [0xFF, 0xFE])
        data.append(Data("\n".utf8))
        try data.write(to: file)
        do {
            _ = try SceneLoader.load(path: file.path)
            Issue.record("loaded")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.location == SourceLocation(file: file.path, line: 3, column: 14))
            #expect(diagnostic.message == "the file is not valid UTF-8")
        }
    }

    @Test func aSceneFileThatDoesNotExist() throws {
        let dir = try folder()
        let scenario = dir.appendingPathComponent("s.yaml")
        try "scenario: S\nscene: missing.yaml\nsteps: []\n".write(to: scenario, atomically: true, encoding: .utf8)
        do {
            _ = try SceneLoader.load(path: scenario.path)
            Issue.record("loaded")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.location == SourceLocation(file: scenario.path, line: 2, column: 8))
            #expect(diagnostic.message.contains("missing.yaml' does not exist"))
        }
        do {
            _ = try SceneLoader.load(path: dir.appendingPathComponent("nope.yaml").path)
            Issue.record("loaded")
        } catch {
            #expect(error.diagnostics.first?.message == "file does not exist")
        }
    }

    @Test func aScenePathThatLoops() throws {
        let dir = try folder()
        try "scenario: A\nscene: b.yaml\nsteps: []\n".write(to: dir.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        try "scenario: B\nscene: a.yaml\nsteps: []\n".write(to: dir.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
        do {
            _ = try SceneLoader.load(path: dir.appendingPathComponent("a.yaml").path)
            Issue.record("loaded")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.location.file.hasSuffix("b.yaml"))
            #expect(diagnostic.location.line == 2)
            #expect(diagnostic.message.contains("leads back to a file already being loaded"))
        }
    }

    // MARK: Nothing crashes or hangs

    func nestedGroups(_ depth: Int) -> String {
        var yaml = "scene: Deep\nroot:\n"
        var indent = "  "
        for level in 0..<depth {
            yaml += "\(indent)- group: G\(level)\n\(indent)  children:\n"
            indent += "    "
        }
        yaml += "\(indent)- text: Bottom\n"
        return yaml
    }

    @Test func twoHundredLevelsOfElementsLoadAndTwoHundredAndOneDoNot() throws {
        let scene = try SceneLoader.load(yaml: nestedGroups(199))
        #expect(scene.elements.count == 200)
        let diagnostic = try first(nestedGroups(200))
        #expect(diagnostic.message == "elements nested deeper than 200 levels")
        #expect(diagnostic.location.line == 2 + 2 * 200 + 1)
    }

    @Test func effectListsNestedTooDeeplyAreBadInput() throws {
        let nested = String(repeating: "[", count: 250) + "dismiss" + String(repeating: "]", count: 250)
        let diagnostic = try first("scene: A\nroot:\n  - button: A\n    activate: \(nested)\n")
        #expect(diagnostic.message == "effects nested deeper than 200 levels")
        #expect(diagnostic.location.line == 4)
    }

    @Test func veryDeepFlowYAMLIsAnErrorNotACrash() throws {
        let diagnostic = try first("scene: A\nroot: " + String(repeating: "[", count: 100_000) + "\n")
        #expect(diagnostic.message == "nesting too deep")
        #expect(diagnostic.location.line == 2)
    }

    @Test func veryDeepBlockYAMLIsAnErrorNotACrash() throws {
        let diagnostic = try first("scene: A\nroot:\n" + String(repeating: "- ", count: 50_000) + "x\n")
        #expect(diagnostic.message == "nesting too deep")
        #expect(diagnostic.location.line == 3)
    }

    @Test func aliasHeavyYAMLStopsQuickly() throws {
        // Ten levels of ten aliases each: 10^10 elements if expanded.
        var yaml = "scene: Laughs\nbase: &l0 [ { text: lol } ]\n"
        for level in 1...10 {
            let items = Array(repeating: "{ group: g, children: *l\(level - 1) }", count: 10).joined(separator: ", ")
            yaml += "l\(level): &l\(level) [ \(items) ]\n"
        }
        yaml += "root: *l10\n"
        let clock = ContinuousClock()
        let start = clock.now
        let all = problems(yaml)
        #expect(clock.now - start < .seconds(30))
        #expect(all.map(\.message).contains("an alias expands this part more than 10000 times"))
    }

    @Test func aliasesRepeatingAPartAFewTimesLoad() throws {
        let scene = try SceneLoader.load(yaml: "scene: A\nroot:\n  - button: A\n    activate: &close [ { announce: Bye }, dismiss ]\n  - button: B\n    activate: *close\n")
        #expect(scene.root.count == 2)
    }

    @Test func aLargeFlatSceneLoads() throws {
        var yaml = "scene: Big\nroot:\n"
        for index in 0..<20_000 { yaml += "  - button: B\(index)\n" }
        let scene = try SceneLoader.load(yaml: yaml)
        #expect(scene.root.count == 20_000)
    }
}
