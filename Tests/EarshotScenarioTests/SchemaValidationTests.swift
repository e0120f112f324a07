import EarshotCore
import EarshotScenario
import EarshotTestSupport
import Foundation
import Testing

/// Files checked against docs/schema by scripts/validate-yaml-schema.py: the bundled scenes
/// and scenarios pass, a scene and a scenario that use every key the schemas name pass (and
/// load), and mistakes the loader rejects the schemas reject too.
@Suite("Validating against the JSON Schemas")
struct SchemaValidationTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardized

    /// Every YAML file under Scenarios/, scene files and scenario files apart.
    static func bundledFiles() throws -> (scenes: [URL], scenarios: [URL]) {
        let folder = packageRoot.appendingPathComponent("Scenarios")
        let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var scenes: [URL] = []
        var scenarios: [URL] = []
        for case let url as URL in enumerator where url.pathExtension == "yaml" {
            if ScenarioLoader.isScenarioFile(url.path) { scenarios.append(url) } else { scenes.append(url) }
        }
        return (scenes.sorted { $0.path < $1.path }, scenarios.sorted { $0.path < $1.path })
    }

    @Test func bundledScenesValidate() throws {
        let scenes = try Self.bundledFiles().scenes
        #expect(scenes.count > 10)
        let result = try YAMLSchema.validate(scenes, against: "scene.schema.json")
        #expect(result.status == 0, "\(result.err)")
    }

    @Test func bundledScenariosValidate() throws {
        let scenarios = try Self.bundledFiles().scenarios
        #expect(scenarios.count > 10)
        let result = try YAMLSchema.validate(scenarios, against: "scenario.schema.json")
        #expect(result.status == 0, "\(result.err)")
    }

    /// The recordings of the public calibration suite and the example validate against
    /// recording.schema.json, and the scenes they are replayed on against scene.schema.json; the
    /// schema's keys are the loader's.
    @Test func recordingsAndTheirScenesValidate() throws {
        var recordings: [URL] = [], scenes: [URL] = []
        for folder in ["Calibration", "Examples/Calibration"] {
            let enumerator = try #require(FileManager.default.enumerator(at: Self.packageRoot.appendingPathComponent(folder), includingPropertiesForKeys: nil))
            for case let url as URL in enumerator where url.pathExtension == "yaml" {
                if url.lastPathComponent.hasSuffix(".recording.yaml") { recordings.append(url) } else { scenes.append(url) }
            }
        }
        #expect(recordings.count > 30)
        let recorded = try YAMLSchema.validate(recordings, against: "recording.schema.json")
        #expect(recorded.status == 0, "\(recorded.err)")
        let rebuilt = try YAMLSchema.validate(scenes, against: "scene.schema.json")
        #expect(rebuilt.status == 0, "\(rebuilt.err)")
        let schema = Schema(file: "recording.schema.json")
        #expect(Set((schema.value("properties") as? [String: Any])?.keys.map { $0 } ?? []) == Set(Recording.keys))
        #expect(Set((schema.value("$defs", "move", "properties") as? [String: Any])?.keys.map { $0 } ?? []) == ["gesture", "utterance", "element", "frame", "source"])
        #expect(schema.value("$defs", "move", "properties", "gesture", "enum") as? [String] == Recording.Gesture.allCases.map(\.rawValue))
        let overlay = Schema(file: "overlay.schema.json")
        #expect(Set((overlay.value("properties") as? [String: Any])?.keys.map { $0 } ?? []) == Set(ProfileOverlay.keys))
    }

    /// Editors find the schema from the file's first line.
    @Test func bundledFilesNameTheirSchema() throws {
        let (scenes, scenarios) = try Self.bundledFiles()
        for (files, schema) in [(scenes, "scene"), (scenarios, "scenario")] {
            for file in files {
                let first = try String(contentsOf: file, encoding: .utf8).prefix { $0 != "\n" }
                let depth = file.deletingLastPathComponent().pathComponents.count - Self.packageRoot.pathComponents.count
                let path = String(repeating: "../", count: depth) + "docs/schema/\(schema).schema.json"
                #expect(first == "# yaml-language-server: $schema=\(path)",
                        "\(file.path) does not start with the modeline for \(path)")
            }
        }
    }

    // MARK: Everything at once

    /// Every key the scene schema names somewhere, used once in a scene the loader accepts.
    static let everyKeyScene = """
        scene: Everything
        platform: ios
        os: "17"
        language: en
        direction: ltr
        screen: [393, 852]
        restoreFocus: true
        magicTap: [ { announce: { text: Hello, priority: high, delay: 0.5 } }, screenChanged, { layoutChanged: to }, { screenChanged: { text: Hi } } ]
        audit: { skip: [sheet-grabber], reason: "a fixture" }
        presented: []
        root:
          - button: Compose
            id: compose
            label: Compose
            hint: Writes a message
            traits: [button]
            enabled: { when: { filled: to }, then: true, else: false }
            selected: false
            hidden: { any: [ { state: { gone: true } }, { not: unsaved } ] }
            placement: topTrailing
            role: default
            accessory: false
            actions: [ { name: Flag, do: { set: { status: { value: Flagged, label: Status, enabled: true, hidden: false, selected: true, traits: [header] } } } } ]
            activate: { present: compose }
            increment: { state: { count: 1 } }
            decrement: { dismissAll: true }
            escape: dismiss
            magicTap: cancel
            auditSkip: { rules: [element-label], reason: "a fixture" }
          - text: Status
            id: status
            value: { when: { all: [ { unsaved: true } ] }, then: Edited, else: Saved }
          - heading: Inbox
            level: 1
          - slider: Volume
            min: 0
            max: 10
            step: 1
            unit: percent
          - switch: Wi-Fi
            value: { filled: to }
          - group: Tabs
            children: [ { tab: Home } ]
            modal: false
            tabBar: true
            focusable: false
            ordered: false
            series: false
            container: list
          - textField: To
            id: to
            required: true
            editing: true
            returnKey: next
            submit: { announce: Next }
        presentations:
          compose:
            style: sheet
            detents: [ { id: peek, fraction: 0.2 }, medium, large ]
            selected: medium
            grabber: true
            undimmed: peek
            dismissible: true
            persistent: false
            confirm: ask
            escape: sheet
            initialFocus: Next
            title: Compose
            auditSkip: { rules: [sheet-single], reason: "a fixture" }
            pages:
              - id: first
                title: First
                content:
                  - button: Next
                    activate: [ { navigate: second }, { detent: large } ]
              - id: second
                content:
                  - image: Photo
                    frame: [0, 0, 100, 100]
                  - link: Terms
                    frame: [0, 100, 100, 44]
                  - secureField: Password
                    frame: [0, 144, 100, 44]
                  - textArea: Notes
                    frame: [0, 188, 100, 44]
                  - searchField: Search
                    frame: [0, 232, 100, 44]
                  - stepper: Count
                    frame: [0, 276, 100, 44]
          ask:
            style: popover
            adaptation: none
            content: []
        """

    /// Every step and expectation, and an inline scene.
    static let everyKeyScenario = """
        scenario: Everything
        scene: { root: [ { button: A }, { textField: B } ] }
        voice: en-us
        rate: 175
        hints: false
        configurations: [ {}, { os: "26", language: de }, { platform: ipados } ]
        steps:
          - swipeRight
          - swipeLeft
          - swipeUp
          - swipeDown
          - doubleTap
          - scrub
          - magicTap
          - readAll
          - readFromHere
          - pause
          - first
          - last
          - swipeToDismiss
          - audit
          - touch: A
          - expect: { configuration: [default], focus: A }
          - tap: [10, 20]
          - rotor: headings
          - vo: right
          - key: shift-tab
          - key: command-period
          - type: hello
          - wait: 1.5s
          - expect: "A. Button."
          - expect:
              speech: "A. Button."
              spoken: ["A. Button."]
              contains: A
              hint: ""
              focus: A
              presented: none
              detent: large
              screenChanged: false
              layoutChanged: false
              earcon: boundary
              announced: x
              heard: x
              notSpoken: x
              silent: false
              unsaved: false
              reachable: A
              unreachable: C
        """

    @Test func aSceneWithEveryKeyLoadsAndValidates() throws {
        _ = try SceneLoader.load(yaml: Self.everyKeyScene)
        let result = try YAMLSchema.validate(documents: [Self.everyKeyScene], against: "scene.schema.json")
        #expect(result.status == 0, "\(result.err)")
    }

    @Test func aScenarioWithEveryKeyLoadsAndValidates() throws {
        _ = try ScenarioLoader.load(yaml: Self.everyKeyScenario)
        let result = try YAMLSchema.validate(documents: [Self.everyKeyScenario], against: "scenario.schema.json")
        #expect(result.status == 0, "\(result.err)")
    }

    /// The two documents above use every property the schemas name (those of `base:`, which
    /// needs capture files, are used by Scenarios/settings/settings.yaml; `toolkit:`, which is
    /// Android's, by Scenarios/reading-list/reading-list.yaml), so the schemas name no key the
    /// loader rejects.
    @Test(arguments: ["scene.schema.json", "scenario.schema.json"])
    func theDocumentsUseEveryKeyTheSchemaNames(_ file: String) throws {
        let bundled = try ["Scenarios/settings/settings.yaml", "Scenarios/reading-list/reading-list.yaml"].map {
            try String(contentsOf: Self.packageRoot.appendingPathComponent($0), encoding: .utf8)
        }
        let text = ([Self.everyKeyScene, Self.everyKeyScenario] + bundled).joined(separator: "\n")
        let names = YAMLSchema.propertyNames(in: Schema(file: file).json)
        #expect(names.count > 20)
        let unused = names.filter { !text.contains("\($0):") }.sorted()
        #expect(unused.isEmpty, "\(file) names \(unused), which no document here uses: add them and load them")
    }

    // MARK: Mistakes

    /// A mistake: a file the loader rejects, and where the schema must reject it.
    struct Mistake: Sendable, CustomTestStringConvertible {
        var name: String
        var schema: String
        var yaml: String
        /// The JSON path the validator reports, and a piece of its message.
        var path: String
        var message: String

        var testDescription: String { name }
    }

    static let scene = "scene: S\nroot:\n"
    static let mistakes: [Mistake] = [
        Mistake(name: "an unknown scene key", schema: "scene.schema.json", yaml: "scene: S\nplatfrom: ios\nroot: []\n",
                path: "(top level)", message: "'platfrom' was unexpected"),
        Mistake(name: "an unknown element key", schema: "scene.schema.json", yaml: scene + "  - button: A\n    lable: B\n",
                path: "root/0", message: "'lable' was unexpected"),
        Mistake(name: "a role-specific key on another role", schema: "scene.schema.json", yaml: scene + "  - button: A\n    level: 2\n",
                path: "root/0", message: "'heading' is a required property"),
        Mistake(name: "two role keys", schema: "scene.schema.json", yaml: scene + "  - button: A\n    text: B\n",
                path: "root/0", message: "is valid under each of"),
        Mistake(name: "a misspelt effect", schema: "scene.schema.json", yaml: scene + "  - button: A\n    activate: dismis\n",
                path: "root/0/activate", message: "'dismis' is not one of"),
        Mistake(name: "an unknown effect key", schema: "scene.schema.json",
                yaml: scene + "  - button: A\n    activate: { presnt: x }\n",
                path: "root/0/activate", message: "'presnt' was unexpected"),
        Mistake(name: "a wrong announcement priority", schema: "scene.schema.json",
                yaml: scene + "  - button: A\n    activate: { announce: { text: Hi, priority: loud } }\n",
                path: "root/0/activate/announce/priority", message: "'loud' is not one of"),
        Mistake(name: "an unknown field of set", schema: "scene.schema.json",
                yaml: scene + "  - button: A\n    activate: { set: { A: { lable: B } } }\n",
                path: "root/0/activate/set/A", message: "'lable' was unexpected"),
        Mistake(name: "an unknown condition", schema: "scene.schema.json",
                yaml: scene + "  - button: A\n    enabled: { filed: A }\n",
                path: "root/0/enabled", message: "'filed' was unexpected"),
        Mistake(name: "a wrong trait", schema: "scene.schema.json", yaml: scene + "  - button: A\n    traits: [buton]\n",
                path: "root/0/traits/0", message: "'buton' is not one of"),
        Mistake(name: "a wrong presentation style", schema: "scene.schema.json",
                yaml: scene + "  - button: A\npresentations:\n  p: { style: sheeet, content: [] }\n",
                path: "presentations/p/style", message: "'sheeet' is not one of"),
        Mistake(name: "an unknown presentation key", schema: "scene.schema.json",
                yaml: scene + "  - button: A\npresentations:\n  p: { grabbr: true, content: [] }\n",
                path: "presentations/p", message: "'grabbr' was unexpected"),
        Mistake(name: "a presentation without content", schema: "scene.schema.json",
                yaml: scene + "  - button: A\npresentations:\n  p: { style: alert }\n",
                path: "presentations/p", message: "'content' is a required property"),
        Mistake(name: "an unknown audit rule", schema: "scene.schema.json",
                yaml: "scene: S\naudit: { skip: [sheet-grabbr], reason: x }\nroot: []\n",
                path: "audit/skip/0", message: "'sheet-grabbr' is not one of"),
        Mistake(name: "an OS version the platform does not know", schema: "scene.schema.json",
                yaml: "scene: S\nplatform: macos\nos: \"17\"\nroot: []\n", path: "os", message: "'17' is not one of"),
        Mistake(name: "an unknown scenario key", schema: "scenario.schema.json",
                yaml: "scenario: S\nscene: s.yaml\nvoise: en\nsteps: []\n", path: "(top level)", message: "'voise' was unexpected"),
        Mistake(name: "a misspelt step", schema: "scenario.schema.json",
                yaml: "scenario: S\nscene: { root: [] }\nsteps: [swipRight]\n", path: "steps/0", message: "'swipRight' is not one of"),
        Mistake(name: "a misspelt step with a value", schema: "scenario.schema.json",
                yaml: "scenario: S\nscene: { root: [] }\nsteps: [ { tuch: A } ]\n", path: "steps/0", message: "'tuch' was unexpected"),
        Mistake(name: "a wrong rotor", schema: "scenario.schema.json",
                yaml: "scenario: S\nscene: { root: [] }\nsteps: [ { rotor: heading } ]\n",
                path: "steps/0/rotor", message: "'heading' is not one of"),
        Mistake(name: "an unknown expectation", schema: "scenario.schema.json",
                yaml: "scenario: S\nscene: { root: [] }\nsteps: [ { expect: { speach: A } } ]\n",
                path: "steps/0/expect", message: "'speach' was unexpected"),
        Mistake(name: "an unknown key in an inline scene", schema: "scenario.schema.json",
                yaml: "scenario: S\nscene: { root: [], platfrom: ios }\nsteps: []\n", path: "scene", message: "'platfrom' was unexpected"),
    ]

    @Test(arguments: mistakes)
    func theLoaderAndTheSchemaRejectIt(_ mistake: Mistake) throws {
        let loads: Bool
        if mistake.schema == "scene.schema.json" {
            loads = (try? SceneLoader.load(yaml: mistake.yaml)) != nil
        } else {
            loads = (try? ScenarioLoader.load(yaml: mistake.yaml)) != nil
        }
        #expect(!loads, "the loader accepts \(mistake.name)")
        let result = try YAMLSchema.validate(documents: [mistake.yaml], against: mistake.schema)
        #expect(result.status == 1)
        let line = result.err.split(separator: "\n").first { $0.contains(": \(mistake.path): ") }
        #expect(line?.contains(mistake.message) == true,
                "expected '\(mistake.message)' at \(mistake.path); the validator said:\n\(result.err)")
    }

    /// The script reports each error with its file and JSON path, and tells missing modules apart.
    @Test func theValidatorNamesFileAndPath() throws {
        let result = try YAMLSchema.validate(documents: [Self.scene + "  - button: A\n    lable: B\n", "scene: S\nroot: []\n"],
                                             against: "scene.schema.json")
        #expect(result.status == 1)
        #expect(result.err.contains("0.yaml: root/0: Additional properties are not allowed ('lable' was unexpected)"))
        #expect(!result.err.contains("1.yaml"))
    }
}

/// scripts/validate-yaml-schema.py: YAML files against docs/schema.
enum YAMLSchema {
    static func validate(_ files: [URL], against schema: String) throws -> (status: Int32, err: String) {
        try PythonForTests.run(script: "validate-yaml-schema.py", [Repository.path("docs/schema/\(schema)").path] + files.map(\.path),
                               missing: "PyYAML or jsonschema")
    }

    /// Writes each document to a temporary file (`0.yaml`, `1.yaml`, …) and validates them together.
    static func validate(documents: [String], against schema: String) throws -> (status: Int32, err: String) {
        let folder = testTemporaryDirectory.appendingPathComponent("earshot-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try documents.enumerated().map { index, text in
            let file = folder.appendingPathComponent("\(index).yaml")
            try text.write(to: file, atomically: true, encoding: .utf8)
            return file
        }
        return try validate(files, against: schema)
    }

    /// Every name under a `properties` anywhere in a schema.
    static func propertyNames(in schema: Any) -> Set<String> {
        var names: Set<String> = []
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                for (key, child) in object {
                    if key == "properties", let properties = child as? [String: Any] { names.formUnion(properties.keys) }
                    walk(child)
                }
            } else if let list = value as? [Any] {
                list.forEach(walk)
            }
        }
        walk(schema)
        return names
    }
}
