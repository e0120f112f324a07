import EarshotAudit
import EarshotCore
import EarshotReader
import EarshotRunner
import EarshotScenario

extension HTMLReport {
    /// One scenario's page: its status, file and voice; the screen after each step
    /// (`<section id="screen">`: each distinct screen drawn once in `<svg class="screens">`, then
    /// one `<figure class="drawing" data-step="N">` per step, numbered from 1 as the page numbers
    /// the steps, using its screen with its own focus ring); the steps (`<ol id="steps">`, each
    /// `<li id="step-N">`, as the file writes it) with what VoiceOver said and did and each
    /// expectation's outcome; the failure, with the golden transcript's diff when it has one; the
    /// audit findings. With `audioName`, an `<audio id="player">` plays `audio/NAME.wav` with
    /// `audio/NAME.vtt` as its captions, and the current step follows it.
    ///
    /// The page opens at the step where the scenario failed (the failing step, or the first whose
    /// transcript differs from the golden one): its drawing is the one shown, and its script
    /// scrolls to it and focuses it; a passing scenario's page opens at its first step. `href`
    /// gives a file's link from the report's folder (``write(_:to:audioFolder:)`` makes them
    /// relative); without it files are named but not linked.
    ///
    /// ```swift
    /// let result = ScenarioRunner().run(try ScenarioLoader.load(path: "Scenarios/mail/cancel-draft.yaml"))
    /// let html = HTMLReport.scenarioPage(result)   // headless: no player
    /// ```
    public static func scenarioPage(_ result: ScenarioResult, audioName: String? = nil,
                                    href: (String) -> String? = { _ in nil }) -> String {
        let screens = self.screens(of: result)
        let times = stepTimes(result, screens: screens)
        let opening = result.failure?.step.flatMap { screens.indices.contains($0) ? $0 : nil } ?? 0
        var html = HTMLText(capacity: 8_000 + screens.count * 1_500)
        page(&html, title: result.title + " — Earshot")
        let status = result.passed ? "passed" : "failed"
        html.raw("<header><nav aria-label=\"Report\"><a href=\"index.html\">← All scenarios</a></nav><h1>")
        html.text(result.title)
        html.raw("</h1>\n<p class=\"summary\"><strong class=\"status \(status)\">\(result.passed ? "✓" : "✗") \(status)</strong> · ")
        appendFile(result.file, href: href, into: &html)
        html.raw(" · voice ")
        html.text(result.voice)
        html.raw(" at \(result.rate) words a minute · \(HTMLText.seconds(result.length)) s")
        html.raw(result.clock == .audio ? " of audio" : ", estimated (headless)")
        html.raw("</p></header>\n<main>\n")
        if let audioName {
            html.raw("<section id=\"audio\" aria-labelledby=\"audio-heading\"><h2 id=\"audio-heading\">Audio</h2>")
            html.raw("<audio id=\"player\" controls preload=\"metadata\" src=\"audio/")
            html.text(audioName)
            html.raw(".wav\"><track kind=\"captions\" src=\"audio/")
            html.text(audioName)
            // The captions are in the scene's language (the voice's, for a result with no scene).
            html.raw(".vtt\" srclang=\"\(result.scene?.language ?? language(of: result.voice))\" label=\"Speech\" default></audio>")
            html.raw("<p class=\"muted\">Playing moves the current step and its screen; selecting a step plays from there.</p></section>\n")
        }
        html.raw("<div class=\"columns\">\n<section id=\"screen\" aria-labelledby=\"screen-heading\"><h2 id=\"screen-heading\">Screen</h2>\n")
        if let scene = result.scene {
            let drawing = ScreenDrawing(scene: scene)
            // Each distinct screen is drawn once; each step uses its screen and adds its focus ring.
            let shared = sharedScreens(screens, drawing: drawing)
            html.raw("<svg class=\"screens\" xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\" aria-hidden=\"true\" focusable=\"false\"><defs>")
            for markup in shared.markup { html.raw(markup) }
            html.raw("</defs></svg>\n")
            for (index, screen) in screens.enumerated() {
                let description = "After step \(index + 1), \(screen.written): " + drawing.describe(screen.state, cursor: screen.cursor)
                html.raw("<figure class=\"drawing\" data-step=\"\(index + 1)\"\(index == opening ? "" : " hidden")>")
                drawing.drawStep(screen.state, cursor: screen.cursor, description: description, shared: shared.byStep[index],
                                 into: &html)
                html.raw("<figcaption>")
                html.text(description)
                html.raw("</figcaption></figure>\n")
            }
        } else {
            html.raw("<p class=\"muted\">This result carries no scene to draw.</p>\n")
        }
        html.raw("</section>\n<section id=\"steps-section\" aria-labelledby=\"steps-heading\"><h2 id=\"steps-heading\">Steps</h2>\n")
        html.raw("<p class=\"muted\">Select a step (click it, or Enter or Space) to show the screen after it\(audioName == nil ? "" : " and play from there").</p>\n<ol id=\"steps\">\n")
        for (index, screen) in screens.enumerated() {
            appendStep(screen, index: index, time: times[index], result: result, current: index == opening, into: &html)
        }
        html.raw("</ol></section>\n</div>\n")
        if let failure = result.failure { appendFailure(failure, screens: screens, href: href, into: &html) }
        if !result.findings.isEmpty {
            html.raw("<section id=\"findings\" aria-labelledby=\"findings-heading\"><h2 id=\"findings-heading\">Audit findings</h2>\n")
            for finding in result.findings { appendFinding(finding, heading: "h3", into: &html) }
            html.raw("</section>\n")
        }
        html.raw("</main>\n<script>\n\(ReportAssets.scenarioScript)\n</script>\n</body>\n</html>\n")
        return html.string
    }

    /// The distinct screens of a scenario's steps, each drawn once (`<g id="screen-N">`), and for
    /// each step the one it shows with the elements it draws. A state met again is not drawn
    /// again, and two states that draw alike (a value changed, which the drawing does not show)
    /// share one drawing.
    static func sharedScreens(_ screens: [StepScreen], drawing: ScreenDrawing)
        -> (markup: [String], byStep: [(id: String, drawn: Set<ElementRef>)]) {
        var markup: [String] = []
        var byMarkup: [MarkupBytes: Int] = [:]
        var byState: [SceneState: Int] = [:]
        var shared: [(id: String, drawn: Set<ElementRef>)] = []
        var byStep: [(id: String, drawn: Set<ElementRef>)] = []
        for screen in screens {
            if let known = byState[screen.state] {
                byStep.append(shared[known])
                continue
            }
            let id = "screen-\(shared.count)"
            var html = HTMLText()
            let drawn = drawing.drawShared(screen.state, id: id, into: &html)
            // The same drawing under another id is the same drawing.
            let body = MarkupBytes(html.string.utf8.dropFirst("<g id=\"\(id)\"".utf8.count))
            if let known = byMarkup[body] {
                byState[screen.state] = known
                byStep.append(shared[known])
                continue
            }
            byMarkup[body] = shared.count
            byState[screen.state] = shared.count
            shared.append((id, drawn))
            markup.append(html.string)
            byStep.append((id, drawn))
        }
        return (markup, byStep)
    }

    /// A drawing's markup compared byte for byte: hashing it as a `String` would normalize its
    /// text (NFC) first, and the drawings are most of a page. Earshot writes the markup, so
    /// drawings that are alike are alike byte for byte.
    private struct MarkupBytes: Hashable {
        let bytes: [UInt8]
        init(_ utf8: Substring.UTF8View) { bytes = Array(utf8) }
        func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
    }

    /// The steps a page lists: the scenario's steps as written; for a result made without a
    /// runner (no screens recorded), one per reader step, with nothing to draw.
    static func screens(of result: ScenarioResult) -> [StepScreen] {
        guard result.screens.isEmpty else { return result.screens }
        return result.steps.indices.map { index in
            StepScreen(written: result.steps[index].written, location: SourceLocation(file: result.file, line: 0, column: 0),
                       records: index..<(index + 1), action: nil, state: result.opening ?? SceneState(), cursor: nil,
                       failed: false)
        }
    }

    /// Each step's span on the result's clock, for `data-start` and `data-end`
    /// (``Timeline/spans(of:)``).
    static func stepTimes(_ result: ScenarioResult, screens: [StepScreen]) -> [(start: Double, end: Double)] {
        result.timeline.spans(of: screens.map(\.records))
    }

    /// A WebVTT `srclang` from an espeak-ng voice: its language subtag (`en-us` → `en`,
    /// `de+f3` → `de`), or `und` when it has none a browser would take.
    static func language(of voice: String) -> String {
        let subtag = voice.prefix { $0 != "-" && $0 != "+" && $0 != "/" }.lowercased()
        guard (2...3).contains(subtag.count), subtag.allSatisfy({ $0.isASCII && $0.isLetter }) else { return "und" }
        return subtag
    }

    /// A file the page names, linked when `href` gives it a link.
    static func appendFile(_ file: String, href: (String) -> String?, into html: inout HTMLText) {
        if let link = href(file) {
            html.raw("<a class=\"file\" href=\"")
            html.text(link)
            html.raw("\">")
            html.text(file)
            html.raw("</a>")
        } else {
            html.raw("<span class=\"file\">")
            html.text(file)
            html.raw("</span>")
        }
    }

    private static func appendStep(_ screen: StepScreen, index: Int, time: (start: Double, end: Double), result: ScenarioResult,
                                   current: Bool, into html: inout HTMLText) {
        // A golden transcript's failure is at the first step whose lines differ, which itself passed.
        let differs = !screen.failed && result.failure?.kind == .goldenDiffers && result.failure?.step == index
        html.raw("<li class=\"step\(screen.failed || differs ? " failed" : "")\(current ? " current" : "")\" id=\"step-\(index + 1)\" tabindex=\"0\"\(current ? " aria-current=\"step\"" : "") data-start=\"\(HTMLText.seconds(time.start))\" data-end=\"\(HTMLText.seconds(time.end))\">")
        html.raw("<span class=\"number\">\(index + 1).</span><code class=\"written\">")
        html.text(screen.written)
        html.raw("</code>")
        if screen.location.line > 0 {
            html.raw("<span class=\"location\">")
            html.text("\(screen.location.file):\(screen.location.line)")
            html.raw("</span>")
        }
        if screen.failed { html.raw(" <strong class=\"failed\">✗ failed here</strong>") }
        if differs {
            html.raw(" <strong class=\"failed\">✗ the transcript first differs from the golden one here</strong> (<a href=\"#first-difference\">the diff</a>)")
        }
        html.raw("<ul class=\"events\">")
        for record in result.steps[screen.records.clamped(to: result.steps.indices)] {
            for event in record.events { appendEvent(event, scene: result.scene, into: &html) }
        }
        if screen.checks {
            // An expectation or an audit: it passed unless the scenario failed on it.
            let kind = screen.action == .audit ? "audit" : "expect"
            if screen.failed, let failure = result.failure {
                html.raw("<li class=\"\(kind) failed\">✗ failed: ")
                html.text(failure.message)
                if let expected = failure.expected {
                    html.raw("<br><span class=\"word\">expected:</span> ")
                    html.text(expected)
                }
                if let actual = failure.actual {
                    html.raw("<br><span class=\"word\">actual:</span> ")
                    html.text(actual)
                }
                html.raw("</li>")
            } else {
                html.raw("<li class=\"\(kind) passed\">✓ passed</li>")
            }
        }
        html.raw("</ul></li>\n")
    }

    /// One event as the transcript words it (`speak:`, `hint:`, `announce:`, `earcon:`), and the
    /// reader's moves, which the transcript leaves out, in the same manner.
    private static func appendEvent(_ event: ReaderEvent, scene: Scene?, into html: inout HTMLText) {
        switch event {
        case .speech(let utterance):
            let word = Transcript.word(for: utterance.kind)
            html.raw("<li class=\"speech \(utterance.kind.rawValue)\(utterance.interrupted ? " interrupted" : "")\"><span class=\"word\">\(word):</span> ")
            // What VoiceOver said is in the scene's language; the page around it is in English.
            let foreign = scene.map(\.language).flatMap { $0 == "en" ? nil : $0 }
            let open = foreign.map { "<span lang=\"\($0)\">" } ?? "", close = foreign == nil ? "" : "</span>"
            if utterance.interrupted {
                html.raw("<del>" + open)
                html.text(utterance.text)
                html.raw(close + "</del> (interrupted)</li>")
            } else {
                html.raw(open)
                html.text(utterance.text)
                html.raw(close + "</li>")
            }
        case .earcon(let earcon, _):
            html.raw("<li class=\"earcon\"><span class=\"word\">earcon:</span> \(earcon.rawValue)</li>")
        case .focus(let ref):
            html.raw("<li class=\"focus\"><span class=\"word\">focus:</span> ")
            if let ref, let scene, ref.index < scene.elements.count {
                html.text("\(scene[ref].label) (\(scene[ref].role.rawValue))")
            } else {
                html.text(ref.map { "element \($0)" } ?? "nothing")
            }
            html.raw("</li>")
        case .presented(let id):
            html.raw("<li class=\"presented\"><span class=\"word\">presented:</span> ")
            html.text(id)
            html.raw("</li>")
        case .dismissed(let id):
            html.raw("<li class=\"dismissed\"><span class=\"word\">dismissed:</span> ")
            html.text(id)
            html.raw("</li>")
        case .detentChanged(let id, let detent):
            html.raw("<li class=\"detent\"><span class=\"word\">detent:</span> ")
            html.text("\(id) at \(detent)")
            html.raw("</li>")
        case .stepFailed(let message):
            html.raw("<li class=\"step-failed failed\">✗ cannot act: ")
            html.text(message)
            html.raw("</li>")
        }
    }

    private static func appendFailure(_ failure: ScenarioFailure, screens: [StepScreen], href: (String) -> String?,
                                      into html: inout HTMLText) {
        html.raw("<section id=\"failure\" aria-labelledby=\"failure-heading\"><h2 id=\"failure-heading\">Failure</h2>\n<p class=\"failed\">✗ <span class=\"location\">")
        html.text(failure.location.description)
        html.raw("</span> ")
        html.text(failure.message)
        html.raw("</p>\n")
        if let step = failure.step, screens.indices.contains(step) {
            html.raw("<p>\(failure.kind == .goldenDiffers ? "The transcript first differs at" : "At") <a href=\"#step-\(step + 1)\">step \(step + 1)</a>, <code>")
            html.text(screens[step].written)
            html.raw("</code>.</p>\n")
        }
        if failure.expected != nil || failure.actual != nil {
            html.raw("<dl class=\"comparison\">")
            if let expected = failure.expected {
                html.raw("<dt>expected</dt><dd><pre>")
                html.text(expected)
                html.raw("</pre></dd>")
            }
            if let actual = failure.actual {
                html.raw("<dt>actual</dt><dd><pre>")
                html.text(actual)
                html.raw("</pre></dd>")
            }
            html.raw("</dl>\n")
        }
        if let diff = failure.diff {
            html.raw("<h3>The golden transcript's diff</h3><p class=\"muted\">Lines starting with - are the golden transcript's, + this run's; the first that differs is marked.</p><pre class=\"diff\">")
            // The two header lines (`--- golden`, `+++ this run`) are coloured, not marked.
            html.raw("<span class=\"removed\">--- golden</span>\n<span class=\"added\">+++ this run</span>\n")
            var marked = false
            for line in diff.lines {
                let kind: String? = switch line {
                case .removed: "removed"
                case .added: "added"
                case .common, .gap: nil
                }
                if let kind, !marked {
                    marked = true
                    html.raw("<span class=\"\(kind) first\" id=\"first-difference\">")
                } else if let kind {
                    html.raw("<span class=\"\(kind)\">")
                }
                html.text(line.printed)
                html.raw(kind == nil ? "\n" : "</span>\n")
            }
            html.raw("</pre>\n")
        }
        if !failure.lastLines.isEmpty {
            html.raw("<h3>The last transcript lines</h3><pre class=\"transcript\">")
            html.text(failure.lastLines.joined(separator: "\n"))
            html.raw("</pre>\n")
        }
        html.raw("</section>\n")
    }
}
