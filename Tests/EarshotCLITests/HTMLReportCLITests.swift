import Foundation
import Testing

/// `--report html:DIR` of `earshot run` and `earshot audit`, and `earshot audit --format html`.
@Suite("HTML reports from the command line")
struct HTMLReportCLITests {
    @Test func aHeadlessRunWritesTheIndexAndAPagePerScenario() throws {
        let dir = try EarshotProcess.temporaryFolder().appendingPathComponent("report")
        let result = try EarshotProcess.run(["run", "--headless", "--report", "html:" + dir.path,
                                             "--report", "junit:" + dir.path + ".xml", "Scenarios/mail", "--configuration", "default"])
        #expect(result.status == 0, "\(result.err)")
        let scenarios = try FileManager.default.contentsOfDirectory(atPath: EarshotProcess.packageRoot.appendingPathComponent("Scenarios/mail").path)
            .filter { $0.hasSuffix(".yaml") && $0 != "mail.yaml" }
        let pages = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".html") && $0 != "index.html" }
        #expect(pages.sorted() == scenarios.map { "mail-" + $0.replacingOccurrences(of: ".yaml", with: ".html") }.sorted())
        let index = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("<strong>\(scenarios.count) passed, 0 failed</strong>"))
        for page in pages { #expect(index.contains("<a href=\"\(page)\">"), "\(page)") }
        let page = try String(contentsOf: dir.appendingPathComponent("mail-cancel-draft.html"), encoding: .utf8)
        #expect(page.contains("<h1>Cancel a draft with VoiceOver</h1>"))
        #expect(page.contains("<code class=\"written\">touch: compose</code><span class=\"location\">Scenarios/mail/cancel-draft.yaml:6</span>"))
        #expect(!page.contains("<audio"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("audio").path))
        #expect(FileManager.default.fileExists(atPath: dir.path + ".xml"))   // beside the other reports
    }

    @Test func aFileWhereTheReportFolderGoesIsBadInput() throws {
        let file = try EarshotProcess.temporaryFolder().appendingPathComponent("a-file")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        let result = try EarshotProcess.run(["run", "--headless", "--report", "html:" + file.path, "Scenarios/mail/cancel-draft.yaml"])
        #expect(result.status == 2)
        #expect(result.err.contains("earshot run: error: --report html:\(file.path): '\(file.path)' is a file (expected a folder path)"))
        #expect(try String(contentsOf: file, encoding: .utf8) == "x")
    }

    @Test func theAuditWritesItsPageOrPrintsIt() throws {
        let dir = try EarshotProcess.temporaryFolder().appendingPathComponent("audit")
        let written = try EarshotProcess.run(["audit", "Scenarios/mail/mail.yaml", "--report", "html:" + dir.path])
        let text = try EarshotProcess.run(["audit", "Scenarios/mail/mail.yaml"])
        #expect(written.status == text.status)
        #expect(written.out == text.out)   // the text still goes to standard output
        let page = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("<h1>Earshot audit</h1>"))
        #expect(page.contains("data-rule=\"sheet-escape-everywhere\""))

        let printed = try EarshotProcess.run(["audit", "Scenarios/mail/mail.yaml", "--format", "html"])
        #expect(printed.status == text.status)
        #expect(printed.out == page)
        #expect(try EarshotProcess.run(["audit", "Scenarios/mail/mail.yaml", "--report", "xml:out"]).status == 2)
    }
}
