import EarshotCore
/// A team's audit settings, as the configuration file (`.earshot.yml`, or `--config FILE`)
/// gives them: rule severities, rules turned off, the state limit, the OS version and the
/// baseline file. Command-line flags win over it.
///
/// ```swift
/// var configuration = AuditConfiguration()
/// configuration.rules["sheet-button-labels"] = .off
/// configuration.rules["sheet-grabber"] = .error
/// let rules = configuration.enabledRules()          // every rule but sheet-button-labels
/// let auditor = Auditor(scene: scene, rules: rules, stateLimit: configuration.stateLimit)
/// ```
///
/// The file is read by `AuditConfiguration.load(path:)` in `EarshotScenario`, which owns YAML.
public struct AuditConfiguration: Hashable, Sendable {
    /// What the configuration says of one rule.
    public enum Setting: String, CaseIterable, Hashable, Sendable {
        /// Every finding of the rule is an error.
        case error
        /// Every finding of the rule is a warning.
        case warning
        /// The rule is not run.
        case off
    }

    /// `rules: { RULE: error | warning | off }`.
    public var rules: [String: Setting]
    /// `maxStates: N`: states explored at most per scene, unless `--max-states` says.
    public var maxStates: Int?
    /// `os: "17"`: the OS version whose profile facts apply, unless `--os` says.
    public var os: String?
    /// `language: de`: the language every scene is spoken and checked in, unless `--language` says.
    public var language: String?
    /// Where `os:` and `language:` were written: a scene they do not fit is said there.
    public var osLocation: SourceLocation?
    public var languageLocation: SourceLocation?
    /// `configurations: [ { os:, language: }, … ]`: what every scenario without its own runs in.
    public var configurations: [RunConfiguration] = []
    /// `baseline: FILE`, resolved against the configuration file's folder.
    public var baseline: String?
    /// `profiles: [FILE, …]`: the team's corrections laid over the bundled profiles of every
    /// scene (docs/calibration.md), in order.
    public var overlays: [ProfileOverlay] = []
    /// The overlay files, resolved against the configuration file's folder.
    public var overlayFiles: [String] = []

    /// How many abstract states an audit explores unless `maxStates` says (docs/format.md).
    public static let defaultMaxStates = 2000

    /// `maxStates`, else ``defaultMaxStates``.
    public var stateLimit: Int { maxStates ?? Self.defaultMaxStates }

    public init(rules: [String: Setting] = [:], maxStates: Int? = nil, os: String? = nil, baseline: String? = nil) {
        self.rules = rules
        self.maxStates = maxStates
        self.os = os
        self.baseline = baseline
    }

    /// The rules to run: those of `only` when it names any (the command line's `--rule`),
    /// else every rule the configuration does not turn off; less those of `skip` (`--skip`).
    public func enabledRules(only: [String] = [], skip: [String] = []) -> Set<String> {
        var enabled = Set(only.isEmpty ? Rule.all.map(\.id).filter { rules[$0] != .off } : only)
        enabled.subtract(skip)
        return enabled
    }

    /// The severity a finding of `rule` is reported with: the configured one, else `severity`.
    public func severity(of rule: String, default severity: Severity) -> Severity {
        switch rules[rule] {
        case .error: .error
        case .warning: .warning
        case .off, nil: severity
        }
    }
}
