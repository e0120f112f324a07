import Foundation
import Testing

/// `earshot explore`: gestures typed a line at a time, speech printed as it happens.
@Suite("earshot explore")
struct ExploreCLITests {
    @Test func keysAndStepsDriveTheReader() throws {
        let result = try EarshotProcess.run(["explore", "Scenarios/mail/mail.yaml"], input: """
            n
            touch: compose
            d
            expect: { presented: compose, focus: to }
            expect: "Nope"
            s
            q
            swipeRight
            """)
        #expect(result.status == 0)
        #expect(result.out == """
            swipeRight
              speak: Inbox. Heading.
            touch: compose
              speak: Compose. Button.
            doubleTap
              earcon: screenChanged
              speak: To. Text Field.
              hint: Double tap to edit.
            ✓ presented
            ✓ focus
            ✗ speech
                expected: "Nope"
                actual:   "To. Text Field."
            scrub
              earcon: screenChanged
              speak: Compose. Button.

            """)
    }

    @Test func keyboardStepsAreStepsToo() throws {
        let result = try EarshotProcess.run(["explore", "Scenarios/mail/mail.yaml"], input: """
            vo: right
            key: tab
            key: return
            key: escape
            vo: rigth
            """)
        #expect(result.status == 0)
        #expect(result.out == """
            vo: right
              speak: Inbox. Heading.
            key: tab
              speak: Compose. Button.
            key: return
              earcon: screenChanged
              speak: To. Text Field.
              hint: Double tap to edit.
            key: escape
              earcon: screenChanged
              speak: Compose. Button.
            <input>:1:5: error: unknown vo key 'rigth' (expected one of: right, left, space, home, end, a); did you mean 'right'?

            """)
    }

    @Test func theScopeHelpAndMistakesAreShownWithoutStopping() throws {
        let result = try EarshotProcess.run(["explore", "Scenarios/mail/mail.yaml", "--no-hints"], input: """
            t
            swipeRihgt
            touch: nothing
            ?
            audit
            """)
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("\"Inbox\"  Inbox. Heading.\ncompose  Compose. Button.\n"))
        #expect(result.out.contains("<input>:1:1: error: unknown step 'swipeRihgt'"))
        #expect(result.out.contains("did you mean 'swipeRight'?"))
        #expect(result.out.contains("touch: nothing\n  cannot act: no element 'nothing'\n"))
        #expect(result.out.contains("Keys: n swipeRight, p swipeLeft, d doubleTap"))
        #expect(result.out.contains("[sheet-escape-everywhere]"))
    }

    @Test func aBadSceneIsBadInput() throws {
        let result = try EarshotProcess.run(["explore", "no-such-scene.yaml"], input: "n\n")
        #expect(result.status == 2)
        #expect(result.err.contains("no-such-scene.yaml"))
    }
}
