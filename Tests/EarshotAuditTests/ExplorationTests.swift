@testable import EarshotAudit
import EarshotCore
import EarshotScenario
import Testing

/// The explorer tells states apart only by what a rule or a condition can read: element values
/// that nothing reads do not multiply states, and nothing that can change a finding is merged.
@Suite("Audit exploration")
struct ExplorationTests {
    /// `count` switches that nothing reads, as root elements.
    static func switches(_ count: Int) -> String {
        (0..<count).map { "  - switch: Setting \($0 + 1)\n    value: off\n" }.joined()
    }

    /// A sheet with Cancel and Done that handles the scrub.
    static func goodSheet(_ id: String) -> String {
        """
          \(id):
            escape: sheet
            content:
              - button: Cancel
                placement: topLeading
                activate: dismiss
              - button: Done
                placement: topTrailing
                activate: dismiss

        """
    }

    func audit(_ yaml: String, limit: Int = 2000) throws -> Auditor.Report {
        Auditor(scene: try SceneLoader.load(yaml: yaml, file: "scene.yaml"), stateLimit: limit).run()
    }

    /// The issue's case: a state variable set by one button reveals a second button, which
    /// presents a sheet with no way out. However many switches sit beside them, the sheet is
    /// reached and reported, within a few states.
    @Test(arguments: [0, 12, 30])
    func aSheetBehindAVariableIsFoundWhateverTheSwitches(switches: Int) throws {
        let yaml = """
            scene: Trap
            root:
            \(Self.switches(switches))  - button: Unlock
                activate: { state: { unlocked: true } }
              - button: Open Trap
                hidden: { when: { state: { unlocked: true } }, then: false, else: true }
                activate: { present: trap }
            presentations:
              trap:
                escape: none
                style: fullScreen
                content:
                  - text: No way out
            """
        let report = try audit(yaml, limit: 20)
        #expect(report.cutOff == nil)
        let finding = try #require(report.findings.first { $0.rule == "sheet-dismiss-control" })
        #expect(finding.message.contains("'trap'"))
        #expect(finding.path == "touch Unlock → double tap → touch Open Trap → double tap → scrub → nothing happened")
        #expect(report.statesExplored == 3)   // as opened; unlocked; the trap shown
    }

    /// Emptiness is what `filled:` reads: typing into the field is a new state, which reveals
    /// the button to a broken sheet.
    @Test func aFilledFieldIsANewState() throws {
        let yaml = """
            scene: Form
            root:
            \(Self.switches(12))  - textField: Name
                id: name
              - button: Continue
                hidden: { when: { filled: name }, then: false, else: true }
                activate: { present: next }
            presentations:
              next:
                escape: none
                style: fullScreen
                content:
                  - text: Stuck
            """
        let report = try audit(yaml)
        #expect(report.cutOff == nil)
        #expect(report.findings.contains { $0.rule == "sheet-dismiss-control" && $0.message.contains("'next'") })
    }

    /// A label emptied by an effect is told apart: the rules see it and report it.
    @Test func aLabelEmptiedByAnEffectIsReported() throws {
        let yaml = """
            scene: Icons
            root:
            \(Self.switches(12))  - button: Clear
                activate: { set: { star: { label: "" } } }
              - image: Star
                id: star
            """
        let report = try audit(yaml)
        let finding = try #require(report.findings.first { $0.rule == "element-label" })
        let imageLine = try #require(yaml.split(separator: "\n").firstIndex { $0.contains("image: Star") }) + 1
        #expect(finding.location.line == imageLine)
        #expect(finding.path == "touch Clear → double tap")
    }

    /// Switches nobody reads, and variables no condition reads, add no state: twelve switches
    /// and eight sheets explore in as many states as the sheets alone.
    @Test func unreadValuesAndVariablesDoNotMultiplyStates() throws {
        let sheets = (1...8).map { "  - button: Open \($0)\n    activate: { present: s\($0) }\n" }.joined()
        let presentations = "presentations:\n" + (1...8).map { Self.goodSheet("s\($0)") }.joined()
        let alone = try audit("scene: S\nroot:\n\(sheets)\(presentations)")
        let withSwitches = try audit("scene: S\nroot:\n\(Self.switches(12))\(sheets)\(presentations)")
        let unread = (1...10).map { "  - button: Mark \($0)\n    activate: { state: { mark\($0): true } }\n" }.joined()
        let withVariables = try audit("scene: S\nroot:\n\(unread)\(sheets)\(presentations)")
        #expect(alone.cutOff == nil && withSwitches.cutOff == nil && withVariables.cutOff == nil)
        #expect(alone.statesExplored == 9)
        #expect(withSwitches.statesExplored == alone.statesExplored)
        #expect(withVariables.statesExplored == alone.statesExplored)
    }

    /// Variables a condition reads do multiply: each combination is a state of its own.
    @Test func readVariablesMultiplyStates() throws {
        func scene(_ read: Int) -> String {
            var root = ""
            for index in 1...3 {
                root += "  - button: Mark \(index)\n    activate: { state: { mark\(index): true } }\n"
                if index <= read {
                    root += "  - text: Marked \(index)\n    hidden: { when: { state: { mark\(index): true } }, then: false, else: true }\n"
                }
            }
            return "scene: S\nroot:\n\(root)"
        }
        #expect(try audit(scene(0)).statesExplored == 1)
        #expect(try audit(scene(1)).statesExplored == 2)
        #expect(try audit(scene(3)).statesExplored == 8)
    }

    /// A cut-off says how many states it left and which presentations it never reached.
    @Test func aCutOffSaysWhatWasNotReached() throws {
        var root = ""
        for index in 1...6 {
            root += "  - button: Mark \(index)\n    activate: { state: { mark\(index): true } }\n"
            root += "  - text: Marked \(index)\n    hidden: { when: { state: { mark\(index): true } }, then: false, else: true }\n"
        }
        let yaml = """
            scene: Deep
            root:
            \(root)  - button: Open
                activate: { present: outer }
            presentations:
              outer:
                escape: sheet
                content:
                  - button: Done
                    placement: topTrailing
                    activate: dismiss
                  - button: More
                    activate: { present: inner }
            \(Self.goodSheet("inner"))
            """
        let complete = try audit(yaml)
        #expect(complete.cutOff == nil)
        #expect(complete.unreached.isEmpty)
        let report = try audit(yaml, limit: 5)
        #expect(report.statesExplored == 5)
        #expect(report.unreached == ["inner"])
        let cutOff = try #require(report.cutOff)
        #expect(cutOff.hasPrefix("the exploration of 'Deep' stopped at 5 states (--max-states): "))
        #expect(cutOff.contains("more were found and not explored (topmost: "))
        #expect(cutOff.hasSuffix("never reached: 'inner'"))
    }

    /// The audit tries every element from every state; a switch's toggle walked the whole scene
    /// for its scope again, so the audit's cost grew with the square of the elements (100,000
    /// took 107 s). The scope is walked once per state and per move that can change it,
    /// however many switches, sliders and fields sit beside them.
    @Test func scopeWalksDoNotGrowWithTheElements() throws {
        func scene(_ count: Int) -> String {
            var root = ""
            for index in 0..<count {
                switch index % 4 {
                case 0: root += "  - switch: Setting \(index)\n    value: off\n"
                case 1: root += "  - slider: Level \(index)\n    value: \"50\"\n"
                case 2: root += "  - button: Item \(index)\n"
                default: root += "  - text: Detail \(index)\n"
                }
            }
            return "scene: S\nroot:\n  - button: Open\n    activate: { present: s }\n\(root)presentations:\n\(Self.goodSheet("s"))"
        }
        let small = try audit(scene(100)), large = try audit(scene(400))
        #expect(small.cutOff == nil && large.cutOff == nil)
        #expect(small.statesExplored == large.statesExplored)
        #expect(small.findings.map(\.text) == large.findings.map(\.text))
        // Each walk is one state's: the opening one, the sheet shown, and the moves that show or close it.
        #expect(large.scopeWalks == small.scopeWalks)
        #expect(large.scopeWalks < 20)
    }

    /// Where a `hidden:` condition reads values, a toggle may change the scope, and it is walked again.
    @Test func aConditionOnAValueStillChangesTheScope() throws {
        let yaml = """
            scene: S
            root:
              - switch: Advanced
                id: advanced
                value: off
                activate: { set: { more: { value: "x" } } }
              - textField: Name
                id: name
              - text: More
                id: more
              - button: Continue
                hidden: { when: { filled: name }, then: false, else: true }
                activate: { present: next }
            presentations:
              next:
                escape: none
                style: fullScreen
                content:
                  - text: Stuck
            """
        let report = try audit(yaml)
        #expect(report.findings.contains { $0.rule == "sheet-dismiss-control" && $0.message.contains("'next'") })
        #expect(report.scopeWalks > report.statesExplored)
    }

    /// A scrub from each element of a sheet: elements that escape alike are tried once, so a
    /// large sheet over a large parent view does not walk the parent again for each of them.
    @Test func aLargeSheetsScrubsDoNotWalkTheParentPerElement() throws {
        func scene(_ count: Int) -> String {
            let rows = (0..<count).map { "          - button: Row \($0)\n" }.joined()
            return """
                scene: S
                root:
                  - button: Open
                    activate: { present: s }
                  - text: Below
                presentations:
                  s:
                    escape: content
                    grabber: true
                    detents: [medium, large]
                    content:
                      - button: Done
                        placement: topTrailing
                        activate: dismiss
                      - group: Rows
                        escape: dismiss
                        children:

                """ + rows
        }
        let small = try audit(scene(10)), large = try audit(scene(80))
        #expect(small.findings.map(\.text) == large.findings.map(\.text))
        // The grabber misses (UIKit's gap); the rows escape through their group, Done through the sheet.
        #expect(large.findings.map(\.rule) == ["sheet-escape-everywhere"])
        #expect(large.scopeWalks == small.scopeWalks)
    }
}
