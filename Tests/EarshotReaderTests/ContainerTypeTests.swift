import EarshotCore
import EarshotReader
import EarshotScenario
import Testing

/// A group's container type (`container:`) and the words its elements say (the profiles'
/// `words.containers`, AccessibilitySnapshot's model of VoiceOver).
struct ContainerTypeTests {
    static let shopping = """
        scene: Shopping
        platform: ios
        root:
          - heading: Groceries
          - group: ""
            container: list
            children:
              - button: Milk
              - button: Bread
              - button: Eggs
          - group: Offers
            container: landmark
            children:
              - text: Two for one
              - link: See all
          - group: Prices
            container: table
            children:
              - group: ""
                children: [ { text: A1 }, { text: B1 } ]
              - group: ""
                children: [ { text: A2 }, { text: B2 } ]
          - group: ""
            container: list
            children: [ { text: Alone } ]
        """

    // Holds: words.containers.*
    @Test func aListsFirstAndLastElementsSayWhereItStartsAndEnds() throws {
        let scene = try loadScene(Self.shopping)
        #expect(scene.scopeDescriptions() == [
            "Groceries. Heading.",
            "Milk. Button. List Start.", "Bread. Button.", "Eggs. Button. List End.",
            "Two for one. Landmark.", "See all. Link. End.",
            "A1. Row 1. Column 1.", "B1. Column 2.", "A2. Row 2. Column 1.", "B2. Column 2.",
            "Alone. List Start.",
        ])
    }

    @Test func aHiddenElementLeavesTheEdgesToItsNeighbours() throws {
        var scene = try loadScene(Self.shopping)
        let eggs = try scene.ref("Eggs")
        var state = SceneState()
        state.overrides[eggs] = { var o = SceneState.Override(); o.hidden = true; return o }()
        #expect(scene.scopeDescriptions(state).contains("Bread. Button. List End."))
        scene = try loadScene(Self.shopping.replacingOccurrences(of: "platform: ios", with: "platform: watchos"))
        #expect(scene.scopeDescriptions().contains("Milk. Button."))
    }

    /// Japanese has no public words for them: none are said.
    /// Holds: words.containers
    @Test func japaneseSaysNoContainerWords() throws {
        let scene = try loadScene(Self.shopping.replacingOccurrences(of: "platform: ios", with: "platform: ios\nlanguage: ja"))
        #expect(scene.profile.words.containers == nil)
        #expect(!scene.scopeDescriptions().joined().contains("List"))
    }

    @Test(arguments: [("de", "Milch、Taste、Anfang der Liste"), ("ru", "Молоко、Кнопка、Начало списка")])
    func germanAndRussianSayTheirListWords(language: String, expected: String) throws {
        let yaml = """
            scene: Shopping
            platform: ios
            language: \(language)
            root:
              - group: ""
                container: list
                children:
                  - button: \(language == "de" ? "Milch" : "Молоко")
                  - button: B
            """
        let description = try loadScene(yaml).scopeDescriptions().first ?? ""
        let words = expected.split(separator: "、").map(String.init)
        #expect(words.allSatisfy { description.contains($0) }, "\(description)")
    }

    @Test func theContainersRotorStopsAtATypedGroupWithoutALabel() throws {
        var reader = ScreenReader(scene: try loadScene(Self.shopping))
        reader.touch("Groceries")
        reader.rotor(.containers)
        reader.swipeDown()
        #expect(reader.lastDescription == "Milk. Button. List Start.")
    }

    @Test func anUnknownContainerTypeIsBadInputAtIt() {
        let yaml = """
            scene: S
            root:
              - group: G
                container: grid
                children: [ { text: A } ]
            """
        #expect { try SceneLoader.load(yaml: yaml, file: "test.yaml") } throws: { error in
            "\(error)".contains("test.yaml:4:") && "\(error)".contains("list, landmark, table")
        }
    }
}
