import EarshotCalibration
import EarshotCore
import EarshotScenario
import Foundation
import Testing

/// A disagreement names where Earshot's words came from: the profile fact with its evidence, or
/// the element's own text; and, where one profile fact gave them all, the value that would agree.
@Suite("Tracing a disagreement")
struct TracingTests {
    static let grabber = """
        - { gesture: touch, element: compose, utterance: "Compose, button" }
        - { gesture: activate, utterance: "Sheet grabber, collapsed, button" }
        """

    @Test func aProfileWordIsTracedToItsFactAndEvidence() throws {
        let move = try CalibrationFixtures.calibrate(Self.grabber, os: "17").moves[1]
        #expect(!move.agrees)
        #expect(move.earshot == "Sheet Grabber: Half screen. Button.")
        let difference = try #require(move.differences.first)
        #expect(move.differences.count == 1)
        #expect(difference.earshot == "Half screen")
        #expect(difference.recorded == "collapsed")
        guard case .profile(let fact)? = difference.origins.first else {
            Issue.record("traced to \(difference.origins), not a profile fact")
            return
        }
        #expect(fact.path == "grabber.values.medium")
        #expect(fact.origin == "ios.en.json")
        #expect(fact.evidence == "ios.en: grabber")
        #expect(fact.source.contains("UISheetPresentationController"))
        // VoiceOver's word in the case the profile writes its words.
        #expect(difference.correction?.value == "Collapsed")
        #expect(difference.correction?.fact.path == "grabber.values.medium")
    }

    /// From 18 on the word comes from a version patch, whose own source is the evidence.
    @Test func aVersionPatchIsTheOriginOfTheWordsItSets() throws {
        let move = try CalibrationFixtures.calibrate("""
            - { gesture: touch, element: compose, utterance: "Compose, button" }
            - { gesture: activate, utterance: "Sheet grabber, half screen, button" }
            """, os: "18").moves[1]
        guard case .profile(let fact)? = move.differences.first?.origins.first else {
            Issue.record("not traced to a profile fact: \(move.differences)")
            return
        }
        #expect(fact.origin == "ios.en.json, from 18")
        #expect(fact.evidence == "ios.en: from 18 (versioned[0])")
        #expect(fact.source.contains("fluentui-apple PR 2101"))
        #expect(move.differences.first?.correction?.value == "Half screen")
    }

    /// A language's fact is its own file's where it writes it, its base's where it does not;
    /// iPadOS takes iOS's words in a language through its translation.
    @Test func eachFactNamesTheFileAndLedgerEntryItIsWrittenIn() throws {
        func fact(_ platform: Platform, _ language: String, _ path: String) throws -> ProfileFact? {
            try Profile.facts(platform, language: language, os: "17").first { $0.path == path }
        }
        #expect(try fact(.ios, "de", "grabber.label")?.evidence == "ios.de: grabber")
        #expect(try fact(.ios, "de", "escapeDefaults.styles.sheet")?.origin == "ios.en.json")
        #expect(try fact(.ipados, "de", "words.button")?.origin == "ios.de.json")
        #expect(try fact(.ipados, "en", "grabber.label")?.evidence == "ipados.en: grabber")
    }

    @Test func anElementsOwnLabelIsTheAppsNotAProfileFact() throws {
        let move = try CalibrationFixtures.calibrate("- { gesture: touch, element: compose, utterance: \"Write, button\" }").moves[0]
        #expect(move.differences.first?.origins == [.element(field: "label", text: "Compose")])
        #expect(move.differences.first?.correction == nil)
    }

    @Test func aTraitWordIsTracedToTheWordsOfTheProfile() throws {
        let move = try CalibrationFixtures.calibrate("- { gesture: touch, element: compose, utterance: \"Compose, knob\" }").moves[0]
        guard case .profile(let fact)? = move.differences.first?.origins.first else {
            Issue.record("not traced to a profile fact: \(move.differences)")
            return
        }
        #expect(fact.path == "words.button")
        #expect(move.differences.first?.correction?.value == "Knob")
    }

    @Test func wordsEarshotLeftOutAreSaidAtThePlaceTheyWouldGo() throws {
        let move = try CalibrationFixtures.calibrate("- { gesture: touch, element: compose, utterance: \"Compose, button, dimmed\" }").moves[0]
        let difference = try #require(move.differences.first)
        #expect(difference.earshot == "")
        #expect(difference.recorded == "dimmed")
        #expect(difference.correction == nil)
    }
}
