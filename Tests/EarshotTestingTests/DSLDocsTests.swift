import Foundation
import EarshotTesting
import Testing

/// docs/swift.md's table of the DSL names everything the DSL has: each public modifier and effect
/// of Sources/EarshotTesting/DSL, and each parameter of `Scene(…)`, so that a name added to the
/// DSL without its row fails here.
@Suite("The DSL's table in docs/swift.md")
struct DSLDocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The table's rows, from `| YAML | DSL |` to the first line that is not a row.
    static func table() throws -> String {
        let page = try text("docs/swift.md")
        let start = try #require(page.range(of: "| YAML | DSL |"))
        return page[start.lowerBound...].split(separator: "\n").prefix { $0.hasPrefix("|") }.joined(separator: "\n")
    }

    @Test func everyModifierAndEffectHasARow() throws {
        let table = try Self.table()
        let folder = Self.root.appendingPathComponent("Sources/EarshotTesting/DSL")
        var names: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in source.matches(of: /public (?:static )?(?:func|var|let) ([a-zA-Z]+)/) { names.insert(String(match.1)) }
        }
        // The result builders' own methods, loading, and a definition's YAML (said beside the table)
        // are not part of the language.
        let notLanguage: Set<String> = ["load", "definition", "yaml"]
        let language = names.filter { !$0.hasPrefix("build") && !notLanguage.contains($0) }
        #expect(language.count >= 50)
        for name in language.sorted() {
            #expect(table.contains(".\(name)(") || table.contains(".\(name)`") || table.contains(".\(name),") || table.contains("\(name):"),
                    "docs/swift.md's DSL table has no row for \(name)")
        }
    }

    @Test func everyParameterOfSceneHasARow() throws {
        let table = try Self.table()
        let source = try Self.text("Sources/EarshotTesting/DSL/SceneDefinition.swift")
        let initializer = try #require(source.firstMatch(of: /public init\(_ name: String,([^@]+)@ElementBuilder/))
        let labels = initializer.1.matches(of: #/([a-zA-Z]+):\s/#).map { String($0.1) }.filter { !["file", "line", "column", "width", "height"].contains($0) }
        #expect(labels.count >= 8)
        for label in labels { #expect(table.contains("\(label): "), "docs/swift.md's Scene row has no \(label):") }
    }
}

/// docs/swift.md's example of a failed assertion is what the assertion records.
@Suite("The failure shown in docs/swift.md")
struct FailureExampleDocsTests {
    @Test func theCommentIsTheOneRecorded() throws {
        let page = try DSLDocsTests.text("docs/swift.md")
        let marker = try #require(page.range(of: "<!-- failure example: expectSpoken([\"To. Text Field.\"]) after touch compose, doubleTap -->\n```\n"))
        let shown = String(page[marker.upperBound...].prefix { _ in true }.components(separatedBy: "\n```").first ?? "")
        var reader = ScreenReader(scene: try Scenes.mailDSL())
        reader.touch("compose")
        reader.doubleTap()
        withKnownIssue {
            reader.expectSpoken(["To. Text Field."])
        } matching: { issue in
            issue.comments.map(\.rawValue).joined() == shown
        }
    }
}
