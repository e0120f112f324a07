import ArgumentParser
import EarshotAudit
import EarshotCore
import EarshotFiles
import EarshotReader
import EarshotReports
import EarshotRunner
import EarshotScenario
import Foundation

extension Earshot {
    /// `earshot explore SCENE`: drive the screen reader by hand, one gesture a line.
    struct Explore: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Explore a scene by hand: type gestures, hear (read) what the screen reader says as you go.",
            discussion: """
                Each line is a step as a scenario writes it (swipeRight, touch: compose, type: hello, \
                rotor: actions, vo: right, key: tab, expect: "Compose. Button.", audit) or one of the \
                keys below; what the step makes VoiceOver (TalkBack for an Android scene) say is printed at \
                once, as the transcript shows it.

                \(Keys.help(for: .ios))
                On Android: \(Keys.androidDifference).

                Standard input may be a terminal or a file: `earshot explore mail.yaml < steps.txt`. \
                A line longer than \(InputLines.maximumLength / 1024) KB is refused (and skipped), not read.
                """
        )

        @Argument(help: "A scene or scenario YAML file.")
        var scene: String

        @OptionGroup var platform: SceneOptions

        @OptionGroup var hinting: HintOptions

        @Option(help: "Write the gestures that acted, each with what was spoken and where focus is, as a scenario FILE.yaml (and its golden transcript) when the session ends. Neither may exist yet.")
        var record: String?

        @OptionGroup var project: ProjectOptions

        func run() throws {
            let boundary = project.boundary(named: [self.scene] + (record.map { [$0] } ?? []))
            if let record { try checkRecording(record) }
            let scene = try loadScene(self.scene, boundary: boundary, os: platform.os, language: platform.language)
            var session = ExploreSession(reader: ScreenReader(scene: scene, hints: !hinting.noHints))
            let interactive = isatty(STDIN_FILENO) == 1
            if interactive { printText("\(scene.name): \(Keys.oneLine(for: scene.platform))") }
            var lines = InputLines(descriptor: STDIN_FILENO)
            while true {
                if interactive { writeStandard("> ", to: STDOUT_FILENO) }
                guard let line = lines.next() else { break }
                guard case .line(let text) = line else {
                    printText("line \(lines.number): longer than \(InputLines.maximumLength / 1024) KB, skipped (expected a step or a key)")
                    continue
                }
                guard let output = session.handle(text) else { break }
                if !output.isEmpty { printText(output) }
                // Printed at once, as the help says, even into a pipe (`earshot explore < steps | tee`),
                // where standard output is otherwise written only when its buffer fills.
                fflush(nil)   // every output stream: standard output among them
            }
            if let record { try writeRecording(session, to: record, scene: scene, boundary: boundary) }
        }

        /// What `--record` will write, checked before the session: neither the scenario nor its
        /// golden transcript may exist (nothing is overwritten), and the folder must take them.
        private func checkRecording(_ path: String) throws {
            var info = stat()
            let golden = Self.goldenPath(for: path)
            for (file, what) in [(path, "--record '\(path)'"), (golden, "its golden transcript '\(golden)'")] where lstat(file, &info) == 0 {
                throw CommandError.badInput("\(Self.errorPrefix)\(what) exists; name a new file (nothing is overwritten)")
            }
            let written = (path as NSString).deletingLastPathComponent
            let folder = written.isEmpty ? "." : written
            guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw CommandError.badInput("\(Self.errorPrefix)--record '\(path)': the folder '\(folder)' does not exist")
            }
            guard access(folder, W_OK | X_OK) == 0 else {
                throw CommandError.environment("\(Self.errorPrefix)--record '\(path)': the folder '\(folder)' is not writable (\(String(cString: strerror(errno))))")
            }
        }

        /// The golden transcript's path as the user wrote the scenario's (``Golden/path(for:)`` makes it absolute).
        static func goldenPath(for path: String) -> String {
            (path as NSString).deletingPathExtension + ".transcript"
        }

        /// The session as a scenario beside `path`'s folder, naming the scene by a path relative
        /// to it, and its golden transcript, which the scenario then matches when run. Neither
        /// replaces a file: one made meanwhile (another session's) sends the recording to the next
        /// free name (`NAME-2.yaml`), said as bad input (2); one that cannot be written is the
        /// machine's problem (3), and the scenario is printed, so that the session is not lost.
        private func writeRecording(_ session: ExploreSession, to path: String, scene: Scene, boundary: ProjectBoundary) throws {
            let requested = URL(fileURLWithPath: path).standardizedFileURL
            var file = requested
            for attempt in 1...100 {
                if attempt > 1 {
                    let name = requested.deletingPathExtension().lastPathComponent + "-\(attempt)"
                    let ext = requested.pathExtension
                    file = requested.deletingLastPathComponent().appendingPathComponent(ext.isEmpty ? name : name + "." + ext)
                }
                var info = stat()
                if attempt > 1, lstat(Golden.path(for: file.path), &info) == 0 { continue }
                let sceneFile = URL(fileURLWithPath: scene.location.file).standardizedFileURL
                let yaml = "scenario: \(YAMLText.quoted("Recorded in " + scene.name))\n"
                    + "scene: \(YAMLText.quoted(FilePath.relative(from: file.deletingLastPathComponent().path, to: sceneFile.path) ?? sceneFile.path))\n"
                    + "steps:\n" + session.recorded.joined(separator: "\n") + (session.recorded.isEmpty ? "  []\n" : "\n")
                do {
                    try AtomicFile.writeNew(Data(yaml.utf8), to: file)
                } catch is AtomicFile.Exists {
                    continue
                } catch {
                    printText(yaml, terminator: "")
                    throw CommandError.environment("\(Self.errorPrefix)the recording could not be written \(FileError.describe(error, path: file.path)); it is printed above")
                }
                let golden = Golden.path(for: file.path)
                do {
                    let scenario = try ScenarioLoader.load(path: file.path, boundary: boundary)
                    let result = ScenarioRunner(hints: !hinting.noHints).run(scenario)
                    try AtomicFile.writeNew(Data(result.transcript.utf8), to: URL(fileURLWithPath: golden))
                } catch let error as LoadError {
                    throw CommandError.loading(error)
                } catch {
                    throw CommandError.environment("earshot explore: wrote \(file.path), but not its golden transcript \(FileError.describe(error, path: golden))")
                }
                let shown = attempt == 1 ? path : file.path
                printError("earshot explore: wrote \(shown) (\(session.recorded.count / 2) steps) and \(Self.goldenPath(for: shown))")
                if attempt > 1 {
                    throw CommandError.badInput("\(Self.errorPrefix)--record '\(path)' was made while the session ran; nothing is overwritten: the recording is \(file.path)")
                }
                return
            }
            throw CommandError.badInput("\(Self.errorPrefix)--record '\(path)' and 99 names after it exist; nothing is overwritten")
        }
    }
}

/// Standard input's lines, each at most ``maximumLength`` bytes: a longer one is refused as it
/// is read, and its bytes let go, so a line of many megabytes neither fills memory nor takes
/// minutes to parse (an 8 MB line took 24 s and 1.5 GB).
struct InputLines {
    static let maximumLength = 64 * 1024

    enum Line: Equatable {
        case line(String)
        case tooLong
    }

    let descriptor: Int32
    /// The number of the line last returned.
    private(set) var number = 0
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false

    init(descriptor: Int32) { self.descriptor = descriptor }

    mutating func next() -> Line? {
        var tooLong = false
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[start..<newline]
                start = newline + 1
                number += 1
                if tooLong || line.count > Self.maximumLength { return .tooLong }
                return .line(String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self))
            }
            if buffer.count - start > Self.maximumLength {
                // Past the limit with no line feed yet: the rest of the line is read and dropped.
                tooLong = true
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            if ended {
                guard start < buffer.count || tooLong else { return nil }
                let line = buffer[start...]
                buffer.removeAll()
                start = 0
                number += 1
                return tooLong ? .tooLong : .line(String(decoding: line, as: UTF8.self))
            }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { ended = true } else { buffer += chunk.prefix(count) }
        }
    }
}

/// The one-key gestures of `earshot explore`: the gestures' `key`s (``Gesture/Kind/key``).
enum Keys {
    /// The keys of the gestures the platform's screen reader has.
    static func table(for platform: Platform) -> [(key: String, step: String)] {
        Gesture.Kind.all.filter { $0.applies(to: platform) }.compactMap { kind in kind.key.map { ($0, kind.name) } }
    }

    static func help(for platform: Platform) -> String {
        "Keys: " + table(for: platform).map { "\($0.key) \($0.step)" }.joined(separator: ", ")
            + "; t the scope now (as earshot tree), ? help, q quit."
    }

    /// The first line a terminal session prints: the keys most used, the way out of a sheet being
    /// the reader's own (VoiceOver's scrub, TalkBack's Back).
    static func oneLine(for platform: Platform) -> String {
        let out = Gesture.Kind.escape(on: platform)
        return "n/p next/previous, d double tap, \(out.key ?? out.name) \(out.name), t scope, ? help, q quit"
    }

    /// What the help adds for Android: the keys of TalkBack's own gestures, and the gestures it
    /// lacks (`b back for TalkBack's Back, and no scrub, magicTap, swipeToDismiss or vo`).
    static var androidDifference: String {
        let own = table(for: .android).filter { !table(for: .ios).map(\.key).contains($0.key) }
            .map { "\($0.key) \($0.step)" }.joined(separator: ", ")
        let missing = Gesture.Kind.all.filter { !$0.applies(to: .android) }.map(\.name)
        let list = missing.count > 1 ? missing.dropLast().joined(separator: ", ") + " or " + missing.last! : missing.joined()
        return "\(own) for TalkBack's Back, and no \(list)"
    }
}

/// One exploring session: a reader and what each line of input does to it.
struct ExploreSession {
    var reader: ScreenReader
    /// Each gesture that acted, as a scenario step, and an `expect:` of what it spoke and where
    /// focus went (`--record`).
    var recorded: [String] = []

    /// Records a gesture that acted, as it was typed (quotes kept, so that `touch: "Sort: Price"`
    /// reads back as one step), with the expectations it now meets.
    private mutating func record(_ step: ScenarioStep) {
        recorded.append("  - " + step.source)
        var checks: [String] = []
        if let said = reader.lastDescription { checks.append("speech: " + YAMLText.quoted(said)) }
        if let focused = reader.focused { checks.append("focus: " + YAMLText.quoted(focused.id ?? focused.label)) }
        recorded.append("  - expect: { " + (checks.isEmpty ? "presented: \(reader.presented.map(YAMLText.quoted) ?? "none")" : checks.joined(separator: ", ")) + " }")
    }

    /// The text to print for a line of input; nil to stop.
    mutating func handle(_ line: String) -> String? {
        let text = line.trimmingCharacters(in: .whitespaces)
        switch text {
        case "": return ""
        case "q", "quit", "exit": return nil
        case "?", "help": return Keys.help(for: reader.scene.platform)
        case "t", "tree":
            let tree = SceneTree(scene: reader.scene, state: reader.state, hints: reader.hints)
            return tree.text
        default: break
        }
        let written = Keys.table(for: reader.scene.platform).first { $0.key == text }?.step ?? text
        let step: ScenarioStep
        do {
            step = try ScenarioStep.parse(written)
        } catch {
            return error.description
        }
        if case .gesture(let gesture) = step.action, let problem = gesture.kind.problem(on: reader.scene.platform) {
            return LoadError(problem, at: step.location, expected: "a \(reader.scene.platform.reader.displayName) step").description
        }
        switch step.action {
        case .expect(let expectations):
            return expectations.map { expectation in
                guard let mismatch = expectation.mismatch(in: reader) else { return "✓ \(expectation.key)" }
                return "✗ \(expectation.key)\n    expected: \(mismatch.expected)\n    actual:   \(mismatch.actual)"
            }.joined(separator: "\n")
        case .audit:
            let report = Auditor(scene: reader.scene).run(from: reader)
            return AuditFormats.text([SceneAudit(file: reader.scene.location.file, scene: reader.scene.name, report: report)])
        case .gesture(let gesture):
            let failures = reader.failures.count
            gesture.perform(on: &reader)
            var output = Transcript.block(reader.steps.last!).trimmingCharacters(in: .newlines)
            for failure in reader.failures.dropFirst(failures) { output += "\n  cannot act: \(failure.message)" }
            if reader.failures.count == failures { record(step) }
            return output
        }
    }
}
