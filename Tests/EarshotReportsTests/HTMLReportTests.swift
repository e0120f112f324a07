import EarshotCore
import EarshotFiles
import EarshotReader
@testable import EarshotReports
@testable import EarshotRunner
@testable import EarshotScenario
import EarshotSpeech
@testable import EarshotSuite
import EarshotTestSupport
import Foundation
import Testing

/// The HTML report's pages: the names scripts and browser checks rely on, the step list, the
/// audio, the index.
@Suite("HTML report")
struct HTMLReportTests {
    /// A compose sheet at medium and large with a grabber; Send's announcement is swallowed by the dismissal.
    static let scene = """
        scene: Mail
        root:
          - button: Compose
            activate: { present: compose }
          - text: Inbox
        presentations:
          compose:
            detents: [medium, large]
            selected: medium
            grabber: true
            content:
              - button: Send
                activate: [ { announce: "Message sent" }, dismiss ]
        """

    /// Scenario files beside the scene, one per body, named `NAME.yaml`.
    static func files(_ bodies: [(name: String, body: String)], scene: String = scene) throws -> (folder: URL, files: [String]) {
        let dir = testTemporaryDirectory.appendingPathComponent("earshot-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try scene.write(to: dir.appendingPathComponent("mail.yaml"), atomically: true, encoding: .utf8)
        let files = try bodies.map { name, body in
            let file = dir.appendingPathComponent(name + ".yaml")
            try "scenario: \(name)\nscene: mail.yaml\nsteps:\n\(body)".write(to: file, atomically: true, encoding: .utf8)
            return file.path
        }
        return (dir, files)
    }

    static func result(_ body: String, scene: String = scene) throws -> ScenarioResult {
        let (_, files) = try files([("s", body)], scene: scene)
        return ScenarioRunner().run(try ScenarioLoader.load(path: files[0]))
    }

    static let sending = "  - touch: Compose\n  - expect: \"Compose. Button.\"\n  - doubleTap\n  - touch: Send\n  - doubleTap\n"

    @Test func aScenarioPageHasTheLandmarksSectionsAndOneDrawingPerStep() throws {
        let page = HTMLReport.scenarioPage(try Self.result(Self.sending))
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        for landmark in ["<header>", "<main>", "<nav aria-label=\"Report\">", "<h1>s</h1>", "<section id=\"screen\"",
                         "<ol id=\"steps\">", "<body>", "document.body.setAttribute('data-ready', 'true')"] {
            #expect(page.contains(landmark), "\(landmark)")
        }
        #expect(page.components(separatedBy: "<h1>").count == 2)
        #expect(page.components(separatedBy: "<figure class=\"drawing\"").count == 6)
        // Numbered from 1, as the page numbers its steps; a passing scenario opens at its first.
        #expect(page.contains("<figure class=\"drawing\" data-step=\"1\"><svg class=\"screen\" role=\"img\""))
        #expect(page.contains("<figure class=\"drawing\" data-step=\"4\" hidden><svg class=\"screen\" role=\"img\""))
        #expect(page.contains("<li class=\"step current\" id=\"step-1\" tabindex=\"0\" aria-current=\"step\""))
        #expect(page.components(separatedBy: "<li class=\"step\" id=\"step-").count == 5)
        #expect(page.contains("<span class=\"number\">5.</span>") && page.contains("id=\"step-5\""))
        #expect(page.contains("<strong class=\"status passed\">✓ passed</strong>"))
        // Nothing from elsewhere: no external script, style sheet, font or image.
        #expect(!page.contains("src=\"http") && !page.contains("href=\"http") && !page.contains("<link") && !page.contains("@import"))
    }

    @Test func eachStepListsWhatVoiceOverSaidAndDidAsTheTranscriptWordsIt() throws {
        let page = HTMLReport.scenarioPage(try Self.result(Self.sending))
        #expect(page.contains("<code class=\"written\">touch: Compose</code><span class=\"location\">"))
        #expect(page.contains("/s.yaml:4</span>"))
        #expect(page.contains("<li class=\"focus\"><span class=\"word\">focus:</span> Compose (button)</li>"))
        #expect(page.contains("<li class=\"speech description\"><span class=\"word\">speak:</span> Compose. Button.</li>"))
        #expect(page.contains("<li class=\"expect passed\">✓ passed</li>"))
        #expect(page.contains("<li class=\"presented\"><span class=\"word\">presented:</span> compose</li>"))
        #expect(page.contains("<li class=\"earcon\"><span class=\"word\">earcon:</span> screenChanged</li>"))
        #expect(page.contains("<li class=\"dismissed\"><span class=\"word\">dismissed:</span> compose</li>"))
        // Send's announcement, swallowed by the dismissal, is struck through.
        #expect(page.contains("<li class=\"speech announcement interrupted\"><span class=\"word\">announce:</span> <del>Message sent</del> (interrupted)</li>"))
    }

    @Test func aFailedExpectationMarksItsStepAndTheFailureSectionSaysWhy() throws {
        let page = HTMLReport.scenarioPage(try Self.result("  - touch: Compose\n  - expect: Outbox\n"))
        #expect(page.contains("<strong class=\"status failed\">✗ failed</strong>"))
        // The page opens at the failing step: it is current, and its drawing the one shown.
        #expect(page.contains("<li class=\"step failed current\" id=\"step-2\" tabindex=\"0\" aria-current=\"step\""))
        #expect(page.contains("<figure class=\"drawing\" data-step=\"2\"><svg"))
        #expect(page.contains("<figure class=\"drawing\" data-step=\"1\" hidden><svg"))
        #expect(page.contains("<p>At <a href=\"#step-2\">step 2</a>, <code>expect: Outbox</code>.</p>"))
        #expect(page.contains("<li class=\"expect failed\">✗ failed: expectation &#39;speech&#39; failed<br><span class=\"word\">expected:</span> &quot;Outbox&quot;<br><span class=\"word\">actual:</span> &quot;Compose. Button.&quot;</li>"))
        #expect(page.contains("<section id=\"failure\" aria-labelledby=\"failure-heading\">"))
        #expect(!page.contains("<pre class=\"diff\">"))
    }

    @Test func aGoldenMismatchShowsItsDiffAndOpensWhereItFirstDiffers() throws {
        var result = try Self.result("  - touch: Compose\n  - expect: \"Compose. Button.\"\n  - doubleTap\n")
        // The golden transcript says the sheet's first field differently: line 5 (from 0) is the double tap's speech.
        let golden = "touch: Compose\n  speak: Compose. Button.\ndoubleTap\n  earcon: screenChanged\n  speak: Too. Text Field.\n"
        #expect(LineDiff.firstDifference(golden, result.transcript) == 4)
        #expect(result.step(writingTranscriptLine: 4) == 2)
        #expect(result.step(writingTranscriptLine: 0) == 0 && result.step(writingTranscriptLine: 1) == 0)
        #expect(result.step(writingTranscriptLine: 99) == 2, "past the end: the last step that wrote lines")
        result = result.remade(failure: ScenarioFailure(.goldenDiffers(TranscriptDiff(golden: golden, actual: result.transcript)),
                                                        at: SourceLocation(file: "s.transcript", line: 5, column: 1), step: 2))
        let page = HTMLReport.scenarioPage(result)
        #expect(page.contains("<pre class=\"diff\"><span class=\"removed\">--- golden</span>\n<span class=\"added\">+++ this run</span>\n"))
        // The first line that differs is marked, and the step that wrote it opens, saying so.
        #expect(page.contains("<span class=\"removed first\" id=\"first-difference\">-   speak: Too. Text Field.</span>"))
        #expect(page.components(separatedBy: "id=\"first-difference\"").count == 2)
        #expect(page.contains("<li class=\"step failed current\" id=\"step-3\""))
        #expect(page.contains("✗ the transcript first differs from the golden one here</strong> (<a href=\"#first-difference\">the diff</a>)"))
        #expect(page.contains("<p>The transcript first differs at <a href=\"#step-3\">step 3</a>, <code>doubleTap</code>.</p>"))
        #expect(page.contains("<figure class=\"drawing\" data-step=\"3\"><svg"))
        #expect(!page.contains("✗ failed here"))
    }

    /// Steps show as their file writes them: quotes kept, numbers as typed.
    @Test func stepsShowAsWritten() throws {
        let page = HTMLReport.scenarioPage(try Self.result("  - touch: \"Compose\"\n  - expect: { speech: 'Compose. Button.' }\n  - tap: [10, 80.0]\n"))
        #expect(page.contains("<code class=\"written\">touch: &quot;Compose&quot;</code>"))
        #expect(page.contains("<code class=\"written\">expect: { speech: &#39;Compose. Button.&#39; }</code>"))
        #expect(page.contains("<code class=\"written\">tap: [10, 80.0]</code>"))
    }

    @Test func hostileTextStaysText() throws {
        let scene = """
            scene: "<b>Mail</b>"
            root:
              - button: "<script>alert(1)</script>"
              - text: "Tom & \\"Jerry\\" 'quoted'"
              - text: "bell\\a and delete\\x7F"
            """
        let result = try Self.result("  - swipeRight\n  - swipeRight\n  - swipeRight\n", scene: scene)
        let page = HTMLReport.scenarioPage(result)
        #expect(!page.contains("<script>alert"))
        #expect(page.contains("data-label=\"&lt;script&gt;alert(1)&lt;/script&gt;\""))
        #expect(page.contains("speak:</span> &lt;script&gt;alert(1)&lt;/script&gt;. Button.</li>"))
        #expect(page.contains("data-label=\"Tom &amp; &quot;Jerry&quot; &#39;quoted&#39;\""))
        #expect(!page.unicodeScalars.contains { $0.value == 0x07 || $0.value == 0x7F })
        #expect(page.contains("data-label=\"bell\u{FFFD} and delete\u{FFFD}\""))
    }

    @Test func escapingCoversTheFiveCharactersAndControlCharacters() {
        func escaped(_ text: String) -> String {
            var html = HTMLText()
            html.text(text)
            return html.string
        }
        #expect(escaped("a<b>&\"c\"'d'") == "a&lt;b&gt;&amp;&quot;c&quot;&#39;d&#39;")
        #expect(escaped("tab\tline\nnul\u{0}esc\u{1B}c1\u{85}é") == "tab\tline\nnul\u{FFFD}esc\u{FFFD}c1\u{FFFD}é")
        #expect(escaped("plain text, ünïcode") == "plain text, ünïcode")
    }

    /// What VoiceOver said is marked with the scene's language; the page's own words are English.
    @Test func spokenTextCarriesTheScenesLanguage() throws {
        let german = Self.scene.replacingOccurrences(of: "scene: Mail\n", with: "scene: Mail\nlanguage: de\n")
        let page = HTMLReport.scenarioPage(try Self.result(Self.sending, scene: german))
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(page.contains("<span class=\"word\">speak:</span> <span lang=\"de\">Compose. Taste.</span></li>"))
        let english = HTMLReport.scenarioPage(try Self.result(Self.sending))
        #expect(!english.contains("<span lang="))
    }

    @Test func aHeadlessPageHasNoPlayer() throws {
        let result = try Self.result(Self.sending)
        #expect(!HTMLReport.scenarioPage(result).contains("<audio"))
        let dir = try Self.files([]).folder.appendingPathComponent("report")
        try HTMLReport.write([result], to: dir, audioFolder: nil)
        let page = try String(contentsOf: dir.appendingPathComponent(OutputName.of(file: result.file) + ".html"), encoding: .utf8)
        #expect(!page.contains("<audio"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("audio").path))
    }

    /// A spoken run's pages play their scenario's audio from a copy beside them (hard-linked),
    /// named relatively, so the folder works wherever it is moved.
    @Test func aSpokenPagePlaysItsAudioFromTheReportFolder() async throws {
        let (dir, files) = try Self.files([("first", Self.sending), ("second", "  - swipeRight\n")])
        let audio = dir.appendingPathComponent("Audio"), report = dir.appendingPathComponent("report")
        var options = Suite.Options()
        options.audioFolder = audio
        options.engine = ToneEngine()
        let outcome = try await Suite(options: options).run(files: files)
        try HTMLReport.write(outcome.results, to: report, audioFolder: audio)
        let name = OutputName.of(file: files[0])
        let page = try String(contentsOf: report.appendingPathComponent(name + ".html"), encoding: .utf8)
        #expect(page.contains("<audio id=\"player\" controls preload=\"metadata\" src=\"audio/\(name).wav\"><track kind=\"captions\" src=\"audio/\(name).vtt\" srclang=\"en\" label=\"Speech\" default></audio>"))
        #expect(!page.contains("src=\"/") && !page.contains("src=\"file:"))
        for ext in ["wav", "vtt"] {
            let copy = report.appendingPathComponent("audio/\(name).\(ext)").path
            let original = audio.appendingPathComponent("\(name).\(ext)").path
            #expect(FileManager.default.contentsEqual(atPath: copy, andPath: original))
            let copyInode = try FileManager.default.attributesOfItem(atPath: copy)[.systemFileNumber] as? Int
            let originalInode = try FileManager.default.attributesOfItem(atPath: original)[.systemFileNumber] as? Int
            #expect(copyInode == originalInode)   // one file system: linked, not copied
        }
        // Written again over itself: nothing changes, no temporary left behind.
        try HTMLReport.write(outcome.results, to: report, audioFolder: audio)
        let left = try FileManager.default.contentsOfDirectory(atPath: report.appendingPathComponent("audio").path)
        #expect(left.sorted() == ["\(name).vtt", "\(name).wav", "\(OutputName.of(file: files[1])).vtt",
                                  "\(OutputName.of(file: files[1])).wav"].sorted())
    }

    @Test func theVoiceGivesTheCaptionsLanguage() {
        #expect(HTMLReport.language(of: "en-us") == "en")
        #expect(HTMLReport.language(of: "de+f3") == "de")
        #expect(HTMLReport.language(of: "yue") == "yue")
        #expect(HTMLReport.language(of: "../x") == "und")
    }

    /// A step starts with its first sound, or where the sound before it ended; it ends where
    /// the next starts, the last at the scenario's length.
    @Test func stepTimesFollowTheSounds() throws {
        func speech(_ start: Double, _ duration: Double, interrupted: Bool = false) -> ReaderEvent {
            .speech(Utterance(text: "x", kind: .description, interrupted: interrupted, start: start, duration: duration))
        }
        // Three reader steps, their events set to known times.
        var result = try Self.result("  - swipeRight\n  - doubleTap\n  - swipeRight\n")
        var steps = result.steps
        steps[0].events = [.focus(ElementRef(0)), speech(0, 1)]
        steps[1].events = [.earcon(.screenChanged, at: 1.25), speech(1.44, 2)]
        steps[2].events = [speech(3.69, 0.5, interrupted: true)]
        func screen(_ written: String, _ records: Range<Int>) -> StepScreen {
            StepScreen(written: written, location: SourceLocation(file: "s.yaml", line: 1, column: 1), records: records,
                       action: records.isEmpty ? .expect([]) : .gesture(Gesture(.swipeRight)), state: SceneState(), cursor: nil,
                       failed: false)
        }
        let screens = [screen("swipeRight", 0..<1), screen("expect: A", 1..<1), screen("doubleTap", 1..<2),
                       screen("touch: Send", 2..<3), screen("expect: B", 3..<3)]
        let estimated = Timeline(estimatedFrom: steps, length: 6)
        for clock in [ScenarioResult.Clock.estimated, .audio] {
            result = result.remade(steps: steps, timeline: Timeline(sounds: estimated.sounds, clock: clock, length: 6), screens: screens)
            let times = HTMLReport.stepTimes(result, screens: screens)
            #expect(times.map { $0.start } == [0, 1, 1.25, 3.69, 3.69])
            #expect(times.map { $0.end } == [1, 1.25, 3.69, 3.69, 6])
        }
        let page = HTMLReport.scenarioPage(result)
        #expect(page.contains("<li class=\"step\" id=\"step-2\" tabindex=\"0\" data-start=\"1.000\" data-end=\"1.250\">"))
        #expect(page.contains("<li class=\"step\" id=\"step-5\" tabindex=\"0\" data-start=\"3.690\" data-end=\"6.000\">"))
    }

    @Test func theIndexCountsAndListsFailuresFirst() {
        let results = [OutputFormatTests.made("Alpha", file: "mail/alpha.yaml", passed: true, length: 1.5),
                       OutputFormatTests.made("Beta", file: "mail/beta.yaml", passed: false, length: 2.25),
                       OutputFormatTests.made("Gamma <3", file: "mail/gamma.yaml", passed: true, length: 0.5)]
        let index = HTMLReport.index(results)
        #expect(index.contains("<p id=\"counts\" class=\"failed\">✗ <strong>2 passed, 1 failed</strong> of 3 scenarios</p>"))
        #expect(index.contains("<label for=\"filter\">") && index.contains("<input id=\"filter\" type=\"search\""))
        #expect(index.contains("<label for=\"status\">Status</label><select id=\"status\"><option value=\"all\">All</option><option value=\"failed\">Failed</option><option value=\"passed\">Passed</option></select>"))
        let rows = index.components(separatedBy: "<tr class=\"scenario\"").dropFirst()
        #expect(rows.count == 3)
        let order = rows.map { $0.components(separatedBy: ".html\">")[1].components(separatedBy: "</a>")[0] }
        #expect(order == ["Beta", "Alpha", "Gamma &lt;3"])
        #expect(rows.first!.hasPrefix(" data-status=\"failed\"><td class=\"status failed\">✗ failed</td><td><a href=\"mail-beta.html\">Beta</a></td><td class=\"duration\">2.250</td><td><span class=\"file\">mail/beta.yaml</span></td></tr>"))
        #expect(index.contains("document.body.setAttribute('data-ready', 'true')"))
    }

    @Test func pagesOfScenariosWhoseNamesMeetAreKeptApart() {
        let results = [OutputFormatTests.made("A", file: "a-b/c.yaml", passed: true, length: 1),
                       OutputFormatTests.made("B", file: "a/b-c.yaml", passed: true, length: 1),
                       OutputFormatTests.made("I", file: "x/index.yaml", passed: true, length: 1)]
        #expect(HTMLReport.pageNames(results) == ["a-b-c", "a-b-c-2", "x-index"])
        #expect(HTMLReport.pageNames([OutputFormatTests.made("I", file: "/index.yaml", passed: true, length: 1)]) == ["index-2"])
    }

    // MARK: Size

    /// Each step used to draw the whole scene: a 43-step walk over 100,000 elements was a page of
    /// 843 MB. Each distinct screen is drawn once, with only what lies on the screen; a step adds
    /// its `<use>`, its focus ring and its caption.
    @Test func aLargeSceneWithManyStepsMakesASmallPage() throws {
        let rows = (0..<3_000).map { "  - button: Item \($0)\n" }.joined()
        let scene = "scene: Long\nroot:\n  - button: Open\n    activate: { present: sheet }\n\(rows)"
            + "presentations:\n  sheet:\n    detents: [medium, large]\n    content:\n      - button: Done\n        activate: dismiss\n"
        let steps = ["  - touch: Open", "  - doubleTap"] + Array(repeating: "  - swipeRight", count: 3)
            + ["  - doubleTap"] + Array(repeating: "  - swipeRight", count: 100)
        let result = try Self.result(steps.joined(separator: "\n") + "\n", scene: scene)
        #expect(result.passed)
        let page = HTMLReport.scenarioPage(result)
        #expect(page.components(separatedBy: "<figure class=\"drawing\"").count - 1 == steps.count)
        #expect(page.components(separatedBy: "<use href=\"#screen-").count - 1 == steps.count)
        // Two screens: the parent view and the sheet over it (the parent view after Done is the
        // first again); each holds what fits on the screen (18 rows of 44 points), not 3,000 rows.
        let shared = page.components(separatedBy: "<g id=\"screen-").count - 1
        #expect(shared == 2)
        let elements = page.components(separatedBy: "<g class=\"element").count - 1
        #expect(elements < 2 * 25)
        // Each step's drawing: its focus ring where the cursor is on the screen.
        #expect(page.components(separatedBy: "<rect class=\"focus-ring\"").count - 1 >= 10)
        // The whole page: about a kilobyte a step (a drawing of every element at every step was 26 MB).
        #expect(page.utf8.count < 120_000 + steps.count * 1_000)
    }

    /// A step's drawing is the shared screen and a ring at the focused element's place on screen.
    @Test func aStepUsesItsScreenWithItsOwnRing() throws {
        let page = HTMLReport.scenarioPage(try Self.result(Self.sending))
        // Compose's page: the parent view, and the sheet at medium over it (the rest repeat them).
        #expect(page.components(separatedBy: "<g id=\"screen-").count - 1 == 2)
        #expect(page.contains("<svg class=\"screens\" xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\" aria-hidden=\"true\" focusable=\"false\"><defs><g id=\"screen-0\" class=\"screen\">"))
        // Touch Compose: the ring around its row, in screen points.
        #expect(page.contains("<figure class=\"drawing\" data-step=\"1\"><svg class=\"screen\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 393 852\" width=\"393\" height=\"852\" font-size=\"11\" aria-label=\"After step 1, touch: Compose: the parent view; VoiceOver focus on button “Compose”\"><use href=\"#screen-0\"/><rect class=\"focus-ring\" x=\"-2\" y=\"57\" width=\"397\" height=\"48\" rx=\"6\"/></svg>"))
        // Touch Send in the sheet at medium (its top at 426, Send below the grabber's 20 points).
        #expect(page.contains("<use href=\"#screen-1\"/><rect class=\"focus-ring\" x=\"-2\" y=\"444\" width=\"397\" height=\"48\" rx=\"6\"/></svg>"))
    }
}
