import Foundation
import Testing

/// `EarshotTesting` goes into an iOS app's unit-test target, so it and every module it depends
/// on must build for iOS: no speech (the workers are processes, which iOS does not let an app
/// spawn), no espeak-ng, no Linux-only calls. There is no iOS SDK here, so this holds the rule
/// on the package's own description and on the sources.
@Suite("Modules an iOS test target can use")
struct IOSReachabilityTests {
    /// What `EarshotTesting` may reach, and what none of it may.
    static let forbidden: Set<String> = ["EarshotSpeech", "EarshotSuite", "EarshotBench", "CEspeakNG", "earshot-speech"]

    /// The package as SwiftPM reads it (`swift package dump-package`), with a scratch folder of
    /// its own: `.build` is locked by the `swift test` running this.
    static func package() throws -> [String: Any] {
        let scratch = try EarshotProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try EarshotProcess.run(["package", "--scratch-path", scratch.path, "dump-package"], tool: "swift")
        #expect(result.status == 0)
        let data = Data(result.out.utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Each target's dependencies on other targets of the package, by name.
    static func dependencies(in package: [String: Any]) throws -> [String: [String]] {
        let targets = try #require(package["targets"] as? [[String: Any]])
        var result: [String: [String]] = [:]
        for target in targets {
            let name = try #require(target["name"] as? String)
            let dependencies = (target["dependencies"] as? [[String: Any]]) ?? []
            result[name] = dependencies.compactMap { dependency in
                // {"byName": ["EarshotCore", null]} or {"target": ["EarshotCore", null]}; products are other packages'.
                ((dependency["byName"] ?? dependency["target"]) as? [Any])?.first as? String
            }
        }
        return result
    }

    /// `EarshotTesting` and everything it depends on, itself included.
    static func reachable(from root: String, in dependencies: [String: [String]]) -> Set<String> {
        var seen: Set<String> = []
        var pending = [root]
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            pending += dependencies[name] ?? []
        }
        return seen
    }

    @Test func earshotTestingReachesNoSpeechAndTheFloorIsIOS16() throws {
        let package = try Self.package()
        let reachable = Self.reachable(from: "EarshotTesting", in: try Self.dependencies(in: package))
        #expect(reachable.isSuperset(of: ["EarshotCore", "EarshotReader", "EarshotAudit", "EarshotScenario", "EarshotRunner"]))
        #expect(reachable.isDisjoint(with: Self.forbidden), "\(reachable.intersection(Self.forbidden))")
        let platforms = try #require(package["platforms"] as? [[String: Any]])
        let versions = Dictionary(uniqueKeysWithValues: platforms.compactMap { platform -> (String, String)? in
            guard let name = platform["platformName"] as? String, let version = platform["version"] as? String else { return nil }
            return (name, version)
        })
        #expect(versions["ios"] == "16.0")
        #expect(versions["macos"] == "13.0")
    }

    /// The sources of those modules import no speech and guard every Linux-only module.
    @Test func theirSourcesImportNoSpeechAndGuardGlibc() throws {
        let reachable = Self.reachable(from: "EarshotTesting", in: try Self.dependencies(in: try Self.package()))
        let sources = EarshotProcess.packageRoot.appendingPathComponent("Sources")
        var checked = 0
        for module in reachable.sorted() {
            let folder = sources.appendingPathComponent(module)
            guard let files = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                checked += 1
                var guardedByGlibc = false
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let place = "\(module)/\(file):\(number + 1)"
                    if line.hasPrefix("#if canImport(Glibc)") { guardedByGlibc = true }
                    if line.hasPrefix("#endif") || line.hasPrefix("#elseif") || line.hasPrefix("#else") { guardedByGlibc = false }
                    for name in Self.forbidden where line.contains("import \(name)") {
                        Issue.record("\(place) imports \(name)")
                    }
                    if line.hasPrefix("import Glibc"), !guardedByGlibc { Issue.record("\(place): import Glibc outside #if canImport(Glibc)") }
                    // Processes: Foundation's Process and posix_spawn are not there on iOS.
                    if line.contains("Process()") || line.contains("posix_spawn") || line.contains("fork(") {
                        Issue.record("\(place) starts a process")
                    }
                }
            }
        }
        #expect(checked > 50)
    }
}
