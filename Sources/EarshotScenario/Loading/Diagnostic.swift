import EarshotCore
import EarshotFiles

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
    /// Whose problem it is: the file's (bad input, exit 2), or the machine's (exit 3: a bundled
    /// profile damaged, a thread or file descriptor that could not be had).
    public var blame: Blame

    public enum Blame: Hashable, Sendable {
        case input
        case environment
    }

    public init(_ message: String, at location: SourceLocation, expected: String? = nil, suggestion: String? = nil,
                blame: Blame = .input) {
        self.location = location
        self.message = message
        self.expected = expected
        self.suggestion = suggestion
        self.blame = blame
    }

    /// The machine's problem, at no place in a file.
    public static func environment(_ message: String) -> Diagnostic {
        Diagnostic(message, at: SourceLocation(file: "", line: 0, column: 0), blame: .environment)
    }

    public var description: String {
        var text = location.file.isEmpty ? "earshot: error: \(message)" : "\(location): error: \(message)"
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

    /// Whether the machine, not the input, is to blame for one of the problems (exit 3).
    public var isEnvironment: Bool { diagnostics.contains { $0.blame == .environment } }
}

extension LoadError {
    /// A file that could not be read: bad input, unless the machine ran out of something.
    package init(_ message: String, at location: SourceLocation, expected: String? = nil, reading problem: InputFile.Problem) {
        self.init([Diagnostic(message, at: location, expected: expected, blame: problem.isEnvironment ? .environment : .input)])
    }
}
