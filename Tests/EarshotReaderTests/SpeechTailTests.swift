import EarshotCore
@testable import EarshotReader
import PropertyBased
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

    /// Texts of so many pieces, shrinking towards fewer pieces and the first ones.
    static func text(_ count: ClosedRange<Int>) -> Generator<String, Shrink.Appended<Shrink.Omit<[Int]>, Shrink.ElementWise<Int, [Int], Shrink.Integer<Int>>>> {
        Gen.int(in: 0...(pieces.count - 1)).map { pieces[$0] }.array(of: count).map { $0.joined() }
    }

    /// Any phrase after any text, with or without white space between: counted up to the
    /// phrase, and the phrase's counts added, it is what counting it all gives (swift-property-based
    /// makes the cases, and shrinks one that fails to its shortest).
    @Test func aPhraseAfterWhiteSpaceAddsItsOwnCounts() async {
        let text = Self.text(_:)
        await propertyCheck(count: 4_000, input: text(1...5), text(0...6),
                            Gen.int(in: 0...3).map { ["", " ", "\n", "  "][$0] }) { phrase, before, space in
            let text = before + space + phrase
            #expect(Self.counts(text, tail: Tail(phrase)) == Counts(text), "\(text.debugDescription) ending with \(phrase.debugDescription)")
        }
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
    @Test func joiningCountsWhatCountingTheTextCounts() async {
        let text = Self.text(_:)
        await propertyCheck(count: 4_000, input: text(0...7), text(0...4)) { first, last in
            let given = DescriptionBuilder.joined(first, last, tail: Tail(last))
            let counted = DescriptionBuilder.joined(first, last)
            #expect(given.text == counted.text)
            #expect(given.counts == Counts(given.text), "\(given.text.debugDescription)")
            #expect(counted.counts == Counts(counted.text), "\(counted.text.debugDescription)")
        }
    }

    /// The trait words' table finds every key it was made with, and nothing else, however its
    /// keys collide.
    @Test func theTraitKeyTableFindsWhatADictionaryFinds() async {
        // Keys as the builder makes them: traits in the low 32 bits, state above, many colliding
        // in their low bits (shifted right by up to 29).
        let key = zip(Gen.uint64(in: 0...0x7F_FFFF_FFFF), Gen.int(in: 0...29)).map { key, shift in key >> UInt64(shift) }
        await propertyCheck(count: 60, input: key.array(of: 0...1_000), key.array(of: 200)) { keys, others in
            var entries: [UInt64: DescriptionBuilder.PhraseID] = [:]
            for key in keys where entries[key] == nil { entries[key] = DescriptionBuilder.PhraseID(entries.count) }
            let table = DescriptionBuilder.KeyTable(entries)
            for (key, value) in entries { #expect(table[key] == value) }
            for key in others { #expect(table[key] == entries[key]) }
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
