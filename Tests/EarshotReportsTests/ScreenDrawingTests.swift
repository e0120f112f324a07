import EarshotCore
@testable import EarshotReports
@testable import EarshotScenario
@testable import EarshotSuite
import Foundation
import Testing

/// The screen as the report draws it: elements at their frames, a modal sheet dimming the parent
/// view, the sheet at its detent, the focus ring on the focused element.
@Suite("Screen drawing")
struct ScreenDrawingTests {
    static let scene = """
        scene: Mail
        root:
          - button: Compose
            id: compose
            activate: { present: compose }
          - text: Inbox
        presentations:
          compose:
            detents: [medium, large]
            selected: medium
            grabber: true
            content:
              - button: Send
          info:
            detents: [medium, large]
            selected: medium
            undimmed: medium
            content:
              - text: Details
        """

    static func svg(_ state: SceneState, cursor: ElementRef? = nil) throws -> String {
        let scene = try SceneLoader.load(yaml: Self.scene)
        var html = HTMLText()
        ScreenDrawing(scene: scene).draw(state, cursor: cursor, description: "test", into: &html)
        return html.string
    }

    static func presenting(_ id: String, detent: String? = nil) throws -> SceneState {
        let scene = try SceneLoader.load(yaml: Self.scene)
        var state = scene.openingState()
        state.present(id, in: scene, presenter: scene.resolve("compose"))
        if let detent { state.stack[state.stack.count - 1].detent = detent }
        return state
    }

    @Test func everyElementOfTheParentViewIsDrawnAtItsFrameWithRoleAndLabel() throws {
        let svg = try Self.svg(SceneState())
        #expect(svg.hasPrefix("<svg class=\"screen\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 393 852\""))
        #expect(svg.contains("aria-label=\"test\""))
        // iOS: rows 44 points tall from the safe top at 59.
        #expect(svg.contains("<g class=\"element\" data-role=\"button\" data-label=\"Compose\"><rect x=\"0\" y=\"59\" width=\"393\" height=\"44\"/><text x=\"6\" y=\"75\"><tspan class=\"role\">button</tspan> Compose</text></g>"))
        #expect(svg.contains("<g class=\"element\" data-role=\"text\" data-label=\"Inbox\"><rect x=\"0\" y=\"103\""))
        #expect(!svg.contains("class=\"presentation\"") && !svg.contains("dimming"))
    }

    @Test func aModalSheetDimsTheParentViewAndANonmodalOneDoesNot() throws {
        let modal = try Self.svg(try Self.presenting("compose"))
        let dimming = try #require(modal.range(of: "<rect class=\"dimming\""))
        let sheet = try #require(modal.range(of: "<g class=\"presentation\" data-id=\"compose\" data-detent=\"medium\""))
        let parent = try #require(modal.range(of: "data-label=\"Compose\""))
        #expect(parent.lowerBound < dimming.lowerBound && dimming.lowerBound < sheet.lowerBound)
        // Resting at its undimmed detent, the info sheet leaves the parent view as it is.
        let nonmodal = try Self.svg(try Self.presenting("info"))
        #expect(nonmodal.contains("<g class=\"presentation\" data-id=\"info\" data-detent=\"medium\""))
        #expect(!nonmodal.contains("dimming"))
    }

    @Test func aSheetSitsAtItsDetentWithItsGrabber() throws {
        let medium = try Self.svg(try Self.presenting("compose"))
        let large = try Self.svg(try Self.presenting("compose", detent: "large"))
        // Medium: the top at half the screen; large: 10 points below the safe top.
        #expect(medium.contains("data-id=\"compose\" data-detent=\"medium\" data-style=\"sheet\" transform=\"translate(0 426)\""))
        #expect(large.contains("data-id=\"compose\" data-detent=\"large\" data-style=\"sheet\" transform=\"translate(0 69)\""))
        #expect(medium.contains("<g class=\"element grabber\" data-role=\"button\" data-label=\"Sheet Grabber\"><rect x=\"146.5\" y=\"0\" width=\"100\" height=\"20\"/>"))
        #expect(medium.contains("<rect class=\"grabber-bar\""))
        // The sheet's element, relative to the sheet's top-left corner.
        #expect(medium.contains("data-label=\"Send\"><rect x=\"0\" y=\"20\" width=\"393\" height=\"44\"/>"))
    }

    @Test func theFocusedElementHasTheRing() throws {
        let scene = try SceneLoader.load(yaml: Self.scene)
        let svg = try Self.svg(SceneState(), cursor: scene.resolve("compose"))
        #expect(svg.contains("<g class=\"element focused\" data-role=\"button\" data-label=\"Compose\"><rect x=\"0\" y=\"59\" width=\"393\" height=\"44\"/><text x=\"6\" y=\"75\"><tspan class=\"role\">button</tspan> Compose</text><rect class=\"focus-ring\" x=\"-2\" y=\"57\" width=\"397\" height=\"48\" rx=\"6\"/></g>"))
        #expect(svg.components(separatedBy: "focus-ring").count == 2)
        #expect(!(try Self.svg(SceneState())).contains("focus-ring"))
    }

    @Test func aLabelTooLongForItsFrameIsShortenedButKeptWholeInItsData() throws {
        let long = String(repeating: "word ", count: 40).trimmingCharacters(in: .whitespaces)
        let scene = try SceneLoader.load(yaml: "scene: S\nroot:\n  - text: \"\(long)\"\n")
        var html = HTMLText()
        ScreenDrawing(scene: scene).draw(SceneState(), cursor: nil, description: "d", into: &html)
        #expect(html.string.contains("data-label=\"\(long)\""))
        // Wrapped onto the two lines a 44-point row holds, the second ending in …, the whole label its title.
        #expect(html.string.contains("<title>\(long)</title><tspan class=\"role\">text</tspan> word word"))
        #expect(html.string.components(separatedBy: "<tspan x=\"6\" dy=\"13.8\">").count == 2)
        #expect(html.string.contains("word…</tspan></text>"))
    }

    /// A label wider than its row but not taller goes on more lines, whole, with no title.
    @Test func aLongLabelWrapsInsteadOfBeingCut() throws {
        let label = "Allow notifications from people you have never met"
        let scene = try SceneLoader.load(yaml: "scene: S\nroot:\n  - button: \"\(label)\"\n    frame: [0, 59, 200, 60]\n")
        var html = HTMLText()
        ScreenDrawing(scene: scene).draw(SceneState(), cursor: nil, description: "d", into: &html)
        #expect(!html.string.contains("…") && !html.string.contains("<title>"))
        #expect(html.string.contains("<tspan class=\"role\">button</tspan> Allow notifications<tspan x=\"6\" dy=\"13.8\">from people you have never met</tspan></text>"))
    }

    @Test func wrappingBreaksAtSpacesAndWithinWordsTooLongForALine() {
        #expect(ScreenDrawing.wrap("one two three", first: 7, then: 9, lines: 3) == (["one two", "three"], false))
        #expect(ScreenDrawing.wrap("abcdefghij", first: 4, then: 4, lines: 3) == (["abcd", "efgh", "ij"], false))
        #expect(ScreenDrawing.wrap("one two three four", first: 7, then: 7, lines: 2) == (["one two", "three…"], true))
        #expect(ScreenDrawing.wrap("", first: 5, then: 5, lines: 2) == ([""], false))
        #expect(ScreenDrawing.wrap("abcdefgh ij", first: 4, then: 4, lines: 1) == (["abc…"], true))
        // A word too wide for the first line (after the role) but not for the next starts there.
        #expect(ScreenDrawing.wrap("Cancel", first: 5, then: 12, lines: 2) == (["", "Cancel"], false))
        #expect(ScreenDrawing.wrap("Cancel", first: 5, then: 12, lines: 1) == (["Canc…"], true))
    }

    /// Controls show their value at their trailing edge: a switch's state, a slider's number,
    /// a secure field's length in bullets (never its text), and the caption says the focused one's.
    @Test func theDrawingShowsValues() throws {
        let scene = try SceneLoader.load(yaml: """
            scene: S
            root:
              - switch: Wi-Fi
                value: "on"
              - slider: Volume
                value: "40"
                unit: percent
              - secureField: Password
                value: hunter2
              - switch: Bluetooth
                value: "off"
            """)
        var html = HTMLText()
        let drawing = ScreenDrawing(scene: scene)
        drawing.draw(SceneState(), cursor: nil, description: "d", into: &html)
        for value in ["On", "40%", "•••••••", "Off"] {
            #expect(html.string.contains("text-anchor=\"end\">\(value)</text>"), "\(value)")
        }
        #expect(!html.string.contains("hunter2"))
        #expect(drawing.describe(SceneState(), cursor: ElementRef(try #require(scene.elements.firstIndex { $0.label == "Volume" }))).hasSuffix("VoiceOver focus on slider “Volume” (40%)"))
    }

    /// What lies wholly outside the screen is not drawn: rows below its bottom, and a group below
    /// it; a group's child on screen is drawn even when the group's frame is not.
    @Test func onlyWhatIsOnTheScreenIsDrawn() throws {
        let rows = (0..<100).map { "  - text: Row \($0)\n    frame: [0, \(59 + 44 * $0), 393, 44]\n" }.joined()
        let scene = try SceneLoader.load(yaml: """
            scene: S
            root:
              - group: Offscreen
                frame: [0, 2000, 393, 44]
                children:
                  - button: Pinned
                    frame: [0, 700, 393, 44]
            """ + "\n" + rows)
        var html = HTMLText()
        ScreenDrawing(scene: scene).draw(SceneState(), cursor: nil, description: "d", into: &html)
        #expect(html.string.contains("data-label=\"Row 0\""))
        // Rows of 44 points from 59: row 17 starts at 807, row 18 at 851 (the screen is 852 tall), row 19 below.
        #expect(html.string.contains("data-label=\"Row 18\""))
        #expect(!html.string.contains("data-label=\"Row 19\""))
        #expect(!html.string.contains("data-label=\"Row 99\""))
        #expect(!html.string.contains("data-label=\"Offscreen\""))
        #expect(html.string.contains("data-label=\"Pinned\""))
    }
}
