import ArgumentParser
import EarshotScenario
import EarshotReports

/// `--os` and `--language`, for the commands that read a scene (run, audit, tree, explore).
struct SceneOptions: ParsableArguments {
    @Option(help: "The OS version whose VoiceOver facts apply (e.g. 17, 18, 26), instead of the scene's os: (and, for run and audit, the configuration's).")
    var os: String?

    @Option(help: "The language VoiceOver speaks (en, de, es, fr, ja, ko, pt-BR, ru, zh-Hans), instead of the scene's language: (and, for run and audit, the configuration's).")
    var language: String?
}

/// `--no-hints`, for the commands that speak a scene (run, tree, explore).
struct HintOptions: ParsableArguments {
    @Flag(name: .customLong("no-hints"), help: "Leave hints out.")
    var noHints = false

    /// The hints setting a reader or suite takes: off when asked, else the scenario's own.
    var hints: Bool? { noHints ? false : nil }
}

/// `--config FILE`, for the commands that read the configuration (run, audit).
struct ConfigOptions: ParsableArguments {
    @Option(help: "The configuration file: audit settings, os:, language:, baseline:, profiles: (default: .earshot.yml in the current folder, when there is one).")
    var config: String?
}

/// `--report FORMAT:PATH` (repeatable), the formats being those that report on what the command
/// makes (``ReportSubject``: a run's output, an audit's result, a calibration).
struct ReportOptions<Subject: ReportSubject>: ParsableArguments {
    @Option(name: .customLong("report"), help: ArgumentHelp("FORMAT:PATH with FORMAT \(OutputFormats.list(for: Subject.subject)); repeatable."))
    var reports: [String] = []

    /// Each `--report` value's report and path.
    func targets() throws(OutputFormatError) -> [(report: Reporting<Subject>, path: String)] {
        var targets: [(report: Reporting<Subject>, path: String)] = []
        for spec in reports { targets.append(try Reporting<Subject>.target(spec)) }
        return targets
    }
}

/// How a command ends other than by passing, as docs/cli.md numbers it; ``Earshot/main()``
/// prints its lines on standard error and exits with its status, the one place that does.
extension ParsableCommand {
    /// The start of every error line a command prints: `earshot run: error: `, with the name the
    /// command is invoked by (swift-argument-parser's, from the type's name), said once here.
    static var errorPrefix: String { "earshot \(_commandName): error: " }
}

enum CommandError: Error {
    /// 1: a scenario, an audit or a target failed; what failed is already printed.
    case failed
    /// 2: bad input, each problem a line.
    case badInput([String])
    /// 3: the machine's problem (a tool or resource missing, an output not writable), each a line.
    case environment([String])

    static func badInput(_ line: String) -> CommandError { .badInput([line]) }
    static func environment(_ line: String) -> CommandError { .environment([line]) }

    /// What loading said: bad input, unless the machine is to blame for a problem (a damaged
    /// bundled profile, a thread that could not start), which makes it the environment's (3).
    static func loading(_ error: LoadError) -> CommandError {
        error.isEnvironment ? .environment(error.description) : .badInput(error.description)
    }

    var status: Int32 {
        switch self {
        case .failed: ExitStatus.failed
        case .badInput: ExitStatus.badInput
        case .environment: ExitStatus.environment
        }
    }

    var lines: [String] {
        switch self {
        case .failed: []
        case .badInput(let lines), .environment(let lines): lines
        }
    }
}
