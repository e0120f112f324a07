import EarshotCore
import EarshotReader

extension Rule {
    /// In each state: every element in reach, system elements aside, has a label or a value.
    public static let elementLabel = Rule(
        id: .elementLabel, severity: .error,
        summary: "every focusable element has a non-empty label",
        guideline: "A grabber also works with VoiceOver so people can resize the sheet without seeing the screen: every element VoiceOver lands on must say what it is.",
        source: "Apple HIG, Sheets",
        fix: "give the element a label",
        check: .state { inspection in
            let scene = inspection.scene, reader = inspection.reader
            for ref in reader.scope where scene[ref].system == nil {
                if reader.state.label(of: ref, in: scene).isEmpty, (reader.state.value(of: ref, in: scene) ?? "").isEmpty {
                    inspection.report("a \(scene[ref].role.rawValue) has no label", at: scene[ref].location)
                }
            }
        })
}
