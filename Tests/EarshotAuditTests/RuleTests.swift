import EarshotAudit
import EarshotCore
import EarshotScenario
import EarshotTestSupport
import Foundation
import Testing

@Suite("Audit rules")
struct RuleTests {
    @Test func everyRuleOfTheSpecHasABrokenFixture() {
        let covered = Set(RuleFixtures.broken.map(\.rule))
        #expect(covered == Set(Rule.all.map(\.id)))
        #expect(Rule.all.map(\.id) == [
            "sheet-grabber", "sheet-dismiss-control", "sheet-escape-everywhere", "sheet-unsaved-confirm",
            "sheet-button-placement", "sheet-single", "sheet-over-popover", "sheet-focus-enter", "sheet-focus-restore",
            "sheet-modal-containment", "sheet-primary-action", "sheet-button-labels", "alert-actions",
            "announcement-swallowed", "element-label", "bottom-sheet-drag-handle", "bottom-sheet-pane-title",
        ])
    }

    @Test(arguments: RuleFixtures.broken)
    func aSceneThatBreaksTheRuleIsReportedAtItsLine(file: String, rule: String) throws {
        let name = "\(file).broken.yaml"
        let report = try RuleFixtures.audit(name)
        #expect(Set(report.findings.map(\.rule)) == [rule], "\(report.findings.map(\.text))")
        let finding = try #require(report.findings.first)
        #expect(finding.location.line == (try RuleFixtures.markedLine(name)))
        #expect(finding.location.file.hasSuffix(name))
        // Two stacked sheets are a warning of the error rule sheet-single (a third is the error).
        #expect(finding.severity == (rule == "sheet-single" ? .warning : Rule.named(rule)?.severity))
        #expect(!finding.path.isEmpty && !finding.fix.isEmpty)
    }

    @Test(arguments: RuleFixtures.broken.map(\.file) + ["sheet-grabber-visionos", "sheet-escape-everywhere-refusing", "bottom-sheet-pane-title-compose"])
    func itsCompliantTwinIsClean(file: String) throws {
        let report = try RuleFixtures.audit("\(file).clean.yaml")
        #expect(report.findings.map(\.text) == [])
        #expect(report.cutOff == nil)
    }

    @Test func twoStackedSheetsAreAWarningAndAThirdAnError() throws {
        let report = try RuleFixtures.audit("sheet-single-three.broken.yaml")
        #expect(report.findings.map(\.rule) == ["sheet-single", "sheet-single"])
        #expect(report.findings.map(\.severity) == [.warning, .error])
        #expect(report.findings.last?.location.line == (try RuleFixtures.markedLine("sheet-single-three.broken.yaml")))
        #expect(report.hasErrors)
    }

    @Test func theGesturePathShowsHowItWasObserved() throws {
        let grabber = try RuleFixtures.audit("sheet-escape-everywhere.broken.yaml").findings[0]
        #expect(grabber.path == "touch Open → double tap → scrub on Sheet Grabber → nothing happened")
        let swallowed = try RuleFixtures.audit("announcement-swallowed.broken.yaml").findings[0]
        #expect(swallowed.path == "touch Open → double tap → touch Save → double tap")
        #expect(swallowed.text.hasPrefix("\(RuleFixtures.path("announcement-swallowed.broken.yaml")):16:21: error: [announcement-swallowed] the announcement \"Saved\" is interrupted before it is spoken\n    observed: "))
    }

    @Test func rulesCanBeChosen() throws {
        let scene = try SceneLoader.load(path: RuleFixtures.path("sheet-single-three.broken.yaml"))
        #expect(Auditor(scene: scene, rules: ["element-label"]).run().findings.isEmpty)
    }
}

@Suite("Audit explorer")
struct ExplorerTests {
    @Test func customActionsAndTypingReachTheirPresentations() throws {
        let scene = try SceneLoader.load(yaml: """
            scene: Explore
            root:
              - text: Photo
                actions: [ { name: Delete, do: { present: confirm } } ]
              - textField: Search
                id: search
              - button: Go
                hidden: { not: { filled: search } }
                activate: { present: results }
            presentations:
              confirm:
                style: alert
                title: Delete this photo?
                content:
                  - button: Delete
                    activate: dismiss
                  - button: Keep
                    activate: dismiss
                  - button: Cancel
                    role: cancel
                    activate: dismiss
              results:
                style: sheet
                content:
                  - button: ""
                    placement: topTrailing
                    activate: dismiss
            """, file: "explore.yaml")
        let report = Auditor(scene: scene).run()
        // The alert is reached only through the custom action, the sheet only after typing.
        #expect(report.findings.map(\.rule) == ["alert-actions", "element-label"])
        #expect(report.findings[0].path == "touch Photo → rotor actions → swipe down to Delete → double tap")
        #expect(report.findings[1].path.hasPrefix("touch search → double tap → type \"x\" → touch Go → double tap"))
    }

    /// A long bar label is told the platform's one-word action it holds (the profile's bar actions).
    @Test func aLongBarLabelIsToldItsAction() throws {
        let report = try RuleFixtures.audit("sheet-button-labels.broken.yaml")
        let finding = try #require(report.findings.first { $0.rule == "sheet-button-labels" })
        #expect(finding.message == "bar button 'Save Your Changes' has 3 words (say 'Save')")
    }

    @Test func aLargeStateSpaceIsCutOffWithAMessage() throws {
        let scene = try SceneLoader.load(path: RuleFixtures.packageRoot.appendingPathComponent("Scenarios/mail/mail.yaml").path)
        let report = Auditor(scene: scene, stateLimit: 3).run()
        #expect(report.statesExplored == 3)
        #expect(report.cutOff == "the exploration of 'Mail' stopped at 3 states (--max-states): 6 more were found "
                + "and not explored (topmost: 'compose'); never reached: 'discard'")
        #expect(Auditor(scene: scene).run().cutOff == nil)
    }
}

/// Rule ids are an enum the compiler holds complete: each id's rule has that id, and the audit
/// runs every one.
@Suite("Rule ids")
struct RuleIDTests {
    @Test func eachIdMapsToItsRuleAndAllRunsThemAll() {
        #expect(Rule.ID.allCases.allSatisfy { $0.rule.id == $0.rawValue })
        #expect(Rule.all.map(\.id) == Rule.ID.allCases.map(\.rawValue))
    }
}
