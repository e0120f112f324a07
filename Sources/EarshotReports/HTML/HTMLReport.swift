import EarshotAudit
import EarshotFiles
import EarshotRunner
import EarshotScenario
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The HTML report: pages a person opens to see a run rather than parse it (`earshot run
/// --report html:DIR`, `earshot audit --report html:DIR`).
///
/// ```swift
/// let outcome = try await Suite(options: options).run(files: files)
/// try HTMLReport.write(outcome.results, to: URL(fileURLWithPath: "build/report"),
///                      audioFolder: URL(fileURLWithPath: "Audio"))
/// // build/report/index.html, build/report/mail-cancel-draft.html, build/report/audio/mail-cancel-draft.wav …
/// ```
///
/// `index.html` lists every scenario, failures first, with its status, length and file; each
/// scenario's page (`NAME.html`, NAME as ``OutputName`` makes it) draws the screen
/// after each step as SVG, lists the steps with what VoiceOver said, and in a spoken run plays the
/// scenario's audio with its captions, the current step following the sound. Pages are
/// self-contained (inline style sheet and script, nothing fetched) and readable without
/// JavaScript. Every file is written to a temporary name and renamed into place.
public enum HTMLReport {
    /// Writes `index.html` and a page per scenario into `folder` (made when missing). With an
    /// audio folder (a spoken run), each scenario's WAV and WebVTT there are hard-linked (or, across
    /// file systems, copied) into `folder/audio/`, so that the folder is whole on its own; results
    /// on the estimated clock (a headless run) get no player.
    /// Files the pages name (scenarios) are linked by paths relative to `folder`, so that the
    /// report and the project can move together.
    public static func write(_ results: [ScenarioResult], to folder: URL, audioFolder: URL?, jobs: Int = 1) throws {
        let names = pageNames(results, jobs: jobs)
        // Each scenario's link, worked out once for its page and the index, from one real path
        // of the folder, on `jobs` lanes.
        let realFolder = FilePath.real(folder.path)
        let files = Array(Set(results.map(\.file)))
        let found = Lanes.map(files, jobs: jobs) { file in
            realFolder.flatMap { FilePath.relative(fromReal: $0, to: file) }.map(encodedLink)
        }
        let links = Dictionary(uniqueKeysWithValues: zip(files, found))   // a file without a link: nil
        let href = { (file: String) -> String? in links[file].flatMap { $0 } }
        if audioFolder != nil, results.contains(where: { $0.clock == .audio }) {
            // The report's own folder: a link planted as `audio` is replaced, never written through.
            try OwnedFolder.prepare(folder.appendingPathComponent("audio").path)
        }
        // The pages are independent: written on `jobs` lanes.
        try Lanes.forEach(Array(zip(results, names)), jobs: jobs) { result, name in
            let spoken = audioFolder != nil && result.clock == .audio
            if let audioFolder, spoken {
                let source = result.outputName
                for ext in ["wav", "vtt"] {
                    try linkOrCopy(audioFolder.appendingPathComponent(source + "." + ext),
                                   to: folder.appendingPathComponent("audio/" + name + "." + ext))
                }
            }
            try AtomicFile.write(scenarioPage(result, audioName: spoken ? name : nil, href: href),
                                 to: folder.appendingPathComponent(name + ".html"))
        }
        try AtomicFile.write(index(results, names: names, href: href), to: folder.appendingPathComponent("index.html"))
    }

    /// A link from the folder to `file`: its path relative to the folder, each part
    /// percent-encoded (`../../Scenarios/mail/cancel-draft.yaml`); nil when there is none.
    static func relativeLink(from folder: URL, to file: String) -> String? {
        FilePath.relative(from: folder.path, to: file).map(encodedLink)
    }

    /// A relative path as a link: each part percent-encoded.
    private static func encodedLink(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.addingPercentEncoding(withAllowedCharacters: linkAllowed) ?? String($0) }.joined(separator: "/")
    }

    /// What a link's part keeps as it is: a path's characters but its separators and `%`.
    private static let linkAllowed: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#%")
        return allowed
    }()

    /// Writes an audit's page as `folder/index.html` (`earshot audit --report html:DIR`).
    public static func writeAudit(_ result: AuditResult, to folder: URL) throws {
        try AtomicFile.write(auditPage(result), to: folder.appendingPathComponent("index.html"))
    }

    /// Each result's page name: ``OutputName``, with `-2`, `-3` … after a name an
    /// earlier result has (compared without case), so that no page overwrites another.
    /// (The names from the files on `jobs` lanes, then numbered in order.)
    static func pageNames(_ results: [ScenarioResult], jobs: Int = 1) -> [String] {
        var taken: Set<String> = ["index"]
        return Lanes.map(results, jobs: jobs) { $0.outputName }.map { base in
            var name = base
            var number = 1
            while !taken.insert(name.lowercased()).inserted {
                number += 1
                name = "\(base)-\(number)"
            }
            return name
        }
    }

    // MARK: The index

    /// `index.html`: the counts, a filter by text and by status, and a table of the scenarios,
    /// failures first, each row linking its page.
    public static func index(_ results: [ScenarioResult], href: (String) -> String? = { _ in nil }) -> String {
        index(results, names: pageNames(results), href: href)
    }

    /// The index with the results' page names (``pageNames(_:jobs:)``) made already.
    static func index(_ results: [ScenarioResult], names: [String], href: (String) -> String?) -> String {
        let rows = zip(results, names).enumerated()
            .sorted { ($0.element.0.passed ? 1 : 0, $0.offset) < ($1.element.0.passed ? 1 : 0, $1.offset) }
            .map(\.element)
        let passed = results.filter(\.passed).count
        var html = HTMLText(capacity: 2_000 + results.count * 400)
        page(&html, title: "Earshot report")
        html.raw("<header><h1>Earshot report</h1>")
        let allPassed = passed == results.count
        html.raw("<p id=\"counts\" class=\"\(allPassed ? "passed" : "failed")\">\(allPassed ? "✓" : "✗") <strong>\(passed) passed, \(results.count - passed) failed</strong> of \(results.count) \(results.count == 1 ? "scenario" : "scenarios")</p>")
        let clocks = Set(results.map(\.clock))
        let clock = clocks.count == 1 ? (clocks.first == .audio ? "the length of its audio" : "estimated from its speech (a headless run)")
                                      : "on its own clock"
        html.raw("<p class=\"muted\">Each scenario's duration is in seconds, \(clock).</p></header>\n<main>")
        html.raw("<h2 id=\"scenarios-heading\">Scenarios</h2><form class=\"filters\" role=\"search\" aria-label=\"Filter the scenarios\" onsubmit=\"return false\">")
        html.raw("<div><label for=\"filter\">Name or file contains</label><input id=\"filter\" type=\"search\" autocomplete=\"off\"></div>")
        html.raw("<div><label for=\"status\">Status</label><select id=\"status\"><option value=\"all\">All</option><option value=\"failed\">Failed</option><option value=\"passed\">Passed</option></select></div>")
        html.raw("<p id=\"shown\" role=\"status\" aria-live=\"polite\"></p></form>\n")
        html.raw("<table id=\"scenarios\" aria-labelledby=\"scenarios-heading\"><thead><tr><th scope=\"col\">Status</th><th scope=\"col\">Scenario</th><th scope=\"col\">Duration (s)</th><th scope=\"col\">File</th></tr></thead><tbody>\n")
        for (result, name) in rows {
            let status = result.passed ? "passed" : "failed"
            html.raw("<tr class=\"scenario\" data-status=\"\(status)\"><td class=\"status \(status)\">\(result.passed ? "✓" : "✗") \(status)</td><td><a href=\"")
            html.text(name)
            html.raw(".html\">")
            html.text(result.title)
            html.raw("</a></td><td class=\"duration\">\(HTMLText.seconds(result.length))</td><td>")
            appendFile(result.file, href: href, into: &html)
            html.raw("</td></tr>\n")
        }
        html.raw("</tbody></table></main>\n<script>\n\(ReportAssets.indexScript)\n</script>\n</body>\n</html>\n")
        return html.string
    }

    /// The document's head and the body's opening tag.
    static func page(_ html: inout HTMLText, title: String) {
        html.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        html.text(title)
        html.raw("</title>\n<style>\n\(ReportAssets.css)\n</style>\n</head>\n<body>\n")
    }

    // MARK: Audio

    /// Puts `source` at `target` as a hard link (no bytes copied), or as a copy where the two are on
    /// different file systems or links are not allowed; through a temporary name either way, so
    /// the target is never half there. A target that already is the source is left alone.
    static func linkOrCopy(_ source: URL, to target: URL) throws {
        var from = stat(), to = stat()
        // Only a file the run wrote: a link planted in the audio folder would be linked as a link,
        // and whoever uploads the report would upload what it points at.
        guard lstat(source.path, &from) == 0, from.st_mode & S_IFMT == S_IFREG else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: source.path,
                                                          NSLocalizedDescriptionKey: "it is not a regular file the run wrote"])
        }
        if stat(target.path, &to) == 0, from.st_dev == to.st_dev, from.st_ino == to.st_ino {
            return
        }
        let folder = target.deletingLastPathComponent()
        // Named as AtomicFile names its temporaries (.NAME.PID.N.tmp), so a killed run's are cleaned up alike.
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(AtomicFile.uniqueSuffix()).tmp").path
        if Interruption.creating(temporary, { link(source.path, temporary) }) == 0 {
            defer { Interruption.forget(temporary) }
            guard rename(temporary, target.path) == 0 else {
                let code = errno
                unlink(temporary)
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path,
                                                               NSLocalizedDescriptionKey: String(cString: strerror(code))])
            }
            return
        }
        // Read as an input: a link or FIFO planted in the audio folder is not copied from.
        switch InputFile.read(source.path, followingLinks: false) {
        case .success(let bytes): try AtomicFile.write(bytes, to: target)
        case .failure(let problem):
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: source.path,
                                                          NSLocalizedDescriptionKey: "\(source.path) \(problem.message)"])
        }
    }
}
