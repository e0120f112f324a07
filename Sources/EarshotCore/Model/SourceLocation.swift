/// Where a model value came from: a file, a 1-based line and a 1-based column.
///
/// Every value loaded from a scene or scenario file keeps one, so that
/// errors and audit findings can point at `file:line:column`.
///
/// ```swift
/// let here = SourceLocation(file: "mail.yaml", line: 12, column: 5)
/// print(here) // mail.yaml:12:5
/// ```
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// A location for values built in code (the Swift DSL, the reader's own elements).
    public static func code(_ file: String = "<code>") -> SourceLocation {
        SourceLocation(file: file, line: 0, column: 0)
    }

    public var description: String { "\(file):\(line):\(column)" }
}
