import EarshotReader
import EarshotRunner
import EarshotScenario
import Foundation

/// When `expectTranscript(matching:)` writes golden transcripts: ``RecordMode``, the mode
/// `earshot run --record` takes, for a run with the `EARSHOT_RECORD` environment variable or
/// per call. The name before 0.10; its `failed` is now `all`.
@available(*, deprecated, renamed: "RecordMode")
public typealias TranscriptRecording = RecordMode

extension RecordMode {
    /// The mode `EARSHOT_RECORD` and `CI` ask for (``from(_:)``).
    public static var fromEnvironment: RecordMode { from(ProcessInfo.processInfo.environment) }
}

extension ScreenReader {
    /// Expects the whole transcript so far (docs/format.md) to equal a golden
    /// transcript kept beside the test: `__Transcripts__/TESTFILE/NAME.transcript`
    /// in the test file's folder.
    ///
    /// ```swift
    /// reader.touch("compose")
    /// reader.doubleTap()
    /// reader.expectTranscript(matching: "open-compose")
    /// // Tests/MailTests/__Transcripts__/ComposeTests/open-compose.transcript
    /// ```
    ///
    /// The first run records the file and fails, saying so; commit the file,
    /// and later runs compare with it, showing a line diff (`-` golden,
    /// `+` this run) on a mismatch. `EARSHOT_RECORD=all` re-records
    /// (``RecordMode``, as `earshot run --record`). Steps that could not act
    /// are reported too, at their own lines (a transcript alone does not
    /// show them), and nothing is recorded from such a run.
    ///
    /// With a `configuration` other than the standard one, the golden is that configuration's,
    /// named as `earshot run` names it: `NAME.de.transcript`, `NAME.os26-ja.transcript`.
    @discardableResult
    public func expectTranscript(matching name: String, configuration: RunConfiguration = .standard,
                                 record: RecordMode? = nil, fileID: String = #fileID,
                                 filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Bool {
        let testFile = URL(fileURLWithPath: "\(filePath)")
        let base = name.hasSuffix(".transcript") ? String(name.dropLast(".transcript".count)) : name
        let fileName = base + configuration.fileSuffix + ".transcript"
        let golden = testFile.deletingLastPathComponent()
            .appendingPathComponent("__Transcripts__")
            .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
            .appendingPathComponent(fileName)
        return expectTranscript(matching: golden, record: record, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Expects the whole transcript so far to equal the golden transcript in
    /// this file, recorded and re-recorded as for a golden named beside the test.
    ///
    /// ```swift
    /// reader.expectTranscript(matching: URL(fileURLWithPath: "Goldens/open-compose.transcript"))
    /// ```
    @discardableResult
    public func expectTranscript(matching golden: URL, record: RecordMode? = nil, fileID: String = #fileID,
                                 filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let mode = record ?? .fromEnvironment
        let stepsActed = reportStepFailures(at: site)
        let path = golden.path
        let transcript = self.transcript
        let existing: String?
        do {
            existing = try Golden.read(path).map { String(decoding: $0, as: UTF8.self) }
        } catch {
            FailureRecorder.record("could not read the golden transcript: \(error)", at: site)
            return false
        }

        func write() -> Bool {
            guard stepsActed else {
                FailureRecorder.record("the golden transcript \(path) was not written: a step could not act (above)", at: site)
                return false
            }
            do {
                _ = try Golden.check(transcript, goldenPath: path, record: .all)
                return true
            } catch {
                FailureRecorder.record("could not write the golden transcript \(path): \(error)", at: site)
                return false
            }
        }

        guard let existing else {
            if mode == .never {
                FailureRecorder.record("""
                    no golden transcript at \(path), and recording is off (EARSHOT_RECORD=never, or CI).
                    Run the test once with EARSHOT_RECORD=missing to record it, then commit the file.
                    """, at: site)
            } else if write() {
                FailureRecorder.record("""
                    no golden transcript at \(path): recorded this run's transcript there.
                    Look it over, commit it, and re-run the test to check against it.
                    """, at: site)
            }
            return false
        }
        if existing.utf8.elementsEqual(transcript.utf8) {   // byte for byte, as the file is
            guard mode != .all else {
                FailureRecorder.record("""
                    record mode is on (EARSHOT_RECORD=all): the golden transcript \(path) already matches.
                    Turn record mode off (unset EARSHOT_RECORD) and re-run to check against it.
                    """, at: site)
                return false
            }
            return stepsActed
        }
        let diff = Golden.diff(golden: existing, actual: transcript)
            .split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
        if mode == .all {
            if write() {
                FailureRecorder.record("""
                    record mode is on (EARSHOT_RECORD=\(mode.rawValue)): re-recorded the golden transcript \(path):
                    \(diff)
                    Turn record mode off (unset EARSHOT_RECORD) and re-run to check against it.
                    """, at: site)
            }
            return false
        }
        FailureRecorder.record("""
            the transcript does not match the golden transcript \(path):
            \(diff)
            If this run is right, re-record it: run the test again with EARSHOT_RECORD=all (or delete the file).
            """, at: site)
        return false
    }
}
