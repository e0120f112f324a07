import ArgumentParser
import EarshotCore
import EarshotScenario
import Foundation

/// The `earshot` command: tests how VoiceOver users experience sheets.
@main
struct Earshot: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "earshot",
        abstract: "Test how VoiceOver users experience sheets: walk a scene's accessibility tree as VoiceOver would.",
        discussion: """
            A scene (YAML; docs/format.md) describes a screen: the parent view's elements and the sheets, alerts, \
            action sheets and popovers it can present. Earshot moves a VoiceOver-style cursor through it \
            with VoiceOver's rules for reading order, scope, modality and speech.

            Exit status: 0 success; 1 a scenario or audit failed; 2 bad input (each problem as \
            FILE:LINE:COLUMN: error: …); 3 environment (espeak-ng or a voice missing, output not writable).
            """,
        subcommands: [Run.self, Audit.self, Tree.self, Explore.self, Import.self, Say.self, Voices.self, Bench.self]
    )

    /// Runs the command; usage errors exit with 2 (bad input), as SPEC §7 says.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(ExitStatus.badInput)
            }
            exit(withError: error)
        }
    }
}

/// Exit statuses of SPEC §7.
enum ExitStatus {
    static let failed: Int32 = 1
    static let badInput: Int32 = 2
    static let environment: Int32 = 3
}

/// Writes to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Loads a scene file, a scenario file's scene or a capture (a scene with no behaviours, told
/// by its content), for a command, at the OS version of `--os` when given; bad input is
/// printed (one line per problem) and exits with 2.
func loadScene(_ path: String, os: String? = nil) throws -> Scene {
    do {
        return try SceneLoader.scene(try SceneLoader.load(path: path), os: os)
    } catch {
        printError(error.description)
        throw ExitCode(ExitStatus.badInput)
    }
}
