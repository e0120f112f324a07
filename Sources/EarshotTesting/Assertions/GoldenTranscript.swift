import EarshotReader
import EarshotScenario
import Foundation

/// When `expectTranscript(matching:)` writes golden transcripts: for a run
/// with the `EARSHOT_RECORD` environment variable, or per call.
///
/// ```
/// EARSHOT_RECORD=failed swift test     # accept the new transcripts of failing tests
/// ```
public enum TranscriptRecording: String, CaseIterable, Hashable, Sendable {
    /// Write a golden transcript that does not exist yet (and fail, so the new
    /// file is looked at); compare with the ones that do. The default.
    case missing
    /// As `missing`, and also rewrite a golden transcript that does not match.
    case failed
    /// Rewrite every golden transcript (and fail, so record mode is not left on).
    /// `EARSHOT_RECORD=1` means this.
    case all
    /// Never write: a missing golden transcript fails. For CI.
    case never

    /// The mode `EARSHOT_RECORD` asks for: `all` (or `1`, `true`, `yes`),
    /// `failed`, `missing`, `never` (or `0`, `false`, `no`); when unset, empty or not one of
    /// these, `never` on CI (`CI` set to anything but empty, `0` or `false`, as GitHub Actions and
    /// GitLab set it: a forgotten golden transcript fails there instead of being written), else
    /// `missing`.
    public static var fromEnvironment: TranscriptRecording { from(ProcessInfo.processInfo.environment) }

    /// The mode an environment asks for (``fromEnvironment``).
    public static func from(_ environment: [String: String]) -> TranscriptRecording {
        if let asked = environment["EARSHOT_RECORD"].flatMap(TranscriptRecording.init(environmentValue:)),
           environment["EARSHOT_RECORD"]?.trimmingCharacters(in: .whitespaces).isEmpty == false {
            return asked
        }
        return ContinuousIntegration.isOn(environment) ? .never : .missing
    }

    /// Reads a value of `EARSHOT_RECORD`; nil when it is not one of the accepted words.
    public init?(environmentValue: String) {
        switch environmentValue.trimmingCharacters(in: .whitespaces).lowercased() {
        case "all", "1", "true", "yes": self = .all
        case "failed": self = .failed
        case "missing", "": self = .missing
        case "never", "0", "false", "no": self = .never
        default: return nil
        }
    }
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
    /// `+` this run) on a mismatch. `EARSHOT_RECORD=failed` (or `all`)
    /// re-records. Steps that could not act are reported too: a transcript
    /// alone does not show them.
    ///
    /// With a `configuration` other than the standard one, the golden is that configuration's,
    /// named as `earshot run` names it: `NAME.de.transcript`, `NAME.os26-ja.transcript`.
    @discardableResult
    public func expectTranscript(matching name: String, configuration: RunConfiguration = .standard,
                                 record: TranscriptRecording? = nil, fileID: String = #fileID,
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
    public func expectTranscript(matching golden: URL, record: TranscriptRecording? = nil, fileID: String = #fileID,
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
            do {
                _ = try Golden.check(transcript, goldenPath: path, update: true)
                return true
            } catch {
                FailureRecorder.record("could not write the golden transcript \(path): \(error)", at: site)
                return false
            }
        }

        guard let existing else {
            if mode == .never {
                FailureRecorder.record("""
                    no golden transcript at \(path), and recording is off (EARSHOT_RECORD=never).
                    Run the test once without EARSHOT_RECORD=never to record it, then commit the file.
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
        if mode == .all || mode == .failed {
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
            If this run is right, re-record it: run the test again with EARSHOT_RECORD=failed (or delete the file).
            """, at: site)
        return false
    }
}
