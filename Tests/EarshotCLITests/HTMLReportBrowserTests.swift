import EarshotRunner
import Foundation
import Testing

/// The HTML report opened in a real browser: headless Chromium (Debian's `chromium`, installed by
/// `make test`; `EARSHOT_CHROMIUM` names another binary) loads the pages from `file://`, runs
/// their script, and gives back the DOM as it then stands, and a screenshot.
@Suite("The HTML report in Chromium", .serialized)
struct HTMLReportBrowserTests {
    /// The Mail scenarios, spoken, with their report; written once for the suite's tests.
    struct Written: Sendable {
        let report: URL
        let scenario = "mail-cancel-draft"
        var page: URL { report.appendingPathComponent("\(scenario).html") }
    }

    static let spoken: Result<Written, Error> = Result {
        let folder = try EarshotProcess.temporaryFolder()
        let report = folder.appendingPathComponent("report")
        // One configuration of each: a page, a player, a row each.
        let run = try EarshotProcess.run(["run", "Scenarios/mail", "--configuration", "default", "--audio-dir", folder.appendingPathComponent("audio").path,
                                          "--report", "html:\(report.path)"])
        guard run.status == 0 else { throw Failure("earshot run failed (\(run.status)):\n\(run.out)\n\(run.err)") }
        return Written(report: report)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The browser: `EARSHOT_CHROMIUM`, else `chromium` or `chromium-browser` on the PATH.
    static func chromium() throws -> String {
        if let named = ProcessInfo.processInfo.environment["EARSHOT_CHROMIUM"], !named.isEmpty { return named }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser"] {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        throw Failure("Chromium is missing: run scripts/ensure-deps.sh --with-browser, or set EARSHOT_CHROMIUM")
    }

    /// Runs headless Chromium on a page with `arguments` (`--dump-dom`, `--screenshot=…`); its
    /// standard output. Virtual time lets the page's script and its media events run first.
    static func browse(_ url: URL, fragment: String? = nil, _ arguments: [String]) throws -> String {
        let profile = try EarshotProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try chromium())
        var address = url.absoluteString
        if let fragment { address += "#" + fragment }
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--mute-audio",
                             "--user-data-dir=\(profile.path)", "--virtual-time-budget=5000"] + arguments + [address]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let timer = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 90, execute: timer)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        guard process.terminationStatus == 0 else { throw Failure("chromium exited with \(process.terminationStatus)") }
        return String(decoding: data, as: UTF8.self)
    }

    /// The elements of `html` whose start tag matches `pattern` (a regular expression over the tag).
    static func tags(_ pattern: String, in html: String) throws -> [String] {
        let regex = try Regex("<" + pattern + "[^>]*>")
        return html.matches(of: regex).map { String(html[$0.range]) }
    }

    @Test func theIndexListsEveryScenarioAndItsFiltersWork() throws {
        let written = try Self.spoken.get()
        let dom = try Self.browse(written.report.appendingPathComponent("index.html"), ["--dump-dom"])
        #expect(dom.contains("data-ready=\"true\""), "the index's script did not run")
        let rows = try Self.tags("tr [^>]*class=\"scenario", in: dom)
        let scenarios = try FileManager.default.contentsOfDirectory(atPath: EarshotProcess.packageRoot.path + "/Scenarios/mail")
            .filter { $0.hasSuffix(".yaml") && $0 != "mail.yaml" }
        #expect(rows.count == scenarios.count)
        #expect(rows.allSatisfy { $0.contains("data-status=\"passed\"") })
        #expect(try #require(dom.firstRange(of: "id=\"counts\"")).isEmpty == false)
        #expect(dom.contains("\(scenarios.count) passed, 0 failed"))
        #expect(try Self.tags("input [^>]*id=\"filter\"", in: dom).count == 1)
        #expect(try Self.tags("select [^>]*id=\"status\"", in: dom).count == 1)
        #expect(dom.contains("href=\"\(written.scenario).html\""))

        // Filtering by text, in the page's own script: a query names the scenario to keep.
        let filtered = try Self.browse(written.report.appendingPathComponent("index.html"), fragment: "filter=Cancel%20a%20draft",
                                       ["--dump-dom"])
        let shown = try Self.tags("tr [^>]*class=\"scenario", in: filtered).filter { !$0.contains(" hidden") }
        #expect(shown.count >= 1 && shown.count < scenarios.count)
    }

    @Test func aScenarioPageHasThePlayerTheDrawingAndTheSteps() throws {
        let written = try Self.spoken.get()
        let dom = try Self.browse(written.page, ["--dump-dom"])
        #expect(dom.contains("data-ready=\"true\""), "the page's script did not run")
        // The player, with its captions, whose files are in the report.
        let audio = try #require(try Self.tags("audio [^>]*id=\"player\"", in: dom).first)
        #expect(audio.contains("src=\"audio/\(written.scenario).wav\""))
        let track = try #require(try Self.tags("track ", in: dom).first)
        #expect(track.contains("kind=\"captions\"") && track.contains("src=\"audio/\(written.scenario).vtt\""))
        for file in ["wav", "vtt"] {
            #expect(FileManager.default.fileExists(atPath: written.report.appendingPathComponent("audio/\(written.scenario).\(file)").path))
        }
        // The steps, with what was spoken: every line the golden transcript speaks is on the page.
        let transcript = try String(contentsOfFile: EarshotProcess.packageRoot.path + "/Scenarios/mail/cancel-draft.transcript",
                                    encoding: .utf8)
        let spoken = transcript.split(separator: "\n").filter { $0.hasPrefix("  speak: ") }.map { $0.dropFirst(9) }
        #expect(!spoken.isEmpty)
        for text in spoken { #expect(dom.contains(Self.escaped(String(text))), "\(text)") }
        // One item per step as the scenario writes it, expectations included.
        let scenario = try String(contentsOfFile: EarshotProcess.packageRoot.path + "/Scenarios/mail/cancel-draft.yaml", encoding: .utf8)
        let steps = try Self.tags("li [^>]*class=\"step", in: dom)
        #expect(steps.count == scenario.split(separator: "\n").filter { $0.hasPrefix("  - ") }.count)
        #expect(try Self.tags("li [^>]*class=\"expect passed", in: dom).count
                == scenario.split(separator: "\n").filter { $0.hasPrefix("  - expect:") }.count)
        #expect(steps.first?.contains("current") == true)
        // The first step's drawing shows, the others wait hidden; it draws the screen with the focus ring.
        let drawings = try Self.tags("figure [^>]*class=\"drawing", in: dom)
        #expect(drawings.count >= steps.count)
        #expect(drawings.filter { !$0.contains("hidden") }.count == 1)
        #expect(dom.contains("class=\"focus-ring\""))
        #expect(try Self.tags("g [^>]*class=\"element", in: dom).count > 10)
    }

    /// Moving the player moves the highlighted step and the drawing with it.
    @Test func playingMovesTheStepAndTheDrawing() throws {
        let written = try Self.spoken.get()
        let page = try String(contentsOf: written.page, encoding: .utf8)
        // The start of the fifth step, as the page gives it.
        let step = try #require(try Self.tags("li [^>]*id=\"step-5\"", in: page).first)
        let start = try #require(step.firstMatch(of: /data-start="([0-9.]+)"/)).1
        let dom = try Self.browse(written.page, fragment: "t=\(start)", ["--dump-dom"])
        let current = try Self.tags("li [^>]*class=\"step[^\"]*current", in: dom)
        #expect(current.count == 1)
        #expect(current.first?.contains("id=\"step-5\"") == true)
        let shown = try Self.tags("figure [^>]*class=\"drawing", in: dom).filter { !$0.contains("hidden") }
        #expect(shown.count == 1)
        #expect(shown.first?.contains("data-step=\"5\"") == true)
    }

    @Test func aScreenshotIsTaken() throws {
        let written = try Self.spoken.get()
        let image = written.report.appendingPathComponent("mail.png")
        _ = try Self.browse(written.page, ["--screenshot=\(image.path)", "--window-size=1280,1600", "--hide-scrollbars"])
        let data = try Data(contentsOf: image)
        #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(data.count > 20_000)
    }

    @Test func aHeadlessRunsPagesHaveNoPlayer() throws {
        let folder = try EarshotProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try EarshotProcess.run(["run", "--headless", "Scenarios/mail", "--report", "html:\(folder.path)"])
        #expect(run.status == 0)
        let dom = try Self.browse(folder.appendingPathComponent("mail-cancel-draft.html"), ["--dump-dom"])
        #expect(dom.contains("data-ready=\"true\""))
        #expect(try Self.tags("audio", in: dom).isEmpty)
        #expect(try Self.tags("li [^>]*class=\"step", in: dom).first?.contains("current") == true)
    }

    /// A failed scenario's page opens at the step where it failed: that step current, its
    /// drawing the one shown; a golden transcript's failure opens at the first step whose lines
    /// differ, with the diff's first differing line marked. The scenario file is linked by a
    /// path relative to the report.
    @Test func aFailedScenariosPageOpensAtTheFailingStep() throws {
        let folder = try EarshotProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mail = EarshotProcess.packageRoot.appendingPathComponent("Scenarios/mail")
        try FileManager.default.copyItem(at: mail.appendingPathComponent("mail.yaml"), to: folder.appendingPathComponent("mail.yaml"))
        let steps = "scene: mail.yaml\nsteps:\n  - touch: compose\n  - expect: \"Compose. Button.\"\n  - doubleTap\n"
            + "  - expect: { focus: to }\n  - swipeRight\n"
        // Expects the wrong element at its sixth step.
        try ("scenario: Wrong\n" + steps + "  - expect: { focus: compose }\n  - swipeRight\n")
            .write(to: folder.appendingPathComponent("wrong.yaml"), atomically: true, encoding: .utf8)
        // Passes its steps, but its golden transcript says step 5 differently.
        try ("scenario: Golden\n" + steps).write(to: folder.appendingPathComponent("golden.yaml"), atomically: true, encoding: .utf8)
        let recorded = try EarshotProcess.run(["run", "--headless", "--update", "golden.yaml"], in: folder)
        #expect(recorded.status == 0, "\(recorded.out)\(recorded.err)")
        let golden = folder.appendingPathComponent("golden.transcript")
        let lines = try String(contentsOf: golden, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let swipe = try #require(lines.firstIndex(of: "swipeRight"))
        try (lines[...swipe] + ["  speak: Something else."] + lines[(swipe + 2)...]).joined(separator: "\n")
            .write(to: golden, atomically: true, encoding: .utf8)

        let report = folder.appendingPathComponent("build/report")
        let run = try EarshotProcess.run(["run", "--headless", "wrong.yaml", "golden.yaml", "--report", "html:build/report"], in: folder)
        #expect(run.status == 1)
        // The golden failure is at the golden file's first line that differs.
        #expect(run.out.contains("golden.transcript:\(swipe + 2):1:"), "\(run.out)")

        // Pages are named after the scenario's folder and file.
        let pages = try FileManager.default.contentsOfDirectory(atPath: report.path)
        let page = { (name: String) in report.appendingPathComponent(try #require(pages.first { $0.hasSuffix("-\(name).html") })) }
        let wrong = try Self.browse(try page("wrong"), ["--dump-dom"])
        #expect(wrong.contains("data-ready=\"true\""))
        let current = try Self.tags("li [^>]*class=\"step[^\"]*current", in: wrong)
        #expect(current.count == 1 && current.first?.contains("id=\"step-6\"") == true && current.first?.contains("failed") == true)
        let shown = try Self.tags("figure [^>]*class=\"drawing", in: wrong).filter { !$0.contains("hidden") }
        #expect(shown.count == 1 && shown.first?.contains("data-step=\"6\"") == true)
        #expect(wrong.contains("expect: { focus: compose }"))
        // The file, linked from the report's folder.
        let file = try #require(try Self.tags("a [^>]*class=\"file\"", in: wrong).first)
        #expect(file.contains("href=\"../../wrong.yaml\""))

        let differs = try Self.browse(try page("golden"), ["--dump-dom"])
        let opened = try Self.tags("li [^>]*class=\"step[^\"]*current", in: differs)
        #expect(opened.count == 1 && opened.first?.contains("id=\"step-5\"") == true)
        #expect(try Self.tags("figure [^>]*class=\"drawing", in: differs).filter { !$0.contains("hidden") }.first?
            .contains("data-step=\"5\"") == true)
        #expect(try Self.tags("span [^>]*id=\"first-difference\"", in: differs).count == 1)
        #expect(differs.contains("-   speak: Something else.</span>"))

        // A link to a step, numbered as the page numbers it, opens that step instead.
        let linked = try Self.browse(try page("wrong"), fragment: "step-2", ["--dump-dom"])
        #expect(try Self.tags("li [^>]*class=\"step[^\"]*current", in: linked).first?.contains("id=\"step-2\"") == true)
    }

    /// Text as the DOM serializes it.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
