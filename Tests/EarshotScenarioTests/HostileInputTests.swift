@testable import EarshotScenario
import Foundation
import Testing

/// Hostile input, file by file: each case gives bad input (exit 2) with its position and the
/// message here, never a hang, a crash, or a file read that was not named.
@Suite("Hostile input")
struct HostileInputTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let scene = "scene: S\nroot:\n  - button: OK\n"

    /// A scenario whose `scene:` is the YAML scalar given (quoted as written).
    static func scenario(scene: String) -> String {
        "scenario: Hostile\nscene: \(scene)\nsteps:\n  - touch: OK\n"
    }

    func messages(_ body: () throws -> Void) -> [String] {
        do {
            try body()
            return []
        } catch let error as LoadError {
            return error.diagnostics.map(\.description)
        } catch {
            return ["not a LoadError: \(error)"]
        }
    }

    // MARK: 1. FIFOs and devices

    @Test func aFIFONamedYAMLInAScannedFolderIsSkippedNotOpened() throws {
        let dir = try Self.folder()
        try Self.scenario(scene: "s.yaml").write(to: dir.appendingPathComponent("real.yaml"), atomically: true, encoding: .utf8)
        try Self.scene.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        #expect(mkfifo(dir.appendingPathComponent("pipe.yaml").path, 0o644) == 0)
        symlink(dir.appendingPathComponent("pipe.yaml").path, dir.appendingPathComponent("link-to-pipe.yaml").path)
        symlink(dir.appendingPathComponent("real.yaml").path, dir.appendingPathComponent("link.yaml").path)
        let found = try Suite.discover([dir.path]).map { ($0 as NSString).lastPathComponent }
        #expect(found == ["link.yaml", "real.yaml"])
    }

    @Test(arguments: [("pipe.yaml", "is a FIFO, not a regular file"), ("/dev/zero", "is a device, not a regular file")])
    func aFIFOOrDeviceNamedAsAFileIsRefused(_ name: String, _ message: String) throws {
        let dir = try Self.folder()
        let fifo = dir.appendingPathComponent("pipe.yaml").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let path = name.hasPrefix("/") ? name : fifo
        #expect(messages { _ = try ScenarioLoader.load(path: path) } == ["\(path):1:1: error: file \(message) (expected a readable YAML file)"])
        // And as a scenario's scene.
        let scenario = dir.appendingPathComponent("hostile.yaml")
        try Self.scenario(scene: "\"\(path)\"").write(to: scenario, atomically: true, encoding: .utf8)
        #expect(messages { _ = try ScenarioLoader.load(path: scenario.path) }.first?.contains("file \(message)") == true)
    }

    // MARK: 3. Control characters in paths

    /// `scene.yaml\0../../etc/passwd` was cut at the NUL and loaded scene.yaml.
    @Test(arguments: ["\\0", "\\n", "\\e", "\\x7F"])
    func aPathWithAControlCharacterIsBadInputAtItsNode(_ escape: String) throws {
        let dir = try Self.folder()
        try Self.scene.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let scenario = dir.appendingPathComponent("hostile.yaml")
        try Self.scenario(scene: "\"s.yaml\(escape)../../etc/passwd\"").write(to: scenario, atomically: true, encoding: .utf8)
        let found = messages { _ = try ScenarioLoader.load(path: scenario.path) }
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("\(scenario.path):2:8: error: the scene path holds a control character (U+00") == true)
    }
}
