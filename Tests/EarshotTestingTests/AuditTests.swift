import EarshotTesting
import Testing

/// `audit()`: the sheet audits of docs/guide.md's Sheet audits, failing the test on error findings.
@Suite("audit()")
struct AuditTests {
    /// A sheet that keeps the rules: a grabber, Done top trailing, a scrub dismissing from anywhere.
    static func tidy() throws -> Scene {
        try Scene("Notes") {
            Button("Format").onActivate(.present("format"))
        } presentations: {
            Sheet("format", detents: [.medium, .large], grabber: true) {
                Button("Done").placement(.topTrailing).onActivate(.dismiss)
                Button("Bold")
            }
            .escape(.sheet)
        }
    }

    @Test func aSceneThatKeepsTheRulesPasses() throws {
        let report = try Self.tidy().audit()
        #expect(!report.hasErrors)
        #expect(report.statesExplored > 1)
    }

    /// What the scene file suppresses, with its reason, stays in the report and fails nothing.
    @Test func suppressedFindingsAreKeptAndDoNotFail() throws {
        let yaml = """
            scene: Kiosk
            root:
              - button: Start
                activate: { present: session }
            presentations:
              session:
                style: fullScreen
                escape: none
                auditSkip: { rules: [sheet-dismiss-control, sheet-escape-everywhere], reason: "the kiosk session ends on a timer" }
                content:
                  - text: Welcome
            """
        let scene = try Scene(yaml: yaml, file: "kiosk.yaml")
        let report = scene.audit()   // no issue recorded: the one error is suppressed
        let finding = try #require(report.findings.first { $0.rule == "sheet-dismiss-control" })
        #expect(finding.severity == .error)
        #expect(finding.suppression == "the kiosk session ends on a timer")
        #expect(!report.hasErrors)
        // Without the suppression the same scene fails.
        let unsuppressed = try Scene(yaml: yaml.replacingOccurrences(of: "    auditSkip:", with: "    # auditSkip:"), file: "kiosk.yaml")
        withKnownIssue { unsuppressed.audit() }
    }

    /// The DSL's `auditSkip` is the YAML key: on a presentation it covers the presentation and
    /// its elements; on an element, that element.
    @Test func theDSLSuppressesAsTheFileDoes() throws {
        let scene = try Scene("Kiosk") {
            Button("Start").onActivate(.present("session"))
            Image("").auditSkip(["element-label"], reason: "a spacer; hidden in the app")
        } presentations: {
            FullScreenCover("session") { Text("Welcome") }
                .escape(.none)
                .auditSkip(["sheet-dismiss-control", "sheet-escape-everywhere"], reason: "the session ends on a timer")
        }
        let report = scene.audit()   // nothing recorded: every error is suppressed
        #expect(Set(report.findings.map(\.rule)) == ["element-label", "sheet-dismiss-control", "sheet-escape-everywhere"])
        #expect(report.findings.allSatisfy { $0.suppression != nil })
        #expect(report.findings.first { $0.rule == "element-label" }?.suppression == "a spacer; hidden in the app")
    }

    @Test func theReaderAuditsFromWhereItStands() throws {
        var reader = ScreenReader(scene: try Self.tidy())
        reader.touch("Format")
        reader.doubleTap()
        #expect(!reader.audit().hasErrors)
    }

    @Test func eachErrorFindingFailsAtTheCallersLineAndPointsAtTheScene() throws {
        let scene = try Scenes.mailDSL()
        var report: Auditor.Report?
        let line = #line + 2
        withKnownIssue {
            report = scene.audit()
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.comments.map(\.rawValue).joined().hasPrefix("audit: /")
        }
        // The Mail sheet's grabber ignores the scrub (escape: content), and Send's announcement is swallowed.
        let errors = try #require(report).findings.filter { $0.severity == .error }
        #expect(Set(errors.map(\.rule)) == ["announcement-swallowed", "sheet-escape-everywhere"])
        #expect(errors.first { $0.rule == "sheet-escape-everywhere" }?.location == scene.presentations["compose"]?.location)
        #expect(errors.allSatisfy { $0.location.file.hasSuffix("Scenes.swift") })
    }

    @Test func warningsAreReportedButDoNotFail() throws {
        let scene = try Scene("Photos") {
            Button("Edit").onActivate(.present("edit"))
        } presentations: {
            Sheet("edit", detents: [.medium, .large]) {
                Button("Done").placement(.topTrailing).onActivate(.dismiss)
            }
            .escape(.sheet)
        }
        let report = scene.audit()
        #expect(report.findings.map(\.rule) == ["sheet-grabber"])
        #expect(!report.hasErrors)
    }

    @Test func rulesCanBeChosen() throws {
        #expect(!(try Scenes.mailDSL().audit(rules: ["sheet-grabber"]).hasErrors))
    }
}
