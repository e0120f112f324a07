/// How long espeak-ng (`en-us`) takes to say a text at a rate, estimated
/// from the text alone: the reader's virtual clock, pure and the same in
/// every run, headless or spoken.
///
/// ```swift
/// SpeechDuration.seconds("Compose. Button.", rate: 175)   // 1.585 (espeak-ng says it in 1.621)
/// ```
///
/// The estimate is a speaking part and a pausing part, each scaled for the rate:
///
///     seconds = speaking(rate) × (0.0417 letters + 0.2283 digits + 0.0852 words + 0.4720 symbols)
///             + pausing(rate) × (0.3712 clause pauses + 0.4398 sentence ends + 0.4327)
///
/// - letters: ASCII letters, and every character outside ASCII;
/// - digits: `0`–`9` (a number is spoken as words);
/// - words: runs of characters between white space;
/// - symbols espeak-ng says as a word: `@`, `%`, and a `.` between letters or digits (`dot`);
/// - clause pauses: `,` `;` `:` before white space;
/// - sentence ends: `.` `?` `!` before white space and then anything but a lowercase letter
///   (espeak-ng runs on through `Cancel. button.`, and a final `.` adds nothing);
/// - the constant: the pause espeak-ng ends every utterance with, and the voice's onset.
///
/// The coefficients are fitted to espeak-ng 1.51's own timings of the bundled suite's utterances
/// (English) and of interface labels (German, Russian, Japanese, read with MeCab first), so that
/// a headless run's times are those a spoken run hears; how, and how close they come, is in
/// docs/decisions.md ("The estimate is fitted to espeak-ng"). Refit when a voice or espeak-ng
/// changes (`scripts/fit-speech-duration.py`). The ideographic comma and full stop count as a
/// clause pause and a sentence end.
public enum SpeechDuration {
    /// Seconds to say a text at a rate in words a minute (80 to 450; others are taken as the
    /// nearer end), in a language (English's coefficients for one with none of its own).
    public static func seconds(_ text: String, rate: Double, language: String = "en") -> Double {
        Estimator(rate: rate, language: language).seconds(Counts(text))
    }

    /// The estimate at one rate in one language: the language's coefficients and the rate's
    /// factors looked up once, for a reader's every utterance at that rate.
    struct Estimator: Sendable {
        let coefficients: Coefficients
        let speaking: Double
        let pausing: Double

        init(rate: Double, language: String) {
            coefficients = SpeechDuration.coefficients(for: language)
            speaking = factor(speakingFactors, at: rate)
            pausing = factor(pausingFactors, at: rate)
        }

        func seconds(_ counts: Counts) -> Double {
            let c = coefficients
            let speaking = c.letters * Double(counts.letters) + c.digits * Double(counts.digits)
                + c.words * Double(counts.words) + c.symbols * Double(counts.symbols)
            let pausing = c.clausePauses * Double(counts.clausePauses) + c.sentenceEnds * Double(counts.sentenceEnds) + c.constant
            return self.speaking * speaking + self.pausing * pausing
        }

        /// Seconds for a text, counted unless its `counts` are known.
        func seconds(_ text: String, counts: Counts?) -> Double {
            seconds(counts ?? Counts(text))
        }
    }

    /// Seconds at 175 words a minute for each thing the estimate counts.
    struct Coefficients: Sendable {
        var letters, digits, words, symbols, clausePauses, sentenceEnds, constant: Double
    }

    static let english = Coefficients(letters: 0.0417, digits: 0.2283, words: 0.0852, symbols: 0.4720,
                                      clausePauses: 0.3712, sentenceEnds: 0.4398, constant: 0.4327)
    static let german = Coefficients(letters: 0.0388, digits: 0.2783, words: 0.1312, symbols: 0.5951,
                                     clausePauses: 0.2540, sentenceEnds: 0.3657, constant: 0.4375)
    static let russian = Coefficients(letters: 0.0505, digits: 0.2693, words: 0, symbols: 0.5689,
                                      clausePauses: 0.5637, sentenceEnds: 0.5501, constant: 0.3345)
    static let japanese = Coefficients(letters: 0.1027, digits: 0.5854, words: 0.3215, symbols: 0.1284,
                                       clausePauses: 0.2876, sentenceEnds: 0.1839, constant: 0.3215)

    /// A language's coefficients; English's for a language with none of its own. A switch, not
    /// a dictionary: every utterance of every step asks, and hashing the name cost more than
    /// the counting.
    static func coefficients(for language: String) -> Coefficients {
        switch language {
        case "en": english
        case "de": german
        case "ru": russian
        case "ja": japanese
        default: english
        }
    }

    /// (rate, factor): how much longer than at 175 words a minute espeak-ng takes over speech
    /// (close to 175 / rate) and over pauses (shrinking faster, to almost nothing from 350). At
    /// 450 espeak-ng speeds up another way, and its pauses come back: 450 is slower than 449.
    static let speakingFactors: [(rate: Double, factor: Double)] = [
        (80, 2.007), (120, 1.439), (150, 1.164), (175, 1), (200, 0.887), (250, 0.731),
        (300, 0.629), (350, 0.562), (400, 0.502), (449, 0.450), (450, 0.420),
    ]
    static let pausingFactors: [(rate: Double, factor: Double)] = [
        (80, 2.666), (120, 1.702), (150, 1.248), (175, 1), (200, 0.802), (250, 0.518),
        (300, 0.325), (350, 0.127), (400, 0.079), (449, 0.073), (450, 0.213),
    ]

    /// A factor at a rate, interpolated linearly between the table's rates.
    static func factor(_ table: [(rate: Double, factor: Double)], at rate: Double) -> Double {
        guard rate > table[0].rate else { return table[0].factor }
        for (low, high) in zip(table, table.dropFirst()) where rate <= high.rate {
            return low.factor + (high.factor - low.factor) * (rate - low.rate) / (high.rate - low.rate)
        }
        return table[table.count - 1].factor
    }

    /// The last `bytes` bytes of a text, whose ``Counts`` are known: a profile phrase (a system
    /// hint, the trait words) counted once, not on every step that speaks it.
    struct Tail: Sendable {
        var bytes: Int
        var counts: Counts

        init(_ phrase: String) {
            bytes = phrase.utf8.count
            counts = Counts(phrase)
        }
    }

    /// What the estimate counts in a text, read from its UTF-8 bytes in one pass.
    struct Counts: Hashable, Sendable {
        var letters = 0
        var digits = 0
        var words = 0
        var symbols = 0
        var clausePauses = 0
        var sentenceEnds = 0

        init(letters: Int = 0, digits: Int = 0, words: Int = 0, symbols: Int = 0, clausePauses: Int = 0,
             sentenceEnds: Int = 0) {
            self.letters = letters
            self.digits = digits
            self.words = words
            self.symbols = symbols
            self.clausePauses = clausePauses
            self.sentenceEnds = sentenceEnds
        }

        /// A text's counts, its UTF-8 bytes read where the string keeps them (a native string's
        /// are in one piece), without the copy of the string that `withUTF8` needs.
        init(_ text: String) {
            if let counts = text.utf8.withContiguousStorageIfAvailable(Counts.init) {
                self = counts
            } else {
                var text = text
                self = text.withUTF8(Counts.init)
            }
        }

        /// The counts of a text's UTF-8 bytes.
        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.init(bytes: bytes, end: bytes.count)
        }

        /// The counts of a text's UTF-8 bytes that end with `tail`: the bytes before the tail
        /// counted (looking on into the tail, as counting the whole text does), and the tail's
        /// counts added. The two are the whole text's counts when the tail is the whole text or
        /// follows white space and does not start with it: what the tail's bytes count then does
        /// not depend on what comes before them. Otherwise the whole text is counted.
        init(_ bytes: UnsafeBufferPointer<UInt8>, tail: Tail) {
            let start = bytes.count - tail.bytes
            guard start >= 0, start == 0 || start < bytes.count && Self.isSpace(bytes[start - 1]) && !Self.isSpace(bytes[start]) else {
                self.init(bytes)
                return
            }
            self.init(bytes: bytes, end: start)
            add(tail.counts)
            assert(self == Counts(bytes), "the tail's counts are not the text's")
        }

        mutating func add(_ other: Counts) {
            letters += other.letters
            digits += other.digits
            words += other.words
            symbols += other.symbols
            clausePauses += other.clausePauses
            sentenceEnds += other.sentenceEnds
        }

        private static func isSpace(_ byte: UInt8) -> Bool { table[Int(byte)] & notSpace == 0 }

        /// Each byte as a number the count adds up: the letter, digit or symbol it is (in 16-bit
        /// lanes from bits 0, 16 and 32), whether it is other than white space (``notSpace``),
        /// and whether it needs a look at the bytes around it (a ``Mark`` from bit 57). Letters
        /// are ASCII's and every first byte of a character outside ASCII; `0xE3` may start 、 or
        /// 。 (E3 80 81, E3 80 82), a clause pause and a sentence end, else it starts a letter.
        private static let table: [UInt64] = (0...255).map { (value: Int) -> UInt64 in
            let letter: UInt64 = 1, digit: UInt64 = 1 << 16, symbol: UInt64 = 1 << 32
            switch UInt8(value) {
            case 0x20, 0x0A, 0x09, 0x0D: return 0
            case 0xE3: return notSpace | Mark.ideographic.bits
            case 0x41...0x5A, 0x61...0x7A, 0xC0...0xFF: return notSpace | letter
            case 0x30...0x39: return notSpace | digit
            case UInt8(ascii: "@"), UInt8(ascii: "%"): return notSpace | symbol
            case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"): return notSpace | Mark.clause.bits
            case UInt8(ascii: "."), UInt8(ascii: "?"), UInt8(ascii: "!"): return notSpace | Mark.sentence.bits
            default: return notSpace
            }
        }
        private static let notSpace: UInt64 = 1 << 56

        /// Bytes whose count depends on the bytes around them.
        private enum Mark: UInt64 {
            case clause = 1, sentence, ideographic
            var bits: UInt64 { rawValue << 57 }
        }

        /// Counts the bytes before `end`; a byte's neighbours are looked at up to the buffer's end.
        private init(bytes: UnsafeBufferPointer<UInt8>, end: Int) {
            func isWordy(_ byte: UInt8) -> Bool {
                (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || (byte >= 0x30 && byte <= 0x39) || byte >= 0x80
            }
            // Counted in locals, stored once: the loop runs over every utterance of every step.
            var letters = 0, digits = 0, words = 0, symbols = 0, clausePauses = 0, sentenceEnds = 0
            let count = bytes.count
            Self.table.withUnsafeBufferPointer { table in
                func isSpace(_ byte: UInt8) -> Bool { table[Int(byte)] & Self.notSpace == 0 }
                // A word starts at each byte other than white space that follows white space or the start.
                var afterSpace: UInt64 = 1
                var start = 0
                while start < end {
                    // Letters, digits, symbols and word starts are added up without a branch, all
                    // four in one number, 16 bits each: in chunks of at most 65,535 bytes.
                    let stop = min(end, start + 0xFFFF)
                    var sums: UInt64 = 0
                    for index in start..<stop {
                        let entry = table[Int(bytes[index])]
                        let notSpace = entry >> 56 & 1
                        sums &+= (entry & 0xFFFF_FFFF_FFFF) &+ (notSpace & afterSpace) << 48
                        afterSpace = notSpace ^ 1
                        // One test for the few bytes that need their neighbours, then which they are.
                        guard entry >> 57 != 0 else { continue }
                        switch entry >> 57 {
                        case Mark.ideographic.rawValue:
                            if index + 2 < count, bytes[index + 1] == 0x80, bytes[index + 2] == 0x81 || bytes[index + 2] == 0x82 {
                                if bytes[index + 2] == 0x81 { clausePauses += 1 } else { sentenceEnds += 1 }
                            } else {
                                letters += 1
                            }
                        case Mark.clause.rawValue:
                            if index + 1 < count, isSpace(bytes[index + 1]) { clausePauses += 1 }
                        default:   // Mark.sentence
                            let next: UInt8? = index + 1 < count ? bytes[index + 1] : nil
                            if bytes[index] == UInt8(ascii: "."), index > 0, isWordy(bytes[index - 1]), let next, isWordy(next) {
                                symbols += 1   // example.com: "dot"
                            } else if let next, isSpace(next) {
                                var after = index + 1
                                while after < count, isSpace(bytes[after]) { after += 1 }
                                if after == count || !(bytes[after] >= 0x61 && bytes[after] <= 0x7A) { sentenceEnds += 1 }
                            }
                        }
                    }
                    letters += Int(sums & 0xFFFF)
                    digits += Int(sums >> 16 & 0xFFFF)
                    symbols += Int(sums >> 32 & 0xFFFF)
                    words += Int(sums >> 48)
                    start = stop
                }
            }
            self.init(letters: letters, digits: digits, words: words, symbols: symbols, clausePauses: clausePauses,
                      sentenceEnds: sentenceEnds)
        }
    }
}
