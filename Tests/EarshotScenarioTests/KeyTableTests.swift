import EarshotCore
@testable import EarshotScenario
import Testing

/// The scene format's key tables (``ElementKey``, ``PresentationKey``) are what the loader
/// accepts; each key in them must change what is loaded, so that none is accepted and dropped.
/// The samples are switches over the tables: a new key does not compile until it has one.
@Suite("The key tables")
struct KeyTableTests {
    /// An element with the key, written on a role that takes it, differs from the same element without it.
    @Test(arguments: ElementKey.allCases)
    func everyElementKeyChangesTheElement(_ key: ElementKey) throws {
        let (role, value) = Self.sample(key)
        #expect(key.applies(to: role), "the sample's \(role.rawValue) does not take '\(key.rawValue)'")
        let without = try element(role, extra: nil)
        let with = try element(role, extra: "\(key.rawValue): \(value)")
        #expect(with != without, "'\(key.rawValue): \(value)' on a \(role.rawValue) loads as if it were not written")
    }

    /// A presentation with the key differs from the same presentation without it.
    @Test(arguments: PresentationKey.allCases.filter { !$0.isContent && $0 != .style })
    func everyPresentationKeyChangesThePresentation(_ key: PresentationKey) throws {
        let value = Self.sample(key)
        // Toolkits are Android's.
        let android = key == .toolkit
        let without = try presentation(extra: nil, android: android)
        let with = try presentation(extra: "\(key.rawValue): \(value)", android: android)
        #expect(with != without, "'\(key.rawValue): \(value)' loads as if it were not written")
    }

    /// Each behaviour is held by exactly one element key of its name.
    @Test func everyBehaviourHasItsKey() {
        let held = ElementKey.allCases.compactMap(\.behaviour)
        #expect(held.sorted { $0.rawValue < $1.rawValue } == Behaviour.allCases.sorted { $0.rawValue < $1.rawValue })
        for key in ElementKey.allCases { if let behaviour = key.behaviour { #expect(behaviour.rawValue == key.rawValue) } }
    }

    /// `set:` changes only keys an element has on every role.
    @Test func settableKeysAreCommon() {
        #expect(ElementKey.settable.allSatisfy { $0.roles == nil })
    }

    // MARK: Samples

    static func sample(_ key: ElementKey) -> (Role, String) {
        switch key {
        case .id: (.button, "send")
        case .label: (.button, "Other")
        case .value: (.button, "Draft")
        case .hint: (.button, "Sends it")
        case .traits: (.button, "[selected]")
        case .enabled: (.button, "false")
        case .selected: (.button, "true")
        case .hidden: (.button, "true")
        case .frame: (.button, "[0, 0, 10, 10]")
        case .placement: (.button, "topLeading")
        case .buttonRole: (.button, "cancel")
        case .required: (.textField, "true")
        case .actions: (.button, "[{ name: Flag }]")
        case .auditSkip: (.button, "{ rules: [element-label], reason: test }")
        case .activate: (.button, "dismiss")
        case .increment: (.slider, "dismiss")
        case .decrement: (.slider, "dismiss")
        case .escape: (.button, "dismiss")
        case .magicTap: (.button, "dismiss")
        case .accessory: (.button, "true")
        case .level: (.heading, "2")
        case .editing: (.textField, "true")
        case .returnKey: (.textField, "send")
        case .submit: (.textField, "dismiss")
        case .min: (.slider, "-5")
        case .max: (.slider, "50")
        case .step: (.slider, "3")
        case .unit: (.slider, "percent")
        case .children: (.group, "[{ text: Inside }]")
        case .modal: (.group, "true")
        case .tabBar: (.group, "true")
        case .focusable: (.group, "true")
        case .ordered: (.group, "true")
        case .series: (.group, "true")
        case .container: (.group, "list")
        }
    }

    static func sample(_ key: PresentationKey) -> String {
        switch key {
        case .style: "alert"
        case .detents: "[large]"
        case .selected: "large"
        case .grabber: "true"
        case .undimmed: "large"
        case .dismissible: "false"
        case .persistent: "true"
        case .confirm: "other"
        case .escape: "none"
        case .initialFocus: "Inside"
        case .adaptation: "none"
        case .title: "Title"
        case .toolkit: "compose"
        case .content, .pages: "[]"
        case .auditSkip: "{ rules: [sheet-dismiss-control], reason: test }"
        }
    }

    // MARK: Loading

    /// The first element of a scene whose root holds one element of the role, with a key added.
    private func element(_ role: Role, extra: String?) throws -> Element {
        let yaml = """
        scene: Keys
        root:
          - \(role.rawValue): Subject
        \(extra.map { "    \($0)\n" } ?? "")presentations:
            other: { style: alert, content: [{ button: OK, activate: dismiss }] }
        """
        return try SceneLoader.load(yaml: yaml).elements[0]
    }

    /// The presentation `sheet` (medium and large detents where the key needs them), with a key added.
    private func presentation(extra: String?, android: Bool) throws -> Presentation {
        let detents = extra?.hasPrefix("detents") == true ? "" : "    detents: [medium, large]\n"
        let popover = extra?.hasPrefix("adaptation") == true
        let platform = android ? "platform: android\n" : ""
        let yaml = """
        scene: Keys
        \(platform)root:
          - button: Open
        presentations:
          sheet:
            style: \(popover ? "popover" : "sheet")
        \(popover ? "" : detents)\(extra.map { "    \($0)\n" } ?? "")    content:
              - button: Inside
          other: { style: alert, content: [{ button: OK, activate: dismiss }] }
        """
        return try #require(SceneLoader.load(yaml: yaml).presentations["sheet"])
    }
}
