import EarshotCore

/// The walk over a capture's nodes (docs/import.md): items in reading order, groups, bars and
/// presentations, before anything is written.
extension SceneImporter {
    /// One element to write: a capture node with its role, or a tab bar with its tabs.
    struct Item {
        var node: CaptureNode
        var role: Role
        var label: String
        /// The bar it sits in (`NavigationBar`, `Toolbar`), for placements in presentations.
        var bar: String?
        /// A group's elements: a tab bar's tabs, or a scroll view's elements.
        var tabs: [Item] = []
        /// Whether the group is a tab bar (its children are tabs, `N of M`).
        var isTabBar = false
        /// Whether the group's children are in the order VoiceOver reads them (`ordered: true`).
        var isOrdered = false
        /// Whether the group's children say `N of M` (`series: true`).
        var isSeries = false
        /// Traits beyond the role's (`adjustable` for a page indicator).
        var traits: [String] = []
        /// A group placed by its first element, not by its own frame (a cell read as a unit).
        var placedByMembers = false
        /// A row's accessory button (`accessory: true`).
        var isAccessory = false
        var frame: Frame { node.frame ?? Frame(x: 0, y: 0, width: 0, height: 0) }
        /// Role, label and identifier: the same element in two captures, whatever tool took each.
        var identity: String { "\(role.rawValue)\u{1F}\(label)\u{1F}\(node.identifier ?? "")" }
        /// The identity and the frame (to the point): the same element at the same place.
        var placedIdentity: String {
            identity + "\u{1F}\(frame.x.rounded()),\(frame.y.rounded()),\(frame.width.rounded()),\(frame.height.rounded())"
        }
        /// This item with every group in it read in the order written (a tab bar keeps its own).
        func keepingItsOrder() -> Item {
            var item = self
            item.tabs = tabs.map { $0.keepingItsOrder() }
            if !tabs.isEmpty, !isTabBar { item.isOrdered = true }
            return item
        }
    }

    /// A presentation read from its captures, ready to write.
    struct BuiltPresentation {
        var id: String
        var style: String
        var detents: [(id: String, fraction: Double?)] = []
        var selected: String?
        var grabber = false
        /// The toolkit that made it, where the capture tells (`compose`).
        var toolkit: String?
        /// `largestUndimmedDetentIdentifier`, where the capture shows no dimming view.
        var undimmed: String?
        var title: Item?
        var items: [Item]
        /// Each item's frame relative to the presentation, by placed identity; nil: no frames.
        var frames: [String: Frame]?
        var placements: [String: String] = [:]
        var location: SourceLocation
        /// The captures it was read from.
        var files: [String] = []
    }

    /// Walks capture nodes into items.
    struct Collector {
        let screen: Frame?
        let profile: Profile?
        var unknownTypes: [(String, SourceLocation)] = []
        /// What the walk was unsure of, one line each (`FILE:LINE:COLUMN: warning: …`).
        var warnings: [String] = []

        /// The items of a capture, with system elements kept apart.
        mutating func items(of capture: Capture) throws(CaptureError) -> [Item] {
            try itemsWithSystem(of: capture).filter { systemElement($0) == nil }
        }

        /// The labels and identifiers of the system's grabber in captures.
        var grabberLabels: Set<String> {
            var labels: Set<String> = ["Sheet Grabber"]
            // Each toolkit's grabber too (Compose's `Drag handle`).
            labels.formUnion(profile?.toolkits?.values.compactMap { $0.grabber?.label } ?? [])
            guard let grabber = profile?.grabber else { return labels }
            labels.insert(grabber.label)
            // A grabber whose name says its state (Material 1.14's `Collapsed. Drag handle`), in each state.
            if let name = grabber.name, let states = grabber.states {
                for word in [states.collapsed, states.halfExpanded, states.expanded] {
                    labels.insert(name.replacingOccurrences(of: "{state}", with: word).replacingOccurrences(of: "{label}", with: grabber.label))
                }
            }
            return labels
        }
        /// Those of the dimming view and a popover's dismiss region.
        var dimmingLabels: Set<String> {
            Set(["dismiss popup", "PopoverDismissRegion"] + [profile?.dimming?.label, profile?.popoverDismiss?.label].compactMap { $0 }
                + (profile?.toolkits?.values.compactMap { $0.dimming?.label } ?? []))
        }

        /// The toolkit whose sheet a capture shows, where the profile tells toolkits apart and the
        /// capture shows one of them: the toolkit whose dimming element is in it (Compose's scrim,
        /// `Close sheet`), or `compose` for a grabber of class `android.view.View`, the class
        /// Compose gives every node without a role (Material Components' handle is an
        /// `ImageView`).
        func toolkit(of capture: Capture, grabber: Item?) -> String? {
            guard let toolkits = profile?.toolkits else { return nil }
            let labels = Set(capture.roots.flatMap(\.descendants).compactMap(\.label))
            let scrims = toolkits.keys.sorted().filter { name in toolkits[name]?.dimming.map { labels.contains($0.label) } == true }
            if let named = scrims.first { return named }
            if toolkits["compose"] != nil, grabber?.node.className == "android.view.View" { return "compose" }
            return nil
        }

        /// What a system element is (`grabber`, `dimming`), nil for the app's own.
        func systemElement(_ item: Item) -> String? {
            let names = [item.node.label, item.node.identifier].compactMap { $0 }
            if names.contains(where: grabberLabels.contains) { return "grabber" }
            if names.contains(where: dimmingLabels.contains) { return "dimming" }
            return nil
        }

        mutating func visit(_ node: CaptureNode, bar: String?, into items: inout [Item]) throws(CaptureError) {
            if node.visible == false && !isScrolledAway(node) && !isOffScreen(node) {
                // Left out, but not its accessible children.
                for child in node.children { try visit(child, bar: bar, into: &items) }
                return
            }
            if node.type == "TabBar" { return try tabBar(node, into: &items) }
            // Inside a scroll view, table or collection view, what is scrolled off screen is kept
            // where it is (VoiceOver scrolls to it), and in the parent view the container's
            // elements stay together, read before what lies below the container (a tab bar).
            if SceneImporter.scrollers.contains(node.type), node.accessible != true {
                let outer = inScroller
                inScroller = true
                defer { inScroller = outer }
                var inner: [Item] = []
                for child in node.children { try visit(child, bar: bar, into: &inner) }
                guard groupsScrollers, inner.flattened.count > 1, let frame = node.frame, let screen else { return items += inner }
                // Placed where its content shows: from its first element on screen below the
                // navigation bar (a table runs under a translucent bar, and its rows scrolled
                // above the screen or under the bar come first in it, after the bar).
                var scrolled = node
                let onScreen = inner.flattened.map(\.frame).filter { screen.contains($0) && $0.width > 0 && $0.height > 0 }
                let belowBar = onScreen.filter { $0.y >= (barBottom ?? -Double.infinity) - 1 }
                let shown = belowBar.isEmpty ? onScreen : belowBar
                if let first = shown.min(by: { ($0.y, $0.x) < ($1.y, $1.x) }) {
                    let bottom = min(frame.maxY, screen.maxY)
                    scrolled.frame = Frame(x: frame.x, y: first.y, width: frame.width, height: max(bottom - first.y, first.height))
                }
                var group = Item(node: scrolled, role: .group, label: "")
                group.tabs = inner
                return items.append(group)
            }
            // The status bar is not among the app's swipe stops (VoiceOver reaches it by touch).
            if node.type == "StatusBar" { return }
            // An image without a label, where the capture does not say it is an accessibility
            // element: UIImageView is not one by default, so VoiceOver does not stop on it.
            if node.accessible == nil, node.type == "Image" || node.type == "Icon", (node.label ?? "").isEmpty,
               node.children.isEmpty { return }
            // A stepper's and a segmented control's parts are the elements: UIStepper's
            // "Decrement" and "Increment" buttons, each segment a button.
            let holdsParts = SceneImporter.partsHolders.contains(node.type) && node.children.contains { $0.type == "Button" }
            let isContainer = SceneImporter.containers.contains(node.type) || holdsParts
            // Where the capture does not say which nodes are accessibility elements: controls are,
            // a labelled cell is (UIKit's cells speak their content as one), a labelled leaf `Other`
            // is, and so is a labelled `Other` whose children are only its text (SwiftUI's
            // `.accessibilityElement(children: .combine)`).
            let isElement = node.accessible ?? (!isContainer || (node.type == "Cell" && node.label != nil)
                || (node.type == "Other" && node.label != nil && (node.children.isEmpty || SceneImporter.isCombined(node))))
            guard isElement else {
                if node.type == "NavigationBar" { return try navigationBar(node, into: &items) }
                if node.type == "SegmentedControl" && holdsParts { return try segmented(node, into: &items) }
                if node.type == "Cell", let control = SceneImporter.switchOfRow(node) { return items.append(try item(control, bar: bar)) }
                let inner = ["NavigationBar", "Toolbar"].contains(node.type) ? node.type : bar
                let outerCell = inCell
                inCell = inCell || node.type == "Cell"
                defer { inCell = outerCell }
                // A cell, and a labelled container (SwiftUI's `.accessibilityElement(children:
                // .contain)`), keep their elements together: VoiceOver reads them as a unit, placed
                // by their first element (AccessibilitySnapshot's ordering of containers).
                guard node.type == "Cell" || node.type == "Other" && node.label != nil else {
                    for child in node.children { try visit(child, bar: inner, into: &items) }
                    return
                }
                var members: [Item] = []
                for child in node.children where !(node.type == "Cell" && SceneImporter.isIndicator(child)) {
                    try visit(child, bar: inner, into: &members)
                }
                guard members.count > 1 else { return items += members }
                var unit = Item(node: node, role: .group, label: node.label ?? "")
                unit.tabs = members
                unit.placedByMembers = true
                return items.append(unit)
            }
            // A cell holding a switch is read as the switch, with the cell's label and place
            // (Settings' "Auto-Correction, Switch Button, Off").
            if node.type == "Cell", let control = SceneImporter.switchOfRow(node) { return items.append(try item(control, bar: bar)) }
            // A cell's accessory button (Wi-Fi's More Info) follows the cell, which reads its
            // content as one, marked `accessory: true`: the profile says whether VoiceOver stops on
            // it or offers it as an action of the row.
            let accessories = node.type == "Cell" ? SceneImporter.accessoryButtons(of: node) : []
            guard !accessories.isEmpty else { return items.append(try item(node, bar: bar)) }
            var unit = Item(node: node, role: .group, label: "")
            unit.tabs = [try item(node, bar: bar)]
            for accessory in accessories {
                var button = try item(accessory, bar: bar)
                button.isAccessory = true
                unit.tabs.append(button)
            }
            unit.placedByMembers = true
            items.append(unit)
        }

        /// Whether the walk is inside a scrolling container (and a cell of it), and whether scroll
        /// views become groups.
        var inScroller = false
        var inCell = false
        /// The lowest bottom edge of the capture's navigation bars.
        var barBottom: Double?
        var groupsScrollers = false

        /// An element of a scrolling container that lies (partly) off screen: the tools mark it
        /// invisible (WebDriverAgent's `visible="false"`) though VoiceOver reaches it by
        /// scrolling. One with no size, or on screen and still invisible, is really hidden.
        private func isScrolledAway(_ node: CaptureNode) -> Bool {
            guard inScroller, let screen, let frame = node.frame, frame.width > 0, frame.height > 0 else { return false }
            return !screen.contains(frame)
        }

        /// Wholly outside the application's frame, with a size: VoiceOver swipes to it (and
        /// scrolls it into view where it can), whatever the tool says of its visibility
        /// (WebDriverAgent's `visible="false"` is XCTest's own test, false off screen). What the
        /// capture lists with no size and says nothing of is kept too (Flutter gives what it
        /// keeps ready off screen a zero frame); with no size and marked invisible, it is hidden.
        private func isOffScreen(_ node: CaptureNode) -> Bool {
            guard let screen, let frame = node.frame else { return false }
            if frame.width <= 0 || frame.height <= 0 { return false }
            return frame.y >= screen.maxY || frame.maxY <= screen.y || frame.x >= screen.maxX || frame.maxX <= screen.x
        }

        /// A navigation bar reads its leading items, its title, then its trailing items (UIKit's
        /// navigation bar orders its elements itself), whatever their heights put first; what
        /// lies below that row (a large title, a search field) follows, top to bottom.
        private mutating func navigationBar(_ node: CaptureNode, into items: inout [Item]) throws(CaptureError) {
            var inner: [Item] = []
            for child in node.children { try visit(child, bar: "NavigationBar", into: &inner) }
            let buttons = inner.filter { [.button, .link].contains($0.role) }
            guard inner.count > 1, let top = buttons.map(\.frame.y).min(), let bottom = buttons.map(\.frame.maxY).max(),
                  let bar = node.frame else { return items += inner }
            let inRow = { (item: Item) in item.frame.y + item.frame.height / 2 >= top && item.frame.y + item.frame.height / 2 <= bottom }
            let byX = { (a: Item, b: Item) in a.frame.x < b.frame.x }
            let row = inner.filter(inRow)
            let isLeading = { (item: Item) in item.frame.x + item.frame.width / 2 < bar.x + bar.width / 2 }
            let isButton = { (item: Item) in [.button, .link].contains(item.role) }
            var leading = row.filter { isButton($0) && isLeading($0) }.sorted(by: byX)
            // UIKit's back button: the trait where the tool gives it, else the leading button whose
            // chevron reaches the bar's edge (x 0 in Settings and Calendar, 8 on an iPhone 8; an
            // app's own leading items sit 16 points in). A system Cancel (or Done) item can sit
            // there too and is not Back: a button with the bar's own words is not inferred.
            let barWords = Set(([profile?.bar.cancel] + (profile?.bar.done ?? []).map { Optional($0) }).compactMap { $0?.lowercased() })
            if let first = leading.first, first.role == .button,
               first.node.traits.contains(where: { $0.lowercased() == "backbutton" })
                || (first.frame.x - bar.x <= 8 && !barWords.contains(first.label.lowercased())) {
                leading[0].traits.append("backButton")
            }
            let trailing = row.filter { isButton($0) && !isLeading($0) }.sorted(by: byX)
            let titles = row.filter { !isButton($0) }.sorted(by: byX)
            let below = inner.filter { !inRow($0) }.sorted { ($0.frame.y, $0.frame.x) < ($1.frame.y, $1.frame.x) }
            var group = Item(node: node, role: .group, label: "")
            group.tabs = leading + titles + trailing + below
            group.isOrdered = true
            items.append(group)
        }

        /// A segmented control's segments: buttons that say `N of M` (a `series` group), the
        /// selected one `Selected`.
        private mutating func segmented(_ node: CaptureNode, into items: inout [Item]) throws(CaptureError) {
            var segments: [Item] = []
            for child in node.children where child.visible != false { try visit(child, bar: nil, into: &segments) }
            var group = Item(node: node, role: .group, label: "")
            group.tabs = segments
            group.isSeries = true
            items.append(group)
        }

        private mutating func tabBar(_ node: CaptureNode, into items: inout [Item]) throws(CaptureError) {
            let tabs = node.children.filter { $0.visible != false && (SceneImporter.roles[$0.type] == .button || $0.type == "Tab") }
            guard !tabs.isEmpty else { return }
            var group = Item(node: node, role: .group, label: node.label ?? "")
            group.isTabBar = true
            for tab in tabs { group.tabs.append(try item(tab, bar: nil, role: .tab)) }
            items.append(group)
        }

        private mutating func item(_ node: CaptureNode, bar: String?, role forced: Role? = nil) throws(CaptureError) -> Item {
            guard node.frame != nil else {
                throw CaptureError("a \(node.type) has no frame", at: node.location, expected: "a frame on every element")
            }
            var role = forced ?? SceneImporter.roles[node.type] ?? .text
            if forced == nil, node.type == "TextView", SceneImporter.isReadOnly(node) { role = .text }
            if forced == nil, SceneImporter.roles[node.type] == nil, node.type != "Other" {
                if !unknownTypes.contains(where: { $0.0 == node.type }) { unknownTypes.append((node.type, node.location)) }
            }
            let traits = Set(node.traits.map { $0.lowercased() })
            if role == .text || role == .button, traits.contains("header") || (bar == "NavigationBar" && node.type == "StaticText") {
                role = .heading
            }
            if role == .text, traits.contains("button") { role = .button }
            if role == .text, traits.contains("link") { role = .link }
            // A section header of a table or collection view: its title as the grouped style
            // shows it, in capitals ("ALL KEYBOARDS"), outside the cells. SwiftUI's list headers
            // have the Header trait; UIKit's default ones are taken to (docs/import.md).
            if forced == nil, role == .text, inScroller, !inCell, ["Other", "StaticText"].contains(node.type),
               let title = node.label, SceneImporter.isCapitalised(title) {
                role = .heading
            }
            var label = node.label ?? (role == .text ? node.value : nil) ?? ""
            // An empty field with no label is named by its placeholder, which VoiceOver reads.
            if label.isEmpty, role.isTextEntry, let placeholder = node.placeholder {
                label = placeholder
            }
            var item = Item(node: node, role: role, label: label, bar: bar)
            // A page indicator ("page 2 of 3") and a picker wheel (its row) are adjustable; a
            // picker wheel's row is a picker item too ("November, picker item, adjustable").
            if node.type == "PageIndicator" { item.traits = ["adjustable"] }
            // A slider whose value is words ("Medium", "3 stars": an app's own accessibilityValue)
            // is no number Earshot can step: it is read as text that is adjustable, its value kept.
            if role.isAdjustable, let value = node.value, !value.isEmpty,
               Double(value.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "%", with: "")).map({ !$0.isFinite }) ?? true {
                item.role = .text
                item.traits = ["adjustable"]
            }
            if node.type == "PickerWheel" { item.traits = ["pickerItem", "adjustable"] }
            return item
        }

        /// A presentation from its captures: what they hold that the parent does not.
        mutating func presentation(_ captured: PresentationCaptures, over parent: [Item]) throws(CaptureError) -> BuiltPresentation {
            guard let first = captured.captures.first else {
                throw CaptureError("presentation '\(captured.id)' has no capture", at: SourceLocation(file: "<arguments>", line: 1, column: 1),
                                   expected: "ID=CAPTURE[,CAPTURE…]")
            }
            let location = SourceLocation(file: first.file, line: 1, column: 1)
            let parentPlaced = Set(parent.flattened.map(\.placedIdentity))
            let parentIdentities = Set(parent.flattened.map(\.identity))
            let screen = self.screen ?? first.roots.first?.frame ?? Frame(x: 0, y: 0, width: 393, height: 852)

            // An alert or an action sheet: its node says so (XCUIElementTypeAlert / Sheet).
            // A popover (not one holding an action sheet): its content, laid out by Earshot.
            if let popover = SceneImporter.dialogShowing(in: first), popover.type == "Popover" {
                var items: [Item] = []
                for child in popover.children { try visit(child, bar: nil, into: &items) }
                return BuiltPresentation(id: captured.id, style: "popover", items: items.filter { systemElement($0) == nil },
                                         frames: nil, location: popover.location, files: [first.file])
            }
            if let dialog = SceneImporter.dialogShowing(in: first) {
                var items: [Item] = []
                for child in dialog.children { try visit(child, bar: nil, into: &items) }
                items = items.filter { systemElement($0) == nil }
                let texts = items.filter { $0.role == .text || $0.role == .heading }
                let title = texts.first.map { text in
                    var title = text
                    title.label = dialog.label ?? text.label
                    return title
                }
                let content = items.filter { $0.node.location != title?.node.location }
                // iOS 26 shows a confirmation dialog as a popover holding the sheet, its cancel action
                // replaced by the popover's dismiss region: a popover, kept one on iPhone.
                let inPopover = first.roots.contains { root in
                    root.descendants.contains { $0.type == "Popover" && $0.descendants.contains { $0.location == dialog.location } }
                        || root.descendants.contains { $0.identifier == "PopoverDismissRegion" }
                }
                let style = dialog.type == "Alert" ? "alert" : inPopover ? "popover" : "actionSheet"
                return BuiltPresentation(id: captured.id, style: style,
                                         title: title, items: content, frames: nil, location: dialog.location, files: [first.file])
            }

            var built = BuiltPresentation(id: captured.id, style: "sheet", items: [], frames: [:], location: location,
                                          files: captured.captures.map(\.file))
            var seen: Set<String> = []
            for capture in captured.captures {
                let all = try itemsWithSystem(of: capture)
                let grabber = all.first { systemElement($0) == "grabber" }
                var candidates = all.filter { systemElement($0) == nil && !parentPlaced.contains($0.placedIdentity) }
                // The parent's own elements, listed again where the sheet moved them: a page sheet
                // at its large detent scales the parent back (iOS 15 on), so they are not where the
                // parent capture has them, and they lie under the sheet.
                let moved = SceneImporter.movedParentElements(candidates.filter { parentIdentities.contains($0.identity) },
                                                              parent: parent.flattened)
                candidates = candidates.filter { !moved.contains($0.node.location) }
                let strong = candidates.filter { !parentIdentities.contains($0.identity) }
                guard !candidates.isEmpty || grabber != nil else {
                    throw CaptureError("the capture holds nothing that the parent capture does not", at: SourceLocation(file: capture.file, line: 1, column: 1),
                                       expected: "a capture taken with presentation '\(captured.id)' showing")
                }
                let (top, container) = sheetFrame(capture: capture, grabber: grabber, elements: strong.isEmpty ? candidates : strong,
                                                  screen: screen)
                // The sheet's elements: inside its captured container, else not the parent's and below its top.
                let members = container.map { Set($0.descendants.map(\.location)) }
                let left = max((container?.frame?.x ?? screen.x) - screen.x, 0)
                guard let detent = self.detent(top: top, screen: screen) else {
                    let topmost = (strong.isEmpty ? candidates : strong).min { $0.frame.y < $1.frame.y }
                    throw CaptureError("the sheet's top edge (y = \(NumberText.canonical(top))) is below the screen, which ends at y = \(NumberText.canonical(screen.maxY))",
                                       at: container?.location ?? grabber?.node.location ?? topmost?.node.location
                                           ?? SourceLocation(file: capture.file, line: 1, column: 1),
                                       expected: "a capture taken with presentation '\(captured.id)' showing")
                }
                if !built.detents.contains(where: { $0.id == detent.id }) { built.detents.append(detent) }
                if built.selected == nil { built.selected = detent.id }
                built.grabber = built.grabber || grabber != nil
                built.toolkit = built.toolkit ?? toolkit(of: capture, grabber: grabber)
                for item in candidates where (members?.contains(item.node.location) ?? (item.frame.y >= top - 1))
                    && seen.insert(item.identity).inserted {
                    if parentIdentities.contains(item.identity) {
                        // Unsure: the parent has it too, somewhere else, and the sheet's frame holds it.
                        warnings.append("\(item.node.location): warning: '\(item.label)' (\(item.role.rawValue)) is in the parent capture too, "
                                        + "at another place; taken as the sheet's, for it lies in the sheet: if it is the parent's, "
                                        + "the sheet capture moved it")
                    }
                    built.items.append(item)
                    built.frames?[item.placedIdentity] = item.frame.offsetBy(dx: -left, dy: -top)
                    for tab in item.tabs.flattened { built.frames?[tab.placedIdentity] = tab.frame.offsetBy(dx: -left, dy: -top) }
                    for member in [item] + item.tabs.flattened {
                        guard let bar = member.bar, [.button, .link].contains(member.role) else { continue }
                        let leading = member.frame.x + member.frame.width / 2 < left + (screen.width - 2 * max(left, 0)) / 2
                        built.placements[member.placedIdentity] = (bar == "Toolbar" ? "bottom" : "top") + (leading ? "Leading" : "Trailing")
                    }
                }
            }
            return built
        }

        /// Every item of a capture, system elements included.
        private mutating func itemsWithSystem(of capture: Capture) throws(CaptureError) -> [Item] {
            var items: [Item] = []
            for root in capture.roots {
                var root = SceneImporter.gatheringLooseTabs(root)
                if capture.format == .idb { root.children = SceneImporter.withoutStatusBar(root.children) }
                try visit(root, bar: nil, into: &items)
            }
            return items
        }

        /// The sheet's top edge and its captured container: the deepest node that holds all its
        /// elements and reaches the bottom of the screen; without one, the grabber's top, else the
        /// highest element's.
        private func sheetFrame(capture: Capture, grabber: Item?, elements: [Item], screen: Frame) -> (Double, CaptureNode?) {
            let locations = Set(elements.map(\.node.location))
            var best: CaptureNode?
            func search(_ node: CaptureNode) -> Int {
                var held = locations.contains(node.location) ? 1 : 0
                for child in node.children { held += search(child) }
                if held == locations.count, best == nil, let frame = node.frame, frame.y > screen.y + 1,
                   abs(frame.maxY - screen.maxY) < 2 {
                    best = node   // children are searched first: the first found is the deepest
                }
                return held
            }
            if !locations.isEmpty { for root in capture.roots { _ = search(root) } }
            if let best, let frame = best.frame { return (frame.y, best) }
            if let grabber { return (grabber.frame.y, nil) }
            return (elements.map(\.frame.y).min() ?? screen.y, nil)
        }

        /// The detent a sheet whose top edge is at `top` rests at: `medium` near half the screen,
        /// `large` near the large height (10 points below the safe top), else a custom fraction;
        /// nil when the sheet shows less than a hundredth of that height (its top at or below the
        /// screen's bottom: no detent rests there).
        private func detent(top: Double, screen: Frame) -> (id: String, fraction: Double?)? {
            let largeTop = (profile?.geometry.safeTop ?? 59) + 10
            let tolerance = screen.height * 0.04
            if abs(top - largeTop) <= tolerance || top < largeTop { return ("large", nil) }
            if abs(top - screen.height / 2) <= tolerance { return ("medium", nil) }
            let fraction = ((screen.maxY - top) / (screen.maxY - largeTop) * 100).rounded() / 100
            guard top < screen.maxY, fraction > 0, fraction <= 1 else { return nil }
            return ("custom\(Int(fraction * 100))", fraction)
        }
    }
}

extension [SceneImporter.Item] {
    /// The items and, after each group, its members, at every depth.
    var flattened: [SceneImporter.Item] {
        flatMap { $0.tabs.isEmpty ? [$0] : [$0] + $0.tabs.flattened }
    }
}
