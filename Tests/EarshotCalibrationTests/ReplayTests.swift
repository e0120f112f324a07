import EarshotCalibration
import EarshotCore
import EarshotScenario
import Foundation
import Testing

/// Each gesture a recording names is replayed as docs/calibration.md says, and what Earshot
/// said for it is what is compared.
@Suite("Replaying a recording's moves")
struct ReplayTests {
    static func said(_ moves: String, hints: Bool = false) throws -> [String] {
        try CalibrationFixtures.calibrate(moves, hints: hints).moves.map(\.earshot)
    }

    @Test func nextAndPreviousFlick() throws {
        let said = try Self.said("""
            - { gesture: next, utterance: "Inbox, heading" }
            - { gesture: next, utterance: "Compose, button" }
            - { gesture: previous, utterance: "Inbox, heading" }
            """)
        #expect(said == ["Inbox. Heading.", "Compose. Button.", "Inbox. Heading."])
    }

    @Test func firstAndLastJump() throws {
        let said = try Self.said("""
            - { gesture: last, utterance: "Archive, button" }
            - { gesture: first, utterance: "Inbox, heading" }
            """)
        #expect(said == ["Archive. Button.", "Inbox. Heading."])
    }

    @Test func touchFindsTheElementByIdOrLabelElseByFrame() throws {
        let result = try CalibrationFixtures.calibrate("""
            - { gesture: touch, element: compose, utterance: "Compose, button" }
            - { gesture: touch, element: Archive, utterance: "Archive, button" }
            """)
        #expect(result.moves.map(\.earshot) == ["Compose. Button.", "Archive. Button."])
        #expect(result.agreed == 2)
        #expect(result.moves[0].steps == ["touch: compose"])
    }

    @Test func currentSaysTheElementUnderTheCursorAgainAndNothingBeforeAny() throws {
        let said = try Self.said("""
            - { gesture: current, utterance: "" }
            - { gesture: next, utterance: "Inbox, heading" }
            - { gesture: current, utterance: "Inbox, heading" }
            """)
        #expect(said == ["", "Inbox. Heading.", "Inbox. Heading."])
    }

    @Test func activatePresentsAndAppearLandsWhereThePresentationPutsTheCursor() throws {
        let result = try CalibrationFixtures.calibrate("""
            - { gesture: touch, element: compose, utterance: "Compose, button" }
            - { gesture: activate, utterance: "Sheet Grabber, Half screen, button" }
            - { gesture: escape, utterance: "Compose, button" }
            """)
        #expect(result.moves.map(\.earshot) == ["Compose. Button.", "Sheet Grabber: Half screen. Button.", "Compose. Button."])
        #expect(result.agreed == 3)
    }

    @Test func appearOnAScreenWithNothingShownIsItsFirstElement() throws {
        #expect(try Self.said("- { gesture: appear, utterance: \"Inbox, heading\" }") == ["Inbox. Heading."])
    }

    @Test func incrementAndDecrementAdjust() throws {
        let said = try Self.said("""
            - { gesture: touch, element: size, utterance: "Text Size, 50, adjustable" }
            - { gesture: increment, utterance: "60" }
            - { gesture: decrement, utterance: "50" }
            """)
        #expect(said[1].contains("60"))
        #expect(said[2].contains("50"))
    }

    @Test func magicTapRunsTheElementsBehaviour() throws {
        let said = try Self.said("""
            - { gesture: touch, element: Archive, utterance: "Archive, button" }
            - { gesture: magicTap, utterance: "Archived" }
            """)
        #expect(said[1] == "Archived")
    }

    /// `in` and `out` move by containers; only the flick's words count, not the rotor's name.
    @Test func inAndOutMoveByContainers() throws {
        let result = try CalibrationFixtures.calibrate("""
            - { gesture: touch, element: compose, utterance: "Compose, button" }
            - { gesture: in, utterance: "Unread, button" }
            - { gesture: out, utterance: "" }
            - { gesture: touch, element: size, utterance: "Text Size, 50, adjustable" }
            - { gesture: increment, utterance: "60" }
            """)
        #expect(result.moves[1].earshot == "Unread. Button.")
        #expect(result.moves[1].steps == ["swipeDown"])
        // After a container move the rotor adjusts again.
        #expect(result.moves[4].earshot.contains("60"))
    }

    @Test func hintsAreComparedOnlyWhereTheRecordingHasThem() throws {
        let move = "- { gesture: touch, element: size, utterance: \"Text Size, 50, adjustable, Swipe up or down with one finger to adjust the value\" }"
        let with = try CalibrationFixtures.calibrate(move, hints: true).moves[0]
        let without = try CalibrationFixtures.calibrate(move, hints: false).moves[0]
        #expect(with.earshot == "Text Size: 50. Adjustable., Swipe up or down with one finger to adjust the value.")
        #expect(with.agrees)
        #expect(without.earshot == "Text Size: 50. Adjustable.")
        #expect(!without.agrees)
    }

    /// Where VoiceOver went elsewhere, Earshot goes there too, so one difference counts once.
    @Test func aMoveThatLandsElsewhereIsCountedOnceAndTheCursorFollowsVoiceOver() throws {
        let result = try CalibrationFixtures.calibrate("""
            - { gesture: next, utterance: "Inbox, heading" }
            - { gesture: next, utterance: "Unread, button" }
            - { gesture: next, utterance: "Flagged, button" }
            """)
        #expect(result.moves.map(\.agrees) == [true, false, true])
        #expect(result.moves[1].notes.contains { $0.contains("'Unread'") })
    }

    @Test func aNamedElementElsewhereIsADisagreementEvenWithTheSameWords() throws {
        let result = try CalibrationFixtures.calibrate("""
            - { gesture: next, utterance: "Inbox, heading", element: compose }
            """)
        #expect(result.moves[0].agrees == false)
        #expect(result.moves[0].notes == ["VoiceOver was on 'compose', Earshot on 'Inbox'"])
    }
}
