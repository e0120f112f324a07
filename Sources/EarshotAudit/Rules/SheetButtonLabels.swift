import EarshotCore
import EarshotReader

extension Rule {
    /// Bar buttons of a sheet, page by page: at most two words (a longer label is told the
    /// profile's one-word action it holds), no Back on the first page, never Done beside Save;
    /// persistent sheets included.
    public static let sheetButtonLabels = Rule(
        id: .sheetButtonLabels, severity: .warning,
        summary: "bar buttons are one or two words; never both Done and Save; no Back on a sheet's first page",
        guideline: "Wherever possible, use a relevant one-word action name. … Never use the combination of 'Done-Save' together. … 'Back' is discouraged.",
        source: "mobile sheet guideline, Language for Sheets",
        fix: "label bar buttons with one short verb (Cancel, Done, Save, Send, Add …)",
        check: .presentation { inspection, presentation in
            guard presentation.style.isSheet else { return }
            let scene = inspection.scene
            for (index, page) in presentation.pages.enumerated() {
                let bar = inspection.bar(page)
                let labels = bar.map { scene[$0].label }
                for ref in bar {
                    let element = scene[ref]
                    let label = element.label
                    let words = label.split(separator: " ").count
                    if words > 2 {
                        // The platform's one-word action in the label, if it has one, is what to say instead.
                        let actions = scene.profile.barActions
                        let action = label.split(separator: " ").compactMap { word in
                            actions.first { $0.caseInsensitiveCompare(word) == .orderedSame }
                        }.first
                        inspection.report("bar button '\(label)' has \(words) words"
                                              + (action.map { " (say '\($0)')" } ?? ""),
                                          at: element.location)
                    }
                    if label == scene.profile.backLabel, index == 0 {
                        inspection.report("a Back button on the first page of '\(presentation.id)'", at: element.location)
                    }
                }
                let words = scene.profile.bar
                if labels.contains(where: words.done.contains), labels.contains(words.save),
                   let save = bar.first(where: { scene[$0].label == words.save }) {
                    inspection.report(
                        "\(labels.first(where: words.done.contains)!) and \(words.save) side by side in '\(presentation.id)'",
                        at: scene[save].location)
                }
            }
        })
}
