import EarshotReader
import EarshotSpeech
import Foundation
import Testing

/// Japanese is read before it is spoken: espeak-ng's `ja` voice knows kana but no kanji, so a
/// worker bound to it turns each text into MeCab's readings first (Sources/earshot-speech/readings.c;
/// make test installs MeCab and Debian's mecab-ipadic-utf8).
@Suite("Japanese readings in the speech worker")
struct JapaneseReadingTests {
    static func samples(_ text: String, voice: String = "ja") async throws -> [Int16] {
        try await EspeakEngine.shared.synthesize(text, voice: voice, rate: 175).samples
    }

    /// 閉じる is spoken as its reading トジル: the same samples, and not espeak-ng's own じる,
    /// which drops the kanji.
    @Test func kanjiAreSpokenByTheirReadings() async throws {
        let kanji = try await Self.samples("閉じる")
        #expect(kanji == (try await Self.samples("トジル")))
        #expect(kanji != (try await Self.samples("じる")))
        #expect(try await Self.samples("見出し、ボタン") == (try await Self.samples("ミダシ、ボタン")))
    }

    /// Latin words in a Japanese interface (an app's name) are spoken as written.
    @Test func mixedTextKeepsItsLatinWords() async throws {
        #expect(try await Self.samples("Settingsを開く") == (try await Self.samples("Settingsヲヒラク")))
    }

    /// Other voices are spoken as written: nothing reads an English text.
    @Test func otherVoicesAreNotRead() async throws {
        let english = try await EspeakEngine.shared.synthesize("Close. Button.", voice: "en-us", rate: 175).samples
        #expect(!english.isEmpty)
        #expect(try await Self.samples("閉じる", voice: "en-us") != (try await Self.samples("トジル", voice: "en-us")))
    }

    /// The reading step is part of the engine's identity, so the utterance cache keys include it.
    @Test func theEngineVersionNamesTheReadingStep() async throws {
        let version = try await EspeakEngine.shared.version
        #expect(version.contains(" readings \(EspeakEngine.readingsDigest)"))
        #expect(EspeakEngine.readingsDigest != "none", "MeCab's configuration (/etc/mecabrc) is installed by make test")
    }
}

/// The reader's clock in each language: its own coefficients estimate what the language's voice
/// takes within a fifth of a second an utterance (SpeechDuration; fitted by
/// scripts/fit-speech-duration.py). For Japanese, whose text is read before it is spoken,
/// English's coefficients were three times as far off; for German and Russian, close already.
@Suite("Speech duration per language")
struct LanguageDurationTests {
    static let utterances: [String: [String]] = [
        "de": ["Einstellungen. Überschrift.", "WLAN. Umschalttaste. Ein.", "Entwurf löschen? Taste.",
               "Zum Bearbeiten doppeltippen.", "Auswahl: Mail. Tabulator. 1 von 5."],
        "ru": ["Настройки. Заголовок.", "Wi-Fi. Кнопка-переключатель. Вкл.", "Удалить черновик? Кнопка.",
               "Коснитесь дважды, чтобы переключить настройку.", "Выбрано: Почта. Вкладка. 1 из 5."],
        "ja": ["設定、見出し", "Wi-Fi、スイッチボタン、オン", "下書きを削除しますか?、ボタン",
               "ダブルタップして設定を切り替えます", "メール、選択中、タブ、1/5"],
    ]

    @Test(arguments: ["de", "ru", "ja"])
    func theLanguagesOwnEstimateHoldsWithinAFifthOfASecond(_ language: String) async throws {
        var own = 0.0, english = 0.0
        for text in Self.utterances[language]! {
            let speech = try await EspeakEngine.shared.synthesize(text, voice: language, rate: 175)
            let measured = Double(speech.samples.count) / Double(try await EspeakEngine.shared.sampleRate)
            own += abs(SpeechDuration.seconds(text, rate: 175, language: language) - measured)
            english += abs(SpeechDuration.seconds(text, rate: 175) - measured)
        }
        #expect(own / 5 < 0.2, "\(language): \(own / 5) s off an utterance on average (English's coefficients: \(english / 5) s)")
        if language == "ja" { #expect(own < english / 2, "Japanese: \(own) s off in all against English's \(english) s") }
    }

    @Test func theIdeographicCommaAndFullStopArePauses() {
        #expect(SpeechDuration.seconds("設定、見出し", rate: 175, language: "ja") > SpeechDuration.seconds("設定見出し", rate: 175, language: "ja"))
        #expect(SpeechDuration.seconds("完了。", rate: 175, language: "ja") > SpeechDuration.seconds("完了", rate: 175, language: "ja"))
    }
}

/// A kanji MeCab's dictionary does not know (rare, variant and name kanji) was said as "Chinese
/// letter" and, many in a row, broke the worker's limits: the spoken run failed as if espeak-ng's
/// data were damaged. It is read from Unihan instead (Sources/CEarshotReadings/kanji.c).
@Suite("Kanji MeCab cannot read")
struct UnreadKanjiTests {
    static func speech(_ text: String) async throws -> Synthesis {
        try await EspeakEngine.shared.synthesize(text, voice: "ja", rate: 175)
    }

    /// Through a variant MeCab reads, put in the kanji's place before the text is read again.
    @Test func aVariantMeCabReadsTakesTheKanjisPlace() async throws {
        #expect(try await Self.speech("髙橋").samples == (try await Self.speech("高橋")).samples)
        #expect(try await Self.speech("閒").samples == (try await Self.speech("間")).samples)
    }

    /// Else by its first Japanese reading in Unihan, in katakana.
    @Test func elseItsUnihanReadingIsSpoken() async throws {
        #expect(try await Self.speech("鷗、ボタン").samples == (try await Self.speech("カモメ、ボタン")).samples)
        #expect(try await Self.speech("草彅").samples == (try await Self.speech("クサナギ")).samples)
        #expect(try await Self.speech("鷗外").unread == 0)
    }

    /// An ideograph with no reading anywhere is left out, counted, and never said as a Chinese letter.
    @Test func anIdeographWithoutAReadingIsLeftOutAndCounted() async throws {
        let speech = try await Self.speech("𠀁𠀂ボタン")
        #expect(speech.unread == 2)
        #expect(speech.samples == (try await Self.speech("ボタン")).samples)
        #expect(Synthesis.unreadWarning("𠀁𠀂ボタン", characters: 2)
            == "2 characters of '𠀁𠀂ボタン' have no Japanese reading (neither MeCab nor Unihan gives one) and are left out of its audio; the transcript keeps them")
        #expect(Synthesis.unreadWarning("𠀁ボタン", characters: 1)
            == "1 character of '𠀁ボタン' has no Japanese reading (neither MeCab nor Unihan gives one) and is left out of its audio; the transcript keeps it")
    }

    /// Twenty unknown ideographs in a row failed the run (exit 3); 9,000 of them must speak.
    @Test func longRunsOfRareKanjiAreSpoken() async throws {
        let rare = "龞鿷齒鼘鼩鿏鼐齹龰龀鿩鿗齊鼜鼐鿼龫齪齂齃鿓鼶齖鿞龾齌鼞鿗龖齈"
        #expect(try await !Self.speech(rare).samples.isEmpty)
        // Every other ideograph of the unified block from U+4E00: common, rare and Chinese-only ones.
        let label = String(String.UnicodeScalarView((0..<9_000).map { Unicode.Scalar(0x4E00 + 2 * UInt32($0))! }))
        // At the fastest rate: some twenty minutes of speech, not an hour.
        let speech = try await EspeakEngine.shared.synthesize(label, voice: "ja", rate: 450)
        #expect(speech.samples.count > 22_050 * 120, "\(speech.samples.count) samples")   // minutes of speech, not a stop
        // Unihan gives 6,696 of them a Japanese reading (their own or a variant's); MeCab reads
        // some of the others, and the rest are left out, counted.
        #expect(speech.unread > 0 && speech.unread <= 9_000 - 6_696, "\(speech.unread) of 9,000 left out")
    }

    /// Word marks count characters of the text sent, not of its reading: 志 is read ココロザシ,
    /// five characters, and its mark outside the one-character text failed the run.
    @Test func wordMarksArePlacedOnTheTextSent() async throws {
        for text in ["志", "志 志 志", "鷗外と髙橋、ボタン", "𠀁 志"] {
            let speech = try await Self.speech(text)
            let characters = text.unicodeScalars.count
            #expect(!speech.words.isEmpty, "\(text)")
            for word in speech.words {
                #expect(word.textPosition >= 1 && word.textPosition + word.length <= characters + 1, "\(text): \(word)")
            }
        }
        #expect(try await Self.speech("志 ボタン").words.map(\.textPosition) == [1, 3])
    }
}
