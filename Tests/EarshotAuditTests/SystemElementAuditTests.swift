import EarshotAudit
import EarshotCore
import EarshotScenario
import Testing

/// How the dismiss elements the system adds and persistent sheets weigh in the audits.
@Suite("Audits and system elements")
struct SystemElementAuditTests {
    /// A sheet with no button that dismisses it and a scrub that reaches nothing.
    static func sheet(os: String) -> String {
        """
        scene: Photo
        os: "\(os)"
        root:
          - button: Info
            activate: { present: info }
        presentations:
          info:
            escape: none
            content:
              - text: Taken in June
        """
    }

    func rules(_ yaml: String) throws -> Set<String> {
        Set(Auditor(scene: try SceneLoader.load(yaml: yaml)).run().findings.map(\.rule))
    }

    @Test func theDimmingViewIsAWayOut() throws {
        #expect(!(try rules(Self.sheet(os: "17"))).contains("sheet-dismiss-control"))
        // Where the version has no dimming view, nothing dismisses the sheet.
        #expect(try rules(Self.sheet(os: "26")).contains("sheet-dismiss-control"))
    }

    @Test func aPopoversDismissElementIsAWayOut() throws {
        let yaml = """
            scene: Sort
            platform: ipados
            root:
              - button: Sort
                activate: { present: sort }
            presentations:
              sort:
                style: popover
                content:
                  - text: Newest first
            """
        #expect(!(try rules(yaml)).contains("sheet-dismiss-control"))
    }

    @Test func aPersistentSheetIsNotAskedForAWayOut() throws {
        let yaml = """
            scene: Maps
            os: "26"
            root:
              - heading: Map
            presented: card
            presentations:
              card:
                detents: [medium, large]
                undimmed: medium
                grabber: true
                persistent: true
                escape: none
                content:
                  - searchField: Search Maps
            """
        let found = try rules(yaml)
        #expect(found.isDisjoint(with: ["sheet-dismiss-control", "sheet-escape-everywhere", "sheet-unsaved-confirm",
                                        "sheet-focus-restore"]))
        // The same sheet when it is not persistent breaks them.
        #expect(try rules(yaml.replacingOccurrences(of: "persistent: true", with: "persistent: false"))
            .contains("sheet-dismiss-control"))
    }
}

/// One move that closes several presentations returns the cursor to the presenter of the
/// bottom-most one it closed: an alert's button that signs out and closes the sheet under it
/// lands on what presented the sheet, not on the alert's presenter, which is gone.
@Suite("Focus after closing several at once")
struct SeveralDismissedTests {
    static let scene = """
        scene: Settings
        root:
          - button: Settings
            activate: { present: parent }
        presentations:
          parent:
            content:
              - button: Account
                id: account
                activate: { present: sheet }
              - button: Done
                id: parentDone
                activate: dismiss
          sheet:
            content:
              - button: Sign Out
                id: signout
                activate: { present: alert }
              - button: Done
                activate: dismiss
          alert:
            style: alert
            title: Sign out?
            content:
              - button: Sign Out
                role: destructive
                activate: [ dismiss, dismiss ]
              - button: Cancel
                role: cancel
                activate: dismiss
        """

    @Test func theCursorReturnsToThePresenterOfTheBottomMostClosed() throws {
        #expect(!(try SystemElementAuditTests().rules(Self.scene)).contains("sheet-focus-restore"))
        // Where the app moves the cursor elsewhere, the rule says which presenter it expected.
        let elsewhere = Self.scene.replacingOccurrences(of: "activate: [ dismiss, dismiss ]",
                                                        with: "activate: [ dismiss, dismiss, { screenChanged: parentDone } ]")
        let report = Auditor(scene: try SceneLoader.load(yaml: elsewhere)).run()
        let finding = try #require(report.findings.first { $0.rule == "sheet-focus-restore" })
        #expect(finding.message == "dismissing 'alert' and 'sheet' puts the cursor on 'Done', not on 'Account' which presented 'sheet'")
    }
}

/// Where each platform expects Done, going by its profile's bar words (`bar.done`).
@Suite("Done's corner per platform")
struct DonePlacementTests {
    static func sheet(_ platform: String, done: String, at placement: String) -> String {
        """
        scene: Photo
        platform: \(platform)
        root:
          - button: Info
            activate: { present: info }
        presentations:
          info:
            content:
              - button: \(done)
                placement: \(placement)
                activate: dismiss
              - text: Taken in June
        """
    }

    func placementFindings(_ yaml: String) throws -> Int {
        Auditor(scene: try SceneLoader.load(yaml: yaml)).run().findings.filter { $0.rule == "sheet-button-placement" }.count
    }

    /// Holds: ipados:bar.done, visionos:bar.done, watchos:bar.done.
    @Test(arguments: [("ipados", "topTrailing", "topLeading"), ("visionos", "topTrailing", "topLeading"),
                      ("watchos", "topLeading", "topTrailing")])
    func doneBelongsInThePlatformsCorner(platform: String, expected: String, wrong: String) throws {
        let words = try Profile.bundled(Platform(rawValue: platform)!).bar.done
        for done in words {
            #expect(try placementFindings(Self.sheet(platform, done: done, at: expected)) == 0, "\(platform) \(done)")
            #expect(try placementFindings(Self.sheet(platform, done: done, at: wrong)) == 1, "\(platform) \(done)")
        }
        // A label the profile does not list as Done has no expected corner.
        #expect(try placementFindings(Self.sheet(platform, done: "Finish", at: wrong)) == 0)
    }

    /// Holds: bar.save, macos:bar.done.
    @Test(arguments: Platform.allCases)
    func doneAndSaveSideBySideIsAFindingInThePlatformsWords(platform: Platform) throws {
        let bar = try Profile.bundled(platform).bar
        let placement = platform == .macos ? "bottomTrailing" : "topTrailing"
        for done in bar.done {
            let yaml = Self.sheet(platform.rawValue, done: done, at: platform == .watchos ? "topLeading" : placement)
                .replacingOccurrences(of: "      - text: Taken in June",
                                      with: "      - button: \(bar.save)\n        placement: \(placement)\n        activate: dismiss")
            #expect(yaml.contains("button: \(bar.save)"))
            let findings = Auditor(scene: try SceneLoader.load(yaml: yaml)).run().findings.filter { $0.rule == "sheet-button-labels" }
            #expect(findings.map(\.message).contains { $0.contains("\(done) and \(bar.save) side by side") }, "\(platform) \(done)")
        }
    }
}
