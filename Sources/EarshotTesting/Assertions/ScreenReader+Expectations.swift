import EarshotCore
import EarshotReader
import EarshotScenario

// Assertions about the screen reader's last step, for Swift Testing and
// XCTest alike. Each checks what the step before it did, exactly as the
// matching `expect:` key of a scenario does (docs/format.md), records a failure at
// the caller's file and line when it does not hold, and returns whether it
// held. A last step that could not act (touching an element that is not
// there, typing with nothing in editing) is reported too.

extension ScreenReader {
    /// Expects everything spoken by the last step, in order: descriptions,
    /// hints, `Actions Available`, announcements and feedback, interrupted
    /// requests left out (`expect: { spoken: [...] }`).
    ///
    /// ```swift
    /// reader.doubleTap()
    /// reader.expectSpoken(["To. Text Field.", "Double tap to edit."])
    /// ```
    @discardableResult
    public func expectSpoken(_ expected: [String], fileID: String = #fileID, filePath: StaticString = #filePath,
                             line: UInt = #line, column: UInt = #column) -> Bool {
        check("expectSpoken", .spoken(expected), at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects the last element description spoken by the last step
    /// (`expect: "TEXT"`); nil expects that the step described no element.
    ///
    /// ```swift
    /// reader.touch("Send")
    /// reader.expectDescription("Send. Dimmed. Button.")
    /// ```
    @discardableResult
    public func expectDescription(_ expected: String?, fileID: String = #fileID, filePath: StaticString = #filePath,
                                  line: UInt = #line, column: UInt = #column) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        if let expected { return check("expectDescription", .speech(expected), at: site) }
        return check("expectDescription", at: site) {
            lastDescription.map { ("nothing", Self.quoted($0)) }
        }
    }

    /// Expects the last hint spoken by the last step; nil expects none.
    @discardableResult
    public func expectHint(_ expected: String?, fileID: String = #fileID, filePath: StaticString = #filePath,
                           line: UInt = #line, column: UInt = #column) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        if let expected { return check("expectHint", .hint(expected), at: site) }
        return check("expectHint", at: site) { hint.map { ("no hint", Self.quoted($0)) } }
    }

    /// Expects the cursor on this element, named by id or label (`expect: { focus: … }`);
    /// nil expects the cursor on no element.
    ///
    /// ```swift
    /// reader.expectFocus("to")
    /// ```
    @discardableResult
    public func expectFocus(_ target: String?, fileID: String = #fileID, filePath: StaticString = #filePath,
                            line: UInt = #line, column: UInt = #column) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        if let target { return check("expectFocus", .focus(target), at: site) }
        return check("expectFocus", at: site) {
            focused.map { ("no element", $0.id.map { "\($0) (\"\(focused!.label)\")" } ?? Self.quoted($0.label)) }
        }
    }

    /// Expects the topmost presentation's id; nil expects nothing presented
    /// (`expect: { presented: none }`).
    ///
    /// ```swift
    /// reader.expectPresented("discard")
    /// ```
    @discardableResult
    public func expectPresented(_ id: String?, fileID: String = #fileID, filePath: StaticString = #filePath,
                                line: UInt = #line, column: UInt = #column) -> Bool {
        check("expectPresented", .presented(id ?? "none"),
              at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects the topmost sheet to rest at this detent (`medium`, `large` or a custom id).
    @discardableResult
    public func expectDetent(_ detent: String, fileID: String = #fileID, filePath: StaticString = #filePath,
                             line: UInt = #line, column: UInt = #column) -> Bool {
        check("expectDetent", .detent(detent), at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects exactly these earcons from the last step, in order (`[]`: none).
    ///
    /// ```swift
    /// reader.swipeRight()
    /// reader.expectEarcons([.boundary])
    /// ```
    @discardableResult
    public func expectEarcons(_ expected: [Earcon], fileID: String = #fileID, filePath: StaticString = #filePath,
                              line: UInt = #line, column: UInt = #column) -> Bool {
        check("expectEarcons", at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
            earcons == expected ? nil : ("\(expected.map(\.rawValue))", "\(earcons.map(\.rawValue))")
        }
    }

    /// Expects the last step to have posted an announcement with this text,
    /// spoken or swallowed (`expect: { announced: … }`).
    @discardableResult
    public func expectAnnounced(_ text: String, fileID: String = #fileID, filePath: StaticString = #filePath,
                                line: UInt = #line, column: UInt = #column) -> Bool {
        check("expectAnnounced", .announced(text), at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects the last step to have posted an announcement with this text
    /// and spoken it to its end, not cut off by later speech
    /// (`expect: { heard: … }`).
    ///
    /// ```swift
    /// reader.doubleTap()                   // Flag: "Flagged"
    /// reader.expectHeard("Flagged")
    /// ```
    @discardableResult
    public func expectHeard(_ text: String, fileID: String = #fileID, filePath: StaticString = #filePath,
                            line: UInt = #line, column: UInt = #column) -> Bool {
        check("expectHeard", .heard(text), at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects nothing the last step spoke to its end to contain this text
    /// (`expect: { notSpoken: … }`); interrupted requests are not counted.
    ///
    /// ```swift
    /// reader.touch("password")
    /// reader.expectNotSpoken("hunter2")
    /// ```
    @discardableResult
    public func expectNotSpoken(_ text: String, fileID: String = #fileID, filePath: StaticString = #filePath,
                                line: UInt = #line, column: UInt = #column) -> Bool {
        check("expectNotSpoken", .notSpoken(text), at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects the last step to have made no sound: nothing spoken to its end and no earcon
    /// (`expect: { silent: true }`); `expectSilent(false)`: something sounded.
    ///
    /// ```swift
    /// reader.scrub()                       // a persistent sheet: nothing happens
    /// reader.expectSilent()
    /// ```
    @discardableResult
    public func expectSilent(_ silent: Bool = true, fileID: String = #fileID, filePath: StaticString = #filePath,
                             line: UInt = #line, column: UInt = #column) -> Bool {
        check("expectSilent", .silent(silent), at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects the element (id or label) to be in scope now.
    @discardableResult
    public func expectReachable(_ target: String, fileID: String = #fileID, filePath: StaticString = #filePath,
                                line: UInt = #line, column: UInt = #column) -> Bool {
        check("expectReachable", .reachable(target), at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects the element (id or label) to be out of scope now, as a modal
    /// sheet puts the screen under it.
    @discardableResult
    public func expectUnreachable(_ target: String, fileID: String = #fileID, filePath: StaticString = #filePath,
                                  line: UInt = #line, column: UInt = #column) -> Bool {
        check("expectUnreachable", .unreachable(target), at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects the topmost presentation to have (or not have) unsaved changes.
    @discardableResult
    public func expectUnsaved(_ unsaved: Bool, fileID: String = #fileID, filePath: StaticString = #filePath,
                              line: UInt = #line, column: UInt = #column) -> Bool {
        check("expectUnsaved", .unsaved(unsaved), at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects every step so far to have acted; records one failure listing
    /// each step that could not (touching an element that is not there,
    /// typing with nothing in editing, a tap on empty space).
    @discardableResult
    public func expectNoStepFailures(fileID: String = #fileID, filePath: StaticString = #filePath,
                                     line: UInt = #line, column: UInt = #column) -> Bool {
        reportStepFailures(at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    // MARK: Shared

    /// Checks an expectation the way `earshot run` does.
    func check(_ name: String, _ expectation: Expectation, at site: CallSite) -> Bool {
        check(name, at: site) { expectation.mismatch(in: self) }
    }

    /// Reports the steps that could not act (``reportStepFailures(at:)``), then the mismatch, if
    /// any; false when either failed (a step before the last that could not act does not make the
    /// expectation fail, once it is reported).
    func check(_ name: String, at site: CallSite, mismatch: () -> (expected: String, actual: String)?) -> Bool {
        _ = reportStepFailures(at: site)
        var held = !(steps.last?.events.contains { if case .stepFailed = $0 { true } else { false } } ?? false)
        if let (expected, actual) = mismatch() {
            let after = steps.last.map { "after step '\($0.written)'" } ?? "before any step"
            FailureRecorder.record("\(name) failed \(after)\n    expected: \(expected)\n    actual:   \(actual)" + transcriptTail,
                                   at: site)
            held = false
        }
        return held
    }

    /// The steps that could not act, reported once each however many expectations follow: the
    /// first, the cause, at the line of the test that called it (the `touch` of an element that
    /// is not there), with the steps after it that could not act either listed under it (the
    /// `doubleTap` with nothing under the cursor). A step whose caller is not known (a gesture
    /// performed by `Gesture.perform(on:)`) is reported at `site`. True when every step acted.
    func reportStepFailures(at site: CallSite) -> Bool {
        let failed = steps.indices.filter { index in
            steps[index].events.contains { if case .stepFailed = $0 { true } else { false } }
        }
        guard !failed.isEmpty else { return true }
        let reported = reportedFailures.raise(to: failed.count)
        guard reported < failed.count else { return false }
        let new = failed[reported...]
        func line(_ index: Int) -> String {
            let messages = steps[index].events.compactMap { event -> String? in
                if case .stepFailed(let message) = event { return message }
                return nil
            }
            return "'\(steps[index].written)' could not act: " + messages.joined(separator: "; ")
        }
        let first = new.first!
        var message = "step " + line(first)
        if new.count > 1 {
            message += "\n  and then:\n" + new.dropFirst().map { "    step " + line($0) }.joined(separator: "\n")
        }
        FailureRecorder.record(message + transcriptTail, at: failureLocations[first].map(CallSite.init) ?? site)
        return false
    }

    /// The last ten transcript lines, as a scenario failure shows them.
    var transcriptTail: String {
        let lines = transcript.split(separator: "\n").suffix(10)
        guard !lines.isEmpty else { return "" }
        return "\n  last transcript lines:\n" + lines.map { "    " + $0 }.joined(separator: "\n")
    }

    static func quoted(_ text: String) -> String { "\"\(text)\"" }
}
