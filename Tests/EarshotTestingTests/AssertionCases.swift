import EarshotTesting

/// One assertion checked both ways on a reader prepared by gestures: a call
/// that holds, and a call that does not, written on the line `failLine` of
/// this file, whose failure must say `message`. Swift Testing and XCTest
/// run the same table (AssertionTests, XCTestAssertionTests).
struct AssertionCase: Sendable, CustomStringConvertible {
    let name: String
    let prepare: @Sendable (inout ScreenReader) -> Void
    let holds: @Sendable (ScreenReader) -> Bool
    let fails: @Sendable (ScreenReader) -> Bool
    let file: String
    let failLine: Int
    let message: String

    init(_ name: String, _ prepare: @escaping @Sendable (inout ScreenReader) -> Void,
         holds: @escaping @Sendable (ScreenReader) -> Bool,
         failLine: Int, fails: @escaping @Sendable (ScreenReader) -> Bool, message: String, file: String = #filePath) {
        self.name = name
        self.prepare = prepare
        self.holds = holds
        self.fails = fails
        self.file = file
        self.failLine = failLine
        self.message = message
    }

    var description: String { name }

    /// A reader over the DSL Mail scene, prepared.
    func reader() throws -> ScreenReader {
        var reader = ScreenReader(scene: try Scenes.mailDSL())
        prepare(&reader)
        return reader
    }

    // MARK: Gestures

    static let untouched: @Sendable (inout ScreenReader) -> Void = { _ in }

    /// Compose opened: the cursor on To, the sheet at medium.
    static let opening: @Sendable (inout ScreenReader) -> Void = {
        $0.touch("compose")
        $0.doubleTap()
    }

    /// Something typed into To: unsaved changes.
    static let typing: @Sendable (inout ScreenReader) -> Void = {
        opening(&$0)
        $0.doubleTap()
        $0.type("anna@example.com")
    }

    /// Sent: the announcement swallowed by the dismissal.
    static let sending: @Sendable (inout ScreenReader) -> Void = {
        typing(&$0)
        $0.touch("Send")
        $0.doubleTap()
    }

    /// Anna's message flagged through the Actions rotor: "Flagged" announced and heard.
    static let flagging: @Sendable (inout ScreenReader) -> Void = {
        $0.touch("anna")
        $0.rotor(.actions)
        $0.swipeDown()
        $0.doubleTap()
    }

    // MARK: The table

    static let all: [AssertionCase] = [
        AssertionCase("expectSpoken", opening, holds: { $0.expectSpoken(["To. Text Field.", "Double tap to edit."]) },
                      failLine: #line, fails: { $0.expectSpoken(["To. Text Field."]) }, message: #"expected: ["To. Text Field."]"#),
        AssertionCase("expectDescription", opening, holds: { $0.expectDescription("To. Text Field.") },
                      failLine: #line, fails: { $0.expectDescription("To.") }, message: #"actual:   "To. Text Field.""#),
        AssertionCase("expectDescription(nil)", untouched, holds: { $0.expectDescription(nil) },
                      failLine: #line, fails: { var r = $0; r.swipeRight(); return r.expectDescription(nil) },
                      message: #"actual:   "Inbox. Heading.""#),
        AssertionCase("expectHint", opening, holds: { $0.expectHint("Double tap to edit.") },
                      failLine: #line, fails: { $0.expectHint(nil) }, message: "expected: no hint"),
        AssertionCase("expectFocus", opening, holds: { $0.expectFocus("to") && $0.expectFocus("To") },
                      failLine: #line, fails: { $0.expectFocus("compose") }, message: #"actual:   to ("To")"#),
        AssertionCase("expectFocus(nil)", untouched, holds: { $0.expectFocus(nil) },
                      failLine: #line, fails: { var r = $0; r.first(); return r.expectFocus(nil) }, message: "expected: no element"),
        AssertionCase("expectPresented", opening, holds: { $0.expectPresented("compose") },
                      failLine: #line, fails: { $0.expectPresented("discard") }, message: "actual:   compose"),
        AssertionCase("expectPresented(nil)", sending, holds: { $0.expectPresented(nil) },
                      failLine: #line, fails: { $0.expectPresented("compose") }, message: "actual:   none"),
        AssertionCase("expectDetent", opening, holds: { $0.expectDetent("medium") },
                      failLine: #line, fails: { $0.expectDetent("large") }, message: "actual:   medium"),
        AssertionCase("expectEarcons", opening, holds: { $0.expectEarcons([.screenChanged]) },
                      failLine: #line, fails: { $0.expectEarcons([]) }, message: #"actual:   ["screenChanged"]"#),
        AssertionCase("expectAnnounced", sending, holds: { $0.expectAnnounced("Message sent") },
                      failLine: #line, fails: { $0.expectAnnounced("Sent") }, message: #"actual:   ["Message sent"]"#),
        AssertionCase("expectHeard", flagging, holds: { $0.expectHeard("Flagged") },
                      failLine: #line, fails: { $0.expectHeard("Archived") }, message: #"actual:   heard ["Flagged"]"#),
        AssertionCase("an interrupted announcement", sending, holds: { $0.expectNotSpoken("Message sent") },
                      failLine: #line, fails: { $0.expectHeard("Message sent") },
                      message: "expected: an announcement \"Message sent\" heard\n    actual:   \"Message sent\" was posted but interrupted"),
        AssertionCase("expectSilent", { $0.touch("Inbox"); $0.doubleTap() }, holds: { $0.expectSilent() },
                      failLine: #line, fails: { $0.expectSilent(false) }, message: "actual:   no sound"),
        AssertionCase("expectNotSpoken", opening, holds: { $0.expectNotSpoken("Compose") },
                      failLine: #line, fails: { $0.expectNotSpoken("Text Field") }, message: #"actual:   "To. Text Field.""#),
        AssertionCase("expectReachable", opening, holds: { $0.expectReachable("to") },
                      failLine: #line, fails: { $0.expectReachable("compose") }, message: "actual:   out of scope"),
        AssertionCase("expectUnreachable", opening, holds: { $0.expectUnreachable("compose") },
                      failLine: #line, fails: { $0.expectUnreachable("to") }, message: "actual:   in scope"),
        AssertionCase("expectUnsaved", typing, holds: { $0.expectUnsaved(true) },
                      failLine: #line, fails: { $0.expectUnsaved(false) }, message: "actual:   unsaved: true"),
        AssertionCase("expectNoStepFailures", opening, holds: { $0.expectNoStepFailures() },
                      failLine: #line, fails: { var r = $0; r.touch("Sennd"); return r.expectNoStepFailures() },
                      message: "step 'touch: Sennd' could not act: no element 'Sennd'"),
        AssertionCase("a last step that could not act", opening, holds: { $0.expectFocus("to") },
                      failLine: #line, fails: { var r = $0; r.type("x"); return r.expectFocus("to") },
                      message: "step 'type: x' could not act:"),
    ]
}
