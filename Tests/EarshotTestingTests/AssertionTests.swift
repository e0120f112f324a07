import EarshotTesting
import Testing

/// Under Swift Testing, each assertion records nothing when it holds and an
/// issue at the caller's file and line when it does not.
@Suite("Assertions under Swift Testing")
struct AssertionTests {
    @Test(arguments: AssertionCase.all)
    func holds(_ assertion: AssertionCase) throws {
        let reader = try assertion.reader()
        #expect(assertion.holds(reader))
    }

    @Test(arguments: AssertionCase.all)
    func failsAtTheCallersLine(_ assertion: AssertionCase) throws {
        let reader = try assertion.reader()
        var held = true
        withKnownIssue {
            held = assertion.fails(reader)
        } matching: { issue in
            issue.sourceLocation?.filePath == assertion.file
                && issue.sourceLocation?.line == assertion.failLine
                && issue.comments.map(\.rawValue).joined().contains(assertion.message)
        }
        #expect(!held)
    }

    @Test func aFailureSaysWhatHappenedAndShowsTheTranscriptsEnd() throws {
        var reader = ScreenReader(scene: try Scenes.mailDSL())
        reader.touch("compose")
        reader.doubleTap()
        withKnownIssue {
            reader.expectSpoken(["To."])
        } matching: { issue in
            issue.comments.map(\.rawValue).joined() == """
                expectSpoken failed after step 'doubleTap'
                    expected: ["To."]
                    actual:   ["To. Text Field.", "Double tap to edit."]
                  last transcript lines:
                    touch: compose
                      speak: Compose. Button.
                    doubleTap
                      earcon: screenChanged
                      speak: To. Text Field.
                      hint: Double tap to edit.
                """
        }
    }
}
