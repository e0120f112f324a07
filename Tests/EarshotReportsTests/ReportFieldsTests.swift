import EarshotCore
@testable import EarshotReports
@testable import EarshotRunner
@testable import EarshotScenario
@testable import EarshotSuite
import EarshotTestSupport
import Foundation
import Testing

/// What the JSON and JUnit reports say about each scenario: elements named as a scenario
/// names them, and each JUnit testcase's file, line and time.
@Suite("Report fields")
struct ReportFieldsTests {
    /// Compose has an id, Inbox a label no other element has; the two Delete buttons share
    /// theirs, so only their index and place in the file tell them apart.
    static let scene = """
        scene: Mail
        root:
          - button: Compose
            id: compose
          - text: Inbox
          - button: Delete
          - button: Delete
        """

    /// Writes the scene and each scenario into a new folder; returns the scenarios' paths.
    func write(_ scenarios: [String]) throws -> [String] {
        let dir = testTemporaryDirectory.appendingPathComponent("earshot-report-fields-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Self.scene.write(to: dir.appendingPathComponent("mail.yaml"), atomically: true, encoding: .utf8)
        return try scenarios.enumerated().map { index, text in
            let file = dir.appendingPathComponent("s\(index).yaml")
            try text.write(to: file, atomically: true, encoding: .utf8)
            return file.path
        }
    }

    func run(_ files: [String]) async throws -> [ScenarioResult] {
        var options = Suite.Options()
        options.headless = true
        return try await Suite(options: options).run(files: files).results
    }

    struct Event: Decodable, Equatable {
        var type: String
        var element: String?
        var elementAt: String?
    }

    struct Report: Decodable {
        var steps: [Step]
        struct Step: Decodable { var events: [Event] }
    }

    @Test func theJSONReportNamesElementsByIdElseLabelElseIndexAndLine() async throws {
        let files = try write(["scenario: Every element\nscene: mail.yaml\nsteps:\n"
            + "  - swipeRight\n  - swipeRight\n  - swipeRight\n  - swipeRight\n"])
        let results = try await run(files)
        let reports = try JSONDecoder().decode([Report].self, from: Data(try Reports.json(results).utf8))
        let events = reports[0].steps.flatMap(\.events)
        let scene = (files[0] as NSString).deletingLastPathComponent + "/mail.yaml"
        #expect(events.filter { $0.type == "focus" } == [
            Event(type: "focus", element: "compose"),
            Event(type: "focus", element: "Inbox"),
            Event(type: "focus", element: "#2", elementAt: "\(scene):6"),
            Event(type: "focus", element: "#3", elementAt: "\(scene):7"),
        ])
        #expect(events.filter { $0.type == "speech" }.map(\.element) == ["compose", "Inbox", "#2", "#3"])
        #expect(events.filter { $0.type == "speech" }.map(\.elementAt) == [nil, nil, "\(scene):6", "\(scene):7"])
    }

    /// Each name works where a scenario names an element; the index needs the run's scene.
    @Test func aNameIsWhatTheSceneResolves() async throws {
        let files = try write(["scenario: S\nscene: mail.yaml\nsteps:\n  - swipeRight\n"])
        let scene = try #require(try await run(files)[0].scene)
        for index in scene.elements.indices {
            let ref = ElementRef(index)
            let (name, at) = Reports.elementName(ref, in: scene)
            if name.hasPrefix("#") {
                #expect(name == "#\(index)")
                #expect(scene.resolve(scene[ref].label) != ref)
                #expect(at == nil || at == "\(scene[ref].location.file):\(scene[ref].location.line)")
            } else {
                #expect(scene.resolve(name) == ref, "\(name)")
                #expect(at == nil)
            }
        }
        #expect(Reports.elementName(ElementRef(2), in: nil) == ("#2", nil))
    }

    @Test func aJUnitTestcaseCarriesItsFileLineAndTime() async throws {
        // The first key is on line 2, after a comment; the failing expectation on line 7.
        let files = try write([
            "# Passes\nscenario: Passing\nscene: mail.yaml\nsteps:\n  - swipeRight\n",
            "# Fails\nscenario: Failing\nscene: mail.yaml\nsteps:\n  - swipeRight\n  - swipeRight\n  - expect: nothing like this\n",
        ])
        let results = try await run(files)
        let xml = Reports.junit(results)
        // `time` is how long the scenario took to run (as dashboards read it), its length on the
        // reader's clock a property beside it.
        let time = { (index: Int) in String(format: "%.3f", results[index].runSeconds) }
        let length = { (index: Int) in String(format: "%.3f", results[index].length) }
        #expect(xml.contains("<testcase name=\"Passing\" classname=\"\(Self.classname(files[0]))\" file=\"\(files[0])\" line=\"2\" time=\"\(time(0))\">\n      <properties><property name=\"length\" value=\"\(length(0))\"/></properties>\n    </testcase>"))
        #expect(xml.contains("<testcase name=\"Failing\" classname=\"\(Self.classname(files[1]))\" file=\"\(files[1])\" line=\"7\" time=\"\(time(1))\">\n      <properties><property name=\"length\" value=\"\(length(1))\"/></properties>\n      <failure"))
        #expect(results[1].length > 0 && results[1].runSeconds > 0)
        #expect(results.allSatisfy { $0.runSeconds < 5 && $0.runSeconds != $0.length })
    }

    /// A golden mismatch is in the transcript file: its testcase points at the scenario's first line.
    @Test func aGoldenMismatchPointsAtTheScenario() async throws {
        let files = try write(["scenario: Golden\nscene: mail.yaml\nsteps:\n  - swipeRight\n"])
        try "something else\n".write(toFile: Golden.path(for: files[0]), atomically: true, encoding: .utf8)
        let results = try await run(files)
        #expect(results[0].failure?.diff != nil)
        #expect(Reports.junit(results).contains("file=\"\(files[0])\" line=\"1\" time="))
    }

    static func classname(_ file: String) -> String {
        (file as NSString).deletingPathExtension.replacingOccurrences(of: "/", with: ".")
    }
}
