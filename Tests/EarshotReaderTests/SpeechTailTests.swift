import EarshotCore
@testable import EarshotReader
import Testing

/// A text that ends with a phrase counted once (a system hint, the trait words) is counted only
/// up to the phrase, and the phrase's counts added: the sum must be what counting it all gives.
@Suite("Phrases counted once")
struct SpeechTailTests {
    typealias Counts = SpeechDuration.Counts
    typealias Tail = SpeechDuration.Tail

    /// The counts of `text` ending with `tail`, as the builder counts a text it joined.
    static func counts(_ text: String, tail: Tail) -> Counts {
        var text = text
        return text.withUTF8 { Counts($0, tail: tail) }
    }

    /// Pieces whose counts depend on their neighbours: stops before and after letters, digits and
    /// space, clause marks, `@`, Japanese punctuation, runs of white space.
    static let pieces = ["a", "Zorb", "x", "3", "42", ".", "?", "!", ",", ";", ":", " ", "  ", "\n", "\t", "@", "%",
                         "é", "、", "。", "ア", "x.y", "lower", "-"]

    static func text(_ random: inout SplitMix, pieces count: Int) -> String {
        (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }

    @Test(arguments: [1, 2, 3, 4])
    func aPhraseAfterWhiteSpaceAddsItsOwnCounts(seed: UInt64) {
        var random = SplitMix(seed: seed)
        var composed = 0
        for _ in 0..<2_000 {
            let phrase = Self.text(&random, pieces: 1 + Int(random.next() % 5))
            let before = Self.text(&random, pieces: Int(random.next() % 7))
            let space = ["", " ", "\n", "  "][Int(random.next() % 4)]
            let text = before + space + phrase
            let counted = Self.counts(text, tail: Tail(phrase))
            #expect(counted == Counts(text), "\(text.debugDescription) ending with \(phrase.debugDescription)")
            if before.isEmpty && space.isEmpty || space != "" && phrase.first?.isWhitespace == false { composed += 1 }
        }
        // Most of the cases are the composed ones, not those counted whole because the phrase
        // does not follow white space.
        #expect(composed > 1_000)
    }

    /// Letters, digits, symbols and word starts are summed 16 bits at a time, in chunks: a text
    /// longer than a chunk counts every one of them.
    @Test func aTextLongerThanAChunkIsCountedWhole() {
        let text = String(repeating: "ab1% ", count: 20_000) + String(repeating: "x", count: 70_000)
        #expect(Counts(text) == Counts(letters: 40_000 + 70_000, digits: 20_000, words: 20_001, symbols: 20_000))
        let phrase = "Zorb. Quux."
        #expect(Self.counts(text + " " + phrase, tail: Tail(phrase)) == Counts(text + " " + phrase))
    }

    @Test func aPhraseNotAfterWhiteSpaceIsCountedWithTheRest() {
        // "x.Zorb." ends with "Zorb." but the stop before it is a "dot" only with the letter after it.
        #expect(Self.counts("x.Zorb.", tail: Tail("Zorb.")) == Counts("x.Zorb."))
        #expect(Counts("x.Zorb.").symbols == 1)
        // A phrase longer than the text, or starting with white space, is no tail either.
        #expect(Self.counts("Zorb.", tail: Tail("The Zorb.")) == Counts("Zorb."))
        #expect(Self.counts("a.  Zorb.", tail: Tail(" Zorb.")) == Counts("a.  Zorb."))
    }

    /// The description and its trait words (and an element's own hint and the system's) are
    /// copied into one string: a period between them unless the first ends with one.
    @Test(arguments: [
        ("Zorb", "Quux.", "Zorb. Quux."), ("Zorb.", "Quux.", "Zorb. Quux."), ("Café", "Ürn.", "Café. Ürn."),
        ("件名", "ボタン。", "件名. ボタン。"), ("Zorb?", "Quux.", "Zorb?. Quux."), ("", "Quux.", ". Quux."),
        ("Zorb", "", "Zorb. "),
    ])
    func joiningCopiesThePartsWithAPeriodBetween(_ first: String, _ last: String, _ expected: String) {
        let joined = DescriptionBuilder.joined(first, last).text
        #expect(joined == expected)
        #expect(Array(joined.utf8) == Array(expected.utf8))
    }

    /// Joining counts the text as it copies it, the last part's counts taken as given when they
    /// are: either way they are what counting the joined text gives.
    @Test(arguments: [5, 6, 7])
    func joiningCountsWhatCountingTheTextCounts(seed: UInt64) {
        var random = SplitMix(seed: seed)
        for _ in 0..<2_000 {
            let first = Self.text(&random, pieces: Int(random.next() % 8))
            let last = Self.text(&random, pieces: Int(random.next() % 5))
            let given = DescriptionBuilder.joined(first, last, tail: Tail(last))
            let counted = DescriptionBuilder.joined(first, last)
            #expect(given.text == counted.text)
            #expect(given.counts == Counts(given.text), "\(given.text.debugDescription)")
            #expect(counted.counts == Counts(counted.text), "\(counted.text.debugDescription)")
        }
    }

    /// The trait words' table finds every key it was made with, and nothing else, however its
    /// keys collide.
    @Test(arguments: [1, 2, 3])
    func theTraitKeyTableFindsWhatADictionaryFinds(seed: UInt64) {
        var random = SplitMix(seed: seed)
        for size in [0, 1, 2, 7, 8, 9, 100, 1_000] {
            var entries: [UInt64: DescriptionBuilder.PhraseID] = [:]
            while entries.count < size {
                // Keys as the builder makes them: traits in the low 32 bits, state above.
                let key = random.next() & 0x7F_FFFF_FFFF >> (random.next() % 30)
                entries[key] = DescriptionBuilder.PhraseID(entries.count)
            }
            let table = DescriptionBuilder.KeyTable(entries)
            for (key, value) in entries { #expect(table[key] == value) }
            for _ in 0..<200 {
                let key = random.next() & 0x7F_FFFF_FFFF
                #expect(table[key] == entries[key])
            }
        }
    }

    /// The reader looks up its rate's factors once, and again when its rate changes.
    @Test func aReaderTimesItsUtterancesAtItsRateAfterTheRateChanges() throws {
        let scene = try loadScene("""
            scene: Tails
            root:
              - switch: Alarm
                value: on
              - slider: Level
                value: "5"
              - text: Plain
            """)
        var reader = ScreenReader(scene: scene)
        reader.rate = 300
        reader.swipeRight()
        reader.swipeRight()
        reader.rate = 120
        reader.swipeRight()
        let rates = [300.0, 300, 120]
        for (step, rate) in zip(reader.steps, rates) {
            let utterances = step.events.compactMap(\.utterance)
            #expect(!utterances.isEmpty)
            for utterance in utterances {
                #expect(utterance.duration == SpeechDuration.seconds(utterance.text, rate: rate, language: scene.language))
            }
        }
        #expect(reader.steps.flatMap { $0.events.compactMap(\.utterance) }.contains { $0.kind == .hint })
    }
}
