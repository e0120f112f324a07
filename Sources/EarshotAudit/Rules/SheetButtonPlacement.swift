import EarshotCore
import EarshotReader

extension Rule {
    /// Each bar button the profile names (Done, Cancel and the other dismissing words) sits where
    /// the platform expects it, page by page; persistent sheets included.
    public static let sheetButtonPlacement = Rule(
        id: .sheetButtonPlacement, severity: .warning,
        summary: "Done top trailing, Cancel top leading (multi-page: Cancel top trailing, Back top leading); macOS: dismiss buttons bottom trailing; watchOS: the dismiss control top leading",
        guideline: "Typically, a Done or Dismiss button belongs in a sheet’s top-right corner in a left-to-right layout. The Cancel button belongs in a sheet’s top-left corner. (macOS: People expect to find all buttons that dismiss a sheet — including Done, OK, and Cancel — at the bottom of the view, in the trailing corner.)",
        source: "Apple HIG, Sheets",
        fix: "move the button to the placement the platform expects",
        check: .presentation { inspection, presentation in
            guard presentation.style.isSheet else { return }
            let scene = inspection.scene, platform = scene.platform
            for page in presentation.pages {
                for ref in inspection.bar(page) {
                    let element = scene[ref]
                    let label = element.label
                    guard let placement = element.placement,
                          let expected = expectedPlacement(label, words: scene.profile.bar, platform: platform,
                                                           multiPage: presentation.isMultiPage)
                    else { continue }
                    if !expected.contains(placement) {
                        inspection.report(
                            "\(label) is at \(placement.rawValue) (expected \(expected.map(\.rawValue).joined(separator: " or ")) on \(platform.rawValue)\(presentation.isMultiPage ? " in a multi-page sheet" : ""))",
                            at: element.location)
                    }
                }
            }
        })
}

/// Where the platform expects a bar button with this label, going by the profile's bar words;
/// nil for a label it has no place for.
private func expectedPlacement(_ label: String, words: Profile.BarWords, platform: Platform,
                               multiPage: Bool) -> [Placement]? {
    switch platform {
    case .macos:
        return (words.dismissing ?? []).contains(label) ? [.bottomTrailing] : nil
    case .watchos:
        return label == words.cancel || words.done.contains(label) ? [.topLeading] : nil
    case .ios, .ipados, .visionos:
        if label == words.cancel { return multiPage ? [.topTrailing] : [.topLeading] }
        return words.done.contains(label) ? [.topTrailing] : nil
    case .android:
        // Material's bottom sheets have no bar that places Cancel and Done (Material Design 3,
        // "Bottom sheets"): the HIG's placement is not asked of them.
        return nil
    }
}
