import EarshotCore
import EarshotReader
import EarshotScenario
import Testing

/// Where the cursor goes as a page is pushed and popped (the profiles' `navigation`).
struct NavigationFocusTests {
    static func scene(platform: String) -> String {
        """
        scene: Settings
        platform: \(platform)
        root:
          - button: Add Account
            activate: { present: account }
        presentations:
          account:
            style: sheet
            pages:
              - id: provider
                title: Add Account
                content:
                  - button: Cancel
                    placement: topTrailing
                    activate: dismiss
                  - button: iCloud
                    activate: { navigate: signIn }
              - id: signIn
                title: Sign In
                content:
                  - button: Cancel
                    placement: topTrailing
                    activate: dismiss
                  - textField: Email
                  - secureField: Password
        """
    }

    // Holds: navigation.pushFocus, navigation.source
    @Test(arguments: ["ios", "ipados"])
    func aPushLandsPastTheNavigationBarAndAPopOnTheElementThatPushed(platform: String) throws {
        var reader = ScreenReader(scene: try loadScene(Self.scene(platform: platform)))
        reader.touch("Add Account")
        reader.doubleTap()
        reader.touch("iCloud")
        reader.doubleTap()
        #expect(reader.lastDescription == "Email. Text Field.")
        reader.touch("Back")
        reader.doubleTap()
        #expect(reader.lastDescription == "iCloud. Button.")
    }

    @Test func whereTheProfileSaysNothingAPushLandsOnBack() throws {
        var reader = ScreenReader(scene: try loadScene(Self.scene(platform: "watchos")))
        reader.touch("Add Account")
        reader.doubleTap()
        reader.touch("iCloud")
        reader.doubleTap()
        #expect(reader.cursor.map { reader.scene[$0].system } == .back)
    }
}
