import ArgumentParser
import EarshotCalibration
import EarshotCore
import EarshotFiles
import EarshotReports
import EarshotScenario
import Foundation

extension Earshot {
    /// `earshot calibrate RECORDING…`: recordings of real VoiceOver replayed in Earshot, each
    /// utterance compared.
    struct Calibrate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Measure Earshot against recordings of real VoiceOver, and suggest the profile facts that would correct it.",
            discussion: """
                RECORDING is a recording file (NAME.recording.yaml or .json: the platform, OS version and \
                language, the screens as captures or scenes, and the moves with what VoiceOver said; \
                docs/calibration.md), or a folder searched for them. Each screen is made in the \
                recording's OS version and language, each move replayed, and what Earshot says compared \
                with what VoiceOver said, word by word: case, white space, curly quotes, separators \
                (VoiceOver's ", " as Earshot's ". " and ": "), hyphens inside a word and English number \
                words (four as 4) do not count. Each disagreement names the profile fact \
                (and its evidence) or the element's own text that gave Earshot its words.

                The configuration's profiles: (overlays) apply, unless --bundled-only. --suggest FILE \
                writes the overlay that would make Earshot say what VoiceOver said, where one profile fact \
                gave the words; name it in .earshot.yml (profiles: [FILE]) to use it. An overlay already at \
                FILE keeps its other facts.

                earshot convert turns what other tools print (Guidepup's spoken phrase log, Caption Panel \
                lines) into a recording.

                Exit status: 0 done (and agreement at least --threshold), 1 agreement below --threshold, \
                2 bad input (FILE:LINE:COLUMN: error: …), 3 a report not writable.

                Examples:
                  earshot calibrate Recordings/compose.recording.yaml
                  earshot calibrate Recordings --threshold 90 --report markdown:build/calibration.md
                  earshot calibrate Recordings --suggest earshot-overlay.yaml
                """
        )

        @Argument(help: "Recording files, or folders searched for *.recording.yaml, *.recording.yml and *.recording.json.")
        var recordings: [String] = []

        @Option(help: ArgumentHelp("Exit 1 when fewer than this percent of utterances agree (0–100).", valueName: "percent"))
        var threshold: Double?

        @OptionGroup var reporting: ReportOptions<CalibrationRun>

        @Option(help: ArgumentHelp("Write the profile overlay that would settle the disagreements to FILE.", valueName: "file"))
        var suggest: String?

        @Flag(name: .customLong("bundled-only"), help: "Compare with Earshot's bundled profiles alone, without the configuration's overlays.")
        var bundledOnly = false

        @OptionGroup var configFile: ConfigOptions

        @OptionGroup var project: ProjectOptions

        func validate() throws {
            if recordings.isEmpty { throw ValidationError("give at least one RECORDING file or folder") }
            if let threshold, !(0...100).contains(threshold) { throw ValidationError("--threshold \(NumberText.canonical(threshold)) (expected 0 to 100)") }
            _ = try reportTargets()
        }

        private func reportTargets() throws -> [(report: Reporting<CalibrationRun>, path: String)] {
            do {
                return try reporting.targets()
            } catch {
                throw ValidationError(error.message(option: "--report"))
            }
        }

        func run() throws {
            let boundary = project.boundary(named: recordings)
            let configuration = try loadAuditConfiguration(configFile.config, boundary: boundary)
            let files = try found()
            let (reports, suggestTarget) = try plannedOutputs(files: files)
            var loaded: [Recording] = []
            var problems: [Diagnostic] = []
            for file in files {
                do {
                    loaded.append(try Recording.load(path: file, boundary: boundary))
                } catch {
                    if error.isEnvironment { throw CommandError.loading(error) }
                    problems += error.diagnostics
                }
            }
            let calibrator = Calibrator(overlays: bundledOnly ? [] : configuration.overlays, boundary: boundary)
            var results: [RecordingResult] = []
            for recording in loaded {
                do {
                    results.append(try calibrator.calibrate(recording))
                } catch {
                    if error.isEnvironment { throw CommandError.loading(error) }
                    problems += error.diagnostics
                }
            }
            guard problems.isEmpty else { throw CommandError.loading(LoadError(problems)) }
            let run = CalibrationRun(results)
            printText(CalibrationFormats.text(run), terminator: "")

            var unwritten = 0
            for (format, path, target) in reports {
                do {
                    try format.write(run, to: target)
                } catch {
                    printError("\(Self.errorPrefix)cannot write the \(format.name) report \(FileError.describe(error, path: path))")
                    unwritten += 1
                }
            }
            if let suggest, let suggestTarget {
                unwritten += writeSuggestion(Suggestion(run), to: suggest, target: suggestTarget) ? 0 : 1
            }
            if unwritten > 0 { throw CommandError.environment([]) }
            if let threshold, run.agreement < threshold {
                printError("earshot calibrate: \(CalibrationFormats.percent(run.agreement)) of utterances agree, below --threshold \(NumberText.canonical(threshold))%")
                throw CommandError.failed
            }
        }

        /// The recording files named, and those found in the folders named (sorted), each once.
        private func found() throws -> [String] {
            var files: [String] = []
            var problems: [String] = []
            for path in recordings {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                    problems.append("\(path): no such file or folder")
                    continue
                }
                guard isFolder.boolValue else {
                    files.append(path)
                    continue
                }
                let enumerator = FileManager.default.enumerator(atPath: path)
                var inFolder: [String] = []
                while let name = enumerator?.nextObject() as? String {
                    if [".recording.yaml", ".recording.yml", ".recording.json"].contains(where: name.hasSuffix) {
                        inFolder.append((path as NSString).appendingPathComponent(name))
                    }
                }
                if inFolder.isEmpty { problems.append("\(path): no *.recording.yaml, *.recording.yml or *.recording.json in the folder") }
                files += inFolder.sorted()
            }
            try refuse(problems, command: "calibrate")
            var seen: Set<String> = []
            return files.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
        }

        /// The reports and the overlay, checked against each other and the recordings before anything is read.
        private func plannedOutputs(files: [String]) throws -> ([(Reporting<CalibrationRun>, String, OutputPath.Target)], OutputPath.Target?) {
            var plan = OutputPlan()
            var problems: [String] = []
            for file in files { plan.reads(file, as: "the recording") }
            if let file = configurationFile(configFile.config) { plan.reads(file, as: "the configuration") }
            let targets = checkedReports(try reportTargets(), plan: &plan, problems: &problems)
            var suggestTarget: OutputPath.Target?
            if let suggest {
                switch OutputPath.file(suggest) {
                case .failure(let problem): problems.append("--suggest '\(suggest)' \(problem.message)")
                case .success(let target):
                    suggestTarget = target
                    plan.writes(suggest, as: "--suggest")
                    if case .path(let path) = target, FileManager.default.fileExists(atPath: path), DocumentKind.of(path: path) != .overlay {
                        problems.append("--suggest '\(suggest)' is a file that is not a profile overlay; Earshot replaces only an overlay there")
                    }
                }
            }
            try refuse(problems + plan.conflicts, command: "calibrate")
            return (targets, suggestTarget)
        }

        /// Writes the suggested overlay, over the facts of an overlay already there; says what it wrote.
        private func writeSuggestion(_ suggestion: Suggestion, to path: String, target: OutputPath.Target) -> Bool {
            var overlay = suggestion.overlay
            if case .path(let file) = target, FileManager.default.fileExists(atPath: file), let existing = try? ProfileOverlay.load(path: file) {
                let kept = existing.facts.filter { old in
                    !overlay.facts.contains { $0.path == old.path && $0.platform == old.platform && $0.language == old.language }
                }
                overlay = ProfileOverlay(name: existing.name, facts: kept + overlay.facts)
            }
            let header = ["Profile facts real VoiceOver showed (earshot calibrate --suggest): name this file in .earshot.yml,",
                          "profiles: [\((path as NSString).lastPathComponent)], and every run, audit and calibrate uses them (docs/calibration.md)."]
            do {
                try OutputPath.write(overlay.yaml(header: header), to: target)
            } catch {
                printError("\(Self.errorPrefix)cannot write the overlay \(FileError.describe(error, path: path))")
                return false
            }
            for conflict in suggestion.conflicts {
                printError("earshot calibrate: warning: \(conflict.at) asks \(conflict.path) to be \"\(conflict.value)\"; the overlay takes the value more moves ask")
            }
            printText("wrote \(path): \(suggestion.overlay.facts.count) profile fact\(suggestion.overlay.facts.count == 1 ? "" : "s")"
                      + (suggestion.unsettled > 0 ? "; \(suggestion.unsettled) disagreeing move\(suggestion.unsettled == 1 ? "" : "s") no profile fact settles" : ""))
            return true
        }
    }
}

extension Earshot {
    /// `earshot convert FORMAT INPUT`: a recording from what another tool printed.
    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a recording from what another tool printed: Guidepup's spoken phrase log, or Caption Panel lines.",
            discussion: """
                guidepup reads the log spokenPhraseLog() returns (a JSON array, the array as console.log \
                prints it, or a phrase a line), each phrase after a move to the next item. captions reads \
                utterances typed from VoiceOver's Caption Panel, one a line, each a move to the next \
                element unless the line starts with a gesture and a colon (activate: Sent); # starts a \
                comment. The recording has one screen: --capture (a capture earshot import reads) or \
                --scene (a scene file), written relative to the recording.

                Examples:
                  earshot convert guidepup log.json --platform macos --os 26 --scene mail.yaml -o mail.recording.yaml
                  earshot convert captions panel.txt --os 27 --capture inbox.xml -o inbox.recording.yaml
                """
        )

        @Argument(help: ArgumentHelp("guidepup or captions.", valueName: "format"))
        var input: String

        @Argument(help: "The file the tool printed (- for standard input).")
        var file: String

        @Option(help: "ios, ipados, macos, watchos or visionos.")
        var platform: Platform = .ios

        @Option(help: "The OS version VoiceOver ran on.")
        var os: String

        @Option(help: "VoiceOver's language.")
        var language = "en"

        @Option(help: "The screen as a capture file.")
        var capture: String?

        @Option(help: "The screen as a scene file.")
        var scene: String?

        @Option(help: "Where the recording comes from (default: the tool and the file).")
        var source: String?

        @Flag(name: .customLong("no-hints"), help: "The utterances hold no hints.")
        var noHints = false

        @Option(name: .shortAndLong, help: "The recording to write (NAME.recording.yaml).")
        var output: String

        func validate() throws {
            guard RecordingConverter.Input(rawValue: input) != nil else {
                let names = RecordingConverter.Input.allCases.map(\.rawValue)
                throw ValidationError("unknown format '\(input)' (expected \(names.joined(separator: " or ")))"
                                      + (TextMatching.nearest(to: input, in: names).map { "; did you mean '\($0)'?" } ?? ""))
            }
            if (capture == nil) == (scene == nil) { throw ValidationError("give the screen as exactly one of --capture and --scene") }
        }

        func run() throws {
            let format = RecordingConverter.Input(rawValue: input)!
            let target: OutputPath.Target
            switch OutputPath.file(output) {
            case .failure(let problem): throw CommandError.badInput("\(Self.errorPrefix)-o '\(output)' \(problem.message)")
            case .success(let found): target = found
            }
            if FileManager.default.fileExists(atPath: output) {
                throw CommandError.badInput("\(Self.errorPrefix)-o '\(output)' exists; Earshot does not replace a recording (expected a new file)")
            }
            let data: Data
            if file == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                switch InputFile.read(file) {
                case .success(let bytes): data = bytes
                case .failure(let problem):
                    let line = "\(Self.errorPrefix)\(file) \(problem.message)"
                    throw problem.isEnvironment ? CommandError.environment(line) : CommandError.badInput(line)
                }
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw CommandError.badInput("\(file):1:1: error: the file is not valid UTF-8 (expected UTF-8 text)")
            }
            let moves: [Recording.Move]
            do {
                moves = try RecordingConverter.moves(format, text: text, file: file)
            } catch let problem as RecordingConverter.Problem {
                throw CommandError.badInput("\(file):\(problem.line):\(problem.column): error: \(problem.message)")
            }
            guard !moves.isEmpty else { throw CommandError.badInput("\(file):1:1: error: no utterance in the file (expected \(format == .guidepup ? "a spoken phrase log" : "a line per utterance"))") }
            let screen = Recording.Screen(name: "screen", origin: capture.map { .capture($0) } ?? .scene(scene!), moves: moves)
            let recording = Recording(name: (output as NSString).lastPathComponent.replacingOccurrences(of: ".recording.yaml", with: ""),
                                      platform: platform, os: os, language: language, hints: !noHints,
                                      source: source ?? "\(format == .guidepup ? "Guidepup's spoken phrase log" : "Caption Panel lines") in \(file)",
                                      recorder: format == .guidepup ? .guidepup : .captions, screens: [screen])
            // What is written loads as a recording, or the conversion is bad input now, not later.
            do {
                _ = try Recording.load(yaml: recording.yaml, file: output, relativeTo: (output as NSString).deletingLastPathComponent)
            } catch {
                throw CommandError.loading(error)
            }
            do {
                try OutputPath.write(recording.yaml, to: target)
            } catch {
                throw CommandError.environment("\(Self.errorPrefix)cannot write \(FileError.describe(error, path: output))")
            }
            printText("wrote \(output): \(moves.count) move\(moves.count == 1 ? "" : "s") from \(file)")
        }
    }
}
