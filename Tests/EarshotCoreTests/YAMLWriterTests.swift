import EarshotCore
import Testing

/// The one YAML writer: scene files for people (`earshot import -o`, the DSL's `yaml`).
@Suite("Writing documents as YAML")
struct YAMLWriterTests {
    static let here = SourceLocation(file: "test", line: 1, column: 1)

    static func word(_ text: String) -> DocumentNode { .scalar(text, at: here) }
    static func text(_ text: String) -> DocumentNode { .scalar(text, .doubleQuoted, at: here) }

    @Test func blockStyleFlowWhereMarkedAndCommentsAfterTheirLine() {
        let button = DocumentNode.mapping([
            ("button", Self.text("Wi-Fi")),
            ("frame", .list([Self.word("16"), Self.word("254")], at: Self.here, flow: true)),
            ("activate", .mapping([("present", Self.text("wifi"))], at: Self.here, flow: true)),
        ], at: Self.here, comment: "15:13 Switch")
        let sheet = DocumentNode.mapping([
            ("detents", .list([Self.word("medium"), .mapping([("id", Self.word("custom50")), ("fraction", Self.word("0.5"))],
                                                             at: Self.here, flow: true)], at: Self.here, flow: true)),
            ("title", .scalar("Wi-Fi", .doubleQuoted, at: Self.here, comment: "3:5 StaticText")),
            ("content", .list([], at: Self.here)),
        ], at: Self.here, comment: "wifi.xml")
        let document = DocumentNode.mapping([
            ("scene", Self.text("Settings")),
            ("root", .list([button], at: Self.here)),
            ("presentations", .mapping([("wifi", sheet)], at: Self.here, keyStyle: .doubleQuoted)),
        ], at: Self.here)
        #expect(YAMLWriter.write(document, header: ["Imported."]) == """
            # Imported.
            scene: "Settings"
            root:
              - button: "Wi-Fi" # 15:13 Switch
                frame: [16, 254]
                activate: { present: "wifi" }
            presentations:
              "wifi": # wifi.xml
                detents: [medium, { id: custom50, fraction: 0.5 }]
                title: "Wi-Fi" # 3:5 StaticText
                content: []

            """)
    }

    @Test(arguments: [
        ("on", "on"), ("-3", "-3"), ("0.5", "0.5"), ("topLeading", "topLeading"), ("Setting 1", "Setting 1"),
        ("", "null"), ("~", "null"), ("- item", "\"- item\""), ("key: value", "\"key: value\""), ("#hash", "\"#hash\""),
        ("a # b", "\"a # b\""), ("*alias", "\"*alias\""), ("trailing ", "\"trailing \""), ("Grüße", "\"Grüße\""),
        ("new\nline", "\"new\\nline\""),
    ])
    func aPlainValueIsWrittenPlainOnlyWhenItReadsBackTheSame(_ value: String, _ written: String) {
        #expect(YAMLWriter.write(.mapping([("value", .scalar(value, at: Self.here))], at: Self.here)) == "value: \(written)\n")
    }

    @Test func quotedValuesKeepTheirQuotes() {
        let document = DocumentNode.mapping([
            ("single", .scalar("it's", .singleQuoted, at: Self.here)),
            ("double", .scalar("say \"hi\"", .doubleQuoted, at: Self.here)),
            ("block", .scalar("two\nlines", .literal, at: Self.here)),
        ], at: Self.here)
        #expect(YAMLWriter.write(document) == "single: 'it''s'\ndouble: \"say \\\"hi\\\"\"\nblock: \"two\\nlines\"\n")
    }

    @Test func aCommentCannotEndItsLine() {
        // A line break in a comment would let the rest be read as YAML.
        let document = DocumentNode.mapping([("text", .scalar("A", at: Self.here, comment: "x\n- button: Injected"))], at: Self.here)
        #expect(YAMLWriter.write(document, header: ["from\nroot: []"]) == "# from\\u000Aroot: []\ntext: A # x\\u000A- button: Injected\n")
    }

    @Test func nestedListsAndEmptyValues() {
        let document = DocumentNode.mapping([
            ("lists", .list([.list([Self.word("a")], at: Self.here), .mapping([], at: Self.here)], at: Self.here)),
            ("empty", .mapping([], at: Self.here)),
        ], at: Self.here)
        #expect(YAMLWriter.write(document) == "lists:\n  -\n    - a\n  - {}\nempty: {}\n")
    }
}
