import Foundation

/// What real VoiceOver said and what Earshot says, made comparable (docs/calibration.md,
/// "Normalisation"): compatibility forms folded (NFKC), case ignored, curly quotes straight,
/// English number words as digits (`four` as `4`: the same speech, written two ways), hyphens
/// inside a word dropped (`pop-up` as `popup`), and
/// separators and white space only where words end. The words and their order are compared;
/// how a transcription marks VoiceOver's pauses (the Caption Panel's and `XCUIVoiceOverService`'s
/// `, `, Earshot's `. ` and `: `, none in machine captions) is not.
///
/// ```swift
/// Utterance("Sheet Grabber: Expanded. Button.").normalized   // "sheet grabber expanded button"
/// Utterance("Sheet grabber, expanded, button").normalized    // the same
/// Utterance("Wi-Fi, 3.5 GHz").normalized                     // "wifi 3.5 ghz": no break inside a word
/// Utterance("Tab, one of four").normalized                   // "tab 1 of 4"
/// ```
public struct Utterance: Hashable, Sendable {
    /// A word, with where it is in the text as written.
    public struct Token: Hashable, Sendable {
        /// Its normalized form: lower case, a number word as its digits.
        public var text: String
        public var range: Range<String.Index>
    }

    public let text: String
    public let tokens: [Token]

    public init(_ text: String) {
        self.text = text
        self.tokens = Self.tokenize(text)
    }

    /// The normalized form: the words joined by a space.
    public var normalized: String { tokens.map(\.text).joined(separator: " ") }

    /// English number words as VoiceOver speaks digits, so that a transcription that spells
    /// them (`One of four`) and one that writes them (`1 of 4`) compare equal.
    static let numberWords: [String: String] = [
        "zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
        "nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "thirteen": "13", "fourteen": "14", "fifteen": "15",
        "sixteen": "16", "seventeen": "17", "eighteen": "18", "nineteen": "19", "twenty": "20",
    ]

    /// Characters that end a part when white space (or the end) follows: VoiceOver's, Earshot's
    /// and the Caption Panel's separators.
    static let closing: Set<Character> = [",", ".", ":", ";", "!", "?", "…"]
    /// Separators wherever they are (East Asian punctuation takes no space).
    static let always: Set<Character> = ["、", "。", "，", "：", "；", "！", "？", "·"]
    /// Dashes that separate only with white space on both sides (`Password - Secure Text Field`).
    static let dashes: Set<Character> = ["-", "–", "—"]

    static func tokenize(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var wordStart: String.Index?
        func fold(_ word: Substring) -> String {
            var folded = word.precomposedStringWithCompatibilityMapping.lowercased()
            for (curly, straight) in [("\u{2019}", "'"), ("\u{2018}", "'"), ("\u{201C}", "\""), ("\u{201D}", "\"")] {
                folded = folded.replacingOccurrences(of: curly, with: straight)
            }
            // `pop-up` and `popup` are one word as spoken.
            if folded.contains("-"), folded.count > 2 { folded = folded.replacingOccurrences(of: "-", with: "") }
            return numberWords[folded] ?? folded
        }
        func closeWord(at end: String.Index) {
            guard let start = wordStart else { return }
            wordStart = nil
            tokens.append(Token(text: fold(text[start..<end]), range: start..<end))
        }
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            let followedBySpace = next == text.endIndex || text[next].isWhitespace
            let precededBySpace = index == text.startIndex || text[text.index(before: index)].isWhitespace
            if character.isWhitespace {
                closeWord(at: index)
            } else if Self.always.contains(character)
                        || (Self.closing.contains(character) && (followedBySpace || Self.closing.contains(text[next])))
                        || (Self.dashes.contains(character) && precededBySpace && followedBySpace) {
                closeWord(at: index)
            } else if wordStart == nil {
                wordStart = index
            }
            index = next
        }
        closeWord(at: text.endIndex)
        return tokens
    }
}

/// The differences between two utterances, word by word: a longest common subsequence of
/// their tokens (utterances are short; past ``limit`` tokens the whole is one difference).
public enum UtteranceDiff {
    public struct Change: Hashable, Sendable {
        /// Earshot's tokens that differ (may be empty: VoiceOver said more).
        public var earshot: Range<Int>
        /// VoiceOver's tokens in their place (may be empty: Earshot said more).
        public var recorded: Range<Int>
    }

    static let limit = 400

    public static func changes(earshot: [Utterance.Token], recorded: [Utterance.Token]) -> [Change] {
        let a = earshot.map(\.text), b = recorded.map(\.text)
        guard a != b else { return [] }
        guard a.count <= limit, b.count <= limit else { return [Change(earshot: 0..<a.count, recorded: 0..<b.count)] }
        // lengths[i][j]: the longest common subsequence of a[i...] and b[j...].
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var changes: [Change] = []
        var i = 0, j = 0, startA = 0, startB = 0
        func flush() {
            if startA < i || startB < j { changes.append(Change(earshot: startA..<i, recorded: startB..<j)) }
        }
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                flush()
                i += 1
                j += 1
                startA = i
                startB = j
            } else if j < b.count, i == a.count || lengths[i][j + 1] >= lengths[i + 1][j] {
                j += 1
            } else {
                i += 1
            }
        }
        flush()
        return changes
    }
}
