import EarshotCore
import EarshotReader
import Testing

/// docs/decisions.md: the speech queue, announcements and the transcript lines.
@Suite("Speech queue")
struct SpeechQueueTests {
    static func scene(_ send: String) -> String {
        """
        scene: Mail
        root:
          - button: Compose
            activate: { present: compose }
          - button: Shout
            activate: [ { announce: { text: "First", priority: high } }, { announce: { text: "Second", priority: high } } ]
          - button: Chatter
            activate: [ { announce: "One" }, { announce: "Two" }, { announce: { text: "Later", priority: low } } ]
        presentations:
          compose:
            content:
              - button: Send
                activate: \(send)
        """
    }

    func session(_ send: String) throws -> ScreenReader {
        var reader = ScreenReader(scene: try loadScene(Self.scene(send)))
        reader.touch("Compose")
        reader.doubleTap()
        reader.touch("Send")
        reader.doubleTap()
        return reader
    }

    @Test func aDefaultAnnouncementIsSwallowedByTheDismissal() throws {
        let reader = try session("[ { announce: \"Message sent\" }, dismiss ]")
        #expect(reader.spoken == ["Compose. Button."])
        #expect(reader.announcements.map(\.interrupted) == [true])
        #expect(reader.transcript.hasSuffix("""
            doubleTap
              announce (interrupted): Message sent
              earcon: screenChanged
              speak: Compose. Button.

            """))
    }

    @Test func aHighPriorityAnnouncementIsSpokenFirst() throws {
        let reader = try session("[ { announce: { text: \"Message sent\", priority: high } }, dismiss ]")
        #expect(reader.spoken == ["Message sent", "Compose. Button."])
    }

    @Test func aLowPriorityAnnouncementComesAfterTheDescription() throws {
        let reader = try session("[ { announce: { text: \"Message sent\", priority: low } }, dismiss ]")
        #expect(reader.spoken == ["Compose. Button.", "Message sent"])
        #expect(reader.transcript.hasSuffix("""
              earcon: screenChanged
              speak: Compose. Button.
              announce: Message sent

            """))
    }

    @Test func laterRequestsCannotCancelAHighOne() throws {
        var reader = ScreenReader(scene: try loadScene(Self.scene("dismiss")))
        reader.touch("Shout")
        reader.doubleTap()
        #expect(reader.spoken == ["First", "Second"])
    }

    @Test func aDefaultRequestCancelsEarlierDefaultsButNotLowOnes() throws {
        var reader = ScreenReader(scene: try loadScene(Self.scene("dismiss")))
        reader.touch("Chatter")
        reader.doubleTap()
        #expect(reader.spoken == ["Two", "Later"])
        #expect(Transcript.lines(of: reader.lastEvents) == ["announce (interrupted): One", "announce: Two", "announce: Later"])
    }

    @Test func aHintSharesItsDescriptionsFate() throws {
        let yaml = """
            scene: T
            root:
              - textField: Name
                activate: [ { screenChanged: Name }, { announce: Replaced } ]
              - textField: To
            """
        var reader = ScreenReader(scene: try loadScene(yaml))
        reader.touch("Name")
        reader.doubleTap()
        let lines = Transcript.lines(of: reader.lastEvents)
        #expect(lines == ["earcon: screenChanged", "speak (interrupted): Name. Text Field.",
                          "hint (interrupted): Double tap to edit.", "announce: Replaced"])
    }

    @Test func actionsAvailableFollowsTheHint() throws {
        let yaml = """
            scene: T
            root:
              - text: Message
                hint: From Anna
                actions: [ { name: Delete, do: dismiss } ]
            """
        var reader = ScreenReader(scene: try loadScene(yaml))
        reader.touch("Message")
        #expect(reader.spoken == ["Message", "From Anna", "Actions Available"])
        #expect(Transcript.lines(of: reader.lastEvents) == ["speak: Message", "hint: From Anna", "hint: Actions Available"])
    }

    @Test func readAllRequestsDoNotCancelEachOther() throws {
        var reader = ScreenReader(scene: try loadScene("scene: T\nroot: [ { text: A }, { text: B }, { text: C } ]"))
        reader.readAll()
        #expect(reader.spoken == ["A", "B", "C"])
    }

    @Test func hintsCanBeTurnedOff() throws {
        var reader = ScreenReader(scene: try loadScene("scene: T\nroot: [ { textField: To } ]"), hints: false)
        reader.swipeRight()
        #expect(reader.spoken == ["To. Text Field."])
    }

    @Test func utterancesAreLaidOnTheVirtualClockInOrder() throws {
        var reader = ScreenReader(scene: try loadScene("scene: T\nroot: [ { textField: To } ]"), rate: 120)
        reader.swipeRight()
        let utterances = reader.lastEvents.compactMap(\.utterance)
        #expect(utterances.count == 2)
        #expect(utterances[0].start == 0)
        #expect(utterances[0].duration == SpeechDuration.seconds("To. Text Field.", rate: 120))
        #expect(utterances[1].start == utterances[0].start + utterances[0].duration + SpeechTiming.gap)
    }

    @Test func typingMarksThePresentationUnsavedAndReevaluatesConditions() throws {
        let yaml = """
            scene: T
            root: [ { button: Compose, activate: { present: c } } ]
            presentations:
              c:
                content:
                  - button: Send
                    enabled: { filled: to }
                  - textField: To
                    id: to
                  - text: Draft
                    hidden: { not: unsaved }
            """
        var reader = ScreenReader(scene: try loadScene(yaml))
        reader.touch("Compose"); reader.doubleTap()
        #expect(!reader.isReachable("Draft"))
        reader.touch("to"); reader.doubleTap()
        reader.type("anna")
        #expect(reader.state.topmost?.unsaved == true)
        #expect(reader.isReachable("Draft"))
        reader.touch("Send")
        #expect(reader.lastDescription == "Send. Button.")
        reader.touch("to")
        #expect(reader.lastDescription == "To: anna. Text Field. Is editing. Insertion point at end.")
    }
}
