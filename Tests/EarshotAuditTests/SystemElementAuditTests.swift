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
