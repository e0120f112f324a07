import ArgumentParser
import EarshotAudit
import EarshotCore
import EarshotFiles
import EarshotReports
import EarshotScenario
import EarshotSuite
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
        version: EarshotVersion.current,
        subcommands: [Run.self, Audit.self, Calibrate.self, Convert.self, Tree.self, Explore.self, Import.self, Init.self, Say.self, Voices.self, Bench.self]
    )

    /// Runs the command, and ends it through ``finish(after:)`` when it does not pass.
    static func main() async {
        // Before anything opens a file: a limit too low to run is said, not met midway as a trap.
        let openFiles = OpenFiles.raise()
        if openFiles < OpenFiles.minimum { finish(after: CommandError.environment("earshot: error: " + OpenFiles.tooFew(openFiles))) }
        // Interrupted (Ctrl-C, SIGTERM, SIGHUP), a command removes its temporary files first.
        Interruption.install()
        // A closed standard output (`earshot run … | head -1`) fails the writes to it, not the
        // command: its reports and audio are still written.
        signal(SIGPIPE, SIG_IGN)
        do {
            // A binary moved without its resources says what to copy, instead of stopping on a signal.
            if ResourceFolder.profiles == nil,
               !CommandLine.arguments.dropFirst().contains(where: { ["--help", "-h", "--version", "help"].contains($0) }) {
                throw CommandError.environment("earshot: error: \(ResourceFolder.profilesMissing)")
            }
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            finish(after: error)
        }
    }

    /// The one place an error becomes an exit status (docs/cli.md): a ``CommandError`` prints
    /// its lines and exits with its status; a usage error (an unknown option, a value that does
    /// not parse, a `validate()` refusal) is bad input, 2, with the usage; `--help` and
    /// `--version` exit 0 as ArgumentParser prints them.
    static func finish(after error: Error) -> Never {
        if let error = error as? CommandError {
            for line in error.lines { printError(line) }
            Foundation.exit(error.status)
        }
        if exitCode(for: error) == .validationFailure {
            writeStandard(fullMessage(for: error) + "\n", to: STDERR_FILENO)
            Foundation.exit(ExitStatus.badInput)
        }
        exit(withError: error)
    }
}

/// Exit statuses of docs/cli.md.
enum ExitStatus {
    static let failed: Int32 = 1
    static let badInput: Int32 = 2
    static let environment: Int32 = 3
}

/// Writes to standard error, control characters escaped (``terminalSafe(_:)``).
func printError(_ text: String) {
    writeStandard(terminalSafe(text) + "\n", to: STDERR_FILENO)
}

/// Writes text to standard output or error as it is; a closed one (a pipe whose reader is gone)
/// takes nothing, and the command goes on (FileHandle's `write` stops the process there).
func writeStandard(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in try? AtomicFile.writeAll(UnsafeRawBufferPointer(bytes), to: descriptor, path: "") }
}

/// Writes text for people to standard output, control characters escaped (``terminalSafe(_:)``).
/// Machine formats (JSON, SARIF, YAML) are printed as they are: they escape what they must.
func printText(_ text: String, terminator: String = "\n") {
    print(terminalSafe(text), terminator: terminator)
}

/// Text from files (scenario names, labels, paths) made harmless on a terminal: every control
/// character but line feed and tab (C0, DEL, C1: ESC starts the sequences that recolour, retitle
/// or rewrite a terminal) and the bidirectional overrides (which reorder what is shown) written
/// as `\u{1B}`.
func terminalSafe(_ text: String) -> String {
    func harmful(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
    guard text.unicodeScalars.contains(where: harmful) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
        if harmful(scalar) {
            result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
            result.unicodeScalars.append(scalar)
        }
    }
    return result
}

/// Loads a scene file, a scenario file's scene or a capture (a scene with no behaviours, told
/// by its content), for a command, at the OS version of `--os` and in the language of
/// `--language` when given; bad input is
/// printed (one line per problem) and exits with 2.
func loadScene(_ path: String, boundary: ProjectBoundary, os: String? = nil, language: String? = nil,
               osWrittenAt: SourceLocation? = nil, languageWrittenAt: SourceLocation? = nil,
               overlays: [ProfileOverlay] = []) throws -> Scene {
    // A capture read as a scene says what `earshot import` would warn of.
    var warnings: [String] = []
    defer { for warning in warnings { printError(warning) } }
    do {
        return try SceneLoader.scene(try SceneLoader.load(path: path, warnings: &warnings, boundary: boundary), os: os, language: language,
                                     osWrittenAt: osWrittenAt, languageWrittenAt: languageWrittenAt, overlays: overlays)
    } catch {
        throw CommandError.loading(error)
    }
}

/// The configuration file a command reads: `--config FILE`, else `.earshot.yml` in the current
/// folder when there is one, else none.
func configurationFile(_ path: String?) -> String? {
    path ?? (FileManager.default.fileExists(atPath: AuditConfiguration.defaultFile) ? AuditConfiguration.defaultFile : nil)
}

/// The audit configuration of `earshot audit` and `earshot run`: `--config FILE`, else
/// `.earshot.yml` in the current folder when there is one, else none. Bad input is printed
/// and exits with 2.
func loadAuditConfiguration(_ path: String?, boundary: ProjectBoundary) throws -> AuditConfiguration {
    guard let file = configurationFile(path) else { return AuditConfiguration() }
    do {
        return try AuditConfiguration.load(path: file, boundary: boundary)
    } catch {
        throw CommandError.loading(error)
    }
}

/// `--allow-outside-project`, for the commands that load scenes and scenarios: paths written in
/// those files (`scene:`, `base:`, captures, `baseline:`) stay inside the project unless it is
/// given (``ProjectBoundary``).
struct ProjectOptions: ParsableArguments {
    @Flag(name: .customLong("allow-outside-project"),
          help: "Let paths written in scene, scenario and configuration files lead outside the project (the folder of the nearest .earshot.yml, else the working directory or a folder named here).")
    var allowOutsideProject = false

    /// The boundary of this command, which it passes to every loader: the folders `paths` name
    /// (a file's folder for a file) and their projects are inside it.
    func boundary(named paths: [String]) -> ProjectBoundary {
        ProjectBoundary(allowsAnywhere: allowOutsideProject, named: paths.map { path in
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return path }
            let folder = (path as NSString).deletingLastPathComponent
            return folder.isEmpty ? "." : folder
        })
    }
}

/// Each `--report FORMAT:PATH`'s target (``OutputPath``: a file or folder by the format, `-` for
/// standard output), written into `plan`; a path that cannot be the report is one of `problems`.
func checkedReports<Subject>(_ reports: [(report: Reporting<Subject>, path: String)], plan: inout OutputPlan,
                             problems: inout [String]) -> [(Reporting<Subject>, String, OutputPath.Target)] {
    var targets: [(Reporting<Subject>, String, OutputPath.Target)] = []
    for (report, path) in reports {
        let name = report.name
        switch report.target(path) {
        case .success(let target):
            targets.append((report, path, target))
            plan.writes(path, as: "--report \(name)")
        case .failure(let problem):
            problems.append("--report \(name):\(path): '\(path)' \(problem.message)")
        }
    }
    return targets
}

/// Bad input (exit 2) when there are problems with the outputs, each on its own line, before
/// anything is written.
func refuse(_ problems: [String], command: String) throws {
    guard !problems.isEmpty else { return }
    throw CommandError.badInput(problems.map { "earshot \(command): error: \($0)" })
}
