/// Scenes several test targets run, written once.
public enum TestScenes {
    /// A Mail screen at its smallest: Compose presents a sheet whose Send announces "Message
    /// sent" as it dismisses (the announcement the dismissal cuts off).
    public static let smallMail = """
        scene: Mail
        root:
          - button: Compose
            activate: { present: compose }
          - text: Inbox
        presentations:
          compose:
            content:
              - button: Send
                activate: [ { announce: "Message sent" }, dismiss ]
        """
}
