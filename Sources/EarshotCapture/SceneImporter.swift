import EarshotCore

/// Turns a capture into an ordinary scene: a document tree the scene loader decodes, each value
/// at the capture node it came from, and the scene file (YAML) a person can read and edit.
///
/// ```swift
/// let capture = try Capture.read(text, file: "settings.xml")
/// let imported = try SceneImporter.scene(from: capture)
/// print(imported.yaml)        // scene: "Settings" … root: - button: "Wi-Fi" …
/// imported.warnings           // element types Earshot does not know, once each
/// ```
///
/// What becomes what (the table is in docs/import.md):
/// - the application, windows and plain containers (`Other`, `Table`, `ScrollView`, a `Cell`
///   that is not itself an accessibility element, …) are flattened: their elements are kept;
/// - elements the capture says are not visible are left out, and so are those that are not
///   accessibility elements, but not their accessible children;
/// - an accessibility element is one element: VoiceOver does not look inside it;
/// - a tab bar becomes a `group` with `tabBar: true` whose buttons are `tab`s, and so does a
///   run of sibling `Tab`s that no tab bar holds (idb's flat list, say);
/// - a static text in a navigation bar, or anything with the `Header` trait, is a `heading`;
/// - the system's own elements (the sheet grabber, the dimming view, a popover's dismiss
///   region) are Earshot's system elements, never copied as the app's.
///
/// Captures taken with a presentation up add that presentation (``PresentationCaptures``).
public enum SceneImporter {
    /// The imported scene and what could not be mapped.
    public struct Imported: Hashable, Sendable {
        /// The scene, each value at the capture node it describes: give it to
        /// `SceneLoader.load(document:)` and locations lead to the capture.
        public var document: DocumentNode
        /// The comment lines the scene file starts with: where it was imported from.
        public var header: [String]
        /// The scene file, for people to read and edit (`earshot import -o`).
        public var yaml: String { YAMLWriter.write(document, header: header) }
        /// One line per unknown element type, with where it was first seen.
        public var warnings: [String]
        /// Elements written.
        public var elementCount: Int
    }

    /// A presentation captured with it showing: one capture per detent for a sheet (the first
    /// is the detent it is presented at), one capture for an alert or action sheet.
    ///
    /// ```swift
    /// let compose = SceneImporter.PresentationCaptures(id: "compose", captures: [medium, large],
    ///                                                  presenter: "Compose")
    /// let imported = try SceneImporter.scene(from: inbox, presentations: [compose])
    /// ```
    public struct PresentationCaptures: Hashable, Sendable {
        public var id: String
        public var captures: [Capture]
        /// The parent element (id or label) whose activation presents it.
        public var presenter: String?

        public init(id: String, captures: [Capture], presenter: String? = nil) {
            self.id = id
            self.captures = captures
            self.presenter = presenter
        }
    }

    /// The scene of a capture, with the presentations captured over it. `name` defaults to the
    /// application's label; `platform` to what the capture says (a menu bar: macOS; a screen
    /// whose shorter side is 744 points or more: iPadOS), else iOS.
    public static func scene(from capture: Capture, presentations: [PresentationCaptures] = [], name: String? = nil,
                             platform: Platform? = nil) throws(CaptureError) -> Imported {
        let application = capture.roots.first { $0.type == "Application" } ?? capture.roots.first
        // The screen is the application's frame, else (a dump whose application line has none,
        // or an empty one) its first window's; a capture of a part of the screen (an alert's
        // subtree pasted alone) says nothing of the screen.
        let sized = { (frame: Frame?) in frame.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil } }
        let whole = ["Application", "Window"].contains(application?.type ?? "")
        let screen = whole ? sized(application?.frame) ?? sized(application?.children.first { $0.type == "Window" }?.frame) : nil
        let platform = platform ?? platformSaid(by: capture, screen: screen)
        let profile = try? Profile.bundled(platform)
        // The keyboard, when it is up, is the system's: its keys leave the capture, and the field
        // it types into is editing.
        var capture = capture
        let keyboard = Self.keyboardUp(in: capture, screen: screen, returnKeys: profile?.onScreenKeyboard?.returnKeys ?? [:])
        if let keyboard {
            capture.roots = capture.roots.map { $0.filtered { !keyboard.keys.contains($0.location) } }
        }
        var collector = Collector(screen: screen, profile: profile)
        // The bottom of the navigation bars on screen: content scrolled under them (a translucent
        // bar) is reached after the bar.
        collector.barBottom = capture.roots.flatMap(\.descendants)
            .filter { $0.type == "NavigationBar" && $0.visible != false }
            .compactMap { $0.frame.map(\.maxY) }.max()
        // The parent view keeps each scroll view's elements together, as VoiceOver reads them.
        collector.groupsScrollers = true
        var parent = try collector.items(of: capture)
        collector.groupsScrollers = false
        // An alert, action sheet or popover the capture holds is in front of the app: a
        // presentation showing when the scene opens, its elements out of the parent (unless
        // presentations were captured apart, which say what is shown).
        var opening: [BuiltPresentation] = []
        if presentations.isEmpty, let dialog = Self.dialogShowing(in: capture) {
            let inside = Set(dialog.descendants.map(\.location))
            parent = parent.without(inside)
            let id = dialog.type == "Alert" ? "alert" : dialog.type == "Popover" ? "popover" : "dialog"
            opening.append(try collector.presentation(PresentationCaptures(id: id, captures: [capture]), over: parent))
        } else if let sheet = Self.sheetInFront(of: capture, screen: screen, grabberLabels: collector.grabberLabels,
                                                dimmingLabels: collector.dimmingLabels) {
            // A sheet over the parent: the parent is what lies outside it (what the sheet covers
            // included), the sheet is shown when the scene opens.
            collector.groupsScrollers = true
            parent = try collector.items(of: sheet.capture).without(sheet.members)
            collector.groupsScrollers = false
            var built = try collector.presentation(PresentationCaptures(id: "sheet", captures: [sheet.capture]), over: parent)
            // No dimming view below the large detent: the parent stays in scope (undimmed).
            if !sheet.dimmed, let detent = built.selected, detent != "large" { built.undimmed = detent }
            opening.append(built)
        }

        var writer = Writer(file: capture.file)
        writer.editing = keyboard?.editing
        writer.returnKey = keyboard?.returnKey
        let origin = SourceLocation(file: capture.file, line: 1, column: 1)
        // SpringBoard's application is labelled " ": a blank label names nothing.
        let label = application?.label.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        let sceneName = name ?? label ?? baseName(capture.file)
        let header = ["Imported by `earshot import` from \(capture.file) (\(capture.format.title)).",
                      "Each element's comment says which capture node it came from."]
        var scene: [(String, DocumentNode)] = [
            ("scene", .scalar(sceneName, .doubleQuoted, at: application?.location ?? origin)),
            ("platform", .scalar(platform.rawValue, at: origin)),
        ]
        if let frame = screen, frame.width > 0, frame.height > 0 {
            scene.append(("screen", Writer.numbers([frame.width, frame.height], at: application?.location ?? origin)))
        }

        var built: [BuiltPresentation] = []
        for presentation in presentations {
            built.append(try collector.presentation(presentation, over: parent))
        }
        // A sheet the parent capture shows as well as captures given for presentations: it is one
        // of them when most of its elements are that one's, else a sheet of its own, showing when
        // the scene opens. Either way its elements are not the parent's, and the import says so.
        if !presentations.isEmpty, let front = opening.first, front.style == "sheet" {
            let elements = Set(front.items.flattened.map(\.identity))
            let same = built.first { presentation in
                elements.intersection(presentation.items.flattened.map(\.identity)).count * 2 >= elements.count
            }
            if let same {
                opening = []
                collector.warnings.append("\(capture.file):1:1: warning: the capture shows sheet '\(same.id)' (--sheet) in front of "
                                          + "the app: its elements are left out of the parent, and the scene opens without it")
            } else {
                if built.contains(where: { $0.id == front.id }) { opening[0].id = "shown" }
                collector.warnings.append("\(capture.file):1:1: warning: the capture shows a sheet in front of the app that no --sheet "
                                          + "capture holds: it is presentation '\(opening[0].id)', showing when the scene opens")
            }
        }
        for (index, (presentation, captured)) in zip(presentations, built).enumerated() {
            guard let presenter = presentation.presenter else { continue }
            // The parent's elements, then those of the other presentations (a sheet's button presents an alert).
            let shown = parent.flattened + built.indices.filter { $0 != index }.flatMap { built[$0].items }
            let matches = shown.filter { $0.node.identifier == presenter || $0.label == presenter }
            guard let target = matches.first else {
                throw CaptureError("--presenter '\(presenter)' for '\(presentation.id)' names no element of the capture",
                                   at: origin, expected: "the id or label of an element of \(capture.file) or of a presentation before it")
            }
            guard matches.count == 1 else {
                throw CaptureError("--presenter '\(presenter)' names \(matches.count) elements of the capture",
                                   at: matches[1].node.location, expected: "an id, or a label no other element has")
            }
            guard writer.presents[target.node.location] == nil else {
                throw CaptureError("'\(presenter)' already presents '\(writer.presents[target.node.location]!)'",
                                   at: target.node.location, expected: "one presentation per presenter")
            }
            writer.presents[target.node.location] = captured.id
        }

        if !opening.isEmpty {
            scene.append(("presented", .list(opening.map { .scalar($0.id, .doubleQuoted, at: origin) }, at: origin, flow: true)))
        }
        // A Flutter app hands VoiceOver its own order, which the capture lists: it is kept.
        if let flutter = Self.flutterSign(in: capture) {
            var whole = Item(node: application ?? capture.roots[0], role: .group, label: "")
            whole.tabs = parent
            parent = [whole.keepingItsOrder()]
            collector.warnings.append("\(flutter.location): warning: read as a Flutter app's capture (\(flutter.why)): "
                                      + "its order is kept, as Flutter gives VoiceOver its own order; frames do not decide it")
        }
        scene.append(("root", .list(parent.map { writer.element($0) }, at: origin)))
        if !built.isEmpty || !opening.isEmpty {
            let presentations = (built + opening).map { ($0.id, writer.presentation($0)) }
            scene.append(("presentations", .mapping(presentations, at: origin, keyStyle: .doubleQuoted)))
        }
        var warnings = collector.unknownTypes.map { type, location in
            "\(location): warning: element type '\(type)' is not one Earshot knows; imported as text"
        }
        warnings += collector.warnings
        warnings += Self.captureWarnings(capture, imported: writer.count)
        if let warning = keyboard?.warning { warnings.append(warning) }
        return Imported(document: .mapping(scene, at: origin), header: header, warnings: warnings, elementCount: writer.count)
    }

    /// WebDriverAgent's `snapshotMaxDepth` setting: how deep its page source goes by default
    /// ("Changes the value of maximum depth for traversing elements source tree … A part of
    /// elements source tree might be lost if the value was too small. Defaults to `50`",
    /// appium/appium-xcuitest-driver, README, Settings).
    static let snapshotMaxDepth = 50

    /// What a capture that reads may still hide: no element VoiceOver can reach (and why), or a
    /// tree cut at WebDriverAgent's depth limit.
    static func captureWarnings(_ capture: Capture, imported: Int) -> [String] {
        var warnings: [String] = []
        let start = SourceLocation(file: capture.file, line: 1, column: 1)
        let nodes = capture.roots.flatMap(\.descendants)
        if imported == 0 {
            let hidden = nodes.filter { $0.visible == false }.count
            let notAccessible = nodes.filter { $0.accessible == false }.count
            let why = nodes.count <= capture.roots.count ? "it holds only \(nodes.count) node(s), no element under the application"
                : hidden == nodes.count - capture.roots.count ? "every node under the application is marked invisible"
                : "of its \(nodes.count) nodes, \(hidden) are invisible and \(notAccessible) not accessibility elements, and the rest are containers or off screen"
            warnings.append("\(start): warning: the capture holds no element VoiceOver can reach: \(why)")
        }
        if capture.format == .webDriverAgent {
            var deepest = 0
            var stack = capture.roots.map { ($0, 1) }
            while let (node, depth) = stack.popLast() {
                deepest = max(deepest, depth)
                stack += node.children.map { ($0, depth + 1) }
            }
            if deepest >= Self.snapshotMaxDepth {
                warnings.append("\(start): warning: the page source is \(deepest) levels deep, WebDriverAgent's snapshotMaxDepth "
                                + "(\(Self.snapshotMaxDepth) by default): elements below may be cut off; capture again with the "
                                + "setting raised (Appium: driver.update_settings({\"snapshotMaxDepth\": 100}))")
            }
        }
        return warnings
    }

    /// The top band the status bar takes. Its items in the corpus's AXe captures of an iPhone
    /// with a Dynamic Island (lycorp-jp/sim-use fixtures, 402 × 874) end by y = 51 and the app's
    /// first element starts at 63; an iPhone 8's status bar is 20 points (its page sources in
    /// ldi-github/shirates-core). Assumed from those captures, not from Apple's documentation.
    static let statusBarBand = 54.0

    /// An application's children without the status bar's items, where the capture has no
    /// status bar node to say so (idb and AXe list them as the application's last children):
    /// leaves wholly inside the top band, listed after the app's own content. VoiceOver does not
    /// stop on them when swiping.
    static func withoutStatusBar(_ children: [CaptureNode]) -> [CaptureNode] {
        guard let content = children.firstIndex(where: { ($0.frame?.y ?? 0) >= statusBarBand }) else { return children }
        return children.enumerated().filter { index, node in
            guard index > content, node.children.isEmpty, let frame = node.frame, frame.width > 0, frame.height > 0 else { return true }
            return !(frame.y >= 0 && frame.maxY <= statusBarBand)
        }.map(\.element)
    }

    /// The platform a capture says it is from, else iOS.
    static func platformSaid(by capture: Capture, screen: Frame?) -> Platform {
        if capture.format == .uiAutomator { return .android }
        if capture.roots.contains(where: { root in root.descendants.contains { $0.type == "MenuBar" } }) { return .macos }
        if let screen, min(screen.width, screen.height) >= 744 { return .ipados }
        return .ios
    }

    static func number(_ value: Double) -> String { NumberText.canonical(value) }

    static func baseName(_ file: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return name.split(separator: ".").first.map(String.init) ?? name
    }
}
