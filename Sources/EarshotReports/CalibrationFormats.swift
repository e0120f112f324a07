import EarshotCalibration
import EarshotCore
import EarshotScenario
import Foundation

/// A calibration's reports (`earshot calibrate`, docs/calibration.md): the agreement in total,
/// per group (the recordings' folder, platform, OS version and language) and per recording,
/// and each disagreement with both utterances, the words that differ and the profile fact (with
/// its evidence) or the element's text that gave Earshot its words.
public enum CalibrationFormats {
    /// What `earshot calibrate` prints.
    public static func text(_ run: CalibrationRun) -> String {
        let path = relative
        var lines: [String] = []
        for result in run.results {
            let recording = result.recording
            let mark = result.agreed == result.moves.count ? "✓" : "✗"
            lines.append("\(mark) \(path(recording.file))  \(recording.name) (\(configuration(recording))): "
                         + "\(result.agreed) of \(result.moves.count) agree (\(percent(CalibrationRun.percent(result.agreed, of: result.moves.count))))")
            for move in result.moves where !move.agrees {
                lines.append("  ✗ move \(move.number) (\(move.screen), \(move.move.gesture.rawValue)) \(path(move.move.location.file)):\(move.move.location.line):\(move.move.location.column)")
                lines.append("      VoiceOver: \(quoted(move.move.utterance))")
                lines.append("      Earshot:   \(quoted(move.earshot))")
                for difference in move.differences {
                    lines.append("      " + sentence(difference))
                    for origin in difference.origins { lines.append("        " + describe(origin)) }
                    if let correction = difference.correction {
                        lines.append("        an overlay would set \(correction.fact.path): \(quoted(correction.value))")
                    }
                }
                for note in move.notes { lines.append("      " + note) }
            }
            for warning in result.warnings { lines.append("  warning: \(warning)") }
        }
        let groups = run.groups
        if groups.count > 1 {
            for group in groups {
                lines.append("\(group.folder) (\(group.platform.rawValue) \(group.os), \(group.language)): \(group.agreed) of \(group.total) (\(percent(group.agreement)))")
            }
        }
        lines.append("agreement: \(run.agreed) of \(run.total) utterances (\(percent(run.agreement))) in \(count(run.results.count, "recording"))")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The run as JSON: totals, groups, and per recording each move with both utterances and,
    /// for a disagreement, its differences and their origins.
    public static func json(_ run: CalibrationRun) throws -> String {
        struct JSONOrigin: Encodable {
            var kind: String
            var path, value, source, origin, evidence, field, text: String?
            var overlay: Bool?
        }
        struct JSONDifference: Encodable {
            var earshot, voiceOver: String
            var origins: [JSONOrigin]
            var correction: [String: String]?
        }
        struct JSONMove: Encodable {
            var number: Int
            var screen, gesture, voiceOver, earshot, location: String
            var agrees: Bool
            var element, focus: String?
            var steps: [String]
            var differences: [JSONDifference]
            var notes: [String]
        }
        struct JSONRecording: Encodable {
            var file, name, platform, os, language, source, recorder: String
            var hints: Bool
            var agreed, total: Int
            var moves: [JSONMove]
            var warnings: [String]
        }
        struct JSONGroup: Encodable {
            var folder, platform, os, language: String
            var recordings, agreed, total: Int
            var agreement: Double
        }
        struct JSONRun: Encodable {
            var agreed, total: Int
            var agreement: Double
            var groups: [JSONGroup]
            var recordings: [JSONRecording]
        }
        func origin(_ origin: Difference.Origin) -> JSONOrigin {
            switch origin {
            case .profile(let fact):
                JSONOrigin(kind: "profile", path: fact.path, value: fact.value, source: fact.source, origin: fact.origin,
                           evidence: fact.evidence, overlay: fact.isOverlay)
            case .element(let field, let text): JSONOrigin(kind: "element", field: field, text: text)
            case .unexplained: JSONOrigin(kind: "unexplained")
            }
        }
        let document = JSONRun(
            agreed: run.agreed, total: run.total, agreement: run.agreement,
            groups: run.groups.map {
                JSONGroup(folder: $0.folder, platform: $0.platform.rawValue, os: $0.os, language: $0.language, recordings: $0.recordings,
                          agreed: $0.agreed, total: $0.total, agreement: $0.agreement)
            },
            recordings: run.results.map { result in
                let recording = result.recording
                return JSONRecording(
                    file: relative(recording.file), name: recording.name, platform: recording.platform.rawValue, os: recording.os,
                    language: recording.language, source: recording.source, recorder: recording.recorder.rawValue, hints: recording.hints,
                    agreed: result.agreed, total: result.moves.count,
                    moves: result.moves.map { move in
                        JSONMove(number: move.number, screen: move.screen, gesture: move.move.gesture.rawValue, voiceOver: move.move.utterance,
                                 earshot: move.earshot, location: "\(relative(move.move.location.file)):\(move.move.location.line):\(move.move.location.column)",
                                 agrees: move.agrees, element: move.move.element, focus: move.focus, steps: move.steps,
                                 differences: move.differences.map { difference in
                                     JSONDifference(earshot: difference.earshot, voiceOver: difference.recorded, origins: difference.origins.map(origin),
                                                    correction: difference.correction.map { ["path": $0.fact.path, "value": $0.value] })
                                 },
                                 notes: move.notes)
                    },
                    warnings: result.warnings)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }

    /// The run as Markdown: a table of the groups, one of the recordings, then each disagreement.
    public static func markdown(_ run: CalibrationRun) -> String {
        var lines = ["# Earshot against real VoiceOver", "",
                     "**\(run.agreed) of \(run.total) utterances agree (\(percent(run.agreement)))** in \(count(run.results.count, "recording")).", "",
                     "| folder | platform | OS | language | recordings | agree | utterances | agreement |", "|---|---|---|---|---|---|---|---|"]
        for group in run.groups {
            lines.append("| \(cell(group.folder)) | \(group.platform.rawValue) | \(group.os) | \(group.language) | \(group.recordings) | \(group.agreed) | \(group.total) | \(percent(group.agreement)) |")
        }
        lines += ["", "| recording | file | agree | source |", "|---|---|---|---|"]
        for result in run.results {
            lines.append("| \(cell(result.recording.name)) | `\(relative(result.recording.file))` | \(result.agreed) of \(result.moves.count) | \(cell(result.recording.source)) |")
        }
        let disagreements = run.results.flatMap { result in result.moves.filter { !$0.agrees }.map { (result, $0) } }
        if !disagreements.isEmpty {
            lines += ["", "## Disagreements", ""]
            for (result, move) in disagreements {
                lines.append("- `\(relative(result.recording.file)):\(move.move.location.line)` move \(move.number) (\(cell(move.screen)), `\(move.move.gesture.rawValue)`): VoiceOver \(cell(quoted(move.move.utterance))), Earshot \(cell(quoted(move.earshot)))")
                for difference in move.differences {
                    lines.append("  - " + cell(sentence(difference) + ": " + difference.origins.map(describe).joined(separator: "; ")))
                }
                for note in move.notes { lines.append("  - \(cell(note))") }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The run as one HTML page: the figures, then per recording a table of its moves, each
    /// disagreement with its differences and their origins.
    public static func html(_ run: CalibrationRun) -> String {
        var html = HTMLText(capacity: 4_000 + run.total * 400)
        HTMLReport.page(&html, title: "Earshot calibration")
        html.raw("<header><h1>Earshot against real VoiceOver</h1>\n<p id=\"counts\"><strong>")
        html.text("\(run.agreed) of \(run.total) utterances agree (\(percent(run.agreement)))")
        html.raw("</strong> in \(count(run.results.count, "recording")).</p></header>\n<main>\n")
        html.raw("<table><thead><tr><th>folder</th><th>platform</th><th>OS</th><th>language</th><th>agree</th><th>agreement</th></tr></thead><tbody>\n")
        for group in run.groups {
            html.raw("<tr><td>")
            html.text(group.folder)
            html.raw("</td><td>\(group.platform.rawValue)</td><td>")
            html.text(group.os)
            html.raw("</td><td>")
            html.text(group.language)
            html.raw("</td><td>\(group.agreed) of \(group.total)</td><td>\(percent(group.agreement))</td></tr>\n")
        }
        html.raw("</tbody></table>\n")
        for (index, result) in run.results.enumerated() {
            html.raw("<section aria-labelledby=\"recording-\(index)\"><h2 id=\"recording-\(index)\">")
            html.text(result.recording.name)
            html.raw(" <span class=\"file\">")
            html.text(relative(result.recording.file))
            html.raw("</span></h2>\n<p>")
            html.text("\(configuration(result.recording)): \(result.agreed) of \(result.moves.count) agree. Source: \(result.recording.source)")
            html.raw("</p>\n<table><thead><tr><th>#</th><th>gesture</th><th>VoiceOver</th><th>Earshot</th><th>why</th></tr></thead><tbody>\n")
            for move in result.moves {
                html.raw("<tr class=\"\(move.agrees ? "passed" : "failed")\"><td>\(move.number)</td><td>")
                html.text(move.move.gesture.rawValue)
                html.raw("</td><td>")
                html.text(move.move.utterance)
                html.raw("</td><td>")
                html.text(move.earshot)
                html.raw("</td><td>")
                if move.agrees {
                    html.raw("✓")
                } else {
                    html.raw("<ul>")
                    for difference in move.differences {
                        html.raw("<li>")
                        html.text(sentence(difference) + ": " + difference.origins.map(describe).joined(separator: "; "))
                        html.raw("</li>")
                    }
                    for note in move.notes {
                        html.raw("<li>")
                        html.text(note)
                        html.raw("</li>")
                    }
                    html.raw("</ul>")
                }
                html.raw("</td></tr>\n")
            }
            html.raw("</tbody></table></section>\n")
        }
        html.raw("</main>\n</body>\n</html>\n")
        return html.string
    }

    // MARK: Wording

    /// What differs, in a sentence: `"Half screen" where VoiceOver said "Collapsed"`.
    static func sentence(_ difference: Difference) -> String {
        switch (difference.earshot.isEmpty, difference.recorded.isEmpty) {
        case (true, _): "Earshot said nothing where VoiceOver said \(quoted(difference.recorded))"
        case (_, true): "Earshot said \(quoted(difference.earshot)), which VoiceOver did not"
        default: "Earshot said \(quoted(difference.earshot)) where VoiceOver said \(quoted(difference.recorded))"
        }
    }

    /// Where Earshot's words came from, with the evidence.
    static func describe(_ origin: Difference.Origin) -> String {
        switch origin {
        case .profile(let fact):
            let source = fact.source.count > 160 ? String(fact.source.prefix(160)) + "…" : fact.source
            let entry = fact.evidence.map { " (docs/evidence.md, \($0))" } ?? ""
            return "from the profile fact \(fact.path) = \(quoted(fact.value)) (\(fact.isOverlay ? "your overlay, " : "")\(fact.origin); evidence\(entry): \(source))"
        case .element(let field, let text):
            return "from the element's own \(field) \(quoted(text)) (its capture or scene)"
        case .unexplained:
            return "from no profile fact or text of the element (Earshot's order or joining of the parts)"
        }
    }

    static func configuration(_ recording: Recording) -> String {
        "\(recording.platform.rawValue) \(recording.os), \(recording.language)\(recording.hints ? "" : ", no hints")"
    }

    static func quoted(_ text: String) -> String { "\"\(text)\"" }

    public static func percent(_ value: Double) -> String { NumberText.canonical(value) + "%" }

    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// Text in a table cell, shown as written and unable to break the table (``MarkdownFormat/cell(_:)``).
    static func cell(_ text: String) -> String { MarkdownFormat.cell(text) }

    static func relative(_ path: String) -> String { CalibrationRun.displayPath(path) }
}
