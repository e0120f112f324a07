import EarshotTesting
import Foundation

/// The scenes the tests drive, each in YAML and in the Swift DSL.
enum Scenes {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardized

    /// The bundled Mail compose scene, from its file.
    static func mailYAML() throws -> Scene {
        try Scene(contentsOf: repository.appendingPathComponent("Scenarios/mail/mail.yaml"))
    }

    /// `Scenarios/mail/mail.yaml`, key for key, in the DSL.
    static func mailDSL() throws -> Scene {
        try Scene("Mail", platform: .ios, language: "en", direction: .ltr, screen: (393, 852), restoreFocus: true) {
            Heading("Inbox")
            Button("Compose")
                .id("compose")
                .onActivate(.present("compose"))
            Group("Messages") {
                Text("Anna, Lunch tomorrow?, 9:41 AM")
                    .id("anna")
                    .action("Flag", .set("anna", value: "Flagged"), .announce("Flagged"))
                    .action("Archive", .announce("Archived"))
            }
        } presentations: {
            Sheet("compose", detents: [.medium, .large], selected: .medium, grabber: true) {
                Button("Cancel")
                    .id("cancelCompose")
                    .placement(.topLeading)
                    .onActivate(.cancel)
                Heading("New Message")
                Button("Send")
                    .id("send")
                    .placement(.topTrailing)
                    .enabled(when: .filled("to"))
                    .onActivate(.announce("Message sent"), .dismiss)
                TextField("To")
                    .id("to")
                    .required()
                TextField("Subject")
                    .id("subject")
            }
            .dismissible(true)
            .confirm("discard")
            .escape(.content)
            .initialFocus("to")
            ActionSheet("discard", title: "Delete this draft?") {
                Button("Delete Draft").role(.destructive).onActivate(.dismissAll)
                Button("Save Draft").onActivate(.dismissAll)
                Button("Cancel").id("keepEditing").role(.cancel).onActivate(.dismiss)
            }
        }
    }

    /// A Notes-style format sheet: nonmodal at medium (`undimmed: medium`),
    /// resizable with a grabber, a title, format buttons, a switch, and Done
    /// top trailing.
    static let notesYAML = """
        scene: Notes
        platform: ios
        root:
          - heading: Shopping List
          - textArea: Note
            id: note
            value: "Milk, eggs, bread"
          - button: Format
            id: format
            hint: Shows text styles.
            activate: { present: format }
        presentations:
          format:
            style: sheet
            detents: [medium, large]
            selected: medium
            undimmed: medium
            grabber: true
            title: Format
            content:
              - button: Done
                placement: topTrailing
                activate: dismiss
              - group: Styles
                children:
                  - button: Bold
                    selected: true
                    activate: { announce: "Bold off" }
                  - button: Italic
                    activate: { announce: "Italic on" }
                  - button: Underline
                    activate: [ { announce: { text: "Underline on", priority: high } }, layoutChanged ]
                  - button: Strikethrough
                    enabled: { not: { state: { checklist: true } } }
              - switch: Checklist
                value: off
        """

    /// ``notesYAML`` in the DSL.
    static func notesDSL() throws -> Scene {
        try Scene("Notes", platform: .ios) {
            Heading("Shopping List")
            TextArea("Note", text: "Milk, eggs, bread").id("note")
            Button("Format")
                .id("format")
                .hint("Shows text styles.")
                .onActivate(.present("format"))
        } presentations: {
            Sheet("format", detents: [.medium, .large], selected: .medium, grabber: true, undimmed: .medium) {
                Button("Done").placement(.topTrailing).onActivate(.dismiss)
                Group("Styles") {
                    Button("Bold").selected().onActivate(.announce("Bold off"))
                    Button("Italic").onActivate(.announce("Italic on"))
                    Button("Underline").onActivate(.announce("Underline on", priority: .high), .layoutChanged)
                    Button("Strikethrough").enabled(when: !.state("checklist", true))
                }
                Switch("Checklist", isOn: false)
            }
            .title("Format")
        }
    }
}
