import Foundation

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

extension SourceLocation {
    /// Where the first byte that is not UTF-8 is, in lines and characters: a file that is not
    /// UTF-8 is refused at that place, whatever reads it (a scene, a configuration, a capture).
    public static func firstInvalidUTF8(in data: Data, file: String) -> SourceLocation {
        let bytes = [UInt8](data)
        var line = 1, lineStart = 0, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length: Int
            switch byte {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: length = 0
            }
            let valid = length > 0 && index + length <= bytes.count
                && String(data: Data(bytes[index..<index + length]), encoding: .utf8) != nil
            if !valid {
                let column = (String(data: Data(bytes[lineStart..<index]), encoding: .utf8)?.count ?? index - lineStart) + 1
                return SourceLocation(file: file, line: line, column: column)
            }
            if byte == 0x0A { line += 1; lineStart = index + 1 }
            index += length
        }
        return SourceLocation(file: file, line: line, column: 1)
    }
}
