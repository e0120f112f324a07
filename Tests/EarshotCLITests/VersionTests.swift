import EarshotTestSupport
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
        let install = try Self.text("docs/install.md")
        #expect(install.contains("from: \"\(version)\")") && install.contains("/releases/download/\(version)/earshot-\(version)-linux-x86_64.tar.gz"))
        let ci = try Self.text("docs/ci.md")
        #expect(ci.contains("EARSHOT_VERSION: \(version) "))
        #expect(ci.components(separatedBy: "/releases/download/$EARSHOT_VERSION/earshot-$EARSHOT_VERSION-linux-x86_64.tar.gz").count == 5)
        #expect(try Self.text("docs/release.md").contains("Sources/EarshotCore/Version.swift"))
    }

    /// Every address of Earshot's own repository in the README, docs/ and the release workflow
    /// is the one it is published at (`EarshotVersion.repository`): no placeholder to guess.
    @Test func everyInstructionNamesWhereEarshotIsPublished() throws {
        let source = try Self.text("Sources/EarshotCore/Version.swift")
        let repository = String(try #require(source.firstMatch(of: /repository = "([^"]+)"/)).1)
        let docs = try FileManager.default.contentsOfDirectory(atPath: EarshotProcess.packageRoot.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        for path in ["README.md", "CHANGELOG.md"] + docs {
            let text = try Self.text(path)
            #expect(!text.contains("YOUR-ORG") && !text.contains("example.com/"), "\(path)")
            for match in text.matches(of: /https:\/\/github\.com\/[A-Za-z0-9_.-]+\/earshot\b/) {
                #expect(String(match.output) == repository, "\(path): \(match.output)")
            }
        }
        #expect(try Self.text("docs/install.md").contains(repository + "/releases/download/"))
    }

    @Test func theLicenceIsApache2() throws {
        let licence = try Self.text("LICENSE")
        #expect(licence.contains("Apache License") && licence.contains("Version 2.0, January 2004"))
    }

    /// SARIF's tool.driver.version, JUnit's earshot.version property and JSON's version.
    @Test func everyReportCarriesIt() throws {
        let version = try Self.version
        let folder = testTemporaryDirectory.appendingPathComponent("earshot-version-\(UUID().uuidString)")
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

/// A binary that moves (issue 32): earshot and earshot-speech copied together with their
/// resources run anywhere; copied without them, earshot says what to copy (exit 3), never a signal.
@Suite("A binary that moves")
struct MovedBinaryTests {
    static func copy(withResources: Bool) throws -> URL {
        let folder = testTemporaryDirectory.appendingPathComponent("earshot-moved-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let built = try EarshotProcess.binary().deletingLastPathComponent()
        var names = ["earshot", "earshot-speech"]
        if withResources { names += ["Earshot_EarshotCore.resources", "Earshot_earshot.resources"] }
        for name in names {
            let source = built.appendingPathComponent(name), target = folder.appendingPathComponent(name)
            if name.hasSuffix(".resources") {
                try FileManager.default.copyItem(at: source, to: target)
            } else {
                try writeExecutable(try Data(contentsOf: source), to: target)
            }
        }
        return folder
    }

    static func run(_ binary: URL, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = EarshotProcess.packageRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    @Test func withItsResourcesItRunsAndSpeaksAnywhere() throws {
        let folder = try Self.copy(withResources: true)
        let tree = try Self.run(folder.appendingPathComponent("earshot"), ["tree", "Scenarios/mail/mail.yaml"])
        #expect(tree.status == 0 && tree.out.contains("Compose. Button."), "\(tree.err)")
        let wav = folder.appendingPathComponent("hi.wav").path
        let say = try Self.run(folder.appendingPathComponent("earshot"), ["say", "Hello", "-o", wav])
        #expect(say.status == 0, "\(say.err)")
        #expect(FileManager.default.fileExists(atPath: wav))
    }

    @Test func withoutThemItSaysWhatToCopyAndExitsWith3() throws {
        let folder = try Self.copy(withResources: false)
        let tree = try Self.run(folder.appendingPathComponent("earshot"), ["tree", "Scenarios/mail/mail.yaml"])
        #expect(tree.status == 3)
        #expect(tree.err.contains("Earshot_EarshotCore.resources") && tree.err.contains("make install PREFIX="), "\(tree.err)")
        // --version still answers.
        #expect(try Self.run(folder.appendingPathComponent("earshot"), ["--version"]).status == 0)
    }
}
