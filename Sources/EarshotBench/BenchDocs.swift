import Foundation

/// The figures docs/performance.md shows, made from the bench runs committed beside it
/// (`docs/bench/run-N.json`, each the output of `earshot bench --json` on a release build), so
/// that the page says what was measured, and what the code's targets make of it, never a figure
/// typed by hand. `BenchDocsTests` checks the page against the runs, and the runs' targets
/// against the code's; `EARSHOT_UPDATE_BENCH_DOCS=1 swift test --filter BenchDocsTests` writes
/// the page's part again.
///
/// ```swift
/// let runs = try BenchDocs.runs(in: URL(fileURLWithPath: "docs/bench"))
/// let part = BenchDocs.markdown(runs)   // the context, a table of figures, a table of targets
/// ```
public enum BenchDocs {
    /// The lines around the generated part of docs/performance.md.
    public static let begin = "<!-- Made from docs/bench/run-*.json (BenchDocsTests); edit those, not this. -->"
    public static let end = "<!-- End of the figures made from docs/bench. -->"

    /// Keys of the JSON that describe the run rather than measure it.
    static let context: Set<String> = ["cores", "load_average", "rounds", "scenarios", "utterances", "utterances_heard",
                                       "scope_100k", "speech_workers", "smoke"]

    /// The runs in `folder` (`run-1.json`, `run-2.json`, …), in their numbers' order.
    public static func runs(in folder: URL) throws -> [(name: String, report: BenchReport, json: [String: Any])] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("run-") && $0.hasSuffix(".json") }
            .sorted { Int($0.dropFirst(4).dropLast(5)) ?? 0 < Int($1.dropFirst(4).dropLast(5)) ?? 0 }
        return try names.map { name in
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let report = try JSONDecoder().decode(BenchReport.self, from: data)
            let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            return (String(name.dropLast(5)), report, json)
        }
    }

    /// Every figure a run's JSON holds (its numbers, not its context), in the JSON's key order (sorted).
    public static func figures(_ json: [String: Any]) -> [String] {
        json.keys.filter { !context.contains($0) && json[$0] is NSNumber }.sorted()
    }

    /// The generated part: what the runs were run on, every figure per run, and every target
    /// with whether it held and by how much.
    public static func markdown(_ runs: [(name: String, report: BenchReport, json: [String: Any])]) -> String {
        var lines = [begin, ""]
        let header = "| figure | " + runs.map { $0.name.replacingOccurrences(of: "-", with: " ") }.joined(separator: " | ") + " |"
        let rule = "|---|" + String(repeating: "---|", count: runs.count)
        lines.append(contentsOf: runs.map { run in
            let report = run.report
            let load = report.loadAverage.map { String(format: "load %.2f", $0) } ?? "load unknown"
            return "- \(run.name.replacingOccurrences(of: "-", with: " ")): \(report.cores) cores, \(load); the suite of "
                + "\(report.scenarios) scenarios, \(report.utterances) distinct utterances (\(report.utterancesHeard) heard), "
                + "median of \(report.rounds) rounds; \(report.speechWorkers) speech workers (\(report.engineIsolation))"
        })
        lines += ["", header, rule]
        let keys = runs.reduce(into: [String]()) { keys, run in keys += figures(run.json).filter { !keys.contains($0) } }
        for key in keys {
            let values = runs.map { run in (run.json[key] as? NSNumber).map { number($0.doubleValue) } ?? "—" }
            lines.append("| `\(key)` | " + values.joined(separator: " | ") + " |")
        }
        lines += ["", header.replacingOccurrences(of: "| figure |", with: "| target |"), rule]
        let targets = runs.reduce(into: [String]()) { names, run in names += run.report.targets.map(\.name).filter { !names.contains($0) } }
        for name in targets {
            let cells = runs.map { run -> String in
                guard let target = run.report.targets.first(where: { $0.name == name }) else { return "—" }
                return "\(target.holds ? "✓" : "✗") \(number(target.value)) (\(String(format: "%.2f", target.headroom))×)"
            }
            lines.append("| `\(name)` | " + cells.joined(separator: " | ") + " |")
        }
        lines += ["", end]
        return lines.joined(separator: "\n")
    }

    /// A figure as the page prints it: thousands grouped from 1,000, else three decimals (or
    /// four below 0.01), so that small timings keep their digits.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        if abs(value) >= 1000 { return BenchReport.grouped(Int(value.rounded())) }
        return String(format: abs(value) < 0.01 && value != 0 ? "%.4f" : "%.3f", value)
    }
}
