import EarshotAudit
import EarshotCore
import EarshotFiles
import EarshotScenario
import Foundation

/// `github`: GitHub Actions workflow commands, one a line, which the runner turns into
/// annotations on the pull request's diff at the file and line they name, with no upload and no
/// permission (GitHub's "Workflow commands for GitHub Actions": `::error file=F,line=L,col=C,title=T::MESSAGE`).
///
/// ```sh
/// earshot run --headless --report github:-
/// earshot audit Scenarios/*/*.yaml --format github
/// ```
///
/// A run: an `error` per failed scenario, at its failure (the failing step, or the golden
/// transcript's first differing line), titled with the scenario's name and configuration, its
/// message the failure as printed. Files are named relative to the repository's root. An audit: an `error` or `warning` per finding that counts (not suppressed, not
/// known to the baseline), at the finding, titled with its rule, its message the finding with
/// what showed it and the fix. Nothing for what passed. Text is escaped as the runner reads it
/// (``data(_:)``, ``property(_:)``), so a label cannot end a command or start another.
enum GitHubFormat {
    /// A run's commands: an error per failed scenario.
    static func run(_ run: RunOutput) -> String {
        run.results.compactMap { result in
            result.failure.map { Self.command("error", at: $0.location, title: "Earshot: \(result.title)", message: $0.report) }
        }.joined()
    }

    /// An audit's commands: an error or warning per finding that counts.
    static func audit(_ result: AuditResult) -> String {
        result.findings.filter { $0.baselineState != .unchanged }.map { finding in
            Self.command(finding.severity == .error ? "error" : "warning", at: finding.location,
                         title: "Earshot [\(finding.rule)]",
                         message: "\(finding.message)\nobserved: \(finding.path)\nfix: \(finding.fix)")
        }.joined()
    }

    /// One workflow command, ending in a line feed: the place's file (``repositoryPath(_:root:)``),
    /// line and column where it has them (a line or column of 0 is left out).
    static func command(_ name: String, at location: SourceLocation, title: String, message: String) -> String {
        var properties = ["file=" + property(repositoryPath(location.file))]
        if location.line > 0 { properties.append("line=\(location.line)") }
        if location.line > 0, location.column > 0 { properties.append("col=\(location.column)") }
        properties.append("title=" + property(title))
        return "::\(name) \(properties.joined(separator: ","))::\(data(message))\n"
    }

    /// A file as GitHub attaches an annotation to it: relative to the repository's root, which
    /// is the workspace the runner checked out (`GITHUB_WORKSPACE`), else the working directory,
    /// with `.` and `..` worked out (`Scenarios/x/../../captures/a.json` is `captures/a.json`). A
    /// golden transcript is named by its absolute path, which attaches to nothing. A file outside
    /// the root keeps its real path.
    static func repositoryPath(_ file: String, root: String? = ProcessInfo.processInfo.environment["GITHUB_WORKSPACE"]) -> String {
        let root = root.flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.currentDirectoryPath
        guard let relative = FilePath.relative(from: root, to: file) else { return file }
        return relative == ".." || relative.hasPrefix("../") ? (FilePath.real(file) ?? file) : relative
    }

    /// A command's message as the runner reads it back: `%`, carriage return and line feed
    /// written `%25`, `%0D`, `%0A` (the runner's own escapes; a line feed would end the command).
    static func data(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A property's value: as ``data(_:)``, and `:` and `,` too (`%3A`, `%2C`), which would end it.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
