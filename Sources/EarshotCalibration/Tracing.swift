import EarshotCore
import EarshotReader
import Foundation

/// The profile's spoken facts as token patterns, longest first: what Earshot's words are traced to.
struct Phrases: Sendable {
    struct Phrase: Sendable {
        var fact: ProfileFact
        var tokens: [Utterance.Token]
        /// Which tokens are a placeholder (`{index}`), matching any one word.
        var wildcards: [Bool]
    }

    /// The parts of a profile Earshot speaks on its own; the rest (geometry, escape defaults,
    /// notifications' handling, the bar words the audits read) is not said as written.
    static let spokenSections = ["words", "hints", "rotors", "grabber", "backLabel", "dimming", "popoverDismiss",
                                 "secureEntry", "systemCancel", "typing", "onScreenKeyboard"]

    let phrases: [Phrase]

    init(facts: [ProfileFact]) {
        phrases = facts.compactMap { fact -> Phrase? in
            let section = fact.path.prefix { $0 != "." && $0 != "[" }
            guard Self.spokenSections.contains(String(section)) else { return nil }
            let tokens = Utterance(fact.value).tokens
            let wildcards = tokens.map { $0.text.contains("{") }
            // A phrase of placeholders alone (`{value}%`) would claim any word.
            guard wildcards.contains(false) else { return nil }
            return Phrase(fact: fact, tokens: tokens, wildcards: wildcards)
        }
        .sorted { $0.tokens.count > $1.tokens.count }
    }
}

/// Who gave each of Earshot's words, and what the differences come to.
struct Tracing {
    let reader: ScreenReader
    let phrases: Phrases

    enum Owner: Equatable {
        case element(field: String, text: String)
        /// A phrase, matched with its first token at `start`.
        case phrase(Int, start: Int)
    }

    func differences(earshot: Utterance, recorded: Utterance) -> [Difference] {
        let owners = self.owners(of: earshot.tokens)
        return UtteranceDiff.changes(earshot: earshot.tokens, recorded: recorded.tokens).map { change in
            var origins: [Difference.Origin] = []
            func add(_ origin: Difference.Origin) { if !origins.contains(origin) { origins.append(origin) } }
            // What Earshot said in this place; where it said nothing, what it said just before.
            let place = change.earshot.isEmpty ? max(0, change.earshot.lowerBound - 1)..<min(earshot.tokens.count, change.earshot.lowerBound) : change.earshot
            for index in place {
                switch owners[index] {
                case .element(let field, let text)?: add(.element(field: field, text: text))
                case .phrase(let phrase, _)?: add(.profile(phrases.phrases[phrase].fact))
                case nil: add(.unexplained)
                }
            }
            if origins.isEmpty { add(.unexplained) }
            return Difference(earshot: Self.text(earshot, change.earshot), recorded: Self.text(recorded, change.recorded),
                              origins: origins, correction: correction(change, earshot: earshot, recorded: recorded, owners: owners))
        }
    }

    /// The words of `range` as written.
    static func text(_ utterance: Utterance, _ range: Range<Int>) -> String {
        guard let first = range.first, let last = range.last else { return "" }
        return String(utterance.text[utterance.tokens[first].range.lowerBound..<utterance.tokens[last].range.upperBound])
    }

    /// Each token's owner: the element's own label, value and hint first (an app's words are the
    /// app's, even where a profile word is the same), then the profile's phrases, longest first.
    func owners(of tokens: [Utterance.Token]) -> [Owner?] {
        var owners = [Owner?](repeating: nil, count: tokens.count)
        func claim(_ pattern: [Utterance.Token], wildcards: [Bool], as owner: (Int) -> Owner) {
            guard !pattern.isEmpty, pattern.count <= tokens.count else { return }
            var start = 0
            while start + pattern.count <= tokens.count {
                let range = start..<(start + pattern.count)
                let matches = range.allSatisfy { index in
                    owners[index] == nil && (wildcards[index - start] || tokens[index].text == pattern[index - start].text)
                }
                if matches {
                    for index in range { owners[index] = owner(start) }
                    start += pattern.count
                } else {
                    start += 1
                }
            }
        }
        if let cursor = reader.cursor {
            let element = reader.scene[cursor]
            let fields: [(String, String?)] = [("label", reader.state.label(of: cursor, in: reader.scene)),
                                               ("value", reader.state.value(of: cursor, in: reader.scene)), ("hint", element.hint)]
            for case let (field, text?) in fields where !text.isEmpty {
                let pattern = Utterance(text).tokens
                claim(pattern, wildcards: pattern.map { _ in false }) { _ in .element(field: field, text: text) }
            }
        }
        for (index, phrase) in phrases.phrases.enumerated() {
            claim(phrase.tokens, wildcards: phrase.wildcards) { .phrase(index, start: $0) }
        }
        return owners
    }

    /// Where one profile phrase gave every word Earshot said differently, and VoiceOver said
    /// other words in their place: that phrase with VoiceOver's words there, in the phrase's case.
    func correction(_ change: UtteranceDiff.Change, earshot: Utterance, recorded: Utterance, owners: [Owner?]) -> Difference.Correction? {
        guard let first = change.earshot.first, let last = change.earshot.last,
              let recordedFirst = change.recorded.first, let recordedLast = change.recorded.last,
              case .phrase(let index, let start)? = owners[first],
              change.earshot.allSatisfy({ owners[$0] == .phrase(index, start: start) }) else { return nil }
        let phrase = phrases.phrases[index]
        guard !(first - start...last - start).contains(where: { phrase.wildcards[$0] }) else { return nil }
        let value = phrase.fact.value
        var words = String(recorded.text[recorded.tokens[recordedFirst].range.lowerBound..<recorded.tokens[recordedLast].range.upperBound])
        // VoiceOver's case where the phrase's first letter is a capital (`collapsed` → `Collapsed`).
        let replaced = phrase.tokens[first - start].range
        if value[replaced.lowerBound].isUppercase, let head = words.first, head.isLowercase {
            words = head.uppercased() + words.dropFirst()
        }
        let corrected = String(value[..<replaced.lowerBound]) + words + String(value[phrase.tokens[last - start].range.upperBound...])
        return Difference.Correction(fact: phrase.fact, value: corrected)
    }
}
