import EarshotAudit
import EarshotCore
import EarshotReader
import EarshotScenario
import Testing

/// sheet-dismiss-control and sheet-escape-everywhere under escape as UIKit routes it
/// (docs/decisions.md, "Escape"): a scrub that pops a page of a presentation's navigation stack
/// is no dismissal; what counts is what the scrub does from the root page.
@Suite("Escape audits")
struct EscapeAuditTests {
    static func scene(style: String, escape: String? = nil) throws -> Scene {
        try SceneLoader.load(yaml: """
            scene: T
            root: [ { button: Start, id: start, activate: { present: wizard } } ]
            presentations:
              wizard:
                style: \(style)
            \(escape.map { "    escape: \($0)\n" } ?? "")    pages:
                  - id: one
                    title: One
                    content: [ { button: Next, id: next, activate: { navigate: two } } ]
                  - id: two
                    title: Two
                    content: [ { text: Step two, id: step } ]
            """, file: "test.yaml")
    }

    /// The audit as the `audit` step runs it, from the wizard's second page.
    static func findings(_ scene: Scene) -> [String] {
        var reader = ScreenReader(scene: scene, hints: false)
        reader.touch("start")
        reader.doubleTap()
        reader.touch("next")
        reader.doubleTap()
        #expect(reader.state.topmost?.page == 1)
        let rules: Set<String> = ["sheet-dismiss-control", "sheet-escape-everywhere"]
        return Auditor(scene: scene, rules: rules).run(from: reader).findings.map { "\($0.rule): \($0.message)" }
    }

    @Test func aScrubThatPopsIsFollowedToTheRootPage() throws {
        // A sheet dismisses on escape from its first page: the pop on the way there is no finding.
        #expect(Self.findings(try Self.scene(style: "sheet")) == [])
        #expect(Self.findings(try Self.scene(style: "fullScreen", escape: "sheet")) == [])
    }

    @Test func aCoverWhoseScrubOnlyPopsHasNoWayOut() throws {
        let findings = Self.findings(try Self.scene(style: "fullScreen"))
        #expect(findings.contains { $0.hasPrefix("sheet-dismiss-control:") })
        #expect(findings.contains { $0.hasPrefix("sheet-escape-everywhere:") })
    }
}
