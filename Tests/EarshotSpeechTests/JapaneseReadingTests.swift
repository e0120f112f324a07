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
