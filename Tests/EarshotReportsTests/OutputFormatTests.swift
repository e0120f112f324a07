import EarshotAudit
import EarshotCalibration
import EarshotCore
import EarshotFiles
@testable import EarshotReports
@testable import EarshotRunner
@testable import EarshotScenario
@testable import EarshotSuite
import EarshotTestSupport
import Foundation
import Testing

/// The list of output formats `earshot run` and `earshot audit` share: names, what each reports
/// on, the help's wording, the errors, and that each format writes what its module writes.
@Suite("Output formats")
struct OutputFormatTests {
    static func made(_ name: String, file: String, passed: Bool, length: Double) -> ScenarioResult {
        let failure = passed ? nil : ScenarioFailure(.expectation(key: "speech", expected: "\"Outbox\"", actual: "\"Inbox\""),
                                                     at: SourceLocation(file: file, line: 3, column: 5))
        return ScenarioResult(name: name, file: file, steps: [], transcript: "", failure: failure, voice: "en-us", rate: 175,
                              length: length)
    }

    static let results = [made("Alpha", file: "mail/alpha.yaml", passed: true, length: 1.5),
                          made("Beta", file: "mail/beta.yaml", passed: false, length: 2.25)]

    /// Two detents and no grabber (a warning), in a scene file of its own.
    static let grabberless = """
        scene: Grabber
        root:
          - button: Open
            activate: { present: sheet }
        presentations:
          sheet:
            style: sheet
            detents: [medium, large]
            content:
              - button: Cancel
                placement: topLeading
                activate: cancel
              - button: Done
                placement: topTrailing
                activate: dismiss
              - text: Body
        """

    /// The audit of `yaml`, written to a file `NAME.yaml`.
    static func audit(_ yaml: String = grabberless, name: String = "grabber") throws -> AuditResult {
        let dir = testTemporaryDirectory.appendingPathComponent("earshot-formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent(name + ".yaml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        let scene = try SceneLoader.load(path: file.path)
        return AuditResult([SceneAudit(file: file.path, scene: scene.name, report: Auditor(scene: scene).run())])
    }

    @Test func everyNameIsUniqueAndEveryFormatReportsOnSomething() {
        for format in OutputFormats.ID.allCases {
            #expect(!format.subjects.isEmpty, "\(format.rawValue)")
            #expect(format.rawValue == format.rawValue.lowercased() && !format.rawValue.contains(":"), "\(format.rawValue)")
        }
    }

    @Test func theFormatsEarshotStartedWithReportOnWhatTheyDid() {
        let run = Reporting<RunOutput>.all.map(\.name), audit = Reporting<AuditResult>.all.map(\.name)
        #expect(Array(run.prefix(4)) == ["junit", "json", "sarif", "html"])
        #expect(Array(audit.prefix(4)) == ["text", "json", "sarif", "html"])
        #expect(!audit.contains("junit") && !run.contains("text"))
        #expect(OutputFormats.ID.html.destination == .folder)
        #expect(OutputFormats.ID.junit.destination == .file(extension: "xml"))
    }

    @Test func theHelpListsEveryFormatThatReportsOnTheCommandAndMarksFolders() {
        for subject in OutputSubject.allCases {
            let list = OutputFormats.list(for: subject), names = OutputFormats.names(for: subject)
            for format in OutputFormats.ID.allCases {
                let name = format.rawValue
                let shown = format.destination == .folder ? "\(name) (PATH a folder)" : name
                #expect(list.contains(shown) == format.reports(on: subject), "\(name) for \(subject)")
                #expect(names.split(separator: " ").map { $0.trimmingCharacters(in: .punctuationCharacters) }.contains(name)
                        == format.reports(on: subject), "\(name) for \(subject)")
            }
        }
        #expect(OutputFormats.listed(["a", "b", "c"]) == "a, b or c")
        #expect(OutputFormats.listed(["a"]) == "a")
    }

    @Test func anUnknownFormatIsAnErrorWithTheNearestName() throws {
        let error = try #require(throws: OutputFormatError.self) { try Reporting<RunOutput>.target("jsn:out.json") }
        #expect(error.kind == .unknown)
        #expect(error.suggestion == "json")
        #expect(error.message(option: "--report") == "--report format 'jsn' (expected \(OutputFormats.names(for: .run))); did you mean 'json'?")
        let far = try #require(throws: OutputFormatError.self) { try Reporting<AuditResult>.named("postscript") }
        #expect(far.suggestion == nil)
        #expect(far.message(option: "--format") == "--format 'postscript' (expected \(OutputFormats.names(for: .audit)))")
    }

    @Test func aFormatThatDoesNotReportOnTheCommandIsAnError() throws {
        let junit = try #require(throws: OutputFormatError.self) { try Reporting<AuditResult>.target("junit:out.xml") }
        #expect(junit.kind == .cannotReport)
        #expect(junit.message(option: "--report") == "--report format 'junit' does not report on an audit (expected \(OutputFormats.names(for: .audit)))")
        let text = try #require(throws: OutputFormatError.self) { try Reporting<RunOutput>.named("text") }
        #expect(text.message(option: "--report") == "--report format 'text' does not report on a run (expected \(OutputFormats.names(for: .run)))")
    }

    @Test(arguments: ["junit", "junit:", ":"])
    func aReportWithoutFormatAndPathIsAnError(spec: String) throws {
        let error = try #require(throws: OutputFormatError.self) { try Reporting<RunOutput>.target(spec) }
        #expect(error.message(option: "--report") == "--report '\(spec)' (expected FORMAT:PATH, e.g. junit:build/earshot.xml)")
        let audit = try #require(throws: OutputFormatError.self) { try Reporting<AuditResult>.target(spec) }
        #expect(audit.message(option: "--report") == "--report '\(spec)' (expected FORMAT:PATH, e.g. html:build/audit)")
    }

    @Test func aTargetKeepsEverythingAfterTheFirstColon() throws {
        let (format, path) = try Reporting<RunOutput>.target("json:C:/build/out.json")
        #expect(format.name == "json")
        #expect(path == "C:/build/out.json")
    }

    /// Behind the list, each format is the writer it always was.
    @Test func theRunFormatsWriteWhatTheirModulesWrite() throws {
        let run = RunOutput(Self.results)
        #expect(try Reporting<RunOutput>.named("junit").render(run) == Reports.junit(Self.results))
        #expect(try Reporting<RunOutput>.named("json").render(run) == Reports.json(Self.results))
        #expect(try Reporting<RunOutput>.named("sarif").render(run) == AuditFormats.sarif(Finding.grouped(Self.results.flatMap(\.findings))))
        #expect(try Reporting<RunOutput>.named("html").render(run) == HTMLReport.index(Self.results))
    }

    @Test func theAuditFormatsWriteWhatTheirModulesWrite() throws {
        let result = try Self.audit()
        #expect(try Reporting<AuditResult>.named("text").render(result) == AuditFormats.text(result) + "\n")
        #expect(try Reporting<AuditResult>.named("json").render(result) == AuditFormats.json(result))
        #expect(try Reporting<AuditResult>.named("sarif").render(result) == AuditFormats.sarif(result))
        #expect(try Reporting<AuditResult>.named("html").render(result) == HTMLReport.auditPage(result))
    }

    @Test func aFileFormatWritesItsReportAndAFolderFormatItsIndex() throws {
        let dir = testTemporaryDirectory.appendingPathComponent("earshot-formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let run = RunOutput(Self.results)
        try Reporting<RunOutput>.named("junit").write(run, to: dir.appendingPathComponent("out.xml"))
        #expect(try String(contentsOf: dir.appendingPathComponent("out.xml"), encoding: .utf8) == Reports.junit(Self.results))
        try Reporting<RunOutput>.named("html").write(run, to: dir.appendingPathComponent("report"))
        // The files it names are linked from the report's folder.
        let report = dir.appendingPathComponent("report")
        let index = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index == HTMLReport.index(Self.results, href: { HTMLReport.relativeLink(from: report, to: $0) }))
        let link = try #require(HTMLReport.relativeLink(from: report, to: "mail/alpha.yaml"))
        #expect(link.hasPrefix("../") && link.hasSuffix("/mail/alpha.yaml"))
        #expect(URL(fileURLWithPath: link, relativeTo: report.appendingPathComponent("index.html")).standardizedFileURL.path
                == FilePath.real("mail/alpha.yaml"))
        #expect(index.contains("<a class=\"file\" href=\"\(link)\">mail/alpha.yaml</a>"))
        let result = try Self.audit()
        try Reporting<AuditResult>.named("html").write(result, to: dir.appendingPathComponent("audit"))
        #expect(try String(contentsOf: dir.appendingPathComponent("audit/index.html"), encoding: .utf8) == HTMLReport.auditPage(result))
    }
}

/// Format ids are an enum the compiler holds complete: each subject's report of a format has
/// that format's id, and the subjects' lists follow the ids' order.
@Suite("Output format ids")
struct OutputFormatIDTests {
    @Test func eachSubjectsReportHasItsFormatsID() {
        for id in OutputFormats.ID.allCases {
            #expect(RunOutput.reporting(id).map(\.id) ?? id == id)
            #expect(AuditResult.reporting(id).map(\.id) ?? id == id)
            #expect(CalibrationRun.reporting(id).map(\.id) ?? id == id)
        }
        #expect(Reporting<RunOutput>.all.map(\.id) == OutputFormats.reporting(on: .run))
        #expect(Reporting<CalibrationRun>.all.map(\.id) == OutputFormats.reporting(on: .calibration))
    }
}
