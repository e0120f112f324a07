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
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-golden-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    static func text(of issue: Issue) -> String { issue.comments.map(\.rawValue).joined() }

    /// On CI a missing golden transcript fails instead of being written, as swift-snapshot-testing's
    /// `record: .never`; EARSHOT_RECORD still says what to do when set.
    @Test func recordingIsNeverOnCIUnlessEarshotRecordSays() {
        #expect(TranscriptRecording.from([:]) == .missing)
        #expect(TranscriptRecording.from(["CI": "true"]) == .never)
        #expect(TranscriptRecording.from(["CI": "1"]) == .never)
        #expect(TranscriptRecording.from(["CI": "false"]) == .missing)
        #expect(TranscriptRecording.from(["CI": "true", "EARSHOT_RECORD": "failed"]) == .failed)
        #expect(TranscriptRecording.from(["CI": "true", "EARSHOT_RECORD": ""]) == .never)
        #expect(TranscriptRecording.from(["EARSHOT_RECORD": "all"]) == .all)
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
                    && text.hasSuffix("If this run is right, re-record it: run the test again with EARSHOT_RECORD=failed (or delete the file).")
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
                Self.text(of: issue).contains("recording is off (EARSHOT_RECORD=never)")
            }
            #expect(!FileManager.default.fileExists(atPath: golden.path))
        }
    }

    @Test(arguments: [TranscriptRecording.failed, .all])
    func recordModesRewriteAMismatchAndFail(mode: TranscriptRecording) throws {
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
            #expect(reader.expectTranscript(matching: golden, record: .failed))
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
                Self.text(of: issue).hasPrefix("1 step could not act:\n    'touch: Nobody': no element 'Nobody'")
            }
        }
    }

    @Test(arguments: [
        ("1", TranscriptRecording.all), ("all", .all), ("TRUE", .all), ("yes", .all), ("failed", .failed),
        ("missing", .missing), ("", .missing), ("never", .never), ("0", .never), ("false", .never),
    ])
    func earshotRecordTakesTheseWords(value: String, mode: TranscriptRecording) {
        #expect(TranscriptRecording(environmentValue: value) == mode)
    }

    @Test func anUnknownEarshotRecordWordIsNotAMode() {
        #expect(TranscriptRecording(environmentValue: "sometimes") == nil)
    }
}
