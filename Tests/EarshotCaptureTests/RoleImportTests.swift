import EarshotCapture
import EarshotCore
import EarshotScenario
import Testing

/// Controls as VoiceOver speaks them, from the shapes the tools give them (docs/import.md,
/// "Roles and states"; each shape with its public source there).
@Suite("Roles and states from captures")
struct RoleImportTests {
    /// What VoiceOver says on a debugDescription's screen, in order.
    static func said(_ lines: String) throws -> [String] {
        let text = "Element subtree:\n →Application, 0x1, {{0.0, 0.0}, {393.0, 852.0}}, label: 'App'\n" + lines
        let imported = try SceneImporter.scene(from: try Capture.read(text, file: "screen.txt"))
        return CaptureFixtures.descriptions(try SceneLoader.load(document: imported.document))
    }

    /// WebDriverAgent gives a segmented control no name, label or value, and a button per
    /// segment; VoiceOver says each segment's position (AccessibilitySnapshot's series context).
    @Test func aSegmentedControlsSegmentsSayTheirPosition() throws {
        let said = try Self.said("""
                SegmentedControl, 0x2, {{16.0, 100.0}, {361.0, 32.0}}
                  Button, 0x3, {{16.0, 100.0}, {120.0, 32.0}}, label: 'Day', Selected
                  Button, 0x4, {{136.0, 100.0}, {120.0, 32.0}}, label: 'Week'
                  Button, 0x5, {{256.0, 100.0}, {121.0, 32.0}}, label: 'Month'
            """)
        #expect(said == ["Selected: Day. Button. 1 of 3.", "Week. Button. 2 of 3.", "Month. Button. 3 of 3."])
    }

    /// A tab's value is read after its name (a badge: "3 new messages"); WebDriverAgent's and
    /// idb's `1` on the selected tab is its selection, said as Selected, not a value.
    @Test func aTabsValueIsKept() throws {
        let said = try Self.said("""
                TabBar, 0x2, {{0.0, 769.0}, {393.0, 83.0}}, label: 'Tab Bar'
                  Button, 0x3, {{2.0, 770.0}, {195.0, 48.0}}, label: 'Chats', value: 3 new messages
                  Button, 0x4, {{197.0, 770.0}, {195.0, 48.0}}, label: 'Calls', value: 1, Selected
            """)
        #expect(said == ["Chats: 3 new messages. Tab. 1 of 2.", "Selected: Calls. Tab. 2 of 2."])
    }

    /// A slider's value in words (an app's accessibilityValue: "Medium") is kept and read, the
    /// slider adjustable; a number stays a slider Earshot can step.
    @Test func aSliderWhoseValueIsWordsKeepsIt() throws {
        let said = try Self.said("""
                Slider, 0x2, {{16.0, 100.0}, {361.0, 32.0}}, label: 'Speed', value: Medium
                Slider, 0x3, {{16.0, 200.0}, {361.0, 32.0}}, label: 'Volume', value: 40%
            """)
        #expect(said == ["Speed: Medium. Adjustable.", "Volume: 40%. Adjustable."])
    }

    /// A text view WebDriverAgent gives the `StaticText` trait is read only; one focused, or
    /// with a placeholder, is being or can be edited.
    @Test func aTextViewIsStaticTextWhereTheCaptureSaysItIsReadOnly() throws {
        func said(_ attributes: String) throws -> [String] {
            let text = """
                <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="A" label="A" enabled="true" visible="true" x="0" y="0" width="393" height="852">
                  <XCUIElementTypeTextView type="XCUIElementTypeTextView" value="Terms apply." enabled="true" visible="true" \(attributes) x="16" y="100" width="361" height="200"/>
                </XCUIElementTypeApplication>
                """
            let imported = try SceneImporter.scene(from: try Capture.read(text, file: "t.xml"))
            return CaptureFixtures.descriptions(try SceneLoader.load(document: imported.document))
        }
        #expect(try said("traits=\"StaticText\"") == ["Terms apply."])
        #expect(try said("traits=\"StaticText\" focused=\"true\"") == ["Terms apply. Text Field."])
        #expect(try said("") == ["Terms apply. Text Field."])
    }

    /// A Flutter app's page source (its semantics nodes as `Other`s, texts and buttons, merged
    /// labels joined by a line break on a control, no UIKit bar or cell): Flutter hands VoiceOver its own
    /// order, rows by vertical overlap, which the capture lists, so the title that starts lower
    /// than the app bar's buttons is read between them. Without the sign, frames decide.
    @Test func aFlutterCapturesOrderIsKept() throws {
        func said(_ product: String) throws -> (said: [String], warnings: [String]) {
            let text = """
                <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Shop" label="Shop" enabled="true" visible="true" x="0" y="0" width="393" height="852">
                  <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" x="0" y="0" width="393" height="852">
                    <XCUIElementTypeOther type="XCUIElementTypeOther" enabled="true" visible="true" x="0" y="0" width="393" height="852">
                      <XCUIElementTypeButton type="XCUIElementTypeButton" name="Back" label="Back" enabled="true" visible="true" x="4" y="51" width="48" height="48"/>
                      <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" name="Orders" label="Orders" enabled="true" visible="true" x="72" y="64" width="120" height="22"/>
                      <XCUIElementTypeButton type="XCUIElementTypeButton" name="Search" label="Search" enabled="true" visible="true" x="337" y="51" width="48" height="48"/>
                      <XCUIElementTypeButton type="XCUIElementTypeButton" name="\(product)" label="\(product)" enabled="true" visible="true" x="16" y="120" width="361" height="44"/>
                    </XCUIElementTypeOther>
                  </XCUIElementTypeWindow>
                </XCUIElementTypeApplication>
                """
            let imported = try SceneImporter.scene(from: try Capture.read(text, file: "shop.xml"))
            return (CaptureFixtures.descriptions(try SceneLoader.load(document: imported.document)), imported.warnings)
        }
        let flutter = try said("Colour #0&#10;€ 0.50")
        #expect(flutter.said == ["Back. Button.", "Orders", "Search. Button.", "Colour #0\n€ 0.50. Button."])
        #expect(flutter.warnings.count == 1 && flutter.warnings[0].hasPrefix("shop.xml:7:7: warning: read as a Flutter app's capture"))
        let uiKit = try said("Colour #0, € 0.50")
        #expect(uiKit.said == ["Back. Button.", "Search. Button.", "Orders", "Colour #0, € 0.50. Button."])
        #expect(uiKit.warnings.isEmpty)
    }

    /// UIPageControl: no label, the value `page N of M`, adjustable (WebDriverAgent's attribute tests).
    @Test func aPageIndicatorReadsItsPageAndIsAdjustable() throws {
        let said = try Self.said("    PageIndicator, 0x2, {{150.0, 780.0}, {93.0, 26.0}}, value: page 2 of 3\n")
        #expect(said == ["page 2 of 3. Adjustable."])
    }

    /// UIStepper is two buttons, "Decrement" and "Increment"; the stepper's number is not on them.
    @Test func aStepperIsItsTwoButtons() throws {
        let said = try Self.said("""
                Stepper, 0x2, {{280.0, 200.0}, {94.0, 32.0}}
                  Button, 0x3, {{280.0, 200.0}, {47.0, 32.0}}, label: 'Decrement', Disabled
                  Button, 0x4, {{327.0, 200.0}, {47.0, 32.0}}, label: 'Increment'
            """)
        #expect(said == ["Decrement. Dimmed. Button.", "Increment. Button."])
    }

    /// An activity indicator says its label ("In progress"), not its 1 or 0; a progress view
    /// its label and percentage.
    @Test func progressAndActivityIndicators() throws {
        let said = try Self.said("""
                ActivityIndicator, 0x2, {{180.0, 100.0}, {20.0, 20.0}}, label: 'In progress', value: 1
                ProgressIndicator, 0x3, {{16.0, 200.0}, {361.0, 4.0}}, label: 'Progress', value: 40%
            """)
        #expect(said == ["In progress", "Progress: 40%"])
    }

    /// A date picker's wheels: no label, the selected row as the value, a picker item, adjustable
    /// ("November, picker item, adjustable", magentaA11y's time picker).
    /// Holds: words.pickerItem.
    @Test func aPickerWheelIsAdjustableAndReadsItsRow() throws {
        let said = try Self.said("""
                DatePicker, 0x2, {{0.0, 500.0}, {393.0, 216.0}}
                  PickerWheel, 0x3, {{20.0, 500.0}, {180.0, 216.0}}, value: Today
                  PickerWheel, 0x4, {{200.0, 500.0}, {80.0, 216.0}}, value: 9 o’clock
            """)
        #expect(said == ["Today. Picker Item. Adjustable.", "9 o’clock. Picker Item. Adjustable."])
    }

    /// SwiftUI's `.combine`: one element whose label joins its texts; its texts are no stops.
    @Test func aCombinedContainerIsOneStop() throws {
        let said = try Self.said("""
                Other, 0x2, {{16.0, 100.0}, {361.0, 60.0}}, label: 'John Doe, Online'
                  Image, 0x3, {{16.0, 110.0}, {40.0, 40.0}}, identifier: 'person.circle.fill'
                  StaticText, 0x4, {{64.0, 104.0}, {200.0, 22.0}}, label: 'John Doe'
                  StaticText, 0x5, {{64.0, 130.0}, {200.0, 20.0}}, label: 'Online'
                Other, 0x6, {{16.0, 200.0}, {361.0, 60.0}}, label: 'Contacts'
                  Button, 0x7, {{16.0, 200.0}, {100.0, 44.0}}, label: 'Call'
            """)
        // A labelled container holding a button is a container: its button is the stop.
        #expect(said == ["John Doe, Online", "Call. Button."])
    }

    /// A SwiftUI Toggle in a Form: a row-wide Switch holding its text and the inner switch
    /// (the shape of a debugDescription in woocommerce/woocommerce-ios PR 9629, iOS 16.4).
    @Test func aSwiftUIToggleIsOneSwitch() throws {
        let said = try Self.said("""
                Switch, 0x2, {{0.0, 717.7}, {390.0, 45.7}}, identifier: 'shipping-toggle', label: 'Ship elsewhere', value: 0
                  StaticText, 0x3, {{16.0, 730.3}, {247.3, 20.3}}, label: 'Ship elsewhere'
                  Switch, 0x4, {{325.0, 725.0}, {51.0, 31.0}}, value: 0
            """)
        #expect(said == ["Ship elsewhere. Switch Button. Off."])
    }

    /// Cells side by side keep their elements together: each card is read whole before the
    /// next, not row by row across the cards (containers as units, as VoiceOver reads them).
    @Test func cellsAndLabelledContainersAreReadAsUnits() throws {
        let said = try Self.said("""
                CollectionView, 0x2, {{0.0, 100.0}, {393.0, 120.0}}
                  Cell, 0x3, {{16.0, 100.0}, {170.0, 120.0}}
                    StaticText, 0x4, {{24.0, 110.0}, {150.0, 22.0}}, label: 'Lisbon'
                    StaticText, 0x5, {{24.0, 140.0}, {150.0, 20.0}}, label: '3 nights'
                  Cell, 0x6, {{200.0, 100.0}, {170.0, 120.0}}
                    StaticText, 0x7, {{208.0, 110.0}, {150.0, 22.0}}, label: 'Porto'
                    StaticText, 0x8, {{208.0, 140.0}, {150.0, 20.0}}, label: '2 nights'
                Other, 0x9, {{16.0, 300.0}, {361.0, 100.0}}, label: 'Filters'
                  Button, 0xa, {{200.0, 300.0}, {80.0, 44.0}}, label: 'Price'
                  Button, 0xb, {{16.0, 330.0}, {80.0, 44.0}}, label: 'Rating'
                Button, 0xc, {{300.0, 300.0}, {77.0, 44.0}}, label: 'Reset'
            """)
        #expect(said == ["Lisbon", "3 nights", "Porto", "2 nights", "Price. Button.", "Rating. Button.", "Reset. Button."])
    }

    /// A row of a plain table with a text and a switch, the cell unlabelled: one switch with
    /// the row's text as its label.
    @Test func anUnlabelledRowWithASwitchIsTheSwitch() throws {
        let said = try Self.said("""
                Table, 0x2, {{0.0, 100.0}, {393.0, 600.0}}
                  Cell, 0x3, {{0.0, 100.0}, {393.0, 44.0}}
                    StaticText, 0x4, {{16.0, 111.0}, {200.0, 22.0}}, label: 'Airplane Mode'
                    Switch, 0x5, {{326.0, 106.0}, {51.0, 31.0}}, value: 1
                  Cell, 0x6, {{0.0, 144.0}, {393.0, 44.0}}, label: 'General'
            """)
        #expect(said == ["Airplane Mode. Switch Button. On.", "General. Button."])
    }

    /// An empty field without a label: its placeholder (which the tools also give as its value)
    /// is what VoiceOver reads.
    @Test func anEmptyFieldIsNamedByItsPlaceholder() throws {
        let said = try Self.said("""
                TextField, 0x2, {{16.0, 100.0}, {361.0, 44.0}}, placeholderValue: 'Email', value: Email
                TextField, 0x3, {{16.0, 150.0}, {361.0, 44.0}}, label: 'Name', placeholderValue: 'Required', value: Required
            """)
        #expect(said == ["Email. Text Field.", "Name. Text Field."])
    }

    /// A grouped table's section titles, in capitals outside the cells, are headings; a text
    /// that is not a title (the table's header sentence) is not.
    @Test func sectionTitlesAreHeadings() throws {
        let said = try Self.said("""
                Table, 0x2, {{0.0, 100.0}, {393.0, 700.0}}
                  Other, 0x3, {{0.0, 100.0}, {393.0, 40.0}}, label: 'Turn on the features you need.'
                  Other, 0x4, {{0.0, 150.0}, {393.0, 38.0}}, label: 'VISION'
                  Cell, 0x5, {{0.0, 190.0}, {393.0, 44.0}}, label: 'Zoom'
                  Cell, 0x6, {{0.0, 234.0}, {393.0, 44.0}}
                    StaticText, 0x7, {{16.0, 244.0}, {200.0, 22.0}}, label: 'SPOKEN CONTENT'
            """)
        #expect(said == ["Turn on the features you need.", "VISION. Heading.", "Zoom. Button.", "SPOKEN CONTENT"])
    }
}

/// Content scrolled under a translucent navigation bar is reached after the bar, in its table.
@Suite("Reading order around bars")
struct BarOrderTests {
    @Test func rowsUnderTheNavigationBarAreReadAfterItInTheirTable() throws {
        // UIKit lists the navigation controller's content before its bar.
        let said = try RoleImportTests.said("""
                Table, 0x2, {{0.0, 0.0}, {393.0, 852.0}}
                  Cell, 0x3, {{0.0, 50.0}, {393.0, 44.0}}, label: 'Under the bar'
                  Cell, 0x4, {{0.0, 101.0}, {393.0, 44.0}}, label: 'Below the bar'
                NavigationBar, 0x5, {{0.0, 47.0}, {393.0, 54.0}}, identifier: 'Mail'
                  Button, 0x6, {{0.0, 52.0}, {100.0, 44.0}}, label: 'Mailboxes'
                  StaticText, 0x7, {{160.0, 63.0}, {73.0, 22.0}}, label: 'Inbox'
                  Button, 0x8, {{330.0, 52.0}, {50.0, 44.0}}, label: 'Edit'
            """)
        #expect(said == ["Mailboxes. Back Button.", "Inbox. Heading.", "Edit. Button.", "Under the bar. Button.", "Below the bar. Button."])
    }

    /// A sheet's Cancel at the bar's leading edge is the system's Cancel item, not Back.
    /// Holds: bar.cancel
    @Test func aCancelAtTheLeadingEdgeIsNotABackButton() throws {
        let said = try RoleImportTests.said("""
                NavigationBar, 0x5, {{0.0, 47.0}, {393.0, 54.0}}, identifier: 'New Event'
                  Button, 0x6, {{0.0, 52.0}, {80.0, 44.0}}, label: 'Cancel'
                  StaticText, 0x7, {{150.0, 63.0}, {93.0, 22.0}}, label: 'New Event'
                  Button, 0x8, {{330.0, 52.0}, {50.0, 44.0}}, label: 'Add'
            """)
        #expect(said == ["Cancel. Button.", "New Event. Heading.", "Add. Button."])
    }
}
