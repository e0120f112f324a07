import EarshotCore
import EarshotReader
import EarshotScenario
import Testing

/// Context and pull-down menus (`style: menu`) as VoiceOver meets them (the profiles' `menus`):
/// the cursor into the menu, "Dismiss context menu" after the last item, the item's action after
/// the menu closed, and where the cursor goes then.
struct MenuTests {
    static let notes = """
        scene: Notes
        platform: ios
        restoreFocus: true
        root:
          - button: Folders
            traits: backButton
          - heading: Groceries
          - button: Sort by
            id: sort
            value: Date Edited
            traits: popUp
            activate: { present: sortMenu }
          - button: More
            id: more
            activate: { present: moreMenu }
        presentations:
          sortMenu:
            style: menu
            content:
              - button: Date Edited
                id: edited
                selected: true
              - button: Title
                id: title
                activate:
                  - set: { sort: { value: Title }, title: { selected: true }, edited: { selected: false } }
          moreMenu:
            style: menu
            content:
              - button: Share Note
                activate: { present: share }
              - button: Delete Note
                activate: { present: confirmDelete }
          share:
            style: sheet
            content:
              - button: Close
                placement: topTrailing
                activate: dismiss
          confirmDelete:
            style: alert
            title: Delete this note?
            content:
              - button: Cancel
                role: cancel
                activate: dismiss
              - button: Delete
                role: destructive
                activate: dismiss
        """

    // magentaA11y's Passwords recording: the first item, then "Dismiss context menu, Button"
    // after the last one, its frame the whole screen.
    // Holds: menus.dismiss.*
    @Test func aMenuOpensOnItsFirstItemAndEndsWithDismissContextMenu() throws {
        var reader = ScreenReader(scene: try loadScene(Self.notes))
        reader.touch("more")
        reader.doubleTap()
        #expect(reader.presented == "moreMenu")
        #expect(reader.lastDescription == "Share Note. Button.")
        reader.swipeRight()
        reader.swipeRight()
        #expect(reader.lastDescription == "Dismiss context menu. Button.")
        let frame = reader.scene.absoluteFrame(of: try #require(reader.cursor), in: reader.state)
        #expect(frame.width == reader.scene.screen.width && frame.height == reader.scene.screen.height)
        #expect(reader.scope.map { reader.scene[$0].label } == ["Share Note", "Delete Note", "Dismiss context menu"])
    }

    // The airline app's dropdown: the menu opens on the checked option ("Selected record locator button").
    @Test func aSelectionMenuOpensOnItsCheckedItem() throws {
        var reader = ScreenReader(scene: try loadScene(Self.notes))
        reader.touch("sort")
        reader.doubleTap()
        #expect(reader.lastDescription == "Selected: Date Edited. Button.")
    }

    // The Passwords recording lands on "Settings Back button"; the scrub closes a menu too.
    // Holds: menus.focusAfterDismiss, escapeDefaults.styles.menu
    @Test func leftWithoutAChoiceTheCursorGoesToTheFirstElementNotTheButton() throws {
        var reader = ScreenReader(scene: try loadScene(Self.notes))
        reader.touch("more")
        reader.doubleTap()
        reader.touch("Dismiss context menu")
        reader.doubleTap()
        #expect(reader.presented == nil)
        #expect(reader.lastDescription == "Folders. Back Button.")

        reader.touch("more")
        reader.doubleTap()
        reader.scrub()
        #expect(reader.presented == nil)
        #expect(reader.lastDescription == "Folders. Back Button.")
    }

    // The dropdown: "Search by, Bag tag number, Pop up button".
    // Holds: menus.focusAfterChoice
    @Test func aChoiceClosesTheMenuAndItsButtonReadsWhatChanged() throws {
        var reader = ScreenReader(scene: try loadScene(Self.notes))
        reader.touch("sort")
        reader.doubleTap()
        reader.swipeRight()
        reader.doubleTap()
        #expect(reader.presented == nil)
        #expect(reader.lastDescription == "Sort by: Title. Pop up button.")
        reader.doubleTap()
        #expect(reader.lastDescription == "Selected: Title. Button.")
    }

    @Test func whatAnItemPresentsReturnsTheCursorToTheMenusButton() throws {
        var reader = ScreenReader(scene: try loadScene(Self.notes))
        reader.touch("more")
        reader.doubleTap()
        reader.doubleTap()   // Share Note: the menu closes, the sheet appears
        #expect(reader.presented == "share")
        #expect(reader.state.stack.map(\.id) == ["share"])
        reader.touch("Close")
        reader.doubleTap()
        #expect(reader.presented == nil)
        #expect(reader.lastDescription == "More. Button.")

        reader.touch("more")
        reader.doubleTap()
        reader.swipeRight()
        reader.doubleTap()   // Delete Note: an alert, presented from More
        #expect(reader.presented == "confirmDelete")
        reader.scrub()
        #expect(reader.lastDescription == "More. Button.")
    }

    @Test func aMenuHasNoDismissElementWhereTheProfileHasNoMenus() throws {
        let scene = try loadScene(Self.notes.replacingOccurrences(of: "platform: ios", with: "platform: macos"))
        var reader = ScreenReader(scene: scene)
        reader.touch("more")
        reader.doubleTap()
        #expect(reader.scope.map { reader.scene[$0].label } == ["Share Note", "Delete Note"])
    }

    @Test(arguments: [("de", "Kontextmenü schließen"), ("ja", "コンテキストメニューを閉じる"), ("ru", "Закрыть контекстное меню")])
    func theDismissElementIsInTheScenesLanguage(language: String, label: String) throws {
        let scene = try loadScene(Self.notes.replacingOccurrences(of: "platform: ios", with: "platform: ios\nlanguage: \(language)"))
        var reader = ScreenReader(scene: scene)
        reader.touch("more")
        reader.doubleTap()
        #expect(reader.scope.map { reader.scene[$0].label }.last == label)
    }
}
