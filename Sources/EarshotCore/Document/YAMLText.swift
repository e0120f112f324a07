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
                if escaped(scalar) { result += code(scalar) } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }

    /// Text for a YAML comment: every character YAML does not allow as is, and every line break
    /// (which would end the comment and let the rest be read as YAML), written as `\uXXXX`.
    ///
    /// ```swift
    /// "# " + YAMLText.comment("Weird\n- button: Injected")   // "# Weird\u000A- button: Injected"
    /// ```
    public static func comment(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: escaped) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if escaped(scalar) { result += code(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// Controls (line breaks and tabs included), DEL, C1, LS, PS, BOM and the non-characters.
    private static func escaped(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
            || value == 0xFEFF || value == 0xFFFE || value == 0xFFFF
    }

    private static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
