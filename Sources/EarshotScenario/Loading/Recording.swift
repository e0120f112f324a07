import EarshotCore
import EarshotFiles
import Foundation

/// What real VoiceOver said on an app's screens, move by move (docs/calibration.md): what
/// `earshot calibrate` replays in Earshot and compares.
///
/// ```swift
/// let recording = try Recording.load(path: "Recordings/compose.recording.yaml")
/// recording.screens[0].moves[0].utterance   // "Inbox, heading"
/// ```
public struct Recording: Hashable, Sendable {
    /// What VoiceOver was asked to do, by the names `XCUIVoiceOverService` and people use.
    public enum Gesture: String, CaseIterable, Hashable, Sendable {
        case appear, current, next, previous, first, last, activate, escape, magicTap, increment, decrement
        case `in`, out, touch
    }

    /// What wrote the recording.
    public enum Recorder: String, CaseIterable, Hashable, Sendable {
        case xcuitest, guidepup, captions, log
        case byHand = "by-hand"
    }

    public struct Move: Hashable, Sendable {
        public var gesture: Gesture
        /// What VoiceOver said, as recorded (empty: nothing).
        public var utterance: String
        /// The element VoiceOver was on after the move: its identifier, else its label.
        public var element: String?
        public var frame: Frame?
        /// Where the utterance is in the source (a caption's time, a log line).
        public var source: String?
        public var location: SourceLocation

        public init(_ gesture: Gesture, utterance: String, element: String? = nil, frame: Frame? = nil, source: String? = nil,
                    location: SourceLocation = .code()) {
            self.gesture = gesture
            self.utterance = utterance
            self.element = element
            self.frame = frame
            self.source = source
            self.location = location
        }
    }

    public struct Screen: Hashable, Sendable {
        public enum Origin: Hashable, Sendable {
            /// A capture `earshot import` reads, by its path (as written, and resolved).
            case capture(String)
            /// A scene file rebuilt by hand.
            case scene(String)

            public var path: String {
                switch self {
                case .capture(let path), .scene(let path): path
                }
            }
        }

        public var name: String
        public var origin: Origin
        /// The origin's path as the recording wrote it.
        public var written: String
        public var moves: [Move]
        public var location: SourceLocation

        public init(name: String, origin: Origin, written: String? = nil, moves: [Move], location: SourceLocation = .code()) {
            self.name = name
            self.origin = origin
            self.written = written ?? origin.path
            self.moves = moves
            self.location = location
        }
    }

    public var name: String
    public var platform: Platform
    public var os: String
    public var language: String
    public var hints: Bool
    public var source: String
    public var recorder: Recorder
    public var screens: [Screen]
    /// The file it was read from.
    public var file: String
    /// Where `os:` and `language:` are written: a scene's profile without them is said there.
    public var osLocation: SourceLocation
    public var languageLocation: SourceLocation

    public init(name: String, platform: Platform, os: String, language: String = "en", hints: Bool = true, source: String,
                recorder: Recorder = .byHand, screens: [Screen], file: String = "<code>") {
        self.name = name
        self.platform = platform
        self.os = os
        self.language = language
        self.hints = hints
        self.source = source
        self.recorder = recorder
        self.screens = screens
        self.file = file
        self.osLocation = SourceLocation(file: file, line: 1, column: 1)
        self.languageLocation = osLocation
    }

    /// Every move, with its screen.
    public var moves: [(screen: Screen, move: Move)] {
        screens.flatMap { screen in screen.moves.map { (screen, $0) } }
    }

    /// The keys of a recording, a screen and a move, in the order they are written.
    public static let keys = ["recording", "platform", "os", "language", "hints", "source", "recorder", "screens"]
    static let screenKeys = ["screen", "capture", "scene", "moves"]
    static let moveKeys = ["gesture", "utterance", "element", "frame", "source"]

    /// Reads a recording; every problem is bad input with its file, line and column, all at once.
    /// The capture and scene paths it writes stay inside `boundary`.
    public static func load(path: String, boundary: ProjectBoundary = .project) throws(LoadError) -> Recording {
        try LargeStack.load { () throws(LoadError) in
            try decode(YAMLDocument.read(path: path).root, file: path, directory: (path as NSString).deletingLastPathComponent,
                       boundary: boundary)
        }
    }

    /// Reads a recording from YAML or JSON text; `file` names it, and paths are resolved against `directory`.
    public static func load(yaml: String, file: String = "<yaml>", relativeTo directory: String = "",
                            boundary: ProjectBoundary = .project) throws(LoadError) -> Recording {
        try LargeStack.load { () throws(LoadError) in
            try decode(YAMLDocument.parse(text: yaml, file: file).root, file: file, directory: directory, boundary: boundary)
        }
    }

    private static func decode(_ root: DocumentNode, file: String, directory: String, boundary: ProjectBoundary) throws(LoadError) -> Recording {
        let decoder = RecordingDecoder(file: file, boundary: boundary)
        let recording = decoder.decode(root, directory: directory)
        guard let recording, decoder.diagnostics.isEmpty else { throw LoadError(SceneLoader.sorted(decoder.diagnostics)) }
        return recording
    }

    /// The recording as a YAML file, keys in the documented order; paths as written.
    public var yaml: String {
        let here = SourceLocation.code()
        func text(_ value: String) -> DocumentNode { .scalar(value, value.isEmpty ? .doubleQuoted : .plain, at: here) }
        func move(_ move: Move) -> DocumentNode {
            var pairs: [(String, DocumentNode)] = [("gesture", text(move.gesture.rawValue)), ("utterance", .scalar(move.utterance, .doubleQuoted, at: here))]
            if let element = move.element { pairs.append(("element", text(element))) }
            if let frame = move.frame {
                pairs.append(("frame", .list([frame.x, frame.y, frame.width, frame.height].map { text(NumberText.canonical($0)) }, at: here, flow: true)))
            }
            if let source = move.source { pairs.append(("source", text(source))) }
            return .mapping(pairs, at: here)
        }
        let screens = screens.map { screen -> DocumentNode in
            let origin: (String, DocumentNode) = switch screen.origin {
            case .capture: ("capture", text(screen.written))
            case .scene: ("scene", text(screen.written))
            }
            return .mapping([("screen", text(screen.name)), origin, ("moves", .list(screen.moves.map(move), at: here))], at: here)
        }
        let root = DocumentNode.mapping([
            ("recording", text(name)), ("platform", text(platform.rawValue)), ("os", .scalar(os, .doubleQuoted, at: here)),
            ("language", text(language)), ("hints", text(hints ? "true" : "false")), ("source", text(source)),
            ("recorder", text(recorder.rawValue)), ("screens", .list(screens, at: here)),
        ], at: here)
        return YAMLWriter.write(root, header: ["What VoiceOver said, move by move: earshot calibrate replays it (docs/calibration.md)."])
    }
}

/// Turns a recording file's mapping into a ``Recording``.
final class RecordingDecoder: NodeReader {
    func decode(_ node: DocumentNode, directory: String) -> Recording? {
        guard let entries = node.entries, claims(entries, keys: Recording.keys), let mapping = mapping(node, "the recording") else {
            error("this is not a recording: it is \(kind(of: node)) without a 'recording' key", at: node,
                  expected: "a mapping with \(Recording.keys.joined(separator: ", "))")
            return nil
        }
        checkKeys(mapping, allowed: Recording.keys, in: "the recording")
        func value(_ key: String) -> DocumentNode? { mapping.first { $0.key == key }?.value }
        func required(_ key: String) -> DocumentNode? {
            guard let node = value(key) else {
                error("the recording has no '\(key)'", at: node, expected: "'\(key)' (docs/calibration.md)")
                return nil
            }
            return node
        }
        let name = required("recording").flatMap { string($0, "recording") }
        let platform = required("platform").flatMap { word($0, "platform", as: Platform.self) }
        let language = value("language").flatMap { string($0, "language") } ?? "en"
        if let platform, let node = value("language"), !Profile.languages(for: platform).contains(language) {
            let known = Profile.languages(for: platform)
            error("no '\(language)' profile for \(platform.rawValue)", at: node, expected: "one of: \(known.joined(separator: ", "))",
                  suggestion: TextMatching.nearest(to: language, in: known))
        }
        var os: String?
        let osNode = required("os")
        if let osNode, let text = string(osNode, "os") {
            if let platform {
                let known = (try? Profile.bundled(platform))?.os.versions ?? []
                if known.contains(text) {
                    os = text
                } else {
                    error("unknown \(platform.rawValue) version '\(text)'", at: osNode, expected: "one of: \(known.joined(separator: ", "))",
                          suggestion: TextMatching.nearest(to: text, in: known))
                }
            }
        }
        let hints = value("hints").flatMap { bool($0, "hints") } ?? true
        let source = required("source").flatMap { string($0, "source") }
        let recorder = value("recorder").flatMap { word($0, "recorder", as: Recording.Recorder.self) } ?? .byHand
        var screens: [Recording.Screen] = []
        if let node = required("screens"), let items = list(node, "screens") {
            if items.isEmpty { error("the recording has no screens", at: node, expected: "at least one screen") }
            var names: Set<String> = []
            for item in items {
                guard let screen = self.screen(item, directory: directory) else { continue }
                if !names.insert(screen.name).inserted {
                    error("a second screen named '\(screen.name)'", at: item["screen"] ?? item, expected: "a name no other screen has")
                }
                screens.append(screen)
            }
        }
        guard let name, let platform, let os, let source else { return nil }
        var recording = Recording(name: name, platform: platform, os: os, language: language, hints: hints, source: source,
                                  recorder: recorder, screens: screens, file: file)
        recording.osLocation = osNode?.location ?? node.location
        recording.languageLocation = value("language")?.location ?? node.location
        return recording
    }

    private func screen(_ node: DocumentNode, directory: String) -> Recording.Screen? {
        guard let mapping = mapping(node, "a screen") else { return nil }
        checkKeys(mapping, allowed: Recording.screenKeys, in: "a screen")
        func value(_ key: String) -> DocumentNode? { mapping.first { $0.key == key }?.value }
        guard let nameNode = value("screen") else {
            error("a screen has no 'screen' (its name)", at: node, expected: "screen: NAME")
            return nil
        }
        let name = string(nameNode, "screen")
        var origin: Recording.Screen.Origin?
        var written = ""
        switch (value("capture"), value("scene")) {
        case (let capture?, nil):
            if let path = self.path(capture, "capture", directory: directory) { origin = .capture(path.resolved); written = path.written }
        case (nil, let scene?):
            if let path = self.path(scene, "scene", directory: directory) { origin = .scene(path.resolved); written = path.written }
        case (_?, let scene?):
            error("a screen has both 'capture' and 'scene'", at: scene, expected: "exactly one of them")
        case (nil, nil):
            error("screen '\(name ?? "")' has neither 'capture' nor 'scene'", at: node,
                  expected: "capture: PATH (any capture earshot import reads) or scene: PATH")
        }
        var moves: [Recording.Move] = []
        if let movesNode = value("moves") {
            if let items = list(movesNode, "moves") {
                if items.isEmpty { error("screen '\(name ?? "")' has no moves", at: movesNode, expected: "at least one move") }
                moves = items.compactMap(move)
            }
        } else {
            error("screen '\(name ?? "")' has no 'moves'", at: node, expected: "moves: [{ gesture, utterance }, …]")
        }
        guard let name, let origin else { return nil }
        return Recording.Screen(name: name, origin: origin, written: written, moves: moves, location: node.location)
    }

    /// A capture's or scene's path, which must name a file now; the scene loader reads it later,
    /// so a file that is there costs a stat here, not a read.
    private func path(_ node: DocumentNode, _ what: String, directory: String) -> (written: String, resolved: String)? {
        guard let path = projectPath(node, what, directory: directory) else { return nil }
        if !InputFile.isRegular(path.resolved), case .failure(let problem) = InputFile.read(path.resolved) {
            error("\(what) file '\(path.written)' \(problem.message)", at: node,
                  expected: what == "capture" ? "a capture earshot import reads, relative to this file" : "a scene file, relative to this file")
            return nil
        }
        return path
    }

    private func move(_ node: DocumentNode) -> Recording.Move? {
        guard let mapping = mapping(node, "a move") else { return nil }
        checkKeys(mapping, allowed: Recording.moveKeys, in: "a move")
        func value(_ key: String) -> DocumentNode? { mapping.first { $0.key == key }?.value }
        guard let gestureNode = value("gesture") else {
            error("a move has no 'gesture'", at: node, expected: "gesture: one of \(Recording.Gesture.allCases.map(\.rawValue).joined(separator: ", "))")
            return nil
        }
        let gesture = word(gestureNode, "gesture", as: Recording.Gesture.self)
        guard let utteranceNode = value("utterance") else {
            error("a move has no 'utterance'", at: node, expected: "utterance: what VoiceOver said (\"\" for nothing)")
            return nil
        }
        let utterance = string(utteranceNode, "utterance", allowNull: true)
        let element = value("element").flatMap { string($0, "element") }
        var frame: Frame?
        if let frameNode = value("frame") {
            let numbers = list(frameNode, "frame")?.compactMap { number($0, "a frame's number") }
            if let numbers, numbers.count == 4, numbers[2] >= 0, numbers[3] >= 0 {
                frame = Frame(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            } else if numbers != nil {
                error("the frame is not [x, y, width, height]", at: frameNode, expected: "four numbers, the width and height 0 or more")
            }
        }
        let source = value("source").flatMap { string($0, "source") }
        if gesture == .touch, element == nil, frame == nil, value("frame") == nil {
            error("a touch names no element", at: gestureNode, expected: "element: ID_OR_LABEL, or frame: [x, y, width, height]")
        }
        guard let gesture, let utterance else { return nil }
        return Recording.Move(gesture, utterance: utterance, element: element, frame: frame, source: source, location: node.location)
    }
}
