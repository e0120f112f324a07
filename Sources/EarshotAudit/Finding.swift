import EarshotCore

/// One thing an audit found: which rule, how serious, where, and the gestures that show it.
public struct Finding: Hashable, Sendable {
    public var rule: String
    public var severity: Severity
    public var message: String
    public var location: SourceLocation
    /// The gesture path that shows it, e.g. `touch Open → double tap → scrub on Sheet Grabber → nothing happened`.
    public var path: String
    public var fix: String

    public init(rule: Rule, severity: Severity? = nil, message: String, location: SourceLocation, path: String) {
        self.rule = rule.id
        self.severity = severity ?? rule.severity
        self.message = message
        self.location = location
        self.path = path
        self.fix = rule.fix
    }

    /// `FILE:LINE:COLUMN: error: [rule] message`, the path and the fix on the lines below.
    public var text: String {
        "\(location): \(severity.rawValue): [\(rule)] \(message)\n    observed: \(path)\n    fix: \(fix)"
    }
}
