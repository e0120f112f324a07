import EarshotTesting
import EarshotTestSupport
import Foundation
import Testing

@Suite("The scene DSL")
struct DSLTests {
    /// Every key of the scene format, in YAML.
    static let everythingYAML = #"""
        scene: Everything
        platform: ipados
        os: "18"
        presented: [cover]
        direction: rtl
        screen: [1024, 1366]
        restoreFocus: false
        magicTap: [ { announce: "Play" }, { state: { playing: true } } ]
        root:
          - heading: Settings
            level: 2
          - text: "Line \"one\"\nline two: #not a comment"
          - link: Privacy
            hint: Opens the policy.
          - image: Logo
            traits: [header, selected]
          - searchField: Search
            value: wifi
            editing: true
            returnKey: search
            submit: { announce: Searching }
          - secureField: Password
            value: hunter2
          - textArea: Notes
          - switch: Wi-Fi
            id: wifi
            label: Wireless
            value: on
          - slider: Volume
            value: 50
            min: 0
            max: 100
            step: 10
            unit: percent
            increment: { announce: Louder }
            decrement: { announce: Softer }
          - stepper: Copies
            value: 2
            min: 1
            max: 9
            step: 1
          - group: Tabs
            tabBar: true
            container: landmark
            children:
              - tab: Home
                selected: true
              - tab: Search
          - group: Card
            focusable: true
            modal: false
            magicTap: { announce: Card }
            children:
              - button: Share
                escape: { announce: Escaped }
                actions:
                  - name: Copy
                    do: { announce: Copied }
                  - name: Flag
              - textField: Name
                id: name
                required: true
                value: { when: { state: { named: true } }, then: "Anna", else: "" }
              - button: Save
                enabled: { all: [ { filled: name }, unsaved ] }
                hidden: { any: [ { state: { locked: true } }, { not: { state: { count: 3 } } } ] }
                activate:
                  - set: { name: { value: "Ben", label: "Full name", enabled: true, hidden: false, selected: true, traits: [header] } }
                  - state: { named: true }
                  - state: { count: 3 }
                  - state: { mood: "happy" }
                  - screenChanged: name
                  - layoutChanged: name
                  - screenChanged
                  - layoutChanged
                  - screenChanged: { text: "Saved" }
                  - layoutChanged: { text: "Ben" }
                  - present: wizard
                  - present: confirm
                  - present: menu
                  - present: cover
        presentations:
          wizard:
            style: formSheet
            detents: [ { id: peek, fraction: 0.25 }, medium, large ]
            selected: peek
            grabber: true
            undimmed: peek
            dismissible: false
            persistent: true
            confirm: confirm
            escape: sheet
            initialFocus: next
            title: Setup
            pages:
              - id: one
                content:
                  - button: Next
                    id: next
                    placement: topTrailing
                    activate: [ { navigate: two }, { detent: large }, { detent: next }, { detent: previous }, { detent: peek } ]
              - id: two
                title: Details
                content:
                  - button: Finish
                    placement: bottomTrailing
                    activate: { dismissAll: true }
          confirm:
            style: alert
            title: Discard?
            content:
              - text: Your changes will be lost.
              - button: Keep
                role: cancel
                activate: dismiss
              - button: Discard
                role: destructive
                activate: { dismissAll: true }
          menu:
            style: popover
            adaptation: none
            content:
              - button: Copy
                frame: [0, 0, 320, 44]
                activate: cancel
              - button: Paste
                frame: [0, 44, 320, 44]
                role: default
                enabled: false
                selected: false
                hidden: false
          cover:
            style: fullScreen
            content:
              - button: Close
                placement: topLeading
                activate: { announce: { text: "Closing", priority: low } }
        """#

    /// ``everythingYAML`` in the DSL.
    static func everythingDSL() throws -> Scene {
        try Scene("Everything", platform: .ipados, os: "18", direction: .rtl, screen: (width: 1024, height: 1366),
                  restoreFocus: false, magicTap: .sequence(.announce("Play"), .state("playing", true)),
                  presented: ["cover"]) {
            Heading("Settings", level: 2)
            Text("Line \"one\"\nline two: #not a comment")
            Link("Privacy").hint("Opens the policy.")
            Image("Logo").traits([.header, .selected])
            SearchField("Search", text: "wifi").editing().returnKey("search").onSubmit(.announce("Searching"))
            SecureField("Password", text: "hunter2")
            TextArea("Notes")
            Switch("Wi-Fi", isOn: true).id("wifi").label("Wireless")
            Slider("Volume", value: 50, in: 0...100, step: 10)
                .unit(.percent)
                .onIncrement(.announce("Louder"))
                .onDecrement(.announce("Softer"))
            Stepper("Copies").value(2).range(1...9).step(1)
            Group("Tabs") {
                Tab("Home").selected()
                Tab("Search")
            }
            .tabBar()
            .container(.landmark)
            Group("Card") {
                Button("Share")
                    .onEscape(.announce("Escaped"))
                    .action("Copy", .announce("Copied"))
                    .action("Flag")
                TextField("Name")
                    .id("name")
                    .required()
                    .value(when: .state("named", true), then: "Anna", else: "")
                Button("Save")
                    .enabled(when: .filled("name") && .unsaved)
                    .hidden(when: .state("locked", true) || !.state("count", 3))
                    .onActivate(
                        .set("name", value: "Ben", label: "Full name", enabled: true, hidden: false, selected: true, traits: [.header]),
                        .state("named", true), .state("count", 3), .state("mood", "happy"),
                        .screenChanged(focusing: "name"), .layoutChanged(focusing: "name"), .screenChanged, .layoutChanged,
                        .screenChanged(saying: "Saved"), .layoutChanged(saying: "Ben"),
                        .present("wizard"), .present("confirm"), .present("menu"), .present("cover"))
            }
            .focusable()
            .modal(false)
            .onMagicTap(.announce("Card"))
        } presentations: {
            Sheet("wizard", detents: [Detent(id: "peek", fraction: 0.25), .medium, .large], selected: Detent(id: "peek"),
                  grabber: true, undimmed: Detent(id: "peek"), pages: {
                SheetPage("one") {
                    Button("Next")
                        .id("next")
                        .placement(.topTrailing)
                        .onActivate(.navigate("two"), .detent(.large), .nextDetent, .previousDetent, .detent(Detent(id: "peek")))
                }
                SheetPage("two", title: "Details") {
                    Button("Finish").placement(.bottomTrailing).onActivate(.dismissAll)
                }
            })
            .style(.formSheet)
            .dismissible(false)
            .persistent()
            .confirm("confirm")
            .escape(.sheet)
            .initialFocus("next")
            .title("Setup")
            Alert("confirm", title: "Discard?") {
                Text("Your changes will be lost.")
                Button("Keep").role(.cancel).onActivate(.dismiss)
                Button("Discard").role(.destructive).onActivate(.dismissAll)
            }
            Popover("menu") {
                Button("Copy").frame(x: 0, y: 0, width: 320, height: 44).onActivate(.cancel)
                Button("Paste").frame(x: 0, y: 44, width: 320, height: 44).role(.default)
                    .enabled(false).selected(false).hidden(false)
            }
            .adaptation(.none)
            FullScreenCover("cover") {
                Button("Close").placement(.topLeading).onActivate(.announce("Closing", priority: .low))
            }
        }
    }

    @Test func everyKeyOfTheSceneFormatHasADSLSpelling() throws {
        let yaml = try Scene(yaml: Self.everythingYAML)
        let dsl = try Self.everythingDSL()
        #expect(yaml.name == dsl.name && yaml.platform == dsl.platform && yaml.direction == dsl.direction)
        #expect(yaml.screen == dsl.screen && yaml.restoreFocus == dsl.restoreFocus)
        #expect(yaml.os == "18" && dsl.os == "18" && yaml.opening == ["cover"] && dsl.opening == ["cover"])
        #expect(yaml.magicTap.map(Unlocated.effect) == dsl.magicTap.map(Unlocated.effect))
        #expect(yaml.elements.count == dsl.elements.count)
        for (a, b) in zip(yaml.elements, dsl.elements) {
            #expect(Unlocated.element(a) == Unlocated.element(b), "\(a.label)")
        }
        #expect(yaml.presentationOrder == dsl.presentationOrder)
        for id in yaml.presentationOrder {
            #expect(yaml.presentations[id].map(Unlocated.presentation) == dsl.presentations[id].map(Unlocated.presentation), "\(id)")
        }
    }

    /// `.toolkit("compose")` is `toolkit: compose`: an Android sheet Compose makes.
    @Test func aPresentationNamesItsToolkit() throws {
        let yaml = try Scene(yaml: """
            scene: Reading list
            platform: android
            root:
              - button: Sort
                activate: { present: sort }
            presentations:
              sort:
                toolkit: compose
                detents: [medium, large]
                grabber: true
                content:
                  - button: Title
            """)
        let dsl = try Scene("Reading list", platform: .android) {
            Button("Sort").onActivate(.present("sort"))
        } presentations: {
            Sheet("sort", detents: [.medium, .large], grabber: true) { Button("Title") }.toolkit("compose")
        }
        #expect(dsl.presentations["sort"]?.toolkit == "compose")
        #expect(dsl.presentations["sort"]?.toolkit == yaml.presentations["sort"]?.toolkit)
    }

    /// The Swift API speaks a language as the YAML key does.
    @Test func aSceneInGerman() throws {
        let scene = try Scene("Posteingang", language: "de") {
            Heading("Posteingang")
            Button("Neue Nachricht")
        }
        #expect(scene.language == "de" && scene.profile.voice == "de")
        var reader = ScreenReader(scene: scene)
        #expect(Transcript.lines(of: reader.swipeRight() + reader.swipeRight()) == ["speak: Posteingang. Überschrift.", "speak: Neue Nachricht. Taste."])
    }

    @Test func customActionsCanBeListedOrAddedOneByOne() throws {
        let scene = try Scene("Inbox") {
            Text("Anna").actions(["Delete": .announce("Deleted"), "Flag": .sequence(.state("flagged", true), .layoutChanged)])
            Text("Ben").action("Delete", .announce("Deleted")).action("Flag", .state("flagged", true), .layoutChanged)
        }
        let listed = scene[ElementRef(0)].actions, added = scene[ElementRef(1)].actions
        #expect(listed.map(\.name) == ["Delete", "Flag"])
        #expect(listed.map { Unlocated.effect($0.effect) } == added.map { Unlocated.effect($0.effect) })
        #expect(listed[1].effect.actions.count == 2)
    }

    // MARK: Source locations

    @Test func elementsPresentationsAndEffectsKeepTheSwiftLinesThatWroteThem() throws {
        let sceneLine = #line + 1
        let scene = try Scene("Mail") {
            Heading("Inbox")
            Button("Compose")
                .onActivate(.present("compose"))
        } presentations: {
            Sheet("compose", detents: [.medium, .large], grabber: true) {
                Button("Cancel").placement(.topLeading).onActivate(.cancel)
            }
        }
        let file = #filePath
        // Swift's #column is the call's opening parenthesis.
        #expect(scene.location == SourceLocation(file: file, line: sceneLine, column: 30))
        #expect(scene[try #require(scene.resolve("Inbox"))].location == SourceLocation(file: file, line: sceneLine + 1, column: 20))
        let compose = scene[try #require(scene.resolve("Compose"))]
        #expect(compose.location == SourceLocation(file: file, line: sceneLine + 2, column: 19))
        #expect(compose.behaviours[.activate]?.actions.first?.location.line == sceneLine + 3)
        let sheet = try #require(scene.presentations["compose"])
        #expect(sheet.location == SourceLocation(file: file, line: sceneLine + 5, column: 18))
        // Earshot's own grabber is located at its sheet.
        #expect(scene[try #require(sheet.grabberElement)].location == sheet.location)
        #expect(scene[try #require(scene.resolve("Cancel"))].location.line == sceneLine + 6)
    }

    @Test func auditFindingsPointAtTheSwiftCode() throws {
        let sheetLine = #line + 4
        let scene = try Scene("Photos") {
            Button("Edit").onActivate(.present("edit"))
        } presentations: {
            Sheet("edit", detents: [.medium, .large]) {
                Button("Done").placement(.topTrailing).onActivate(.dismiss)
            }
        }
        let report = Auditor(scene: scene).run()
        let grabber = try #require(report.findings.first { $0.rule == "sheet-grabber" })
        #expect(grabber.location == SourceLocation(file: #filePath, line: sheetLine, column: 18))
        #expect(grabber.text.hasPrefix("\(#filePath):\(sheetLine):18: warning: [sheet-grabber]"))
    }

    // MARK: Bad input, reported where it was written

    /// The error a scene throws. (Build scenes outside `#require` and `#expect`:
    /// inside a macro's arguments, `#line` is the macro's line.)
    static func loadError(_ build: () throws(LoadError) -> Scene) -> LoadError? {
        do throws(LoadError) {
            _ = try build()
            return nil
        } catch {
            return error
        }
    }

    @Test func aPresentationThatDoesNotExistIsBadInputAtItsLine() throws {
        let line = #line + 2
        let thrown = Self.loadError { () throws(LoadError) in
            try Scene("Mail") { Button("Compose").onActivate(.present("composer")) } presentations: {
                Sheet("compose") { Button("Cancel").onActivate(.cancel) }
            }
        }
        let error = try #require(thrown)
        #expect(error.diagnostics.count == 1)
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.location.file == #filePath)
        #expect(diagnostic.location.line == line)
        #expect(diagnostic.message == "present: 'composer' names no presentation")
        #expect(diagnostic.suggestion == "compose")
        #expect(error.description.hasPrefix("\(#filePath):\(line):"))
    }

    @Test func everyProblemIsReportedAtOnceEachAtItsLine() throws {
        let first = #line + 3
        let thrown = Self.loadError { () throws(LoadError) in
            try Scene("Form") {
                Button("Save").id("save")
                Button("Send").id("save")
                Button("Go").enabled(when: .filled("Send"))
                Text("Hello").onActivate(.screenChanged(focusing: "nobody"))
                Slider("Level", value: 5, in: 0...10)
                Button("Open").onActivate(.navigate("two"))
            } presentations: {
                Sheet("s", detents: [.large], selected: .medium) { Text("x") }
            }
        }
        let error = try #require(thrown)
        let found = error.diagnostics.map { ($0.location.line, $0.message) }
        #expect(found.map(\.0) == [first + 1, first + 2, first + 3, first + 5, first + 7])
        #expect(found[0].1.hasPrefix("duplicate id 'save'"))
        #expect(found[1].1 == "filled: 'Send' is a button")
        #expect(found[2].1 == "screenChanged: 'nobody' names no element")
        #expect(found[3].1 == "navigate is used outside a multi-page sheet")
        #expect(found[4].1 == "selected detent 'medium' is not among the detents")
    }

    // MARK: What the DSL writes

    @Test func theDefinitionReadsAsTheSceneFile() {
        let definition = SceneDefinition("Mail") {
            Button("Compose").id("compose").onActivate(.present("compose"))
        } presentations: {
            Sheet("compose", detents: [.medium, .large], grabber: true) {
                Button("Send").enabled(when: .filled("to")).onActivate(.announce("Message sent"), .dismiss)
                TextField("To").id("to")
            }
            .initialFocus("to")
        }
        #expect(definition.yaml == """
            scene: "Mail"
            platform: ios
            language: "en"
            direction: ltr
            restoreFocus: true
            root:
              - button: "Compose"
                id: "compose"
                activate:
                  present: "compose"
            presentations:
              "compose":
                style: sheet
                detents:
                  - "medium"
                  - "large"
                grabber: true
                initialFocus: "to"
                content:
                  - button: "Send"
                    enabled:
                      filled: "to"
                    activate:
                      - announce: "Message sent"
                      - dismiss
                  - textField: "To"
                    id: "to"

            """)
    }

    @Test(arguments: [
        "", "null", "~", "true", "on", "- item", "key: value", "#hash", "&anchor", "*alias", "{ a }", "[1, 2]", "'single'",
        "\"double\"", "back\\slash", "new\nline", "tab\there", "\r", "\u{1}", "\u{7F}", "\u{85}", "\u{A0}", "\u{2028}",
        "x\u{FEFF}y", "\u{FFFE}", "Grüße 👋🏽", "  leading and trailing  ", "%percent", "@at", "`tick`", "|", ">",
    ])
    func anyTextSurvivesAsALabelIdAndValue(text: String) throws {
        let scene = try Scene("Text") {
            Text(text)
            TextField("Field", text: text).id("id " + text)
        }
        let ref = ElementRef(0)
        #expect(scene[ref].label == text)
        let field = try #require(scene.resolve("id " + text))
        #expect(scene[field].value == .constant(text))
    }

    @Test func buildersTakeIfSwitchAndFor() throws {
        let showsFooter = true, compact = false
        let scene = try Scene("Inbox") {
            for name in ["Anna", "Ben"] {
                Text(name)
            }
            if showsFooter { Text("Footer") }
            if compact { Text("Compact") } else { Text("Regular") }
            Group {
                switch compact {
                case true: Button("Small")
                case false: Button("Large")
                }
            }
        } presentations: {
            for id in ["one", "two"] {
                Alert(id, title: id) { Button("OK").role(.cancel).onActivate(.dismiss) }
            }
        }
        #expect(scene.scope(in: SceneState()).map { scene[$0].label } == ["Anna", "Ben", "Footer", "Regular", "Large"])
        #expect(scene.presentationOrder == ["one", "two"])
    }

    @Test func namesCanBeQualifiedBesideSwiftUI() throws {
        // In a file that imports SwiftUI too, the module name picks Earshot's types.
        let scene = try EarshotTesting.Scene("Qualified") {
            EarshotTesting.Group("Row") {
                EarshotTesting.Button("OK")
                EarshotTesting.Text("Fine")
            }
        }
        #expect(scene.elements.map(\.label) == ["Row", "OK", "Fine"])
    }
}
