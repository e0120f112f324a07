import EarshotCore
import EarshotReader

/// One check of an `expect:` step (docs/format.md), about the step before it: the same check as
/// the Swift assertions (`reader.expectFocus("to")`) and `earshot explore` make.
///
/// Each kind of expectation is defined once, in ``Expectation/Kind/all``: its key, the value it
/// takes and its check. The loader and the runner read that table.
///
/// ```swift
/// reader.touch("compose")
/// Expectation.speech("Compose. Button.").mismatch(in: reader) // nil
/// ```
public struct Expectation: Hashable, Sendable, CustomStringConvertible {
    public let kind: Kind
    public let value: Value

    init(_ kind: Kind, _ value: Value) {
        self.kind = kind
        self.value = value
    }

    /// An expectation of this kind, when the value is one it takes.
    public init?(kind: Kind, value: Value) {
        switch (kind.takes, value) {
        case (.text, .text), (.texts, .texts), (.flag, .flag): break
        case (.word, .text(let word)) where kind.words.contains(word): break
        default: return nil
        }
        self.init(kind, value)
    }

    /// The expectation's key as written (`focus`).
    public var key: String { kind.name }
    public var description: String { "\(key): \(value)" }

    /// Checks the expectation against what the reader's last step did, exactly as `earshot run`
    /// checks an `expect:` step: nil when it holds, else what was expected and what happened,
    /// worded as a failure report shows them.
    public func mismatch(in reader: ScreenReader) -> (expected: String, actual: String)? {
        kind.check(value, reader)
    }

    /// What an expectation compares with.
    public enum Value: Hashable, Sendable, CustomStringConvertible {
        case text(String)
        case texts([String])
        case flag(Bool)

        var text: String {
            if case .text(let text) = self { return text }
            return ""
        }

        var texts: [String] {
            if case .texts(let texts) = self { return texts }
            return []
        }

        var flag: Bool {
            if case .flag(let flag) = self { return flag }
            return false
        }

        public var description: String {
            switch self {
            case .text(let text): text
            case .texts(let texts): "[" + texts.joined(separator: ", ") + "]"
            case .flag(let flag): "\(flag)"
            }
        }
    }

    /// The value a kind takes, which says how `expect:` writes it.
    public enum Takes: Hashable, Sendable {
        /// Text; written with nothing after it, it is empty when `emptyAllowed`, else a mistake.
        case text(emptyAllowed: Bool)
        /// A list of texts, each may be empty.
        case texts
        case flag
        /// One of the kind's ``Kind/words``, named `what` in messages (not the case's payload,
        /// for the reason ``Gesture/Takes/word(what:)`` gives).
        case word(what: String)
    }

    /// One kind of expectation: its key, its value and its check, in one place.
    public final class Kind: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        public let takes: Takes
        /// The words it takes (``Takes/word(what:)``), else empty.
        public let words: [String]
        let check: @Sendable (Value, ScreenReader) -> (expected: String, actual: String)?

        init(_ name: Key, takes: Takes = .text(emptyAllowed: false), words: [String] = [],
             check: @escaping @Sendable (Value, ScreenReader) -> (expected: String, actual: String)?) {
            self.name = name.rawValue
            self.takes = takes
            self.words = words
            self.check = check
        }

        public static func == (lhs: Kind, rhs: Kind) -> Bool { lhs === rhs }
        public func hash(into hasher: inout Hasher) { hasher.combine(name) }
        public var description: String { name }

        public static func named(_ name: String) -> Kind? { all.first { $0.name == name } }
    }
}

// MARK: The expectations

extension Expectation.Kind {
    /// Every kind of expectation, in the order docs/format.md lists them.
    public static let all: [Expectation.Kind] = Key.allCases.map(\.kind)

    /// Every expectation's key, in the order of ``all``. A kind is made with its key, and
    /// ``kind`` maps each key to its kind: a new expectation is a case here and a member below,
    /// and the compiler asks for the member in the switch, so none can be left out.
    public enum Key: String, CaseIterable, Sendable {
        case speech
        case spoken
        case contains
        case hint
        case focus
        case presented
        case detent
        case screenChanged
        case layoutChanged
        case earcon
        case announced
        case heard
        case notSpoken
        case silent
        case unsaved
        case reachable
        case unreachable

        /// Whether it compares the reader's words, which change with the language (the element's
        /// own texts, its label and the app's announcements, do not).
        public var comparesWords: Bool {
            switch self {
            case .speech, .spoken, .contains, .hint: true
            default: false
            }
        }

        /// The kind with this key.
        public var kind: Expectation.Kind {
            switch self {
            case .speech: .speech
            case .spoken: .spoken
            case .contains: .contains
            case .hint: .hint
            case .focus: .focus
            case .presented: .presented
            case .detent: .detent
            case .screenChanged: .screenChanged
            case .layoutChanged: .layoutChanged
            case .earcon: .earcon
            case .announced: .announced
            case .heard: .heard
            case .notSpoken: .notSpoken
            case .silent: .silent
            case .unsaved: .unsaved
            case .reachable: .reachable
            case .unreachable: .unreachable
            }
        }
    }

    /// `expect: "TEXT"` or `speech:`: the last description spoken.
    public static let speech = Expectation.Kind(.speech, takes: .text(emptyAllowed: true)) { value, reader in
        reader.lastDescription == value.text ? nil : (quoted(value.text), quoted(reader.lastDescription))
    }
    /// Everything spoken, in order.
    public static let spoken = Expectation.Kind(.spoken, takes: .texts) { value, reader in
        reader.spoken == value.texts ? nil : (list(value.texts), list(reader.spoken))
    }
    /// A substring of anything spoken.
    public static let contains = Expectation.Kind(.contains) { value, reader in
        reader.spoken.contains { $0.contains(value.text) } ? nil
            : ("something spoken containing \(quoted(value.text))", list(reader.spoken))
    }
    public static let hint = Expectation.Kind(.hint, takes: .text(emptyAllowed: true)) { value, reader in
        reader.hint == value.text ? nil : (quoted(value.text), quoted(reader.hint))
    }
    /// The element under the cursor, by id or label.
    public static let focus = Expectation.Kind(.focus) { value, reader in
        let target = value.text
        let focused = reader.focused
        let matches = focused.map { $0.id == target || $0.label == target || reader.resolve(target) == $0.ref } ?? false
        let actual = focused.map { element in element.id.map { "\($0) (\"\(element.label)\")" } ?? quoted(element.label) }
            ?? "no element"
        // A name that is no element's says so, with the closest one.
        let expected = reader.resolve(target) == nil && focused?.label != target ? "\(target) (\(reader.noElement(target)))" : target
        return matches ? nil : (expected, actual)
    }
    /// The topmost presentation's id, or `none`.
    public static let presented = Expectation.Kind(.presented) { value, reader in
        let actual = reader.presented ?? "none"
        return actual == value.text ? nil : (value.text, actual)
    }
    public static let detent = Expectation.Kind(.detent) { value, reader in
        reader.detent == value.text ? nil : (value.text, reader.detent ?? "no sheet")
    }
    /// Whether the step posted `screenChanged` (the app's effect, or UIKit's on presenting and
    /// dismissing), sounded or not; `earcon:` checks the sound.
    public static let screenChanged = Expectation.Kind(.screenChanged, takes: .flag) { value, reader in
        let actual = reader.lastPosted.contains(.screenChanged)
        return actual == value.flag ? nil : ("screenChanged: \(value.flag)", "posted \(reader.lastPosted.map(\.rawValue))")
    }
    /// Whether the step posted `layoutChanged` (the app's effect, or UIKit's on a detent change
    /// or a resize), which VoiceOver does not sound.
    public static let layoutChanged = Expectation.Kind(.layoutChanged, takes: .flag) { value, reader in
        let actual = reader.lastPosted.contains(.layoutChanged)
        return actual == value.flag ? nil : ("layoutChanged: \(value.flag)", "posted \(reader.lastPosted.map(\.rawValue))")
    }
    public static let earcon = Expectation.Kind(
        .earcon, takes: .word(what: "earcon"), words: Earcon.allCases.map(\.rawValue)
    ) { value, reader in
        reader.earcons.map(\.rawValue).contains(value.text) ? nil : (value.text, "earcons \(reader.earcons.map(\.rawValue))")
    }
    /// The text of an announcement posted by the step, spoken or not.
    public static let announced = Expectation.Kind(.announced) { value, reader in
        let texts = reader.announcements.map(\.text)
        return texts.contains(value.text) ? nil
            : ("an announcement \(quoted(value.text))", texts.isEmpty ? "no announcement" : list(texts))
    }
    /// The text of an announcement posted by the step and spoken to its end (not interrupted).
    public static let heard = Expectation.Kind(.heard) { value, reader in
        let text = value.text
        let heard = reader.heardAnnouncements
        guard !heard.contains(text) else { return nil }
        let expected = "an announcement \(quoted(text)) heard"
        if reader.announcements.contains(where: { $0.text == text }) {
            return (expected, "\(quoted(text)) was posted but interrupted")
        }
        if reader.announcements.isEmpty { return (expected, "no announcement posted") }
        return (expected, heard.isEmpty ? "no announcement heard" : "heard \(list(heard))")
    }
    /// A substring that nothing the step spoke to its end contains.
    public static let notSpoken = Expectation.Kind(.notSpoken) { value, reader in
        guard let utterance = reader.spoken.first(where: { $0.contains(value.text) }) else { return nil }
        return ("nothing spoken containing \(quoted(value.text))", quoted(utterance))
    }
    /// Whether the step made no sound: nothing spoken to its end (the `spoken` list is empty)
    /// and no earcon. `silent: false`: something sounded.
    public static let silent = Expectation.Kind(.silent, takes: .flag) { value, reader in
        let sounds = reader.spoken.map(quoted) + reader.earcons.map { "earcon \($0.rawValue)" }
        return sounds.isEmpty == value.flag ? nil
            : ("silent: \(value.flag)", sounds.isEmpty ? "no sound" : "[" + sounds.joined(separator: ", ") + "]")
    }
    public static let unsaved = Expectation.Kind(.unsaved, takes: .flag) { value, reader in
        let actual = reader.state.topmost?.unsaved ?? false
        return actual == value.flag ? nil : ("unsaved: \(value.flag)", "unsaved: \(actual)")
    }
    public static let reachable = Expectation.Kind(.reachable) { value, reader in
        reader.isReachable(value.text) ? nil
            : ("\(quoted(value.text)) reachable", reader.resolve(value.text) == nil ? "no such element" : "out of scope")
    }
    public static let unreachable = Expectation.Kind(.unreachable) { value, reader in
        reader.isReachable(value.text) ? ("\(quoted(value.text)) unreachable", "in scope") : nil
    }

    private static func quoted(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "nothing" }
    private static func list(_ texts: [String]) -> String { "[" + texts.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
}

extension Expectation {
    public static func speech(_ text: String) -> Expectation { Expectation(.speech, .text(text)) }
    public static func spoken(_ texts: [String]) -> Expectation { Expectation(.spoken, .texts(texts)) }
    public static func contains(_ text: String) -> Expectation { Expectation(.contains, .text(text)) }
    public static func hint(_ text: String) -> Expectation { Expectation(.hint, .text(text)) }
    public static func focus(_ target: String) -> Expectation { Expectation(.focus, .text(target)) }
    public static func presented(_ id: String) -> Expectation { Expectation(.presented, .text(id)) }
    public static func detent(_ id: String) -> Expectation { Expectation(.detent, .text(id)) }
    public static func screenChanged(_ flag: Bool) -> Expectation { Expectation(.screenChanged, .flag(flag)) }
    public static func layoutChanged(_ flag: Bool) -> Expectation { Expectation(.layoutChanged, .flag(flag)) }
    public static func earcon(_ earcon: Earcon) -> Expectation { Expectation(.earcon, .text(earcon.rawValue)) }
    public static func announced(_ text: String) -> Expectation { Expectation(.announced, .text(text)) }
    public static func heard(_ text: String) -> Expectation { Expectation(.heard, .text(text)) }
    public static func notSpoken(_ text: String) -> Expectation { Expectation(.notSpoken, .text(text)) }
    public static func silent(_ flag: Bool = true) -> Expectation { Expectation(.silent, .flag(flag)) }
    public static func unsaved(_ flag: Bool) -> Expectation { Expectation(.unsaved, .flag(flag)) }
    public static func reachable(_ target: String) -> Expectation { Expectation(.reachable, .text(target)) }
    public static func unreachable(_ target: String) -> Expectation { Expectation(.unreachable, .text(target)) }
}
