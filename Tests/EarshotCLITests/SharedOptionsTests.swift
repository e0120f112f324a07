import Foundation
import Testing

/// Options several commands share are declared once (`SceneOptions`, `HintOptions`,
/// `ConfigOptions`, `ReportOptions`), so each command's help says them alike; and errors become
/// exit statuses in one place (`Earshot.finish(after:)`), not in each command.
@Suite("The command line's shared options")
struct SharedOptionsTests {
    /// An option's help as `earshot COMMAND --help` prints it: its line and the lines under it.
    static func help(of option: String, in command: String) throws -> String {
        let out = try EarshotProcess.run([command, "--help"]).out
        let lines = out.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("  \(option) ") }) else { return "" }
        let rest = lines[(start + 1)...].prefix { $0.hasPrefix("                        ") }
        return ([lines[start]] + rest).joined(separator: "\n")
    }

    @Test(arguments: [("--os", ["run", "audit", "tree", "explore"]), ("--language", ["run", "audit", "tree", "explore"]),
                      ("--no-hints", ["run", "tree", "explore"]), ("--config", ["run", "audit"])])
    func anOptionSaysTheSameInEveryCommand(option: String, commands: [String]) throws {
        let helps = try commands.map { try Self.help(of: option, in: $0) }
        #expect(!helps[0].isEmpty, "\(commands[0]) has no \(option)")
        #expect(Set(helps).count == 1, "\(option) is said differently: \(helps)")
    }

    @Test func noCommandEndsItselfWithAStatus() throws {
        let folder = EarshotProcess.packageRoot.appendingPathComponent("Sources/earshot")
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") && file != "Earshot.swift" {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("ExitCode(") && !text.contains("exit("), "\(file) ends the command itself; throw a CommandError")
        }
    }
}
