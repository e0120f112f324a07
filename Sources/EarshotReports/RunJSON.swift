import EarshotCore
import EarshotReader
import EarshotRunner
import EarshotScenario
import Foundation

extension Reports {
    /// JSON: per scenario its file, name, whether it passed, the clock of its times, its steps with
    /// their events (speech with its `time` and `duration`, earcons with their `time`, from the
    /// result's ``ScenarioResult/timeline``), and its failure.
    /// Events name their element as a scenario step would (``elementName(_:in:)``).
    /// Each scenario is encoded on its own, on `jobs` lanes, and the objects are put in one array
    /// as the encoder would have written it (a string's newlines are escaped, so every newline
    /// is the layout's).
    public static func json(_ results: [ScenarioResult], jobs: Int = 1) throws -> String {
        func encoder() -> JSONEncoder {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return encoder
        }
        if results.isEmpty {
            return String(decoding: try encoder().encode([JSONScenario]()), as: UTF8.self) + "\n"
        }
        let objects = try Lanes.map(results, jobs: jobs) { result in
            // Every line two spaces deeper but an empty one (the encoder's empty array).
            var indented: [UInt8] = []
            var lineStart = true
            for byte in try encoder().encode(JSONScenario(result)) {
                if lineStart && byte != 0x0A { indented.append(contentsOf: [0x20, 0x20]) }
                indented.append(byte)
                lineStart = byte == 0x0A
            }
            return indented
        }
        var json: [UInt8] = Array("[\n".utf8)
        json.reserveCapacity(objects.reduce(4) { $0 + $1.count + 2 })
        for (index, object) in objects.enumerated() {
            if index > 0 { json.append(contentsOf: [0x2C, 0x0A]) }
            json.append(contentsOf: object)
        }
        json.append(contentsOf: Array("\n]\n".utf8))
        return String(decoding: json, as: UTF8.self)
    }

    private struct JSONScenario: Encodable {
        var file: String
        var name: String
        /// The configuration it ran in, with the platform, OS version and language its scene had.
        var configuration: JSONConfiguration
        var passed: Bool
        var clock: String
        var steps: [JSONStep]
        var failure: JSONFailure?
        /// The Earshot that ran it.
        var version = EarshotVersion.current

        init(_ result: ScenarioResult) {
            file = result.file
            name = result.name
            configuration = JSONConfiguration(name: result.configuration.name, platform: result.scene?.platform.rawValue,
                                              os: result.scene?.profile.version, language: result.scene?.language)
            passed = result.passed
            clock = result.clock.rawValue
            // Each sound's times are the timeline's, in the order the events made them.
            var sounds: [Int: [Timeline.Sound]] = [:]
            for sound in result.timeline.sounds { sounds[sound.step, default: []].append(sound) }
            steps = result.steps.enumerated().map { JSONStep($1, scene: result.scene, sounds: sounds[$0] ?? []) }
            failure = result.failure.map(JSONFailure.init)
        }
    }

    private struct JSONConfiguration: Encodable {
        var name: String
        var platform: String?
        var os: String?
        var language: String?
    }

    private struct JSONStep: Encodable {
        var step: String
        var events: [JSONEvent]
        init(_ record: StepRecord, scene: Scene?, sounds: [Timeline.Sound]) {
            step = record.written
            var next = sounds.makeIterator()
            events = record.events.compactMap { event in
                switch event {
                case .speech, .earcon: JSONEvent(event, scene: scene, sound: next.next())
                default: JSONEvent(event, scene: scene, sound: nil)
                }
            }
        }
    }

    private struct JSONEvent: Encodable {
        var type: String
        var text: String?
        var kind: String?
        var priority: String?
        var interrupted: Bool?
        var earcon: String?
        var presentation: String?
        var detent: String?
        var element: String?
        /// The element's `file:line`, when ``element`` is its index.
        var elementAt: String?
        var time: Double?
        var duration: Double?

        /// `sound`: the event's sound in the timeline (for speech and earcons).
        init?(_ event: ReaderEvent, scene: Scene?, sound: Timeline.Sound?) {
            switch event {
            case .speech(let utterance):
                type = "speech"
                text = utterance.text
                kind = utterance.kind.rawValue
                priority = utterance.priority.rawValue
                interrupted = utterance.interrupted
                (element, elementAt) = Reports.name(utterance.element, in: scene)
                time = sound.flatMap { Reports.milliseconds($0.start) }
                duration = sound.flatMap { Reports.milliseconds($0.duration) }
            case .earcon(let earcon, _):
                type = "earcon"
                self.earcon = earcon.rawValue
                time = sound.flatMap { Reports.milliseconds($0.start) }
            case .focus(let ref):
                type = "focus"
                (element, elementAt) = Reports.name(ref, in: scene)
            case .presented(let id):
                type = "presented"
                presentation = id
            case .dismissed(let id):
                type = "dismissed"
                presentation = id
            case .detentChanged(let id, let detent):
                type = "detent"
                presentation = id
                self.detent = detent
            case .stepFailed(let message):
                type = "failed"
                text = message
            }
        }
    }

    /// How the reports name an element: its `id`, else its label when no other element of the
    /// scene has it (both work in a scenario's steps: `touch: compose`, `focus: Send`), else
    /// `#INDEX` (its place in the scene, Earshot's own elements last), which only this run's
    /// scene can resolve, with `at`, the `file:line` where the element is written.
    ///
    /// ```swift
    /// Reports.elementName(ref, in: scene)   // ("compose", nil), ("Send", nil), ("#7", "mail.yaml:31")
    /// ```
    public static func elementName(_ ref: ElementRef, in scene: Scene?) -> (name: String, at: String?) {
        guard let scene, scene.elements.indices.contains(ref.index) else { return ("#\(ref.index)", nil) }
        let element = scene[ref]
        if let id = element.id { return (id, nil) }
        if !element.label.isEmpty, scene.resolve(element.label) == ref { return (element.label, nil) }
        let location = element.location
        return ("#\(ref.index)", location.line > 0 ? "\(location.file):\(location.line)" : nil)
    }

    private static func name(_ ref: ElementRef?, in scene: Scene?) -> (String?, String?) {
        guard let ref else { return (nil, nil) }
        let (name, at) = elementName(ref, in: scene)
        return (name, at)
    }

    /// Seconds rounded to the millisecond; nil (the key left out) for a time that is not a
    /// finite number, which JSON cannot hold (a scenario's waits are bounded, so it never is).
    static func milliseconds(_ seconds: Double) -> Double? {
        let rounded = (seconds * 1000).rounded() / 1000
        return rounded.isFinite ? rounded : nil
    }

    private struct JSONFailure: Encodable {
        var file: String
        var line: Int
        var column: Int
        var message: String
        var expected: String?
        var actual: String?
        var diff: String?

        init(_ failure: ScenarioFailure) {
            file = failure.location.file
            line = failure.location.line
            column = failure.location.column
            message = failure.message
            expected = failure.expected
            actual = failure.actual
            diff = failure.diff?.unified
        }
    }
}
