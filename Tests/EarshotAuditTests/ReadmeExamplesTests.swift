import EarshotAudit
import EarshotScenario
import EarshotTestSupport
import Foundation
import Testing

/// People copy the README's scenes, so each audits without errors, or the paragraph right
/// after it names the rule whose finding it shows on purpose (`sheet-escape-everywhere`).
@Suite("The README's scenes")
struct ReadmeExamplesTests {
    /// A fenced YAML scene in README.md: where it starts, its text, and the paragraph after it.
    struct Example: Sendable, CustomTestStringConvertible {
        var line: Int
        var yaml: String
        var after: String
        var testDescription: String { "README.md:\(line)" }
    }

    static let readme: String = {
        let url = RuleFixtures.packageRoot.appendingPathComponent("README.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// Every ```yaml block whose first line is `scene:` (indented blocks, in lists, too).
    static func examples(in text: String) -> [Example] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var examples: [Example] = []
        var index = 0
        while index < lines.count {
            let fence = lines[index]
            guard fence.trimmingCharacters(in: .whitespaces) == "```yaml" else {
                index += 1
                continue
            }
            let indent = fence.prefix { $0 == " " }.count
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                body.append(String(lines[index].dropFirst(min(indent, lines[index].prefix { $0 == " " }.count))))
                index += 1
            }
            let start = index - body.count + 1   // the first YAML line, from 1
            index += 1
            // The paragraph right after the block: its first lines up to a blank one.
            var after: [String] = []
            var next = index
            while next < lines.count, lines[next].trimmingCharacters(in: .whitespaces).isEmpty { next += 1 }
            while next < lines.count, !lines[next].trimmingCharacters(in: .whitespaces).isEmpty {
                after.append(lines[next])
                next += 1
            }
            if body.first(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty })?.hasPrefix("scene:") == true {
                examples.append(Example(line: start, yaml: body.joined(separator: "\n") + "\n",
                                        after: after.joined(separator: "\n")))
            }
        }
        return examples
    }

    /// The rules a paragraph names as code (`announcement-swallowed`).
    static func rulesNamed(in text: String) -> Set<String> {
        Set(Rule.all.map(\.id).filter { text.contains("`\($0)`") })
    }

    static func audit(_ example: Example) throws -> [Finding] {
        let dir = testTemporaryDirectory.appendingPathComponent("earshot-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("readme-\(example.line).yaml")
        try example.yaml.write(to: file, atomically: true, encoding: .utf8)
        let report = Auditor(scene: try SceneLoader.load(path: file.path)).run()
        #expect(report.cutOff == nil)
        return report.findings.filter { $0.severity == .error }
    }

    @Test func theReadmeHasSceneExamples() {
        #expect(!Self.examples(in: Self.readme).isEmpty, "README.md has no ```yaml block starting with `scene:`")
    }

    @Test("Each README scene loads and audits without errors, or says which it shows", arguments: examples(in: readme))
    func auditsCleanOrSaysWhy(_ example: Example) throws {
        let errors = try Self.audit(example)
        let named = Self.rulesNamed(in: example.after)
        for finding in errors where !named.contains(finding.rule) {
            Issue.record("README.md:\(example.line): the example fails the audit, and the paragraph after it does not name `\(finding.rule)`:\n\(finding.text)")
        }
    }

    /// The extraction and the check, on a README with the compose sheet's two findings left in.
    @Test func anExampleWithFindingsFailsUnlessTheTextAfterItNamesThem() throws {
        let scene = """
            scene: Mail
            root:
              - button: Compose
                id: compose
                activate: { present: compose }
            presentations:
              compose:
                style: sheet
                detents: [medium, large]
                grabber: true
                content:
                  - button: Send
                    activate: [ { announce: "Message sent" }, dismiss ]
            """
        let text = "Intro\n\n   ```yaml\n" + scene.split(separator: "\n").map { "   " + $0 }.joined(separator: "\n")
            + "\n   ```\n\nIt shows `sheet-escape-everywhere` on purpose.\n\nMore.\n"
        let examples = Self.examples(in: text)
        try #require(examples.count == 1)
        #expect(examples[0].line == 4)
        #expect(examples[0].yaml.hasPrefix("scene: Mail\nroot:\n  - button: Compose\n"))
        #expect(examples[0].after == "It shows `sheet-escape-everywhere` on purpose.")
        let rules = Set(try Self.audit(examples[0]).map(\.rule))
        #expect(rules == ["sheet-escape-everywhere", "announcement-swallowed"])
        #expect(rules.subtracting(Self.rulesNamed(in: examples[0].after)) == ["announcement-swallowed"])
    }
}
