import EarshotCore

/// One problem with an input file, worded for the person who wrote it.
///
/// Printed as `FILE:LINE:COLUMN: error: WHAT (expected …); did you mean 'x'?`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    /// What is wrong, e.g. `unknown key 'lable'`.
    public var message: String
    /// What was expected there, e.g. `one of: label, value, hint`.
    public var expected: String?
    /// A near miss, e.g. `label`.
    public var suggestion: String?

    public init(_ message: String, at location: SourceLocation, expected: String? = nil, suggestion: String? = nil) {
        self.location = location
        self.message = message
        self.expected = expected
        self.suggestion = suggestion
    }

    public var description: String {
        var text = "\(location): error: \(message)"
        if let expected { text += " (expected \(expected))" }
        if let suggestion { text += "; did you mean '\(suggestion)'?" }
        return text
    }
}

/// Bad input: every problem found in a file, in file order. Exit status 2 in the CLI.
public struct LoadError: Error, Hashable, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    public init(_ message: String, at location: SourceLocation, expected: String? = nil) {
        self.diagnostics = [Diagnostic(message, at: location, expected: expected)]
    }

    /// One line per problem.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
