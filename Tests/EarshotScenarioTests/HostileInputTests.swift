@testable import EarshotScenario
import EarshotTestSupport
import Foundation
import Testing

/// Hostile input, file by file: each case gives bad input (exit 2) with its position and the
/// message here, never a hang, a crash, or a file read that was not named.
@Suite("Hostile input")
struct HostileInputTests {
    static func folder() throws -> URL {
        let url = testTemporaryDirectory.appendingPathComponent("earshot-hostile-\(UUID().uuidString)")
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
        // A device outside the project is not even looked at (ProjectBoundary); a FIFO inside it is named as such.
        let expected = name.hasPrefix("/") ? "scene path '\(path)' leads outside the project" : "scene file '\(path)' \(message)"
        #expect(messages { _ = try ScenarioLoader.load(path: scenario.path) }.first?.contains(expected) == true)
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

/// The YAML-level cases: aliases as keys anywhere, byte order marks inside the text.
@Suite("Hostile YAML")
struct HostileYAMLTests {
    /// Nine levels of laughs: an alias to `a8` expands to 10^8 leaves when hashed.
    static let laughs: String = {
        var lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1...8 {
            lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    func messages(_ yaml: String) -> [String] {
        do {
            _ = try SceneLoader.load(yaml: yaml, file: "hostile.yaml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    /// Only block keys were checked: an alias key in a flow mapping hung (Yams hashes the expansion).
    @Test(arguments: [
        ("root: [ { *a8 : x } ]", 10, 11),
        ("root: [ { *a8: x } ]", 10, 11),
        ("root: [ {\n  *a8\n  : x } ]", 11, 3),
        ("root: [ { ? *a8 } ]", 10, 13),
        ("root:\n  *a8 : x", 11, 3),
    ])
    func anAliasUsedAsAKeyIsRefusedBeforeParsing(_ tail: String, _ line: Int, _ column: Int) {
        let found = messages(Self.laughs + tail)
        #expect(found.first == "hostile.yaml:\(line):\(column): error: an alias used as a mapping key (expected plain keys; aliases may stand only as values)")
    }

    @Test(arguments: ["root: [ *a0 ]", "root: [ { label: *a0 } ]", "root: { k: *a0, j: *a0 }", "root:\n  - *a0\n  - x: 1"])
    func aliasesAsValuesAreLeftToTheLoader(_ tail: String) {
        #expect(!messages(Self.laughs + tail).contains { $0.contains("alias used as a mapping key") })
    }

    @Test func aByteOrderMarkInsideAKeyIsRefusedWithItsPosition() {
        let found = messages("scene: S\nro\u{FEFF}ot:\n  - button: OK\n")
        #expect(found == ["hostile.yaml:2:3: error: a byte order mark (U+FEFF) inside the text (expected U+FEFF only as the file's first character, if at all)"])
    }
}

/// The classes of hostile input that already held when the review was made, kept holding: each
/// case is a scene file and the first problem it must give (bad input, exit 2 in the CLI).
@Suite("Hostile input corpus")
struct HostileCorpusTests {
    static func contents(_ name: String) -> [UInt8] {
        switch name {
        case "laughs":
            var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
            for level in 1...8 { text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n" }
            return Array((text + "scene: S\nroot: *a8\n").utf8)
        case "utf16": return Array("scene: S\nroot:\n  - button: OK\n".data(using: .utf16)!)
        case "invalid UTF-8": return Array("scene: S\nroot:\n  - button: O".utf8) + [0xFF] + Array("K\n".utf8)
        case "NUL": return Array("scene: S\nroot:\n  - button: O".utf8) + [0] + Array("K\n".utf8)
        case "deep": return Array(("scene: S\nroot: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n").utf8)
        case "NaN frame": return Array("scene: S\nroot:\n  - button: OK\n    frame: [.nan, 0, 10, 10]\n".utf8)
        case "infinite frame": return Array("scene: S\nroot:\n  - button: OK\n    frame: [0, 0, .inf, 10]\n".utf8)
        case "huge number": return Array("scene: S\nroot:\n  - button: OK\n    frame: [0, 0, 1e400, 10]\n".utf8)
        case "tabs": return Array("scene: S\nroot:\n\t- button: OK\n".utf8)
        default: return []
        }
    }

    @Test(arguments: [
        ("laughs", "hostile.yaml:1:5: error: an alias expands this part more than 10000 times"),
        ("utf16", "hostile.yaml:1:1: error: the file is not valid UTF-8 (expected UTF-8 text)"),
        ("invalid UTF-8", "hostile.yaml:3:14: error: the file is not valid UTF-8 (expected UTF-8 text)"),
        ("NUL", "hostile.yaml:1:1: error: malformed YAML: control characters are not allowed"),
        ("deep", "hostile.yaml:2:8: error: malformed YAML: Maximum nesting level reached"),
        ("NaN frame", "hostile.yaml:4:13: error: a frame value is '.nan' (expected a number)"),
        ("infinite frame", "hostile.yaml:4:19: error: a frame value is '.inf' (expected a number)"),
        ("huge number", "hostile.yaml:4:19: error: a frame value is '1e400' (expected a number)"),
        ("tabs", "hostile.yaml:3:1: error: tab in indentation (expected spaces; YAML does not allow tabs for indentation)"),
    ])
    func eachClassIsBadInputWithItsPosition(_ name: String, _ first: String) throws {
        let dir = try HostileInputTests.folder()
        let file = dir.appendingPathComponent("hostile.yaml")
        try Data(Self.contents(name)).write(to: file)
        do {
            _ = try SceneLoader.load(path: file.path)
            Issue.record("\(name): expected bad input")
        } catch {
            let found = error.diagnostics.first.map { $0.description.replacingOccurrences(of: dir.path + "/", with: "") }
            #expect(found?.hasPrefix(first) == true, "\(name): \(found ?? "none")")
        }
    }

    @Test func aSymbolicLinkLoopIsUnreadableNotAHang() throws {
        let dir = try HostileInputTests.folder()
        let loop = dir.appendingPathComponent("loop.yaml")
        #expect(symlink(loop.path, loop.path) == 0)
        do {
            _ = try SceneLoader.load(path: loop.path)
            Issue.record("expected bad input")
        } catch {
            #expect(error.diagnostics.first?.message.hasPrefix("file cannot be read (") == true)
        }
    }
}
