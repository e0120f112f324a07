import Foundation
import Testing

/// The version is in one place (Sources/EarshotCore/Version.swift): `earshot --version` prints it,
/// every report carries it, CHANGELOG.md's first entry and the pins in the README and docs name
/// it (docs/release.md), and the licence is Apache-2.0.
@Suite("Version and licence")
struct VersionTests {
    static var version: String {
        get throws {
            let source = try String(contentsOf: EarshotProcess.packageRoot.appendingPathComponent("Sources/EarshotCore/Version.swift"), encoding: .utf8)
            let match = try #require(source.firstMatch(of: /current = "([0-9]+\.[0-9]+\.[0-9]+)"/))
            return String(match.1)
        }
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOf: EarshotProcess.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func earshotVersionPrintsIt() throws {
        let result = try EarshotProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.out == (try Self.version) + "\n")
    }

    @Test func theChangelogTheReadmeAndTheDocsNameIt() throws {
        let version = try Self.version
        let changelog = try Self.text("CHANGELOG.md")
        let first = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") })
        #expect(first.hasPrefix("## \(version) "), "CHANGELOG.md's first entry: \(first)")
        #expect(try Self.text("README.md").contains("from: \"\(version)\")"))
        #expect(try Self.text("docs/swift.md").contains("from: \"\(version)\")"))
        let ci = try Self.text("docs/ci.md")
        #expect(ci.contains("ref: \(version),") && !ci.contains("repository: YOUR-ORG/earshot, path:"))
        #expect(try Self.text("docs/release.md").contains("Sources/EarshotCore/Version.swift"))
    }

    @Test func theLicenceIsApache2() throws {
        let licence = try Self.text("LICENSE")
        #expect(licence.contains("Apache License") && licence.contains("Version 2.0, January 2004"))
    }

    /// SARIF's tool.driver.version, JUnit's earshot.version property and JSON's version.
    @Test func everyReportCarriesIt() throws {
        let version = try Self.version
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-version-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let junit = folder.appendingPathComponent("r.xml").path, json = folder.appendingPathComponent("r.json").path
        let run = try EarshotProcess.run(["run", "--headless", "Scenarios/notes/nonmodal-at-medium.yaml",
                                          "--report", "junit:\(junit)", "--report", "json:\(json)"])
        #expect(run.status == 0, "\(run.err)")
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("<property name=\"earshot.version\" value=\"\(version)\"/>"))
        #expect(try String(contentsOfFile: json, encoding: .utf8).contains("\"version\" : \"\(version)\""))
        let sarif = try EarshotProcess.run(["audit", "Scenarios/notes/notes.yaml", "--format", "sarif"])
        #expect(sarif.out.contains("\"version\":\"\(version)\"") || sarif.out.contains("\"version\" : \"\(version)\""), "\(sarif.out.prefix(300))")
    }
}
