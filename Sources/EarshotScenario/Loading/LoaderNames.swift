import EarshotAudit
import EarshotCore
import EarshotReader

/// Every name the loaders accept, by what it names, read from the tables the decoders use: the
/// one list docs/format.md is checked against (`FormatReferenceTests`) and `earshot-generate`
/// writes the fuzz dictionary's keys and values from.
///
/// ```swift
/// LoaderNames.keys.first { $0.kind == "step" }?.names   // ["doubleTap", "first", …, "expect"]
/// ```
package enum LoaderNames {
    /// Names written as a mapping's key (`touch:`, `detents:`), by what they name.
    package static var keys: [(kind: String, names: [String])] {
        [
            ("scene key", SceneDecoder.sceneKeys + SceneLoader.baseKeys),
            ("base key", SceneLoader.baseFields + SceneLoader.sheetFields),
            ("custom detent key", SceneDecoder.customDetentKeys),
            ("presentation key", SceneDecoder.presentationKeys),
            ("role key", SceneDecoder.roleKeys),
            ("common element key", SceneDecoder.commonKeys),
            ("role-specific key", SceneDecoder.allRoleSpecificKeys),
            ("effect", SceneDecoder.effectNames),
            ("condition", SceneDecoder.conditionNames),
            ("scenario key", ScenarioDecoder.scenarioKeys),
            ("step", ScenarioDecoder.stepNames),
            ("expectation key", ScenarioDecoder.expectationKeys),
            ("configuration key", AuditConfigurationDecoder.keys),
            // `audit: { skip, reason }` and `auditSkip: { rules, reason }`.
            ("suppression key", ["skip", "rules", "reason"]),
        ]
    }

    /// Names written as a value (`style: sheet`, `traits: [header]`), by what they name.
    package static var values: [(kind: String, names: [String])] {
        [
            ("trait", Traits.names.map(\.name)),
            ("presentation style", PresentationStyle.allCases.map(\.rawValue)),
            // The styles `detents:` and `persistent:` are for.
            ("resizable style", PresentationStyle.allCases.filter(\.isResizable).map(\.rawValue)),
            ("language", Profile.languages),
            ("adaptation", Adaptation.allCases.map(\.rawValue)),
            ("escape", EscapeHandling.allCases.map(\.rawValue)),
            ("platform", Platform.allCases.map(\.rawValue)),
            ("direction", LayoutDirection.allCases.map(\.rawValue)),
            ("placement", Placement.allCases.map(\.rawValue)),
            ("button role", ButtonRole.allCases.map(\.rawValue)),
            ("unit", ValueUnit.allCases.map(\.rawValue)),
            ("priority", SpeechPriority.allCases.map(\.rawValue)),
            ("earcon", Earcon.allCases.map(\.rawValue)),
            ("plain step", ScenarioDecoder.plainSteps.keys.sorted()),
            ("rotor", ScreenReader.Rotor.allCases.map(\.rawValue)),
            ("vo key", ScreenReader.VOKey.allCases.map(\.rawValue)),
            ("key", ScreenReader.Key.allCases.map(\.rawValue)),
            ("rule", Rule.ID.allCases.map(\.rawValue)),
            ("rule setting", AuditConfiguration.Setting.allCases.map(\.rawValue)),
            ("detent", ["medium", "large"]),
        ]
    }
}
