import EarshotCore
import EarshotReader
@testable import EarshotRunner
import EarshotScenario
import Testing

/// TalkBack's steps on an Android scene: Back dismisses a cancelable sheet, `action:` runs a
/// custom action by its label, and a VoiceOver-only gesture is bad input naming TalkBack's.
@Suite("TalkBack's steps")
struct TalkBackStepTests {
    static func scenario(platform: String = "android", dismissible: Bool = true, steps: String) -> String {
        """
        scenario: Filters
        scene:
          scene: Shop
          platform: \(platform)
          root:
            - button: Filters
              activate: { present: filters }
            - text: Anna, Lunch?
              actions:
                - { name: Delete, do: { announce: Deleted } }
                - { name: Flag, do: { announce: Flagged } }
          presentations:
            filters:
              style: sheet
              detents: [medium, large]
              dismissible: \(dismissible)
              content:
                - switch: In stock
        steps:
        \(steps)
        """
    }

    @Test func backDismissesACancelableSheetWhereverTheCursorIs() throws {
        let scenario = try ScenarioLoader.load(yaml: Self.scenario(steps: """
              - touch: Filters
              - doubleTap
              - expect: { presented: filters }
              - back
              - expect: { presented: none, focus: Filters }
            """))
        let result = ScenarioRunner().run(scenario)
        #expect(result.failure == nil, "\(String(describing: result.failure))")
        #expect(result.transcript.contains("back\n"))
    }

    @Test func backLeavesASheetThatIsNotCancelable() throws {
        let scenario = try ScenarioLoader.load(yaml: Self.scenario(dismissible: false, steps: """
              - touch: Filters
              - doubleTap
              - back
              - expect: { presented: filters }
            """))
        #expect(ScenarioRunner().run(scenario).failure == nil)
    }

    @Test func anActionIsChosenByItsLabel() throws {
        let scenario = try ScenarioLoader.load(yaml: Self.scenario(steps: """
              - touch: "Anna, Lunch?"
              - expect: { contains: "Actions available, use Tap with 3 fingers to view" }
              - action: Flag
              - expect: { announced: Flagged }
            """))
        let result = ScenarioRunner().run(scenario)
        #expect(result.failure == nil, "\(String(describing: result.failure))")
    }

    @Test func anActionTheElementLacksCannotAct() throws {
        let scenario = try ScenarioLoader.load(yaml: Self.scenario(steps: """
              - touch: "Anna, Lunch?"
              - action: Archive
            """))
        let failure = try #require(ScenarioRunner().run(scenario).failure)
        guard case .cannotAct(_, let reason) = failure.cause else {
            Issue.record("expected cannotAct, got \(failure.cause)")
            return
        }
        #expect(reason == "'Anna, Lunch?' has no action 'Archive' (it has 'Delete', 'Flag')")
    }

    @Test(arguments: [("scrub", "'scrub' is a VoiceOver gesture; TalkBack's (platform: android) is 'back'"),
                      ("swipeToDismiss", "'swipeToDismiss' is a VoiceOver gesture; TalkBack's (platform: android) is 'back'"),
                      ("magicTap", "'magicTap' is a VoiceOver gesture; TalkBack (platform: android) has none")])
    func aVoiceOverGestureOnAndroidIsBadInputNamingTalkBacks(_ step: String, _ message: String) throws {
        let error = try #require(throws: LoadError.self) {
            try ScenarioLoader.load(yaml: Self.scenario(steps: "  - touch: Filters\n  - \(step)\n"), file: "android.yaml")
        }
        #expect(error.diagnostics.map(\.description) == ["android.yaml:21:5: error: \(message) (expected a TalkBack step)"])
    }

    @Test func talkBacksStepsAreBadInputOnAVoiceOverPlatform() throws {
        let error = try #require(throws: LoadError.self) {
            try ScenarioLoader.load(yaml: Self.scenario(platform: "ios", steps: "  - back\n  - action: Flag\n"), file: "ios.yaml")
        }
        #expect(error.diagnostics.map(\.message) == [
            "'back' is a TalkBack gesture; VoiceOver's (platform: ios) is 'scrub'",
            "'action' is a TalkBack gesture; VoiceOver's (platform: ios) is 'rotor'",
        ])
    }
}
