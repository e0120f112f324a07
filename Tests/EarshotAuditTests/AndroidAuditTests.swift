import EarshotAudit
import EarshotCore
import EarshotScenario
import Testing

/// The audit on an Android scene: the HIG's rules where they apply, said in TalkBack's words,
/// and Material's own where its guidance differs.
@Suite("Audits of Android scenes")
struct AndroidAuditTests {
    static func findings(_ presentation: String) throws -> [Finding] {
        let scene = try SceneLoader.load(yaml: """
            scene: Shop
            platform: android
            root:
              - button: Open
                activate: { present: sheet }
            presentations:
              sheet:
            \(presentation)
            """, file: "shop.yaml")
        return Auditor(scene: scene).run().findings
    }

    /// A sheet Back cannot close, with nothing in it that does: the HIG's dismissal rule, with
    /// TalkBack's Back where VoiceOver's scrub would be.
    @Test func aSheetNothingDismissesIsSaidWithBack() throws {
        let findings = try Self.findings("""
                style: sheet
                title: Filters
                dismissible: false
                content: [{ switch: In stock }]
            """)
        let finding = try #require(findings.first { $0.rule == "sheet-dismiss-control" })
        #expect(finding.message == "nothing TalkBack can reach dismisses 'sheet', and Back does not")
        #expect(finding.path.hasSuffix("back → nothing happened"))
    }

    /// Back that reaches no handler in the sheet is said as Back, not as a scrub.
    @Test func aSheetBackCannotLeaveIsSaidWithBack() throws {
        let findings = try Self.findings("""
                style: sheet
                title: Filters
                escape: none
                content: [{ switch: In stock }]
            """)
        let finding = try #require(findings.first { $0.rule == "sheet-escape-everywhere" })
        #expect(finding.message == "Back does not dismiss 'sheet' from any of its elements")
        #expect(finding.path.hasSuffix("back → nothing happened"))
    }

    /// Back on an expanded Compose sheet settles it half expanded, and the next Back dismisses
    /// it: a way out, as a page's pop on the way is.
    @Test func backThatFirstSettlesAComposeSheetIsAWayOut() throws {
        let rules = try Self.findings("""
                toolkit: compose
                detents: [medium, large]
                selected: large
                grabber: true
                content: [{ switch: In stock }]
            """).map(\.rule)
        #expect(!rules.contains("sheet-escape-everywhere"))
        #expect(!rules.contains("sheet-dismiss-control"))
    }

    /// Several detents without a drag handle is Material's rule, not the HIG's grabber rule.
    @Test func aResizableSheetWithoutAHandleIsMaterialsFinding() throws {
        let rules = try Self.findings("""
                style: sheet
                title: Filters
                detents: [medium, large]
                content: [{ switch: In stock }]
            """).map(\.rule)
        #expect(rules.contains("bottom-sheet-drag-handle"))
        #expect(!rules.contains("sheet-grabber"))
    }

    /// The HIG's bar placement asks nothing of an Android sheet (Material's have no bar).
    @Test func barPlacementIsNotAskedOfAnAndroidSheet() throws {
        let rules = try Self.findings("""
                style: sheet
                title: Filters
                content:
                  - button: Done
                    placement: bottomLeading
                    activate: dismiss
            """).map(\.rule)
        #expect(!rules.contains("sheet-button-placement"))
    }
}
