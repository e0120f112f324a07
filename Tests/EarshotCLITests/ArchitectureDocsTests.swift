import EarshotTestSupport
import Foundation
import Testing

/// docs/architecture.md's module table is Package.swift's targets: a row for every target the
/// package builds (test targets aside), each naming exactly the targets and products it depends
/// on (`Core` for `EarshotCore`), besides the system libraries it links.
@Suite("The architecture's module table")
struct ArchitectureDocsTests {
    /// What a depends-on cell may name that is no target or product of the package.
    static let systemLibraries: Set<String> = ["Foundation", "libmecab", "libespeak-ng"]

    /// Each target of the manifest with its dependencies, read from its text: every target is
    /// `.kind(name: "X", dependencies: [...])`, a dependency a target's name in quotes or
    /// `.product(name: "Y", package: …)`.
    static func manifestTargets() throws -> [(name: String, test: Bool, dependencies: Set<String>)] {
        let manifest = try String(contentsOf: Repository.path("Package.swift"), encoding: .utf8)
        let body = try #require(manifest.range(of: "targets: [").map { String(manifest[$0.upperBound...]) })
        let starts = try NSRegularExpression(pattern: #"\.(target|executableTarget|systemLibrary|testTarget)\("#)
        let text = body as NSString
        let matches = starts.matches(in: body, range: NSRange(location: 0, length: text.length))
        return try matches.indices.map { index in
            let end = index + 1 < matches.count ? matches[index + 1].range.location : text.length
            let chunk = text.substring(with: NSRange(location: matches[index].range.location, length: end - matches[index].range.location))
            let kind = text.substring(with: matches[index].range(at: 1))
            let name = try #require(firstCapture(#"name: "([^"]+)""#, in: chunk))
            var dependencies: Set<String> = []
            if let list = firstCapture(#"dependencies: \[((?:[^\[\]]|\[[^\]]*\])*)\]"#, in: chunk) {
                let products = allCaptures(#"\.product\(name: "([^"]+)""#, in: list)
                let withoutProducts = list.replacingOccurrences(of: #"\.product\([^)]*\)"#, with: "", options: .regularExpression)
                dependencies = Set(allCaptures(#""([^"]+)""#, in: withoutProducts) + products)
            }
            return (name, kind == "testTarget", dependencies)
        }
    }

    /// The module table's rows: the target and the names in its depends-on cell (a word in
    /// parentheses is a remark; `—` is none; `Core` is `EarshotCore`).
    static func documentedRows() throws -> [String: Set<String>] {
        let text = try String(contentsOf: Repository.path("docs/architecture.md"), encoding: .utf8)
        let table = try #require(text.components(separatedBy: "| target | holds | depends on |").dropFirst().first)
        var rows: [String: Set<String>] = [:]
        for line in table.split(separator: "\n").dropFirst().prefix(while: { $0.hasPrefix("|") }) {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, cells[1].hasPrefix("`") else { continue }
            let target = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let cell = cells[cells.count - 2].replacingOccurrences(of: #"\([^)]*\)"#, with: "", options: .regularExpression)
            let names = cell.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && $0 != "—" }
            rows[target] = Set(names.map { name in
                let isCTarget = name.hasPrefix("C") && name.dropFirst().first?.isUppercase == true
                return isCTarget || !name.first!.isUppercase || ["Yams", "ArgumentParser"].contains(name)
                    || systemLibraries.contains(name) ? name : "Earshot" + name
            })
        }
        return rows
    }

    @Test func everyTargetHasItsRowWithItsDependencies() throws {
        let targets = try Self.manifestTargets().filter { !$0.test }
        let rows = try Self.documentedRows()
        #expect(targets.count >= 20)
        #expect(Set(rows.keys) == Set(targets.map(\.name)), "the table's targets are not Package.swift's")
        for target in targets {
            let documented = (rows[target.name] ?? []).subtracting(Self.systemLibraries)
            #expect(documented == target.dependencies,
                    "\(target.name): docs/architecture.md says it depends on \(documented.sorted()), Package.swift on \(target.dependencies.sorted())")
        }
    }

    /// The test reads the manifest as written: a target's dependencies spread over lines and a
    /// product among them.
    @Test func theManifestIsReadWithItsProducts() throws {
        let scenario = try #require(try Self.manifestTargets().first { $0.name == "EarshotScenario" })
        #expect(scenario.dependencies == ["EarshotCore", "EarshotReader", "EarshotAudit", "EarshotCapture", "EarshotFiles", "Yams"])
        let core = try #require(try Self.manifestTargets().first { $0.name == "EarshotCore" })
        #expect(core.dependencies.isEmpty)
    }
}

private func firstCapture(_ pattern: String, in text: String) -> String? {
    allCaptures(pattern, in: text).first
}

private func allCaptures(_ pattern: String, in text: String) -> [String] {
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
    let string = text as NSString
    return expression.matches(in: text, range: NSRange(location: 0, length: string.length)).map { string.substring(with: $0.range(at: 1)) }
}
