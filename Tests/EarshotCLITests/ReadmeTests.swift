import Foundation
import Testing

/// The README is the front door: its table lists every command the binary has, every link in
/// it leads to a file of the repository and, with a `#fragment`, to a heading there, and the
/// commands it shows print what it shows.
@Suite("The README")
struct ReadmeTests {
    static let readme = (try? String(contentsOf: EarshotProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    @Test func theCommandTableListsEveryCommand() throws {
        let help = try EarshotProcess.run(["--help"])
        let section = try #require(help.out.components(separatedBy: "SUBCOMMANDS:").last)
        let commands = section.split(separator: "\n").compactMap { line -> String? in
            // A command's line starts with two spaces and its name; its abstract's next lines with more.
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first else { return nil }
            return name == "See" ? nil : String(name)
        }
        #expect(commands.count >= 9)
        let table = Self.readme.components(separatedBy: "## The command line at a glance").last ?? ""
        for command in commands where command != "help" {
            #expect(table.contains("`earshot \(command)"), "README.md's table has no row for earshot \(command)")
        }
        #expect(Self.readme.split(separator: "\n").count <= 250, "README.md is a front door: at most 250 lines")
    }

    @Test func everyLinkLeadsSomewhere() throws {
        let links = Self.readme.matches(of: /\]\(([^)\s]+)\)/).map { String($0.1) }.filter { !$0.hasPrefix("http") }
        #expect(links.count >= 10)
        for link in links {
            let parts = link.split(separator: "#", maxSplits: 1).map(String.init)
            let file = EarshotProcess.packageRoot.appendingPathComponent(parts[0])
            #expect(FileManager.default.fileExists(atPath: file.path), "README.md links \(link), which is not there")
            guard parts.count == 2, let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            let anchors = text.split(separator: "\n").filter { $0.hasPrefix("#") }.map { Self.anchor(String($0)) }
            #expect(anchors.contains(parts[1]), "README.md links \(link), and \(parts[0]) has no such heading")
        }
    }

    /// Each `$ earshot …` line in a fenced block of the README and of docs/, run from the
    /// repository (or from the folder an `<!-- example folder: PATH -->` line before the block
    /// names, Tests/DocExamples/), prints the lines under it (up to the next blank line)
    /// exactly, `…` standing for any text; on standard output, or on standard error for bad
    /// input. It exits 0 in the README; in docs/ also 1 (a failure or a finding shown) or 2 (bad
    /// input shown), never 3 (the environment).
    @Test(arguments: ["README.md"] + ((try? FileManager.default.contentsOfDirectory(
        atPath: EarshotProcess.packageRoot.appendingPathComponent("docs").path)) ?? []).filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 })
    func theExamplesPrintWhatTheDocsShow(_ file: String) throws {
        let text = try String(contentsOf: EarshotProcess.packageRoot.appendingPathComponent(file), encoding: .utf8)
        struct Example { var command: [String]; var output: [String] = []; var folder: String? }
        var examples: [Example] = []
        var current: Example?
        var folder: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let named = line.firstMatch(of: /^<!-- example folder: (\S+) -->$/) {
                folder = String(named.1)
            } else if line.hasPrefix("$ earshot ") {
                if let current { examples.append(current) }
                current = Example(command: line.dropFirst("$ earshot ".count).split(separator: " ").map(String.init), folder: folder)
                folder = nil   // the folder is the next example's alone
            } else if line.isEmpty || line.hasPrefix("```") {
                if let done = current { examples.append(done) }
                current = nil
            } else if current != nil {
                current?.output.append(String(line))
            }
        }
        if file == "README.md" { #expect(examples.count >= 2) }
        for example in examples {
            let run = try EarshotProcess.run(example.command, in: example.folder.map { EarshotProcess.packageRoot.appendingPathComponent($0) })
            let command = "earshot \(example.command.joined(separator: " "))"
            #expect(run.status == 0 || (file != "README.md" && [1, 2].contains(run.status)), "\(command): \(run.err)")
            let printed = (run.out + run.err).split(separator: "\n").map(String.init)
            #expect(printed.count == example.output.count && zip(printed, example.output).allSatisfy(Self.matches),
                    "\(file) shows other output for \(command):\n\(printed.joined(separator: "\n"))")
        }
    }

    /// A line as printed against the line a doc shows: the same, or with `…` standing for any text.
    static func matches(_ printed: String, _ shown: String) -> Bool {
        let parts = shown.components(separatedBy: "…")
        guard parts.count > 1 else { return printed == shown }
        guard printed.hasPrefix(parts[0]), printed.hasSuffix(parts[parts.count - 1]) else { return false }
        var rest = printed.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count)
        for part in parts.dropFirst().dropLast() {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    @Test func anElisionStandsForAnyText() {
        #expect(Self.matches("expected one of: id, label, value, hint); did", "expected one of: id, label, …); did"))
        #expect(!Self.matches("expected one of: id); did", "expected one of: id, label, …); did"))
        #expect(Self.matches("a", "a"))
    }

    /// The docs show their commands with their output, as the README does.
    @Test func theDocsShowCommandsWithTheirOutput() throws {
        let count = try ["docs/guide.md", "docs/format.md", "docs/calibration.md"].map { path in
            try String(contentsOf: EarshotProcess.packageRoot.appendingPathComponent(path), encoding: .utf8)
                .components(separatedBy: "\n$ earshot ").count - 1
        }
        #expect(count.allSatisfy { $0 >= 1 }, "\(count)")
    }

    /// A Markdown heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        let title = heading.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
        return String(title.compactMap { character -> Character? in
            if character == " " { return "-" }
            return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
        })
    }
}
