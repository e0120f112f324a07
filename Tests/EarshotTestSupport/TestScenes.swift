import EarshotScenario
import Foundation

/// Scenes several test targets run, written once.
public enum TestScenes {
    /// Every scene file of the bundled suite (not its scenarios), as paths under `Scenarios/`.
    public static let bundledSceneFiles: [String] = {
        let folder = Repository.path("Scenarios")
        let names = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []
        return names.filter { $0.hasSuffix(".yaml") && !ScenarioLoader.isScenarioFile(folder.appendingPathComponent($0).path) }.sorted()
    }()

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

    /// Mail with a compose sheet to draft in: Cancel, Send (dimmed until To is filled; it
    /// announces "Message sent" as it dismisses), To, and the discard action sheet Cancel asks with.
    public static let draftingMail = """
        scene: Mail
        root:
          - button: Compose
            id: compose
            activate: { present: compose }
          - text: Inbox
        presentations:
          compose:
            detents: [medium, large]
            grabber: true
            confirm: discard
            initialFocus: to
            content:
              - button: Cancel
                placement: topLeading
                activate: cancel
              - button: Send
                placement: topTrailing
                enabled: { filled: to }
                activate: [ { announce: "Message sent" }, dismiss ]
              - textField: To
                id: to
          discard:
            style: actionSheet
            title: Delete this draft?
            content:
              - button: Delete Draft
                activate: { dismissAll: true }
              - button: Cancel
                role: cancel
                activate: dismiss
        """
}
