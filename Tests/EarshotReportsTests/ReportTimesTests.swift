import EarshotCore
import EarshotFiles
import EarshotReader
@testable import EarshotReports
@testable import EarshotScenario
import EarshotSpeech
@testable import EarshotSuite
import EarshotTestSupport
import Foundation
import Testing

/// The times in the reports: a spoken run's are those of its audio (what the WebVTT
/// captions say), a headless run's the reader's estimate, and each report says which.
@Suite("Report times")
struct ReportTimesTests {
    /// The mail scene the suite audio tests speak (Send's announcement is swallowed by the dismissal).
    static let scene = TestScenes.smallMail

    /// Scenarios with earcons, an interrupted announcement (swallowed by the dismissal) and a boundary.
    static let bodies = [
        "  - touch: Compose\n  - doubleTap\n  - doubleTap\n  - swipeRight\n  - swipeRight\n  - swipeRight\n",
        "  - swipeRight\n  - readAll\n  - wait: 2s\n  - swipeLeft\n",
    ]

    func files() throws -> (folder: URL, files: [String]) {
        let dir = testTemporaryDirectory.appendingPathComponent("earshot-report-times-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Self.scene.write(to: dir.appendingPathComponent("mail.yaml"), atomically: true, encoding: .utf8)
        var files: [String] = []
        for (index, body) in Self.bodies.enumerated() {
            let file = dir.appendingPathComponent("s\(index).yaml")
            try "scenario: S\(index)\nscene: mail.yaml\nsteps:\n\(body)".write(to: file, atomically: true, encoding: .utf8)
            files.append(file.path)
        }
        return (dir, files)
    }

    func run(_ files: [String], audio: URL?) async throws -> Suite.Outcome {
        var options = Suite.Options()
        if let audio {
            options.audioFolder = audio
            options.engine = ToneEngine()
        } else {
            options.headless = true
        }
        return try await Suite(options: options).run(files: files)
    }

    /// The JSON report, decoded as a CI tool reads it.
    struct Report: Decodable {
        var file: String
        var clock: String
        var steps: [Step]
        struct Step: Decodable { var events: [Event] }
        struct Event: Decodable {
            var type: String
            var text: String?
            var earcon: String?
            var interrupted: Bool?
            var time: Double?
            var duration: Double?
        }

        /// What is heard, in order: speech spoken to its end and earcons.
        var heard: [Event] {
            steps.flatMap(\.events).filter { ($0.type == "speech" && $0.interrupted == false) || $0.type == "earcon" }
        }
    }

    func reports(_ outcome: Suite.Outcome) throws -> [Report] {
        try JSONDecoder().decode([Report].self, from: Data(try Reports.json(outcome.results).utf8))
    }

    /// A WebVTT file's cues: text, start and end in milliseconds.
    func cues(_ url: URL) throws -> [(text: String, start: Int, end: Int)] {
        func milliseconds(_ stamp: Substring) -> Int {
            let parts = stamp.split(separator: ":")
            let seconds = parts[2].split(separator: ".")
            return ((Int(parts[0])! * 60 + Int(parts[1])!) * 60 + Int(seconds[0])!) * 1000 + Int(seconds[1])!
        }
        let blocks = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n\n").dropFirst()
        return blocks.map { block in
            let lines = block.split(separator: "\n")
            let times = lines[1].components(separatedBy: " --> ")
            return (String(lines[2]), milliseconds(times[0][...]), milliseconds(times[1][...]))
        }
    }

    @Test func aSpokenRunsReportGivesEachUtteranceAndEarconTheTimeOfItsCaption() async throws {
        let (dir, files) = try files()
        let audio = dir.appendingPathComponent("Audio")
        let outcome = try await run(files, audio: audio)
        var earcons = 0
        for report in try reports(outcome) {
            #expect(report.clock == "audio")
            let captions = try cues(audio.appendingPathComponent(OutputName.of(file: report.file) + ".vtt"))
            let heard = report.heard
            try #require(heard.count == captions.count)
            earcons += heard.filter { $0.type == "earcon" }.count
            for (event, cue) in zip(heard, captions) {
                #expect(event.text ?? Earcon(rawValue: event.earcon ?? "")?.cueText == cue.text)
                #expect(Int((try #require(event.time) * 1000).rounded()) == cue.start, "\(cue.text)")
                if let duration = event.duration {
                    #expect(abs(Int(((event.time! + duration) * 1000).rounded()) - cue.end) <= 1, "\(cue.text)")
                }
            }
        }
        #expect(earcons >= 3)
        // The swallowed announcement has no length and starts where the audio then stood: with what is heard next.
        let events = outcome.results[0].steps.flatMap(\.events)
        let index = try #require(events.firstIndex { $0.utterance?.interrupted == true })
        let swallowed = events[index].utterance!
        #expect(swallowed.text == "Message sent" && swallowed.duration == 0)
        let next = try #require(events[(index + 1)...].first { $0.earcon != nil || $0.utterance?.interrupted == false })
        if case .earcon(_, let at) = next {
            #expect(swallowed.start == at)
        } else {
            #expect(swallowed.start == next.utterance?.start)
        }
    }

    @Test func scenariosWhoseAudioIsAlreadyCurrentReportTheSameTimes() async throws {
        let (dir, files) = try files()
        let audio = dir.appendingPathComponent("Audio")
        let first = try await run(files, audio: audio)
        let second = try await run(files, audio: audio)   // every file current: nothing is written
        #expect(second.synthesized == 0)
        #expect(try Reports.json(second.results) == Reports.json(first.results))
        #expect(second.results.map(\.length) == first.results.map(\.length))
    }

    /// Current files whose utterances the cache no longer holds cannot give their lengths: they are spoken again.
    @Test func currentFilesWhoseUtterancesLeftTheCacheAreSpokenAgain() async throws {
        let (dir, files) = try files()
        let audio = dir.appendingPathComponent("Audio")
        let first = try await run(files, audio: audio)
        for pack in UtteranceCache.inside(audio).packs() { try FileManager.default.removeItem(atPath: pack) }
        let again = try await run(files, audio: audio)
        #expect(again.synthesized == first.synthesized)
        #expect(try Reports.json(again.results) == Reports.json(first.results))
    }

    @Test func aHeadlessRunsReportSaysItsTimesAreEstimated() async throws {
        let (_, files) = try files()
        let outcome = try await run(files, audio: nil)
        let reports = try reports(outcome)
        #expect(reports.map(\.clock) == ["estimated", "estimated"])
        let first = try #require(reports[0].heard.first)
        #expect(first.time == 0)
        #expect(first.duration == (SpeechDuration.seconds("Compose. Button.", rate: 175) * 1000).rounded() / 1000)
    }

    /// An earcon and the silence after it last as long on the reader's clock as in the audio:
    /// what follows an earcon follows it as closely on both (within the reports' rounding).
    @Test func anEarconTakesAsLongOnBothClocks() async throws {
        let (dir, files) = try files()
        let spoken = try reports(try await run([files[0]], audio: dir.appendingPathComponent("Audio")))[0].heard
        let headless = try reports(try await run([files[0]], audio: nil))[0].heard
        try #require(spoken.count == headless.count)
        var earcons = 0
        for index in spoken.indices.dropLast() where spoken[index].type == "earcon" {
            let audio = spoken[index + 1].time! - spoken[index].time!
            let estimate = headless[index + 1].time! - headless[index].time!
            #expect(abs(audio - estimate) <= 0.0015, "\(spoken[index].earcon ?? "")")
            earcons += 1
        }
        #expect(earcons >= 2)
    }

    @Test func junitGivesEachScenarioItsLengthAndTheSuiteItsClock() async throws {
        let (dir, files) = try files()
        let audio = dir.appendingPathComponent("Audio")
        let spoken = try await run(files, audio: audio)
        let xml = Reports.junit(spoken.results)
        #expect(xml.contains("<property name=\"clock\" value=\"audio\"/>"))
        for result in spoken.results {
            // The scenario's WAV, header aside: 16-bit samples at 22,050 Hz.
            let wav = audio.appendingPathComponent(OutputName.of(file: result.file) + ".wav")
            let bytes = try #require(try FileManager.default.attributesOfItem(atPath: wav.path)[.size] as? Int)
            let seconds = Double(bytes - 44) / 2 / 22050
            #expect(xml.contains("file=\"\(result.file)\" line=\"1\" time=\"\(String(format: "%.3f", result.runSeconds))\">\n      <properties><property name=\"length\" value=\"\(String(format: "%.3f", seconds))\"/>"))
        }

        let headless = try await run(files, audio: nil)
        let estimated = Reports.junit(headless.results)
        #expect(estimated.contains("<property name=\"clock\" value=\"estimated\"/>"))
        #expect(estimated.contains("<property name=\"length\" value=\"\(String(format: "%.3f", headless.results[1].length))\"/>"))
    }
}
