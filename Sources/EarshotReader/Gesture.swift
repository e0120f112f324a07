import EarshotCore

/// One gesture, key or command a VoiceOver user makes, as a value: the step a scenario
/// writes (`touch: compose`), a line of `earshot explore`, what the reader records in its
/// transcript, and what it performs.
///
/// Each kind of gesture is defined once, in ``Gesture/Kind/all``: its name, the value it
/// takes, the reader method that performs it, its key in `earshot explore` and whether the
/// audit explorer tries it. Loading, running, exploring and the audit read that table.
///
/// ```swift
/// let gesture = Gesture.touch("compose")
/// gesture.written                  // "touch: compose"
/// gesture.perform(on: &reader)     // as reader.touch("compose")
/// Gesture(name: "rotor", value: .word("actions"))?.written   // "rotor: actions"
/// ```
public struct Gesture: Hashable, Sendable, CustomStringConvertible {
    public let kind: Kind
    public let value: Value

    /// A gesture of a kind that takes no value (`Gesture(.scrub)`).
    public init(_ kind: Kind) {
        precondition(kind.takes == .nothing, "\(kind.name) takes a value")
        self.kind = kind
        self.value = .none
    }

    /// Checked by the factories below and by ``init(name:value:)``: the value fits the kind.
    private init(kind: Kind, value: Value) {
        self.kind = kind
        self.value = value
    }

    /// The gesture a scenario step names, when the kind exists and takes that value.
    public init?(name: String, value: Value = .none) {
        guard let kind = Kind.named(name), kind.accepts(value) else { return nil }
        self.init(kind: kind, value: value)
    }

    /// The gesture as a scenario writes it and the transcript records it: `swipeRight`,
    /// `touch: compose`, `tap: [10, 20]`, `wait: 1.5s` (numbers in their shortest form).
    public var written: String {
        switch value {
        case .none: kind.name
        case .text(let text), .word(let text): kind.name + ": " + text
        case .point(let x, let y): "\(kind.name): [\(NumberText.canonical(x)), \(NumberText.canonical(y))]"
        case .seconds(let seconds): "\(kind.name): \(NumberText.canonical(seconds))s"
        }
    }

    public var description: String { written }

    /// Performs the gesture on the reader, as its method does (``ScreenReader/swipeRight()``, …).
    @discardableResult
    public func perform(on reader: inout ScreenReader) -> [ReaderEvent] {
        kind.perform(&reader, value)
    }

    /// What a gesture carries besides its kind.
    public enum Value: Hashable, Sendable {
        case none
        /// An element's id or label (`touch`), typed text (`type`).
        case text(String)
        /// A point on the screen (`tap`).
        case point(x: Double, y: Double)
        /// A duration (`wait`).
        case seconds(Double)
        /// One of the kind's words (`rotor: actions`, `vo: right`, `key: escape`).
        case word(String)
    }

    /// The value a kind of gesture takes, which says how a scenario file writes it.
    public enum Takes: Hashable, Sendable {
        /// Written on its own: `- swipeRight`.
        case nothing
        /// Text: `touch: compose`; written with nothing after it (`type:`), it is empty when
        /// `emptyAllowed`, and a mistake otherwise.
        case text(emptyAllowed: Bool)
        /// `[x, y]` in points.
        case point
        /// Seconds, with or without an `s`: `wait: 1.5s`; from 0 to ``Gesture/maximumSeconds``.
        case seconds
        /// One of the kind's ``Kind/words``, named `what` in messages (`unknown vo key 'rihgt'`).
        /// The words are not this case's payload: a Swift enum may keep its case in the spare
        /// bits of a payload's pointer, and a list held that way by a table that lives as long
        /// as the program looks leaked to LeakSanitizer (the fuzzer's leak check).
        case word(what: String)
    }

    /// How the audit explorer uses a kind of gesture, if it does.
    public enum Exploration: Hashable, Sendable {
        /// Tried on each element in scope, after touching it; a finding's path names it
        /// `phrase` (`double tap`). A text field it starts editing is then typed into.
        case onEachElement(phrase: String)
        /// Tried from each state where a presentation is up: from its last element when
        /// `fromInside` (a scrub acts on the element under the cursor), else from the cursor
        /// where it is; a finding's path names it `phrase` (`swipe down to dismiss`).
        case whilePresented(phrase: String, fromInside: Bool)
    }

    /// One kind of gesture: everything Earshot knows about it, in one place.
    public final class Kind: Hashable, Sendable, CustomStringConvertible {
        /// The step's name in scenario files (`swipeRight`).
        public let name: String
        public let takes: Takes
        /// The words it takes (``Takes/word(what:)``), else empty.
        public let words: [String]
        /// Its one-key shortcut in `earshot explore` (`n` for swipeRight).
        public let key: String?
        public let exploration: Exploration?
        /// The one screen reader that has the gesture, nil when both have it (a swipe right is
        /// VoiceOver's next item and TalkBack's); on the other reader, ``instead`` names the step
        /// that does what it does there, if one does.
        public let only: Platform.Reader?
        public let instead: Name?
        /// The reader method the step calls: the Swift API for it.
        let perform: @Sendable (inout ScreenReader, Value) -> [ReaderEvent]

        init(_ name: Name, takes: Takes = .nothing, words: [String] = [], key: String? = nil,
             exploration: Exploration? = nil, only: Platform.Reader? = nil, instead: Name? = nil,
             perform: @escaping @Sendable (inout ScreenReader, Value) -> [ReaderEvent]) {
            self.name = name.rawValue
            self.takes = takes
            self.words = words
            self.key = key
            self.exploration = exploration
            self.only = only
            self.instead = instead
            self.perform = perform
        }

        /// Whether the platform's screen reader has the gesture.
        public func applies(to platform: Platform) -> Bool { only.map { $0 == platform.reader } ?? true }

        /// Why the gesture is bad input on the platform, naming the step its reader uses instead;
        /// nil where its reader has it: `'scrub' is a VoiceOver gesture; TalkBack's (platform:
        /// android) is 'back'`.
        public func problem(on platform: Platform) -> String? {
            guard let only, !applies(to: platform) else { return nil }
            let reader = platform.reader.displayName, owner = only.displayName
            let instead = instead.map { "; \(reader)'s (platform: \(platform.rawValue)) is '\($0.rawValue)'" }
                ?? "; \(reader) (platform: \(platform.rawValue)) has none"
            return "'\(name)' is a \(owner) gesture\(instead)"
        }

        /// Whether a value is one this kind takes.
        func accepts(_ value: Value) -> Bool {
            switch (takes, value) {
            case (.seconds, .seconds(let seconds)): (0...Gesture.maximumSeconds).contains(seconds)
            case (.nothing, .none), (.point, .point), (.text, .text): true
            case (.word, .word(let word)): words.contains(word)
            default: false
            }
        }

        public static func == (lhs: Kind, rhs: Kind) -> Bool { lhs === rhs }
        public func hash(into hasher: inout Hasher) { hasher.combine(name) }
        public var description: String { name }

        public static func named(_ name: String) -> Kind? { byName[name] }
        private static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
    }
}

// MARK: The gestures

extension Gesture.Kind {
    /// Every kind of gesture, in the order `earshot explore` lists its keys.
    public static let all: [Gesture.Kind] = Name.allCases.map(\.kind)

    /// The gesture that leaves a presentation on the platform's screen reader: VoiceOver's
    /// scrub, TalkBack's Back (each the other's ``instead``).
    public static func escape(on platform: Platform) -> Gesture.Kind { scrub.applies(to: platform) ? scrub : back }

    /// Every gesture's name, in the order of ``all``. A kind is made with its name, and ``kind``
    /// maps each name to its kind: a new gesture is a reader method, a case here and a member
    /// below, and the compiler asks for the member in the switch, so none can be left out.
    public enum Name: String, CaseIterable, Sendable {
        case swipeRight
        case swipeLeft
        case doubleTap
        case swipeUp
        case swipeDown
        case scrub
        case magicTap
        case readAll
        case readFromHere
        case first
        case last
        case swipeToDismiss
        case pause
        case touch
        case tap
        case rotor
        case vo
        case key
        case `type`
        case wait
        case back
        case action

        /// The kind with this name.
        public var kind: Gesture.Kind {
            switch self {
            case .swipeRight: .swipeRight
            case .swipeLeft: .swipeLeft
            case .doubleTap: .doubleTap
            case .swipeUp: .swipeUp
            case .swipeDown: .swipeDown
            case .scrub: .scrub
            case .magicTap: .magicTap
            case .readAll: .readAll
            case .readFromHere: .readFromHere
            case .first: .first
            case .last: .last
            case .swipeToDismiss: .swipeToDismiss
            case .pause: .pause
            case .touch: .touch
            case .tap: .tap
            case .rotor: .rotor
            case .vo: .vo
            case .key: .key
            case .`type`: .`type`
            case .wait: .wait
            case .back: .back
            case .action: .action
            }
        }
    }

    public static let swipeRight = Gesture.Kind(.swipeRight, key: "n") { reader, _ in reader.swipeRight() }
    public static let swipeLeft = Gesture.Kind(.swipeLeft, key: "p") { reader, _ in reader.swipeLeft() }
    public static let doubleTap = Gesture.Kind(.doubleTap, key: "d", exploration: .onEachElement(phrase: "double tap")) {
        reader, _ in reader.doubleTap()
    }
    public static let swipeUp = Gesture.Kind(.swipeUp, key: "u") { reader, _ in reader.swipeUp() }
    public static let swipeDown = Gesture.Kind(.swipeDown, key: "j") { reader, _ in reader.swipeDown() }
    public static let scrub = Gesture.Kind(.scrub, key: "s", exploration: .whilePresented(phrase: "scrub", fromInside: true),
                                           only: .voiceOver, instead: .back) { reader, _ in reader.scrub() }
    public static let magicTap = Gesture.Kind(.magicTap, key: "m", only: .voiceOver) { reader, _ in reader.magicTap() }
    public static let readAll = Gesture.Kind(.readAll, key: "a") { reader, _ in reader.readAll() }
    public static let readFromHere = Gesture.Kind(.readFromHere, key: "r") { reader, _ in reader.readFromHere() }
    public static let first = Gesture.Kind(.first, key: "f") { reader, _ in reader.first() }
    public static let last = Gesture.Kind(.last, key: "l") { reader, _ in reader.last() }
    public static let swipeToDismiss = Gesture.Kind(
        .swipeToDismiss, key: "x", exploration: .whilePresented(phrase: "swipe down to dismiss", fromInside: false),
        only: .voiceOver, instead: .back
    ) { reader, _ in reader.swipeToDismiss() }
    public static let pause = Gesture.Kind(.pause) { reader, _ in reader.pause() }

    public static let touch = Gesture.Kind(.touch, takes: .text(emptyAllowed: false)) { reader, value in
        guard case .text(let target) = value else { return [] }
        return reader.touch(target)
    }
    public static let tap = Gesture.Kind(.tap, takes: .point) { reader, value in
        guard case .point(let x, let y) = value else { return [] }
        return reader.tap(x: x, y: y)
    }
    public static let rotor = Gesture.Kind(.rotor, takes: .word(what: "rotor"), words: words(ScreenReader.Rotor.self)) { reader, value in
        guard case .word(let word) = value, let rotor = ScreenReader.Rotor(rawValue: word) else { return [] }
        return reader.rotor(rotor)
    }
    public static let vo = Gesture.Kind(.vo, takes: .word(what: "vo key"), words: words(ScreenReader.VOKey.self), only: .voiceOver) { reader, value in
        guard case .word(let word) = value, let key = ScreenReader.VOKey(rawValue: word) else { return [] }
        return reader.vo(key)
    }
    public static let key = Gesture.Kind(.key, takes: .word(what: "key"), words: words(ScreenReader.Key.self)) { reader, value in
        guard case .word(let word) = value, let key = ScreenReader.Key(rawValue: word) else { return [] }
        return reader.key(key)
    }
    public static let type = Gesture.Kind(.`type`, takes: .text(emptyAllowed: true)) { reader, value in
        guard case .text(let text) = value else { return [] }
        return reader.type(text)
    }
    public static let wait = Gesture.Kind(.wait, takes: .seconds) { reader, value in
        guard case .seconds(let seconds) = value else { return [] }
        return reader.wait(seconds)
    }
    /// TalkBack's Back (the system's back, or TalkBack's "Down then left").
    public static let back = Gesture.Kind(.back, key: "b", exploration: .whilePresented(phrase: "back", fromInside: true),
                                          only: .talkBack, instead: .scrub) { reader, _ in reader.back() }
    /// A custom action chosen by its label in TalkBack's actions menu.
    public static let action = Gesture.Kind(.action, takes: .text(emptyAllowed: false), only: .talkBack, instead: .rotor) { reader, value in
        guard case .text(let name) = value else { return [] }
        return reader.action(name)
    }
}

extension Gesture.Kind {
    /// The words of an enumeration (`ScreenReader.Rotor`).
    static func words<Words: RawRepresentable & CaseIterable>(_ type: Words.Type) -> [String]
    where Words.RawValue == String {
        type.allCases.map(\.rawValue)
    }
}

extension Gesture {
    // Gestures that take a value, typed (`Gesture(.scrub)` makes one that takes none).
    public static func touch(_ target: String) -> Gesture { Gesture(kind: .touch, value: .text(target)) }
    public static func tap(x: Double, y: Double) -> Gesture { Gesture(kind: .tap, value: .point(x: x, y: y)) }
    public static func rotor(_ rotor: ScreenReader.Rotor) -> Gesture { Gesture(kind: .rotor, value: .word(rotor.rawValue)) }
    public static func vo(_ key: ScreenReader.VOKey) -> Gesture { Gesture(kind: .vo, value: .word(key.rawValue)) }
    public static func key(_ key: ScreenReader.Key) -> Gesture { Gesture(kind: .key, value: .word(key.rawValue)) }
    public static func type(_ text: String) -> Gesture { Gesture(kind: .type, value: .text(text)) }
    public static func wait(_ seconds: Double) -> Gesture { Gesture(kind: .wait, value: .seconds(seconds)) }
    public static func action(_ name: String) -> Gesture { Gesture(kind: .action, value: .text(name)) }

    /// The longest `wait`: a day (``EarshotCore/maximumSeconds``).
    public static let maximumSeconds: Double = EarshotCore.maximumSeconds
}
