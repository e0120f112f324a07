import EarshotCore
import EarshotReader
import EarshotScenario
import Testing

/// UIAccessibility's notifications as VoiceOver handles them, the app's and UIKit's own: the sound
/// each makes and where the cursor goes (the profiles' `notifications`; docs/decisions.md,
/// "Notifications"). One test per fact.
@Suite("Notifications")
struct NotificationTests {
    static let scene = """
        scene: Notifications
        root:
          - text: Inbox
          - button: Refresh
            activate: screenChanged
          - button: Show Status
            activate: { screenChanged: status }
          - button: Relayout
            activate: layoutChanged
          - button: Focus Status
            activate: { layoutChanged: status }
          - button: Open
            activate: { present: sheet }
          - button: Say Screen
            activate: { screenChanged: { text: "Inbox updated" } }
          - button: Say Layout
            activate: { layoutChanged: { text: "3 new messages" } }
          - text: Status
            id: status
        presentations:
          sheet:
            detents: [medium, large]
            grabber: true
            content:
              - button: Done
                frame: [0, 30, 393, 60]
                activate: dismiss
              - button: Bigger
                frame: [0, 100, 393, 60]
                activate: { detent: large }
              - button: Far
                frame: [0, 500, 393, 60]
        """

    func reader(edit: (inout Profile.Notifications) -> Void = { _ in }) throws -> ScreenReader {
        var scene = try loadScene(Self.scene)
        edit(&scene.profile.notifications)
        return ScreenReader(scene: scene)
    }

    // MARK: screenChanged, posted by the app

    /// Holds: notifications.screenChanged.earcon, notifications.screenChanged.withoutElement.
    @Test func screenChangedWithoutAnElementSoundsAndGoesToTheFirstElement() throws {
        var reader = try reader()
        reader.touch("Refresh")
        reader.doubleTap()
        #expect(reader.earcons == [.screenChanged])
        #expect(reader.focused?.label == "Inbox")
        #expect(reader.lastDescription == "Inbox")
    }

    @Test func screenChangedWithAnElementSoundsAndGoesToIt() throws {
        var reader = try reader()
        reader.touch("Show Status")
        reader.doubleTap()
        #expect(reader.earcons == [.screenChanged])
        #expect(reader.focused?.id == "status")
        #expect(reader.lastDescription == "Status")
    }

    // MARK: layoutChanged, posted by the app

    /// Holds: notifications.layoutChanged.earcon, notifications.layoutChanged.withoutElement.
    @Test func layoutChangedWithoutAnElementIsSilentAndLeavesTheCursor() throws {
        var reader = try reader()
        reader.touch("Relayout")
        reader.doubleTap()
        #expect(reader.lastPosted == [.layoutChanged])      // posted, with no sound
        #expect(reader.earcons.isEmpty)
        #expect(reader.focused?.label == "Relayout")
        #expect(reader.spoken.isEmpty)
        reader.touch("Refresh")
        #expect(reader.lastPosted.isEmpty)
    }

    @Test func layoutChangedWithAnElementIsSilentAndGoesToIt() throws {
        var reader = try reader()
        reader.touch("Focus Status")
        reader.doubleTap()
        #expect(reader.earcons.isEmpty)
        #expect(reader.focused?.id == "status")
        #expect(reader.lastDescription == "Status")
    }

    // MARK: A string as the argument

    /// Holds: notifications.screenChanged.withText.
    @Test func screenChangedWithAStringSoundsSpeaksItAndGoesToTheFirstElement() throws {
        var reader = try reader()
        reader.touch("Say Screen")
        reader.doubleTap()
        #expect(reader.earcons == [.screenChanged])
        #expect(reader.announcements.map(\.text) == ["Inbox updated"])
        #expect(reader.focused?.label == "Inbox")
        // Posted at default priority, it is cut off by the description of the element moved to.
        #expect(reader.heardAnnouncements.isEmpty)
        #expect(reader.spoken == ["Inbox"])
    }

    /// Holds: notifications.layoutChanged.withText.
    @Test func layoutChangedWithAStringSpeaksItSilentlyAndLeavesTheCursor() throws {
        var reader = try reader()
        reader.touch("Say Layout")
        reader.doubleTap()
        #expect(reader.earcons.isEmpty)
        #expect(reader.heardAnnouncements == ["3 new messages"])
        #expect(reader.focused?.label == "Say Layout")
    }

    @Test func whetherAStringIsSpokenComesFromTheProfile() throws {
        var reader = try reader { $0.layoutChanged.withText = .ignore }
        reader.touch("Say Layout")
        reader.doubleTap()
        #expect(reader.announcements.isEmpty)
        #expect(reader.spoken.isEmpty)
    }

    @Test func aStringArgumentNeedsItsText() throws {
        for (yaml, message) in [
            ("{ screenChanged: { txt: Hi } }", "unknown key 'txt'"),
            ("{ layoutChanged: {} }", "layoutChanged has no text"),
        ] {
            #expect(throws: (any Error).self) { try SceneLoader.load(yaml: "scene: T\nroot: [ { button: B, activate: \(yaml) } ]\n", file: "t.yaml") }
            do {
                _ = try SceneLoader.load(yaml: "scene: T\nroot: [ { button: B, activate: \(yaml) } ]\n", file: "t.yaml")
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }

    // MARK: UIKit's own changes

    /// Holds: notifications.posted.present.
    @Test func presentingSoundsScreenChangedAndFocusesInside() throws {
        var reader = try reader()
        reader.open("Open")
        #expect(reader.earcons == [.screenChanged])
        #expect(reader.focused?.label == "Sheet Grabber")
    }

    /// Holds: notifications.posted.dismiss.
    @Test func dismissingSoundsScreenChangedAndReturnsToThePresenter() throws {
        var reader = try reader()
        reader.open("Open")
        reader.open("Done")
        #expect(reader.earcons == [.screenChanged])
        #expect(reader.focused?.label == "Open")
    }

    /// Holds: notifications.posted.detent.
    @Test func aDetentChangeIsSilent() throws {
        var reader = try reader()
        reader.open("Open")
        reader.open("Bigger")
        #expect(reader.detent == "large")
        #expect(reader.earcons.isEmpty)
        #expect(reader.focused?.label == "Bigger")
    }

    @Test func resizingWithTheGrabberIsSilent() throws {
        var reader = try reader()
        reader.open("Open")
        reader.doubleTap()
        #expect(reader.detent == "large")
        #expect(reader.earcons.isEmpty)
        #expect(reader.spoken == ["Sheet Grabber: Expanded"])
    }

    /// Holds: notifications.posted.reveal.
    @Test func growingToShowAClippedElementIsSilent() throws {
        var reader = try reader()
        reader.open("Open")
        reader.touch("Far")
        #expect(reader.detent == "large")
        #expect(reader.earcons.isEmpty)
        #expect(reader.lastDescription == "Far. Button.")
    }

    // MARK: The reader reads the profile

    @Test func theSoundsComeFromTheProfile() throws {
        var reader = try reader { notifications in
            notifications.layoutChanged.earcon = .layoutChanged
            notifications.screenChanged.earcon = nil
        }
        reader.touch("Relayout")
        reader.doubleTap()
        #expect(reader.earcons == [.layoutChanged])
        reader.open("Open")
        #expect(reader.earcons.isEmpty)
        reader.open("Bigger")
        #expect(reader.earcons == [.layoutChanged])
    }

    @Test func whatUIKitPostsComesFromTheProfile() throws {
        var reader = try reader { notifications in
            notifications.posted.detent = .screenChanged
            notifications.posted.present = .layoutChanged
        }
        reader.open("Open")
        #expect(reader.earcons.isEmpty)
        reader.open("Bigger")
        #expect(reader.earcons == [.screenChanged])
    }

    /// A page pushed or popped in a presentation's navigation stack posts what the profile's
    /// `posted.page` says, as UIKit's other changes do.
    /// Holds: notifications.posted.page.
    @Test func whatAPagePushPostsComesFromTheProfile() throws {
        let pages = """
            scene: Account
            root:
              - button: Add
                activate: { present: add }
            presentations:
              add:
                pages:
                  - id: one
                    content:
                      - button: Next
                        activate: { navigate: two }
                  - id: two
                    content:
                      - text: Second
            """
        for (kind, heard) in [(Profile.Notifications.Kind.screenChanged, [Earcon.screenChanged]), (.layoutChanged, [])] {
            var scene = try loadScene(pages)
            scene.profile.notifications.posted.page = kind
            var reader = ScreenReader(scene: scene)
            reader.open("Add")
            reader.open("Next")
            #expect(reader.earcons == heard, "\(kind)")
            #expect(reader.focused?.label == "Second" || reader.focused?.label == "Back", "\(kind)")
        }
    }

    @Test func whereTheCursorGoesWithoutAnElementComesFromTheProfile() throws {
        var reader = try reader { notifications in
            notifications.screenChanged.withoutElement = .stay
            notifications.layoutChanged.withoutElement = .first
        }
        reader.touch("Refresh")
        reader.doubleTap()
        #expect(reader.focused?.label == "Refresh")
        reader.touch("Relayout")
        reader.doubleTap()
        #expect(reader.focused?.label == "Inbox")
    }

    @Test(arguments: Platform.allCases)
    func everyProfileHasTheFacts(platform: Platform) throws {
        let notifications = try Profile.bundled(platform).notifications
        #expect(notifications.screenChanged.earcon == .screenChanged)
        #expect(notifications.screenChanged.withoutElement == .first)
        #expect(notifications.layoutChanged.earcon == nil)
        #expect(notifications.layoutChanged.withoutElement == .stay)
        #expect(notifications.screenChanged.withText == .announce)
        #expect(notifications.layoutChanged.withText == .announce)
        #expect(notifications.posted.present == .screenChanged)
        #expect(notifications.posted.page == .screenChanged)
        #expect(notifications.posted.dismiss == .screenChanged)
        #expect(notifications.posted.detent == .layoutChanged)
        #expect(notifications.posted.reveal == .layoutChanged)
        // Apple's UIAccessibility notifications on VoiceOver's platforms; TalkBack's window events on Android.
        #expect(notifications.source.contains(platform.reader == .voiceOver ? "27797515" : "TYPE_WINDOW_STATE_CHANGED"))
    }
}
