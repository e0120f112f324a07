import EarshotAudit
import EarshotCore
import EarshotReader
@testable import EarshotScenario
import Foundation
import Testing

/// docs/format.md is the user's reference for scene and scenario files: every
/// name the loaders accept must be in it, written as code, so that a key added
/// to a decoder without a word in the reference fails here, naming the key.
@Suite("The format reference")
struct FormatReferenceTests {
    /// The README's count of the bundled suite is the suite's: scenario files (a `scenario:` key)
    /// and the scene files beside them under `Scenarios/`.
    @Test func theReadmeCountsTheBundledSuite() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        let folder = root.appendingPathComponent("Scenarios")
        var scenarios = 0, scenes = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let sub = folder.appendingPathComponent(name)
            for file in (try? FileManager.default.contentsOfDirectory(atPath: sub.path)) ?? [] where file.hasSuffix(".yaml") {
                if ScenarioLoader.isScenarioFile(sub.appendingPathComponent(file).path) { scenarios += 1 } else { scenes += 1 }
            }
        }
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        let counted = readme.contains("bundled suite of \(scenarios) scenarios over \(scenes) scenes")
        #expect(counted, "README.md should say 'bundled suite of \(scenarios) scenarios over \(scenes) scenes'")
    }

    /// One accepted name and how the reference must show it.
    struct Name: Sendable, CustomTestStringConvertible {
        /// Where the loader takes it: "scene key", "effect", "vo key", …
        var kind: String
        var name: String
        /// The text that must appear inside code in the reference; the name itself unless
        /// it is too short to stand alone (`vo: a`).
        var written: String

        init(_ kind: String, _ name: String, written: String? = nil) {
            self.kind = kind
            self.name = name
            self.written = written ?? name
        }

        var testDescription: String { "\(kind) '\(name)'" }
    }

    static let names: [Name] = {
        var names: [Name] = []
        func add(_ kind: String, _ values: [String]) { names += values.map { Name(kind, $0) } }
        // Every key the loaders take, and the values a person writes by name; the loaders'
        // tables, through the one list the fuzz dictionary is generated from.
        for (kind, values) in LoaderNames.keys { add(kind, values) }
        let written = ["trait", "presentation style", "adaptation", "rule setting"]
        for (kind, values) in LoaderNames.values where written.contains(kind) { add(kind, values) }
        // Keyboard steps are checked as written in a scenario: `vo: a`, `key: shift-tab`.
        names += ScreenReader.VOKey.allCases.map { Name("vo key", $0.rawValue, written: "vo: \($0.rawValue)") }
        names += ScreenReader.Key.allCases.map { Name("key", $0.rawValue, written: "key: \($0.rawValue)") }
        return names
    }()

    /// docs/format.md, from this file's place in the repository.
    static let reference: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/format.md").standardized
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The reference's code: inline code spans and fenced blocks, each as one text.
    static let code: [String] = {
        var pieces: [String] = []
        var inFence = false
        var fence: [String] = []
        for line in reference.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                if inFence { pieces.append(fence.joined(separator: "\n")) }
                fence = []
                inFence.toggle()
                continue
            }
            if inFence {
                fence.append(String(line))
                continue
            }
            // Inline code: the text between pairs of backticks on the line.
            let parts = line.split(separator: "`", omittingEmptySubsequences: false)
            for index in stride(from: 1, to: parts.count - 1, by: 2) { pieces.append(String(parts[index])) }
        }
        return pieces
    }()

    /// Whether `text` occurs in `code` as a whole word: not part of a longer name
    /// (`selected` is not found in `isSelected` nor in `selectedDetent`).
    static func contains(_ code: String, word text: String) -> Bool {
        func isNameCharacter(_ character: Character?) -> Bool {
            guard let character else { return false }
            return character.isLetter || character.isNumber || character == "_" || character == "-"
        }
        var searchRange = code.startIndex..<code.endIndex
        while let found = code.range(of: text, range: searchRange) {
            let before = found.lowerBound == code.startIndex ? nil : code[code.index(before: found.lowerBound)]
            let after = found.upperBound == code.endIndex ? nil : code[found.upperBound]
            if !isNameCharacter(before) && !isNameCharacter(after) { return true }
            searchRange = found.upperBound..<code.endIndex
        }
        return false
    }

    @Test func theReferenceIsThere() {
        #expect(Self.reference.count > 1_000, "docs/format.md is missing or empty")
        #expect(!Self.code.isEmpty, "docs/format.md has no code")
    }

    @Test("Every name the loaders accept is in docs/format.md as code", arguments: names)
    func everyNameIsDocumented(_ name: Name) {
        let documented = Self.code.contains { Self.contains($0, word: name.written) }
        #expect(documented, "docs/format.md does not document the \(name.kind) '\(name.name)': write `\(name.written)` in it")
    }

    /// The OS versions and default of each platform, as its profile knows them, are in the
    /// reference's row for that platform.
    @Test("Each platform's OS versions are in docs/format.md", arguments: Platform.allCases)
    func osVersionsAreDocumented(_ platform: Platform) throws {
        let profile = try Profile.bundled(platform)
        let row = Self.reference.split(separator: "\n").first { $0.hasPrefix("| `\(platform.rawValue)` |") }
        let line = try #require(row.map(String.init), "docs/format.md has no table row for platform '\(platform.rawValue)'")
        for version in profile.os.versions {
            #expect(line.contains("`\(version)`"), "docs/format.md does not list \(platform.rawValue) version '\(version)'")
        }
        let columns = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(columns.count > 2 && columns[2] == "`\(profile.os.default)`",
                "docs/format.md does not give '\(profile.os.default)' as \(platform.rawValue)'s default os")
    }

    /// The reference stands alone: it points at nothing users do not have.
    @Test func theReferenceStandsAlone() {
        for word in ["SPEC", "shared/"] {
            #expect(!Self.reference.contains(word), "docs/format.md mentions '\(word)'")
        }
    }

    /// Nothing in the repository (code, comments, help, docs, scenes) points at documents a
    /// clone does not have: every reference is to a file in it.
    @Test func nothingPointsOutsideTheRepository() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        let folders = ["Sources", "Tests", "Scenarios", "docs", "scripts", "Examples", "Fuzz"]
        var checked = 0
        for folder in folders {
            guard let files = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path) else { continue }
            for case let file as String in files
            where [".swift", ".md", ".yaml", ".sh", ".py", ".json", ".c", ".h"].contains(where: file.hasSuffix) && !file.contains(".build/") {
                let path = "\(folder)/\(file)"
                guard path != "Tests/EarshotScenarioTests/FormatReferenceTests.swift",
                      let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else { continue }
                checked += 1
                for word in ["SPEC §", "SPEC.md", "../shared", "shared/SPEC", "ARCHITECTURE.md", "STYLE.md"] where text.contains(word) {
                    Issue.record("\(path) mentions '\(word)', which is not in the repository")
                }
            }
        }
        for file in ["README.md", "Makefile"] {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for word in ["SPEC", "../shared"] where text.contains(word) { Issue.record("\(file) mentions '\(word)'") }
        }
        #expect(checked > 200)
    }
}
