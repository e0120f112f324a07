import EarshotTesting

/// The Mail inbox and its compose sheet, as VoiceOver finds them.
enum MailScreen {
    static func scene() throws -> Scene {
        try Scene("Mail", platform: .ios) {
            Heading("Inbox")
            Button("Compose")
                .id("compose")
                .onActivate(.present("compose"))
        } presentations: {
            Sheet("compose", detents: [.medium, .large], selected: .medium, grabber: true) {
                Button("Cancel")
                    .placement(.topLeading)
                    .onActivate(.cancel)
                Heading("New Message")
                Button("Send")
                    .placement(.topTrailing)
                    .enabled(when: .filled("to"))
                    .onActivate(.announce("Message sent", priority: .high), .dismiss)
                TextField("To")
                    .id("to")
                    .required()
            }
            .confirm("discard")
            .escape(.sheet)
            .initialFocus("to")
            ActionSheet("discard", title: "Delete this draft?") {
                Button("Delete Draft").role(.destructive).onActivate(.dismissAll)
                Button("Save Draft").onActivate(.dismissAll)
                Button("Cancel").role(.cancel).onActivate(.dismiss)
            }
        }
    }
}
