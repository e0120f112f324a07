/// HTML being written: text and attribute values escaped as they are appended, markup as is.
/// One string grows by appending (never `a + b + c` copies), so a page costs its own length.
///
/// ```swift
/// var html = HTMLText()
/// html.raw("<p title=\"")
/// html.text("a \"quoted\" <label>")
/// html.raw("\">")
/// html.string   // <p title="a &quot;quoted&quot; &lt;label&gt;">
/// ```
struct HTMLText {
    private(set) var string = ""

    init(capacity: Int = 0) { string.reserveCapacity(capacity) }

    /// Markup, appended as written: only ever Earshot's own, never text from a scene or scenario.
    mutating func raw(_ markup: String) { string += markup }

    /// Text from the outside (labels, file names, messages), escaped so that it stays text in
    /// element content and in quoted attribute values alike.
    mutating func text(_ text: String) { Self.escape(text, into: &string) }

    /// Text whose `backticked` spans are code, as a finding's fix writes them
    /// (`escape: sheet`): each escaped, the spans in `<code>`; an unpaired backtick stays text.
    mutating func textWithCode(_ text: String) {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return self.text(text) }
        for (index, part) in parts.enumerated() {
            let isCode = index % 2 == 1 && index < parts.count - (parts.count % 2 == 0 ? 1 : 0)
            if isCode {
                raw("<code>")
                self.text(String(part))
                raw("</code>")
            } else {
                if index % 2 == 1 { raw("`") }   // the last, unpaired backtick
                self.text(String(part))
            }
        }
    }

    /// Appends the text escaped for HTML: `&`, `<`, `>`, `"` and `'` as references; control
    /// characters (which HTML does not allow in a document) as U+FFFD, except tab, line feed and
    /// carriage return.
    static func escape(_ text: String, into result: inout String) {
        // Most text needs no escaping: appended whole, without looking at it scalar by scalar twice.
        if !text.utf8.contains(where: needsEscaping) {
            result += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let control = value < 0x20 || (0x7F...0x9F).contains(value)
                result.unicodeScalars.append(control ? "\u{FFFD}" : scalar)
            }
        }
    }

    /// Bytes that start something ``escape(_:into:)`` changes: the five characters, C0 controls and
    /// DEL, and 0xC2 (the lead byte of the C1 controls U+0080–U+009F).
    private static func needsEscaping(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        case 0x09, 0x0A, 0x0D: false
        case 0..<0x20, 0x7F, 0xC2: true
        default: false
        }
    }

    /// Seconds for a `data-` attribute: three decimals, `0.000` for a value that is not finite.
    static func seconds(_ value: Double) -> String {
        let milliseconds = value.isFinite ? min(max(0, (value * 1000).rounded()), 1e15) : 0
        let whole = Int(milliseconds) / 1000, fraction = Int(milliseconds) % 1000
        return "\(whole)." + String(repeating: "0", count: fraction < 10 ? 2 : fraction < 100 ? 1 : 0) + "\(fraction)"
    }

    /// A number for SVG coordinates: at most one decimal, without a trailing `.0`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = (min(max(value, -1e9), 1e9) * 10).rounded()   // far past any screen, and within Int
        if tenths.truncatingRemainder(dividingBy: 10) == 0 { return String(Int(tenths / 10)) }
        return String(tenths / 10)
    }
}
