/// How Earshot writes a string into a YAML file it generates (the Swift DSL's scene, an
/// imported capture): double-quoted, so that no text can change the document's structure.
public enum YAMLText {
    /// A YAML double-quoted scalar: `"` and `\` escaped, and every character YAML does not
    /// allow as is (controls, line breaks, BOM, non-characters) written as `\uXXXX`.
    ///
    /// ```swift
    /// YAMLText.quoted("Say \"hi\"")   // "\"Say \\\"hi\\\"\""
    /// ```
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
                    || value == 0xFEFF || value == 0xFFFE || value == 0xFFFF {
                    let hex = String(value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
