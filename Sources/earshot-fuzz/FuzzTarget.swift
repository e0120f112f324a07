import CEarshotReadings
import EarshotAudit
import EarshotCalibration
import EarshotCapture
import EarshotCore
import EarshotFiles
import EarshotRunner
import EarshotScenario
import EarshotSpeech
import EarshotSuite
import Foundation

/// What one fuzz input is fed to, chosen by its first byte (modulo the number of targets);
/// the rest of the input is the text.
///
/// ```
/// 0x00 scene: root: [ { button: OK } ]        -> SceneLoader.load(yaml:)
/// 0x01 scenario: A …                          -> ScenarioLoader.load(yaml:)
/// 0x02 <?xml … ⟨NUL⟩ <?xml …                  -> Capture.read, SceneImporter, the imported scene loaded
/// 0x03 base: c1 … ⟨NUL⟩ <?xml …               -> a scene file with `base:` whose captures are c1, c2, …
/// 0x04 (any bytes)                            -> a file: ScenarioLoader.isScenarioFile, then load(path:)
/// 0x05 rules: { sheet-grabber: off } …        -> AuditConfiguration.load(yaml:) (`.earshot.yml`)
/// 0x06 scenario: A …                          -> run, then every report of the run and of an audit
/// 0x07 GOLDEN ⟨NUL⟩ ACTUAL                     -> the golden transcript's line diff
/// 0x08 KIND TEXT ⟨NUL⟩ BYTES                   -> a speech worker's hello or its answer to TEXT
/// 0x09 (any bytes)                            -> a file in a folder `earshot run` searches: Suite.discover
/// 0x0A 鷗外と髙橋 …                             -> the speech worker's Japanese reading (MeCab, Unihan)
/// 0x0B recording: R … ⟨NUL⟩ <?xml …             -> a recording (captures c1, c2, … beside it) calibrated, or a profile overlay
/// ```
///
/// A thrown `LoadError` or `CaptureError` is an ordinary outcome; a crash, a hang or
/// unbounded memory is a finding.
enum FuzzTarget: UInt8, CaseIterable {
    /// A scene file's text.
    case scene = 0
    /// A scenario file's text (its `scene:` path leads nowhere: the folder is empty).
    case scenario = 1
    /// Captures separated by NUL bytes: the screen, then the captures of one presentation
    /// over it (one per detent).
    case capture = 2
    /// A scene file's text, then NUL-separated captures saved as `c1`, `c2`, … beside it, for
    /// `base: { capture: c1, sheets: … }`.
    case basedScene = 3
    /// A file's bytes, loaded by path as `earshot run` and `earshot tree` load one: a scenario
    /// when `ScenarioLoader.isScenarioFile` says so, else a scene (a capture is imported). This
    /// is the way to bytes that are not UTF-8, a byte order mark, and a scene path that leads
    /// back to its own file.
    case file = 4
    /// An audit configuration file's text (`.earshot.yml`).
    case configuration = 5
    /// A scenario file's text: loaded, run, and every report format written from its result and
    /// from an audit of its scene, each checked to be a valid file of its format (``OutputChecks``).
    case reports = 6
    /// Two transcripts split at the first NUL: the golden diff between them, checked against both.
    case goldenDiff = 7
    /// What a speech worker sends: a byte choosing its hello (even) or its answer to a text (odd),
    /// the text, NUL, then the bytes as the worker would write them to its socket
    /// (``SpeechWorker/accepts(_:asHello:text:sampleRate:)``): no length it claims may make Earshot
    /// allocate more than the request can bring back.
    case workerReply = 8
    /// A file's bytes in a folder, found as `earshot run FOLDER` finds scenarios
    /// (``Suite/discover(_:)``): a file the scenario loader loads is never passed over, and one
    /// found as a scenario is one the loader takes for a scenario.
    case discovery = 9
    /// A text read as the speech worker reads Japanese (`readings_read`, MeCab then Unihan): every
    /// ideograph is read or left out, and every word mark lands inside the text sent.
    case readings = 10
    /// A recording's text, then NUL-separated captures saved as `c1`, `c2`, … beside it: loaded
    /// and, where it loads, calibrated (its screens imported, every move replayed, traced and
    /// suggested for). A text whose first key is `overlay` is read as a profile overlay.
    case recording = 11

    /// The most captures one input holds (`c1` to `c4`), so that the files an input leaves are
    /// always the same ones.
    static let maximumCaptures = 4

    /// Whether an imported scene that does not load is a finding: a bug in the importer (the two
    /// the fuzzer found, a line break or control character in a type, are fixed and in the tests).
    /// `EARSHOT_FUZZ_IMPORT_MUST_LOAD=0` counts it as bad input instead.
    static let importMustLoad = ProcessInfo.processInfo.environment["EARSHOT_FUZZ_IMPORT_MUST_LOAD"] != "0"

    /// The target an input's first byte names.
    init(selector: UInt8) {
        self = FuzzTarget(rawValue: selector % UInt8(FuzzTarget.allCases.count))!
    }

    /// The name a person knows the target by (replay output, the seed corpus).
    var name: String {
        switch self {
        case .scene: "scene"
        case .scenario: "scenario"
        case .capture: "capture"
        case .basedScene: "based-scene"
        case .file: "file"
        case .configuration: "configuration"
        case .reports: "reports"
        case .goldenDiff: "golden-diff"
        case .workerReply: "worker-reply"
        case .discovery: "discovery"
        case .readings: "readings"
        case .recording: "recording"
        }
    }

    /// What became of one input.
    enum Outcome {
        case loaded
        /// Bad input, said the way Earshot says it to a user (the first problem only).
        case rejected(String)
        /// Not run: its YAML could name a file outside the fuzzer's folder.
        case skipped(String)
    }

    /// Feeds one input (selector byte first) to its target.
    static func run(_ input: UnsafeBufferPointer<UInt8>, in sandbox: Sandbox) -> Outcome {
        guard let selector = input.first else { return .skipped("empty input") }
        return FuzzTarget(selector: selector).run(Array(input.dropFirst()), in: sandbox)
    }

    /// What a scene holds, without where it was written: two loads of one scene agree on it.
    static func shape(of scene: Scene) -> [String] {
        scene.elements.map { element in
            "\(element.role) \(element.label) \(element.id ?? "-") \(element.value) \(element.hint ?? "-") "
                + "\(String(describing: element.frame)) \(element.enabled) \(element.hidden) \(element.surface) \(element.children)"
        } + scene.presentations.values.sorted { $0.id < $1.id }.map { "\($0.id) \($0.style) \($0.detents.map(\.id)) \($0.selected) \($0.grabber) \(String(describing: $0.undimmed))" }
    }

    func run(_ bytes: [UInt8], in sandbox: Sandbox) -> Outcome {
        switch self {
        case .scene, .scenario:
            let text = String(decoding: bytes, as: UTF8.self)
            if let reason = Sandbox.pathOutside(in: text) { return .skipped(reason) }
            do throws(LoadError) {
                if self == .scene {
                    _ = try SceneLoader.load(yaml: text, file: "fuzz.yaml", relativeTo: sandbox.emptyFolder, boundary: sandbox.boundary)
                } else {
                    _ = try ScenarioLoader.load(yaml: text, file: "fuzz.yaml", relativeTo: sandbox.emptyFolder, boundary: sandbox.boundary)
                }
                return .loaded
            } catch {
                return .rejected(error.diagnostics.first?.description ?? "LoadError without a diagnostic")
            }

        case .capture:
            let parts = Self.parts(bytes).map { String(decoding: $0, as: UTF8.self) }
            do throws(CaptureError) {
                let screen = try Capture.read(parts[0], file: "screen")
                var captures: [Capture] = []
                for (index, part) in parts.dropFirst().enumerated() {
                    captures.append(try Capture.read(part, file: "detent\(index + 1)"))
                }
                let presentations = captures.isEmpty ? [] : [SceneImporter.PresentationCaptures(id: "sheet", captures: captures)]
                let imported = try SceneImporter.scene(from: screen, presentations: presentations)
                let scene: Scene
                do throws(LoadError) {
                    scene = try SceneLoader.load(document: imported.document)
                } catch {
                    let message = "the imported scene does not load: " + (error.diagnostics.first?.description ?? "")
                    if Self.importMustLoad { fatalError(message) }
                    return .rejected(message)
                }
                // The scene file `earshot import -o` writes is the imported scene, read back.
                do throws(LoadError) {
                    let written = try SceneLoader.load(yaml: imported.yaml, file: "imported.yaml")
                    if Self.importMustLoad, Self.shape(of: written) != Self.shape(of: scene) {
                        fatalError("the written scene file reads back as another scene:\n\(imported.yaml)")
                    }
                } catch {
                    let message = "the written scene file does not load: " + (error.diagnostics.first?.description ?? "")
                    if Self.importMustLoad { fatalError(message) }
                    return .rejected(message)
                }
                return .loaded
            } catch {
                return .rejected(error.description)
            }

        case .file:
            let path = sandbox.placeFile(bytes)
            let isScenario = ScenarioLoader.isScenarioFile(path)
            // A scene file that holds a capture is imported, never read as YAML (XML always has a '/').
            if isScenario || !Sandbox.isCapture(bytes[...]),
               let reason = Sandbox.pathOutside(in: String(decoding: bytes, as: UTF8.self)) {
                return .skipped(reason)
            }
            do throws(LoadError) {
                if isScenario {
                    _ = try ScenarioLoader.load(path: path, boundary: sandbox.boundary)
                } else {
                    _ = try SceneLoader.load(path: path, boundary: sandbox.boundary)
                }
                return .loaded
            } catch {
                return .rejected(error.diagnostics.first?.description ?? "LoadError without a diagnostic")
            }

        case .configuration:
            // The baseline path is only resolved, never opened, so any path may stand.
            do throws(LoadError) {
                _ = try AuditConfiguration.load(yaml: String(decoding: bytes, as: UTF8.self), file: ".earshot.yml",
                                                relativeTo: sandbox.emptyFolder, boundary: sandbox.boundary)
                return .loaded
            } catch {
                return .rejected(error.diagnostics.first?.description ?? "LoadError without a diagnostic")
            }

        case .reports:
            let text = String(decoding: bytes, as: UTF8.self)
            if let reason = Sandbox.pathOutside(in: text) { return .skipped(reason) }
            let scenario: Scenario
            do throws(LoadError) {
                scenario = try ScenarioLoader.load(yaml: text, file: "fuzz.yaml", relativeTo: sandbox.emptyFolder, boundary: sandbox.boundary)
            } catch {
                return .rejected(error.diagnostics.first?.description ?? "LoadError without a diagnostic")
            }
            var configuration = AuditConfiguration()
            configuration.maxStates = 60
            OutputChecks.reports(ScenarioRunner(audit: configuration).run(scenario), scene: scenario.scene)
            return .loaded

        case .goldenDiff:
            let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
            OutputChecks.goldenDiff(golden: String(decoding: parts[0], as: UTF8.self),
                                    actual: parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : "")
            return .loaded

        case .workerReply:
            guard let kind = bytes.first else { return .skipped("no kind") }
            let parts = bytes.dropFirst().split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
            let text = String(decoding: parts[0].prefix(2_000), as: UTF8.self)
            let reply = parts.count > 1 ? Array(parts[1]) : []
            return SpeechWorker.accepts(reply, asHello: kind % 2 == 0, text: text, sampleRate: 22_050)
                ? .loaded : .rejected("the worker's bytes are refused")

        case .discovery:
            return Self.discover(sandbox.placeFile(bytes), text: String(decoding: bytes, as: UTF8.self), boundary: sandbox.boundary)

        case .readings:
            return Self.read(String(decoding: bytes.prefix(20_000), as: UTF8.self))

        case .recording:
            let parts = Self.parts(bytes)
            let text = String(decoding: parts[0], as: UTF8.self)
            if let reason = Sandbox.pathOutside(in: text) { return .skipped(reason) }
            sandbox.placeCaptures(Array(parts.dropFirst()))
            do throws(LoadError) {
                if text.hasPrefix("overlay") {
                    _ = try ProfileOverlay.load(yaml: text, file: "fuzz.yaml")
                    return .loaded
                }
                let recording = try Recording.load(yaml: text, file: "fuzz.recording.yaml", relativeTo: sandbox.captureFolder, boundary: sandbox.boundary)
                let run = CalibrationRun([try Calibrator(boundary: sandbox.boundary).calibrate(recording)])
                _ = Suggestion(run)
                return .loaded
            } catch {
                return .rejected(error.diagnostics.first?.description ?? "LoadError without a diagnostic")
            }

        case .basedScene:
            let parts = Self.parts(bytes)
            let text = String(decoding: parts[0], as: UTF8.self)
            if let reason = Sandbox.pathOutside(in: text) { return .skipped(reason) }
            sandbox.placeCaptures(Array(parts.dropFirst()))
            do throws(LoadError) {
                _ = try SceneLoader.load(yaml: text, file: "fuzz.yaml", relativeTo: sandbox.captureFolder, boundary: sandbox.boundary)
                return .loaded
            } catch {
                return .rejected(error.diagnostics.first?.description ?? "LoadError without a diagnostic")
            }
        }
    }

    /// Finds the scenarios of the folder holding `path` alone, and holds discovery to the loader.
    static func discover(_ path: String, text: String, boundary: ProjectBoundary) -> Outcome {
        let folder = (path as NSString).deletingLastPathComponent
        let found: Bool
        do throws(LoadError) {
            found = try Suite.discover([folder]) == [path]
        } catch {
            found = false
        }
        if Sandbox.pathOutside(in: text) != nil { return .skipped("its YAML names a path") }
        do throws(LoadError) {
            _ = try ScenarioLoader.load(path: path, boundary: boundary)
            // A scenario that loads would have run: passing it over is what CI cannot see.
            if !found { fatalError("a scenario the loader loads is not found in its folder") }
            return .loaded
        } catch {
            let first = error.diagnostics.first?.message ?? ""
            if found, first.hasPrefix("this is not a scenario file") || first.hasPrefix("the top level is") {
                fatalError("a file found as a scenario is not one to the loader: \(first)")
            }
            return .rejected(error.diagnostics.first?.description ?? "LoadError without a diagnostic")
        }
    }

    /// Reads a text as the speech worker reads Japanese and checks the reading and its spans.
    static func read(_ text: String) -> Outcome {
        let text = text.replacingOccurrences(of: "\0", with: "")
        if readings_bound() == 0, readings_open() != 0 { return .skipped("MeCab cannot start (is mecab-ipadic-utf8 installed?)") }
        var reading = earshot_reading()
        guard readings_read(text, &reading) == 0, let spoken = reading.text else { fatalError("no reading of \(text.debugDescription)") }
        defer { readings_free(&reading) }
        let said = String(cString: spoken)
        let characters = Int32(text.unicodeScalars.count)
        guard reading.text_characters == characters else { fatalError("the reading counts \(reading.text_characters) characters of \(characters)") }
        if said.unicodeScalars.contains(where: isIdeograph), text.unicodeScalars.contains(where: isIdeograph) {
            // MeCab's own pronunciations are katakana: an ideograph in the reading was passed through.
            fatalError("an ideograph is left in the reading \(said.debugDescription) of \(text.debugDescription)")
        }
        // The spans follow each other over the whole reading and the whole text.
        var readingAt: Int32 = 0, textAt: Int32 = 0
        for index in 0..<reading.span_count {
            let span = reading.spans[index]
            guard span.reading_start == readingAt, span.text_start == textAt else { fatalError("span \(index) is out of place: \(span)") }
            readingAt += span.reading_length
            textAt += span.text_length
        }
        guard readingAt == Int32(said.unicodeScalars.count), textAt == characters else {
            fatalError("the spans cover \(readingAt) of \(said.unicodeScalars.count) characters read and \(textAt) of \(characters)")
        }
        // Any word espeak-ng could mark in the reading lands inside the text.
        for start in Int32(1)...(readingAt + 1) {
            for length in [0, 1, 2, 7] as [Int32] where start + length <= readingAt + 1 {
                var (position, placed) = (start, length)
                readings_place(&reading, &position, &placed)
                guard position >= 1, placed >= 0, position + placed <= characters + 1 else {
                    fatalError("the word at \(start) (\(length)) of the reading lands at \(position) (\(placed)) of \(characters)")
                }
            }
        }
        return .loaded
    }

    /// The ideographs the reading step reads (earshot_readings.h).
    private static func isIdeograph(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F, 0x30000...0x323AF: true
        default: false
        }
    }

    /// The bytes split at NUL: the first part, then at most ``maximumCaptures`` more.
    static func parts(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        Array(bytes.split(separator: 0, maxSplits: maximumCaptures, omittingEmptySubsequences: false)
            .prefix(1 + maximumCaptures))
    }
}
