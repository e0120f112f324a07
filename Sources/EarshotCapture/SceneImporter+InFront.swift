import EarshotCore

/// What a single capture shows in front of the app besides an alert: a sheet presented over
/// the parent (docs/import.md, "What is in front of the app").
extension SceneImporter {
    /// A sheet found in a capture that also holds the parent behind it.
    struct SheetInFront {
        /// The capture with the parent's elements that the sheet covers shown again: the tools
        /// mark them invisible, but they are the parent's, read once the sheet is dismissed.
        var capture: Capture
        /// The capture nodes that are the sheet's.
        var members: Set<SourceLocation>
        /// Whether the system's dimming view is in the capture (the sheet is modal).
        var dimmed: Bool
    }

    /// The sheet a capture holds in front of the parent, if any, told in one of two ways:
    ///
    /// - **Its grabber** (the system's `Sheet Grabber`): the sheet is the outermost container of
    ///   the grabber smaller than the screen (UIKit's sheet view), else what the capture lists
    ///   after the dimming view or grabber, from the grabber's top down. idb's flat list and a
    ///   page source both list the presenting view's elements before the sheet's.
    /// - **The rest invisible**: one container below the top edge of the screen, reaching its
    ///   bottom, holds visible elements while every other element of the app is marked not
    ///   visible (a sheet without a grabber at its large detent covers the parent).
    static func sheetInFront(of capture: Capture, screen: Frame?, grabberLabels: Set<String>,
                             dimmingLabels: Set<String>) -> SheetInFront? {
        guard let screen else { return nil }
        let named = { (node: CaptureNode, labels: Set<String>) in
            [node.label, node.identifier].contains { $0.map(labels.contains) ?? false }
        }
        let dimmed = capture.roots.contains { root in root.descendants.contains { named($0, dimmingLabels) && $0.visible != false } }
        for root in capture.roots {
            if let path = path(in: root, to: { named($0, grabberLabels) && $0.visible != false }) {
                let grabber = path.last!
                let smaller = path.dropLast().first { node in
                    guard let frame = node.frame, node.children.count > 0 else { return false }
                    return frame.width * frame.height < screen.width * screen.height * 0.95 && frame.y > screen.y + 1
                }
                if let sheet = smaller {
                    // A sheet in a window of its own (an Android dialog's, after the app's) is
                    // modal as its window is, whether or not the dump shows a scrim.
                    let ownWindow = capture.roots.count > 1 && root.location != capture.roots[0].location
                    return SheetInFront(capture: capture, members: Set(sheet.descendants.map(\.location)), dimmed: dimmed || ownWindow)
                }
                // No container of its own: what is listed from the dimming view or grabber on,
                // from the grabber's top down.
                let nodes = root.descendants
                let start = nodes.firstIndex { named($0, dimmingLabels) || named($0, grabberLabels) } ?? 0
                let top = (grabber.frame?.y ?? screen.y) - 1
                let members = nodes[start...].filter { ($0.frame?.y ?? -1) >= top }.map(\.location)
                return SheetInFront(capture: capture, members: Set(members), dimmed: dimmed)
            }
        }
        return coveringSheet(in: capture, screen: screen, dimmed: dimmed)
    }

    /// A container below the screen's top edge, reaching its bottom, whose elements are visible
    /// while every other element of the app is marked invisible: a sheet that covers the parent.
    private static func coveringSheet(in capture: Capture, screen: Frame, dimmed: Bool) -> SheetInFront? {
        let isLeaf = { (node: CaptureNode) in
            node.children.isEmpty && node.frame != nil && node.type != "Application" && node.type != "Window"
        }
        for root in capture.roots {
            let nodes = root.descendants
            let statusBar = Set(nodes.filter { $0.type == "StatusBar" }.flatMap(\.descendants).map(\.location))
            let leaves = nodes.filter { isLeaf($0) && !statusBar.contains($0.location) }
            // Pre-order: the first container that qualifies is the outermost.
            for candidate in nodes where candidate.visible != false && !candidate.children.isEmpty {
                guard let frame = candidate.frame, frame.y > screen.y + statusBarBand / 2,
                      abs(frame.maxY - screen.maxY) < 2, frame.width >= screen.width / 2 else { continue }
                let inside = Set(candidate.descendants.map(\.location))
                let outside = leaves.filter { !inside.contains($0.location) }
                guard !outside.isEmpty, outside.allSatisfy({ $0.visible == false }),
                      candidate.descendants.contains(where: { isLeaf($0) && $0.visible != false }) else { continue }
                var uncovered = capture
                uncovered.roots = capture.roots.map { root in
                    root.mapped { node in
                        guard !inside.contains(node.location), !statusBar.contains(node.location), node.visible == false else { return node }
                        var shown = node
                        shown.visible = nil   // covered by the sheet, not hidden: where it lies decides
                        return shown
                    }
                }
                return SheetInFront(capture: uncovered, members: inside, dimmed: dimmed)
            }
        }
        return nil
    }

    /// The nodes from `root` to the first node (depth first) that `matches`, both included.
    private static func path(in root: CaptureNode, to matches: (CaptureNode) -> Bool) -> [CaptureNode]? {
        if matches(root) { return [root] }
        for child in root.children {
            if let rest = path(in: child, to: matches) { return [root] + rest }
        }
        return nil
    }
}

extension CaptureNode {
    /// This node and its subtree with `transform` applied to each node (children first).
    func mapped(_ transform: (CaptureNode) -> CaptureNode) -> CaptureNode {
        var node = self
        node.children = children.map { $0.mapped(transform) }
        return transform(node)
    }
}

extension [SceneImporter.Item] {
    /// The items without those whose capture node is in `locations` (a group left empty goes too).
    func without(_ locations: Set<SourceLocation>) -> [SceneImporter.Item] {
        compactMap { item in
            guard !locations.contains(item.node.location) else { return nil }
            var item = item
            if !item.tabs.isEmpty {
                item.tabs = item.tabs.without(locations)
                if item.tabs.isEmpty { return nil }
            }
            return item
        }
    }
}

/// The keyboard, when a capture was taken with it up (docs/import.md, "The keyboard").
extension SceneImporter {
    /// The keyboard a capture shows: its nodes (the system's, not the app's), the field that is
    /// editing and the Return key's type.
    struct KeyboardUp {
        var keys: Set<SourceLocation>
        /// The text entry that is first responder, if the capture holds one.
        var editing: SourceLocation?
        /// `returnKey:` as the Return key's title says (`search` for "Search"), nil for `return`.
        var returnKey: String?
        /// Why the editing field is a guess, if it is.
        var warning: String?
    }

    static let textEntryTypes: Set<String> = ["TextField", "SecureTextField", "SearchField", "TextView"]

    /// The identifiers the system keyboard's own keys carry whatever the language (AXe captures
    /// of the English, kana, Korean and emoji keyboards in lycorp-jp/sim-use's fixtures: `shift`,
    /// `more`, `emoji`, `space`, `dictation`; `delete` too, which a PIN pad may share).
    static let systemKeyIdentifiers: Set<String> = ["shift", "more", "emoji", "space", "dictation"]

    /// The keyboard in a capture: a `Keyboard` node (page sources and debugDescription), or,
    /// where the tool lists the keyboard's keys among the application's own (idb and AXe), the
    /// run of nodes the application lists last in the lower part of the screen that holds at
    /// least eight buttons titled with one or two characters (letter, kana, hangul, digit and
    /// emoji keys) and a key with a system key's identifier. What the keyboard covers of the
    /// app and lists in that run (LINE's tab bar) goes with it. `returnKeys` are the profile's
    /// Return key titles by type.
    static func keyboardUp(in capture: Capture, screen: Frame?, returnKeys: [String: String]) -> KeyboardUp? {
        let nodes = capture.roots.flatMap(\.descendants)
        var keys: [CaptureNode] = []
        if let keyboard = nodes.first(where: { $0.type == "Keyboard" && $0.visible != false }) {
            keys = keyboard.descendants
        } else if capture.format == .idb, let screen, let application = capture.roots.first {
            let children = withoutStatusBar(application.children)
            let run = children.reversed().prefix { ($0.frame?.y ?? 0) >= screen.y + screen.height * 0.4 }.reversed().flatMap(\.descendants)
            let characterKeys = run.filter { $0.type == "Button" && ($0.label?.count ?? 0) > 0 && ($0.label?.count ?? 0) <= 2 }
            guard characterKeys.count >= 8, run.contains(where: { systemKeyIdentifiers.contains($0.identifier ?? "") }) else { return nil }
            keys = run
        }
        guard !keys.isEmpty else { return nil }
        let located = Set(keys.map(\.location))
        // The Return key: the key titled as one of UIReturnKeyType's titles.
        let byTitle = Dictionary(returnKeys.map { ($1.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        let returnKey = keys.lazy.compactMap { key in
            [key.label, key.identifier].lazy.compactMap { $0.flatMap { byTitle[$0.lowercased()] } }.first
        }.first
        var up = KeyboardUp(keys: located, returnKey: returnKey == "default" ? nil : returnKey)
        // The field being edited: the one the capture says has focus, else the only one.
        let fields = nodes.filter { textEntryTypes.contains($0.type) && $0.visible != false && !located.contains($0.location) }
        if let focused = fields.first(where: { $0.focused }) ?? (fields.count == 1 ? fields.first : nil) {
            up.editing = focused.location
        } else if let first = fields.first {
            up.editing = first.location
            up.warning = "\(first.location): warning: the keyboard is up but the capture does not say which of its \(fields.count) "
                + "text entries is editing; took the first ('\(first.label ?? first.identifier ?? first.type)'): "
                + "move `editing: true` to the one that is"
        }
        return up
    }
}

extension CaptureNode {
    /// This node with the descendants `keeps` refuses left out, with their subtrees.
    func filtered(_ keeps: (CaptureNode) -> Bool) -> CaptureNode {
        var node = self
        node.children = children.filter(keeps).map { $0.filtered(keeps) }
        return node
    }
}
