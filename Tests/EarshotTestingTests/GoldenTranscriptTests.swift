import EarshotRunner
import EarshotTestSupport
import EarshotTesting
import Foundation
import Testing

/// `expectTranscript(matching:)`: golden transcripts beside the test,
/// recorded on the first run, compared after, re-recorded on request.
@Suite("Golden transcripts")
struct GoldenTranscriptTests {
    /// Compose opened, then the sheet dismissed with a scrub.
    static func reader() throws -> ScreenReader {
        var reader = ScreenReader(scene: try Scenes.mailDSL())
        reader.touch("compose")
        reader.doubleTap()
        reader.scrub()
        return reader
    }

    /// A fresh folder, removed after `body`.
    static func inTemporaryFolder(_ body: (URL) throws -> Void) throws {
        let folder = testTemporaryDirectory.appendingPathComponent("earshot-golden-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    static func text(of issue: Issue) -> String { issue.comments.map(\.rawValue).joined() }

    /// On CI a missing golden transcript fails instead of being written, as swift-snapshot-testing's
    /// `record: .never`; EARSHOT_RECORD still says what to do when set.
    @Test func recordingIsNeverOnCIUnlessEarshotRecordSays() {
        #expect(RecordMode.from([:]) == .missing)
        #expect(RecordMode.from(["CI": "true"]) == .never)
        #expect(RecordMode.from(["CI": "1"]) == .never)
        #expect(RecordMode.from(["CI": "false"]) == .missing)
        #expect(RecordMode.from(["CI": "true", "EARSHOT_RECORD": "failed"]) == .all)
        #expect(RecordMode.from(["CI": "true", "EARSHOT_RECORD": ""]) == .never)
        #expect(RecordMode.from(["EARSHOT_RECORD": "all"]) == .all)
    }

    @Test func aCommittedGoldenTranscriptMatches() throws {
        // __Transcripts__/GoldenTranscriptTests/compose-and-scrub.transcript, beside this file.
        #expect(try Self.reader().expectTranscript(matching: "compose-and-scrub", record: .never))
    }

    /// One test over the configurations a team ships, each with its golden named as `earshot
    /// run` names it; the system's elements named by what they are hold in every language.
    @Test(arguments: [RunConfiguration.standard, RunConfiguration(language: "de"), RunConfiguration(os: "26", language: "ja")])
    func aTestParameterisedOverConfigurationsKeepsAGoldenForEach(_ configuration: RunConfiguration) throws {
        var reader = ScreenReader(scene: try Scenes.mailDSL().configured(configuration))
        reader.touch("compose")
        reader.doubleTap()
        reader.touch("system.grabber")
        #expect(reader.focused.map { reader.scene[$0.ref].system == .grabber } == true)
        #expect(reader.expectTranscript(matching: "compose-grabber", configuration: configuration, record: .never))
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Transcripts__/GoldenTranscriptTests/compose-grabber\(configuration.fileSuffix).transcript")
        #expect(FileManager.default.fileExists(atPath: golden.path))
    }

    /// An iPhone scene configured for iPad is the iPad's scene: its platform and screen.
    @Test func aConfigurationRunsTheSceneOnIPad() throws {
        let scene = try Scenes.mailDSL().configured(RunConfiguration(platform: .ipados))
        #expect(scene.platform == .ipados && scene.screen == (1024, 1366))
        #expect(RunConfiguration(platform: .ipados, language: "de").fileSuffix == ".ipados-de")
        #expect { try Scenes.mailDSL().configured(RunConfiguration(platform: .visionos)) } throws: { error in
            "\(error)".contains("ios scenes run on iPhone or iPad (ios, ipados), not visionos")
        }
    }

    @Test func aConfigurationTheScenesPlatformLacksThrowsWithTheOnesItHas() throws {
        #expect { try Scenes.mailDSL().configured(RunConfiguration(os: "12")) } throws: { error in
            "\(error)".contains("no ios version '12'") && "\(error)".contains("15, 16, 17, 18, 26, 27")
        }
    }

    @Test func theGoldenFileIsBesideTheTest() throws {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Transcripts__/GoldenTranscriptTests/compose-and-scrub.transcript")
        let text = try String(contentsOf: golden, encoding: .utf8)
        #expect(text == (try Self.reader().transcript))
        #expect(text.hasPrefix("touch: compose\n  speak: Compose. Button.\n"))
    }

    @Test func aMismatchShowsTheDiffAndWhatToDoAtTheCallersLine() throws {
        try Self.inTemporaryFolder { folder in
            let golden = folder.appendingPathComponent("mail.transcript")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let reader = try Self.reader()
            let old = reader.transcript.replacingOccurrences(of: "To. Text Field.", with: "To.")
            try old.write(to: golden, atomically: true, encoding: .utf8)
            let line = #line + 2
            withKnownIssue {
                #expect(!reader.expectTranscript(matching: golden, record: .missing))
            } matching: { issue in
                let text = Self.text(of: issue)
                return issue.sourceLocation?.line == line
                    && text.hasPrefix("the transcript does not match the golden transcript \(golden.path):\n")
                    && text.contains("    --- golden\n    +++ this run\n")
                    && text.contains("    -   speak: To.\n    +   speak: To. Text Field.\n")
                    && text.hasSuffix("If this run is right, re-record it: run the test again with EARSHOT_RECORD=all (or delete the file).")
            }
            #expect(try String(contentsOf: golden, encoding: .utf8) == old)
        }
    }

    @Test func aMissingGoldenIsRecordedAndTheTestFailsOnce() throws {
        try Self.inTemporaryFolder { folder in
            let golden = folder.appendingPathComponent("new/mail.transcript")
            let reader = try Self.reader()
            withKnownIssue {
                reader.expectTranscript(matching: golden, record: .missing)
            } matching: { issue in
                Self.text(of: issue) == """
                    no golden transcript at \(golden.path): recorded this run's transcript there.
                    Look it over, commit it, and re-run the test to check against it.
                    """
            }
            #expect(try String(contentsOf: golden, encoding: .utf8) == reader.transcript)
            #expect(reader.expectTranscript(matching: golden, record: .missing))
        }
    }

    @Test func withRecordingOffAMissingGoldenFailsAndIsNotWritten() throws {
        try Self.inTemporaryFolder { folder in
            let golden = folder.appendingPathComponent("mail.transcript")
            let reader = try Self.reader()
            withKnownIssue {
                reader.expectTranscript(matching: golden, record: .never)
            } matching: { issue in
                Self.text(of: issue).contains("recording is off (EARSHOT_RECORD=never, or CI)")
            }
            #expect(!FileManager.default.fileExists(atPath: golden.path))
        }
    }

    @Test func recordModeAllRewritesAMismatchAndFails() throws {
        let mode = RecordMode.all
        try Self.inTemporaryFolder { folder in
            let golden = folder.appendingPathComponent("mail.transcript")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "old\n".write(to: golden, atomically: true, encoding: .utf8)
            let reader = try Self.reader()
            withKnownIssue {
                reader.expectTranscript(matching: golden, record: mode)
            } matching: { issue in
                Self.text(of: issue).hasPrefix("record mode is on (EARSHOT_RECORD=\(mode.rawValue)): re-recorded")
            }
            #expect(try String(contentsOf: golden, encoding: .utf8) == reader.transcript)
        }
    }

    @Test func recordModeAllFailsEvenWhenTheGoldenMatches() throws {
        try Self.inTemporaryFolder { folder in
            let golden = folder.appendingPathComponent("mail.transcript")
            let reader = try Self.reader()
            withKnownIssue { reader.expectTranscript(matching: golden, record: .missing) }
            withKnownIssue {
                reader.expectTranscript(matching: golden, record: .all)
            } matching: { issue in
                Self.text(of: issue).contains("already matches")
            }
            #expect(reader.expectTranscript(matching: golden, record: .missing))
        }
    }

    @Test func stepsThatCouldNotActFailTheTranscriptToo() throws {
        try Self.inTemporaryFolder { folder in
            let golden = folder.appendingPathComponent("mail.transcript")
            var reader = try Self.reader()
            reader.touch("Nobody")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try reader.transcript.write(to: golden, atomically: true, encoding: .utf8)
            withKnownIssue {
                reader.expectTranscript(matching: golden, record: .missing)
            } matching: { issue in
                Self.text(of: issue).hasPrefix("step 'touch: Nobody' could not act: no element 'Nobody'")
            }
        }
    }

    /// A step that could not act fails at the test's own line, once, with the steps it made fail
    /// after it; and nothing is recorded from that run, in any mode.
    @Test func aStepThatCouldNotActFailsAtItsLineOnceAndRecordsNothing() throws {
        try Self.inTemporaryFolder { folder in
            let golden = folder.appendingPathComponent("mail.transcript")
            var reader = ScreenReader(scene: try Scenes.mailDSL())
            let touchLine = #line + 1
            reader.touch("Nobody")
            reader.doubleTap()
            final class Seen: @unchecked Sendable {
                let lock = NSLock()
                var issues: [Issue] = []
            }
            let seen = Seen()
            withKnownIssue {
                reader.expectFocus("compose")
                reader.expectSpoken(["Compose. Button."])
                reader.expectTranscript(matching: golden, record: .all)
            } matching: { issue in
                seen.lock.withLock { seen.issues.append(issue) }
                return true
            }
            let issues = seen.lock.withLock { seen.issues }
            let steps = issues.filter { Self.text(of: $0).hasPrefix("step 'touch: Nobody'") }
            #expect(steps.count == 1)
            #expect(steps.first?.sourceLocation?.line == touchLine)
            #expect(steps.first.map(Self.text(of:))?.contains("and then:\n    step 'doubleTap' could not act: nothing is under the cursor") == true)
            #expect(issues.contains { Self.text(of: $0).contains("was not written: a step could not act") })
            #expect(!FileManager.default.fileExists(atPath: golden.path))
        }
    }

    @Test(arguments: [
        ("1", RecordMode.all), ("all", .all), ("TRUE", .all), ("yes", .all), ("failed", .all),
        ("missing", .missing), ("", .missing), ("never", .never), ("0", .never), ("false", .never),
    ])
    func earshotRecordTakesTheseWords(value: String, mode: RecordMode) {
        #expect(RecordMode(environmentValue: value) == mode)
    }

    @Test func anUnknownEarshotRecordWordIsNotAMode() {
        #expect(RecordMode(environmentValue: "sometimes") == nil)
    }
}
